package dev.cairn.state;

import java.text.Normalizer;

/**
 * How a state ID is spelled in Unicode. "café" can be stored with é as one code point (NFC, what
 * keyboards type) or as e and a combining accent (NFD, what some file systems and tools produce):
 * two different IDs, two states, printed identically. Meltano compares IDs as strings, so a
 * pipeline finds only the spelling it writes.
 */
public final class IdSpelling {

    private IdSpelling() {
    }

    /**
     * Whether the ID is in NFC. One made only of characters below U+0300 is, without asking the
     * normaliser (combining marks start there): the common case costs a scan of its characters.
     */
    public static boolean isNfc(String id) {
        for (int i = 0; i < id.length(); i++) {
            if (id.charAt(i) >= 0x300) {
                return Normalizer.isNormalized(id, Normalizer.Form.NFC);
            }
        }
        return true;
    }

    /**
     * The ID in printable ASCII, so that two spellings read differently: every other character as
     * {@code \}{@code uXXXX} ({@code \}{@code UXXXXXXXX} above U+FFFF) and a backslash doubled — the
     * escapes of Python strings and of the shell's {@code $'…'}.
     */
    public static String escaped(String id) {
        StringBuilder s = new StringBuilder(id.length() + 16);
        id.codePoints().forEach(c -> {
            if (c == '\\') {
                s.append("\\\\");
            } else if (c >= 0x20 && c < 0x7f) {
                s.appendCodePoint(c);
            } else if (c <= 0xffff) {
                s.append(String.format("\\u%04x", c));
            } else {
                s.append(String.format("\\U%08x", c));
            }
        });
        return s.toString();
    }
}
