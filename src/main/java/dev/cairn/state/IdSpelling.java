package dev.cairn.state;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
     * The IDs that share their NFC form with another of these IDs, each with those others, in the
     * order given; IDs with no such twin are left out. Two IDs in NFC are never twins (they would
     * be equal), so only the rare IDs not in NFC are normalised and kept.
     */
    public static Map<String, List<String>> normalisationTwins(Iterable<String> ids) {
        Map<String, List<String>> byNfc = new HashMap<>();
        for (String id : ids) {
            if (!isNfc(id)) {
                byNfc.computeIfAbsent(Normalizer.normalize(id, Normalizer.Form.NFC), k -> new ArrayList<>()).add(id);
            }
        }
        if (byNfc.isEmpty()) {
            return Map.of();
        }
        for (String id : ids) {
            List<String> spellings = byNfc.get(id);
            if (spellings != null) {
                spellings.add(id);
            }
        }
        Map<String, List<String>> twins = new HashMap<>();
        for (List<String> spellings : byNfc.values()) {
            if (spellings.size() > 1) {
                for (String id : spellings) {
                    twins.put(id, spellings.stream().filter(other -> !other.equals(id)).toList());
                }
            }
        }
        return twins;
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
