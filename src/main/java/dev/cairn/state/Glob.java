package dev.cairn.state;

import java.util.ArrayList;
import java.util.List;

/**
 * A shell-style pattern as Python's {@code fnmatch.translate} reads it ({@code *}, {@code ?},
 * {@code [seq]}, {@code [!seq]}; case-sensitive; {@code *} also crosses {@code /}), which is how
 * {@code meltano state list --pattern} filters IDs of cloud backends. Matching walks the pattern
 * directly (no regex): filtering 100,000 IDs per keystroke must stay within a frame.
 */
public final class Glob {

    private static final int STAR = -1;
    private static final int ANY = -2;

    private final String pattern;
    /** One entry per pattern element: a code point, {@link #STAR}, {@link #ANY}, or -3 - index into {@link #classes}. */
    private final int[] tokens;
    private final List<CharClass> classes;

    private Glob(String pattern, int[] tokens, List<CharClass> classes) {
        this.pattern = pattern;
        this.tokens = tokens;
        this.classes = classes;
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
        return new Glob(pattern, java.util.Arrays.copyOf(tokens, n), classes);
    }

    /** Whether the text has any of the characters that make a pattern more than a literal. */
    public static boolean hasMagic(String pattern) {
        return pattern.indexOf('*') >= 0 || pattern.indexOf('?') >= 0 || pattern.indexOf('[') >= 0;
    }

    /** Whether the whole text matches (as {@code re.match} with fnmatch's {@code \Z}). */
    public boolean matches(String text) {
        int t = 0;
        int p = 0;
        int starP = -1;
        int starT = -1;
        int length = text.length();
        while (t < length) {
            int c = text.codePointAt(t);
            if (p < tokens.length && tokens[p] != STAR && matchesOne(tokens[p], c)) {
                p++;
                t += Character.charCount(c);
            } else if (p < tokens.length && tokens[p] == STAR) {
                starP = p++;
                starT = skipTo(text, t, p);
                if (starT < 0) {
                    return false;
                }
                t = starT;
            } else if (starP >= 0) {
                // backtrack: let the last '*' take one more character
                p = starP + 1;
                starT = skipTo(text, starT + Character.charCount(text.codePointAt(starT)), p);
                if (starT < 0) {
                    return false;
                }
                t = starT;
            } else {
                return false;
            }
        }
        while (p < tokens.length && tokens[p] == STAR) {
            p++;
        }
        return p == tokens.length;
    }

    /**
     * Where a '*' ending before token {@code p} can stop taking characters: at the next occurrence of
     * that token when it is a literal (nothing before it can match), else right here; -1 if never.
     */
    private int skipTo(String text, int from, int p) {
        if (p < tokens.length && tokens[p] >= 0) {
            return text.indexOf(tokens[p], from);
        }
        return from;
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
