package dev.cairn.state;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A shell-style pattern as Python's {@code fnmatch.translate} reads it ({@code *}, {@code ?},
 * {@code [seq]}, {@code [!seq]}; case-sensitive; {@code *} also crosses {@code /}), which is how
 * {@code meltano state list --pattern} filters IDs of cloud backends. Matching places the pattern's
 * segments directly (no regex): filtering 100,000 IDs per keystroke must stay within a frame.
 */
public final class Glob {

    private static final int STAR = -1;
    private static final int ANY = -2;

    private final String pattern;
    /** The runs of the pattern between its {@code *}s (empty ones where two meet or at either end). */
    private final Segment[] segments;
    private final boolean leadingStar;
    private final boolean trailingStar;
    private final List<CharClass> classes;

    /**
     * Pattern elements without {@code *}, one per code point matched: a code point, {@link #ANY}, or
     * -3 - index into {@link #classes}; {@code head} is the literal code points they start with
     * ({@code headTokens} of them), compared as a string at once.
     */
    private record Segment(int[] tokens, String head, int headTokens) {
        static Segment of(int[] tokens) {
            StringBuilder head = new StringBuilder();
            int n = 0;
            while (n < tokens.length && tokens[n] >= 0) {
                head.appendCodePoint(tokens[n++]);
            }
            return new Segment(tokens, head.toString(), n);
        }

        /**
         * Whether the segment is its head alone, and a match of its characters is a match of its
         * code points: not so when it starts with a lone low surrogate, which may be the second
         * half of a code point in the text.
         */
        boolean literal() {
            return headTokens == tokens.length && (head.isEmpty() || !Character.isLowSurrogate(head.charAt(0)));
        }
    }

    private Glob(String pattern, int[] tokens, List<CharClass> classes) {
        this.pattern = pattern;
        this.classes = classes;
        List<Segment> cut = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= tokens.length; i++) {
            if (i == tokens.length || tokens[i] == STAR) {
                cut.add(Segment.of(Arrays.copyOfRange(tokens, start, i)));
                start = i + 1;
            }
        }
        this.segments = cut.toArray(new Segment[0]);
        this.leadingStar = tokens.length > 0 && tokens[0] == STAR;
        this.trailingStar = tokens.length > 0 && tokens[tokens.length - 1] == STAR;
    }

    public static Glob compile(String pattern) {
        List<CharClass> classes = new ArrayList<>();
        int[] tokens = new int[pattern.length()];
        int n = 0;
        int i = 0;
        int length = pattern.length();
        while (i < length) {
            int c = pattern.codePointAt(i);
            i += Character.charCount(c);
            if (c == '*') {
                if (n == 0 || tokens[n - 1] != STAR) {
                    tokens[n++] = STAR;
                }
            } else if (c == '?') {
                tokens[n++] = ANY;
            } else if (c == '[') {
                int j = i;
                if (j < length && pattern.charAt(j) == '!') {
                    j++;
                }
                if (j < length && pattern.charAt(j) == ']') {
                    j++;
                }
                while (j < length && pattern.charAt(j) != ']') {
                    j++;
                }
                if (j >= length) {
                    tokens[n++] = '[';
                } else {
                    classes.add(CharClass.parse(pattern.substring(i, j)));
                    tokens[n++] = -3 - (classes.size() - 1);
                    i = j + 1;
                }
            } else {
                tokens[n++] = c;
            }
        }
        return new Glob(pattern, Arrays.copyOf(tokens, n), classes);
    }

    /** Whether the text has any of the characters that make a pattern more than a literal. */
    public static boolean hasMagic(String pattern) {
        return pattern.indexOf('*') >= 0 || pattern.indexOf('?') >= 0 || pattern.indexOf('[') >= 0;
    }

    /**
     * Whether the whole text matches (as {@code re.match} with fnmatch's {@code \Z}). The pattern's
     * {@code *}s cut it into segments of fixed length in code points; placing each segment at its
     * leftmost fit, the first at the start and the last at the end, finds a match whenever there is
     * one, and a literal head lets {@code String.indexOf} skip to the candidate places.
     */
    public boolean matches(String text) {
        int length = text.length();
        if (segments.length == 1 && !leadingStar) { // no '*' at all: the one segment is the whole text
            return matchAt(segments[0], text, 0) == length;
        }
        int from = 0;
        int first = 0;
        int last = segments.length;
        if (!leadingStar) {
            from = matchAt(segments[0], text, 0);
            if (from < 0) {
                return false;
            }
            first = 1;
        }
        if (!trailingStar) {
            last--;
        }
        for (int k = first; k < last; k++) {
            from = find(segments[k], text, from);
            if (from < 0) {
                return false;
            }
        }
        if (trailingStar) {
            return true;
        }
        Segment end = segments[last];
        if (end.literal()) { // a run of literal code points: the text ends with it, or it does not match
            return length - end.head.length() >= from && text.endsWith(end.head);
        }
        int start = startOfLast(text, end.tokens.length, from);
        return start >= 0 && matchAt(end, text, start) == length;
    }

    /** The end of the leftmost place at or after {@code from} where the segment matches, or -1. */
    private int find(Segment segment, String text, int from) {
        int at = from;
        while (at <= text.length()) {
            if (!segment.head.isEmpty()) {
                at = text.indexOf(segment.head, at);
                if (at < 0) {
                    return -1;
                }
                if (at > 0 && Character.isLowSurrogate(text.charAt(at)) && Character.isHighSurrogate(text.charAt(at - 1))) {
                    at++; // inside a code point, where Python sees no character boundary
                    continue;
                }
            }
            int end = segment.head.isEmpty() ? matchAt(segment, text, at) : matchTail(segment, text, at + segment.head.length());
            if (end >= 0) {
                return end;
            }
            if (at == text.length()) {
                return -1;
            }
            at += Character.charCount(text.codePointAt(at));
        }
        return -1;
    }

    /** Where a segment of {@code count} code points ending at the text's end starts, or -1 if before {@code from}. */
    private static int startOfLast(String text, int count, int from) {
        int at = text.length();
        for (int i = 0; i < count; i++) {
            if (at <= from) {
                return -1;
            }
            at = Character.offsetByCodePoints(text, at, -1);
        }
        return at >= from ? at : -1;
    }

    /** The end of the segment matched at {@code at}, or -1. */
    private int matchAt(Segment segment, String text, int at) {
        return text.startsWith(segment.head, at) ? matchTail(segment, text, at + segment.head.length()) : -1;
    }

    /** The end of the segment's tokens after its head matched at {@code t}, or -1. */
    private int matchTail(Segment segment, String text, int t) {
        int[] tokens = segment.tokens;
        for (int i = segment.headTokens; i < tokens.length; i++) {
            int token = tokens[i];
            if (t >= text.length()) {
                return -1;
            }
            int c = text.codePointAt(t);
            if (!matchesOne(token, c)) {
                return -1;
            }
            t += Character.charCount(c);
        }
        return t;
    }

    private boolean matchesOne(int token, int c) {
        if (token >= 0) {
            return token == c;
        }
        if (token == ANY) {
            return true;
        }
        return classes.get(-3 - token).contains(c);
    }

    /**
     * The literal text every match starts with ({@code "dev:tap-"} for {@code dev:tap-*}), for a
     * store to narrow its listing by before the glob decides; empty where the pattern starts with a
     * wildcard.
     */
    public String literalPrefix() {
        return leadingStar ? "" : segments[0].head;
    }

    public String pattern() {
        return pattern;
    }

    @Override
    public String toString() {
        return pattern;
    }

    /** A bracket expression: ranges and single characters, possibly negated with a leading '!'. */
    private static final class CharClass {
        private final boolean negated;
        private final int[] from;
        private final int[] to;

        private CharClass(boolean negated, int[] from, int[] to) {
            this.negated = negated;
            this.from = from;
            this.to = to;
        }

        /** Python drops ranges whose end is below their start; an empty class matches nothing, "!" alone anything. */
        static CharClass parse(String stuff) {
            boolean negated = stuff.startsWith("!");
            int[] cps = (negated ? stuff.substring(1) : stuff).codePoints().toArray();
            List<int[]> ranges = new ArrayList<>();
            int k = 0;
            while (k < cps.length) {
                if (k + 2 < cps.length && cps[k + 1] == '-') {
                    if (cps[k] <= cps[k + 2]) {
                        ranges.add(new int[] {cps[k], cps[k + 2]});
                    }
                    k += 3;
                } else {
                    ranges.add(new int[] {cps[k], cps[k]});
                    k++;
                }
            }
            int[] from = new int[ranges.size()];
            int[] to = new int[ranges.size()];
            for (int r = 0; r < ranges.size(); r++) {
                from[r] = ranges.get(r)[0];
                to[r] = ranges.get(r)[1];
            }
            return new CharClass(negated, from, to);
        }

        boolean contains(int c) {
            for (int r = 0; r < from.length; r++) {
                if (c >= from[r] && c <= to[r]) {
                    return !negated;
                }
            }
            return negated;
        }
    }
}
