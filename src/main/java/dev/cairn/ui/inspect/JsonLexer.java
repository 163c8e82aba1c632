package dev.cairn.ui.inspect;

import dev.cairn.ui.theme.Styles;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Splits one line of JSON into coloured tokens. Exact for pretty-printed JSON, where no token spans
 * a newline, so each line can be highlighted on its own: only the visible ones, and again only for
 * the lines that changed. Best effort on anything else (raw corrupt text).
 */
public final class JsonLexer {

    /** A token of a line: {@code [start, end)} and its style class. */
    public record Token(int start, int end, String styleClass) { }

    private JsonLexer() {}

    /** A run of a row with the style classes it is painted with. */
    public record Run(int start, int end, List<String> styleClasses) { }

    /** Splits a row into runs: syntax tokens, with marks painted over them. */
    public static List<Run> runs(String row, List<Token> marks) {
        List<Token> tokens = JsonLexer.lex(row);
        TreeSet<Integer> cuts = new TreeSet<>();
        cuts.add(0);
        cuts.add(row.length());
        for (Token t : tokens) {
            cuts.add(t.start());
            cuts.add(t.end());
        }
        for (Token m : marks) {
            cuts.add(Math.max(0, Math.min(row.length(), m.start())));
            cuts.add(Math.max(0, Math.min(row.length(), m.end())));
        }
        List<Run> runs = new ArrayList<>(cuts.size());
        int from = cuts.first();
        for (int to : cuts.tailSet(from, false)) {
            List<String> classes = new ArrayList<>(2);
            for (Token t : tokens) {
                if (t.start() <= from && to <= t.end()) {
                    classes.add(t.styleClass());
                    break;
                }
            }
            for (Token m : marks) {
                if (m.start() <= from && to <= m.end()) {
                    classes.add(m.styleClass());
                }
            }
            runs.add(new Run(from, to, classes));
            from = to;
        }
        return runs;
    }

    public static List<Token> lex(CharSequence line) {
        List<Token> tokens = new ArrayList<>(8);
        int n = line.length();
        int i = 0;
        while (i < n) {
            char c = line.charAt(i);
            if (c == '"') {
                int end = stringEnd(line, i);
                int after = end;
                while (after < n && line.charAt(after) == ' ') {
                    after++;
                }
                boolean key = after < n && line.charAt(after) == ':';
                tokens.add(new Token(i, end, key ? Styles.JSON_KEY : Styles.JSON_STRING));
                i = end;
            } else if (c == '-' || (c >= '0' && c <= '9')) {
                int end = i + 1;
                while (end < n && isNumberChar(line.charAt(end))) {
                    end++;
                }
                tokens.add(new Token(i, end, Styles.JSON_NUMBER));
                i = end;
            } else if (Character.isLetter(c)) {
                int end = i + 1;
                while (end < n && Character.isLetter(line.charAt(end))) {
                    end++;
                }
                tokens.add(new Token(i, end, Styles.JSON_LITERAL));
                i = end;
            } else if (c == '{' || c == '}' || c == '[' || c == ']' || c == ':' || c == ',') {
                tokens.add(new Token(i, i + 1, Styles.JSON_PUNCT));
                i++;
            } else {
                i++;
            }
        }
        return tokens;
    }

    private static int stringEnd(CharSequence line, int start) {
        int i = start + 1;
        int n = line.length();
        while (i < n) {
            char c = line.charAt(i);
            if (c == '\\') {
                i += 2;
            } else if (c == '"') {
                return i + 1;
            } else {
                i++;
            }
        }
        return n;
    }

    private static boolean isNumberChar(char c) {
        return (c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-';
    }
}
