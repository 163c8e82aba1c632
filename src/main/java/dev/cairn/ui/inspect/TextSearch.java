package dev.cairn.ui.inspect;

import java.util.Locale;

/**
 * Finding text in a shown document, case-insensitively, wrapping around at the ends. The
 * lower-cased copy is made on the first search only (documents can be 80 MB of text).
 */
public final class TextSearch {

    private final String text;
    private String lower;

    public TextSearch(String text) {
        this.text = text;
    }

    /** Offset of the next match at or after {@code from} (forward) or before it (backward), wrapping; -1 if none. */
    public int find(String query, int from, boolean forward) {
        if (query == null || query.isEmpty()) {
            return -1;
        }
        if (lower == null) {
            lower = text.toLowerCase(Locale.ROOT);
        }
        String needle = query.toLowerCase(Locale.ROOT);
        if (forward) {
            int hit = lower.indexOf(needle, Math.max(0, from));
            return hit >= 0 ? hit : lower.indexOf(needle);
        }
        int hit = from - 1 < 0 ? -1 : lower.lastIndexOf(needle, from - 1);
        return hit >= 0 ? hit : lower.lastIndexOf(needle);
    }
}
