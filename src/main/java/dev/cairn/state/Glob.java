package dev.cairn.state;

import java.util.regex.Pattern;

/**
 * A shell-style pattern as Python's {@code fnmatch.translate} reads it ({@code *}, {@code ?},
 * {@code [seq]}, {@code [!seq]}; case-sensitive; {@code *} also crosses {@code /}), which is how
 * {@code meltano state list --pattern} filters IDs of cloud backends.
 */
public final class Glob {

    private final String pattern;
    private final Pattern regex;

    private Glob(String pattern, Pattern regex) {
        this.pattern = pattern;
        this.regex = regex;
    }

    public static Glob compile(String pattern) {
        return new Glob(pattern, Pattern.compile(translate(pattern), Pattern.DOTALL));
    }

    /** Whether the text has any of the characters that make a pattern more than a literal. */
    public static boolean hasMagic(String pattern) {
        return pattern.indexOf('*') >= 0 || pattern.indexOf('?') >= 0 || pattern.indexOf('[') >= 0;
    }

    public boolean matches(String text) {
        return regex.matcher(text).matches();
    }

    public String pattern() {
        return pattern;
    }

    static String translate(String pat) {
        StringBuilder res = new StringBuilder(pat.length() * 2);
        int i = 0;
        int n = pat.length();
        while (i < n) {
            char c = pat.charAt(i++);
            if (c == '*') {
                while (i < n && pat.charAt(i) == '*') {
                    i++;
                }
                res.append(".*");
            } else if (c == '?') {
                res.append('.');
            } else if (c == '[') {
                int j = i;
                if (j < n && pat.charAt(j) == '!') {
                    j++;
                }
                if (j < n && pat.charAt(j) == ']') {
                    j++;
                }
                while (j < n && pat.charAt(j) != ']') {
                    j++;
                }
                if (j >= n) {
                    res.append("\\[");
                } else {
                    res.append(charClass(pat.substring(i, j)));
                    i = j + 1;
                }
            } else {
                literal(res, c);
            }
        }
        return res.toString();
    }

    /** A bracket expression's body ({@code a-z}, {@code !abc}) as a Java regex class. */
    private static String charClass(String stuff) {
        boolean negate = stuff.startsWith("!");
        String body = negate ? stuff.substring(1) : stuff;
        StringBuilder out = new StringBuilder();
        int k = 0;
        while (k < body.length()) {
            char lo = body.charAt(k);
            if (k + 2 < body.length() && body.charAt(k + 1) == '-') {
                char hi = body.charAt(k + 2);
                if (lo <= hi) {
                    out.append(hex(lo)).append('-').append(hex(hi));
                }
                k += 3;
            } else {
                out.append(hex(lo));
                k++;
            }
        }
        if (out.length() == 0) {
            return negate ? "." : "(?!)";
        }
        return "[" + (negate ? "^" : "") + out + "]";
    }

    private static String hex(char c) {
        return "\\x{" + Integer.toHexString(c) + "}";
    }

    private static void literal(StringBuilder res, char c) {
        if (Character.isLetterOrDigit(c) || c == '_' || c == ':' || c == '-' || c == '/' || c == ' ') {
            res.append(c);
        } else {
            res.append(hex(c));
        }
    }

    @Override
    public String toString() {
        return pattern;
    }
}
