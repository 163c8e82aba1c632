package dev.cairn.ui.inspect;

import java.util.Arrays;

/**
 * Finding text in a shown document, case-insensitively, wrapping around at the ends. It runs on
 * the FX thread on documents of up to 80 MB, so it makes no lower-cased copy: it jumps between
 * the occurrences of the query's first letter (in either case, with the JDK's vectorised
 * {@code indexOf}) and compares the rest in place.
 */
public final class TextSearch {

    private final String text;

    public TextSearch(String text) {
        this.text = text;
    }

    /** Offset of the next match at or after {@code from} (forward) or before it (backward), wrapping; -1 if none. */
    public int find(String query, int from, boolean forward) {
        if (query == null || query.isEmpty()) {
            return -1;
        }
        if (forward) {
            int hit = next(query, Math.max(0, from));
            return hit >= 0 ? hit : next(query, 0);
        }
        int hit = from - 1 < 0 ? -1 : previous(query, from - 1);
        return hit >= 0 ? hit : previous(query, text.length());
    }

    /**
     * The offsets of the first {@code limit} matches, in order (fewer if there are fewer): enough to
     * say "3 of 41" as the user types, bounded on a huge document full of a common letter.
     */
    public int[] matches(String query, int limit) {
        if (query == null || query.isEmpty()) {
            return new int[0];
        }
        int[] found = new int[Math.min(limit, 64)];
        int count = 0;
        for (int at = next(query, 0); at >= 0 && count < limit; at = next(query, at + 1)) {
            if (count == found.length) {
                found = Arrays.copyOf(found, Math.min(limit, count * 2));
            }
            found[count++] = at;
        }
        return Arrays.copyOf(found, count);
    }

    /** The first match starting at or after {@code from}. */
    private int next(String query, int from) {
        char lower = Character.toLowerCase(query.charAt(0));
        char upper = Character.toUpperCase(query.charAt(0));
        int atLower = text.indexOf(lower, from);
        int atUpper = lower == upper ? -1 : text.indexOf(upper, from);
        while (atLower >= 0 || atUpper >= 0) {
            int at;
            if (atUpper < 0 || (atLower >= 0 && atLower < atUpper)) {
                at = atLower;
                atLower = text.indexOf(lower, at + 1);
            } else {
                at = atUpper;
                atUpper = text.indexOf(upper, at + 1);
            }
            if (text.regionMatches(true, at, query, 0, query.length())) {
                return at;
            }
        }
        return -1;
    }

    /** The last match starting at or before {@code from}. */
    private int previous(String query, int from) {
        char lower = Character.toLowerCase(query.charAt(0));
        char upper = Character.toUpperCase(query.charAt(0));
        int atLower = text.lastIndexOf(lower, from);
        int atUpper = lower == upper ? -1 : text.lastIndexOf(upper, from);
        while (atLower >= 0 || atUpper >= 0) {
            int at;
            if (atLower > atUpper) {
                at = atLower;
                atLower = at == 0 ? -1 : text.lastIndexOf(lower, at - 1);
            } else {
                at = atUpper;
                atUpper = at == 0 ? -1 : text.lastIndexOf(upper, at - 1);
            }
            if (text.regionMatches(true, at, query, 0, query.length())) {
                return at;
            }
        }
        return -1;
    }
}
