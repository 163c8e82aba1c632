package dev.cairn.cli;

import dev.cairn.state.IdSpelling;

/**
 * A state ID as one word of a bash or zsh command line, to paste into another Cairn command: as it
 * is where no character needs quoting, else in single quotes; and as {@code $'…'} with escapes where
 * the ID holds a control character or is not in Unicode NFC, whose characters the terminal, or a
 * copy and paste, may not keep as they are (an ID not in NFC looks like its NFC twin).
 */
final class ShellWord {

    private ShellWord() {
    }

    static String of(String stateId) {
        if (stateId.matches("[A-Za-z0-9_.:@%+=,/-]+")) {
            return stateId;
        }
        if (IdSpelling.isNfc(stateId) && !PrintableId.hasControlCharacters(stateId)) {
            return "'" + stateId.replace("'", "'\\''") + "'";
        }
        return "$'" + IdSpelling.escaped(stateId).replace("'", "\\'") + "'";
    }
}
