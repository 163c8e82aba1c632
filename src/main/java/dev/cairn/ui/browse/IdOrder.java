package dev.cairn.ui.browse;

import java.util.Comparator;

/** How the ID list is ordered. */
public enum IdOrder {
    /** Natural order: letters regardless of case, numbers by value ({@code run2} before {@code run10}). */
    NATURAL("A → Z"),
    /** As the backend lists them, which is the order of {@code meltano state list}. */
    BACKEND("Backend order"),
    /** Newest update first, where the backend keeps update times; read only when asked for (see {@link UpdateTimes}). */
    RECENT("Recently updated");

    private final String label;

    IdOrder(String label) {
        this.label = label;
    }

    @Override
    public String toString() {
        return label;
    }

    /**
     * IDs in {@link #NATURAL} order: by {@link #naturalKey}, then (IDs equal but for case or leading
     * zeros) by their code points.
     */
    public static final Comparator<String> NATURAL_ORDER = Comparator.comparing(IdOrder::naturalKey).thenComparing(Comparator.naturalOrder());

    /**
     * A key whose plain string order is the natural order of IDs: letters lower-cased, each run of
     * digits written as its length (one character, at or past {@code '1'}) and its digits without
     * leading zeros, so {@code run9} sorts before {@code run10}. Sorting 100k IDs by precomputed
     * keys takes the JDK's fast string comparison, not a comparator walking both IDs.
     */
    public static String naturalKey(String id) {
        StringBuilder key = new StringBuilder(id.length() + 4);
        int i = 0;
        while (i < id.length()) {
            char c = id.charAt(i);
            if (c < '0' || c > '9') {
                key.append(Character.toLowerCase(c));
                i++;
                continue;
            }
            int end = i;
            while (end < id.length() && id.charAt(end) >= '0' && id.charAt(end) <= '9') {
                end++;
            }
            int start = i;
            while (start < end - 1 && id.charAt(start) == '0') {
                start++;
            }
            key.append((char) ('0' + (end - start))).append(id, start, end);
            i = end;
        }
        return key.toString();
    }
}
