package dev.cairn.cli;

import dev.cairn.state.PythonJson;
import java.util.List;

/**
 * A state ID as one line of output. IDs are printed as they are, as Meltano prints them, except
 * one holding a control character (a newline would split it into two "IDs", an escape sequence
 * would drive the terminal): that one is printed as a JSON string, quoted and escaped, and so is
 * one starting with a quote, so that the two cannot be mistaken for each other.
 */
final class PrintableId {

    private PrintableId() {}

    static String of(String stateId) {
        if (!stateId.startsWith("\"") && !hasControlCharacters(stateId)) {
            return stateId;
        }
        StringBuilder quoted = new StringBuilder();
        PythonJson.appendString(quoted, stateId);
        return quoted.toString();
    }

    /** The IDs as a question or warning names them: the first {@code shown}, and how many more. */
    static String first(List<String> ids, int shown) {
        List<String> named = ids.stream().limit(shown).map(PrintableId::of).toList();
        return String.join(", ", named) + (ids.size() > named.size() ? " and " + (ids.size() - named.size()) + " more" : "");
    }

    /** Whether the ID holds a control character or a Unicode line or paragraph separator: one would break the line or drive the terminal. */
    static boolean hasControlCharacters(String stateId) {
        return stateId.chars().anyMatch(c -> Character.isISOControl(c) || c == '\u2028' || c == '\u2029');
    }
}
