package dev.cairn.ui.browse;

import dev.cairn.ui.Texts;
import java.util.Comparator;

/** How the ID list is ordered. */
public enum IdOrder {
    /** Natural order: letters regardless of case, numbers by value ({@code run2} before {@code run10}). */
    NATURAL("list.order.natural"),
    /** As the backend lists them, which is the order of {@code meltano state list}. */
    BACKEND("list.order.backend"),
    /** Newest update first, where the backend keeps update times; read only when asked for (see {@link UpdateTimes}). */
    RECENT("list.order.recent");

    private final String key;

    IdOrder(String key) {
        this.key = key;
    }

    @Override
    public String toString() {
        return Texts.get(key);
    }

    /**
     * IDs in {@link #NATURAL} order: by {@link #naturalKey}, then (IDs equal but for case or leading
     * zeros) by their code points.
     */
    public static final Comparator<String> NATURAL_ORDER = Comparator.comparing(IdOrder::naturalKey).thenComparing(Comparator.naturalOrder());

    /**
     * A key whose plain string order is the natural order of IDs: letters lower-cased, each run of
     * digits written as its length (one character, at or past {@code '1'}) and its digits without
     * leading zeros, so {@code run9} sorts before {@code run10}.
     */
    public static String naturalKey(String id) {
        return String.valueOf(naturalKeyChars(id));
    }

    /**
     * {@link #naturalKey} as an array of exactly the key's length, built without a
     * {@code StringBuilder}: the listing computes it for every one of 100,000 IDs ({@link NaturalSort}).
     */
    static char[] naturalKeyChars(String id) {
        int length = id.length();
        int keyLength = length;
        for (int i = 0; i < length; ) { // digit runs gain their length character and lose leading zeros
            if (!isDigit(id.charAt(i))) {
                i++;
                continue;
            }
            int end = digitsEnd(id, i);
            keyLength += 1 - (firstKept(id, i, end) - i);
            i = end;
        }
        char[] key = new char[keyLength];
        int k = 0;
        for (int i = 0; i < length; ) {
            char c = id.charAt(i);
            if (!isDigit(c)) {
                key[k++] = Character.toLowerCase(c);
                i++;
                continue;
            }
            int end = digitsEnd(id, i);
            int start = firstKept(id, i, end);
            key[k++] = (char) ('0' + (end - start));
            id.getChars(start, end, key, k);
            k += end - start;
            i = end;
        }
        return key;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static int digitsEnd(String id, int from) {
        int end = from;
        while (end < id.length() && isDigit(id.charAt(end))) {
            end++;
        }
        return end;
    }

    /** The first digit of the run kept in the key: leading zeros go, but one digit always stays. */
    private static int firstKept(String id, int start, int end) {
        while (start < end - 1 && id.charAt(start) == '0') {
            start++;
        }
        return start;
    }
}
