package dev.cairn.ui.browse;

import dev.cairn.state.Glob;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * What the filter field means: text with {@code *}, {@code ?} or {@code [} is a Meltano pattern
 * matched against the whole ID, as {@code meltano state list --pattern} does (case-sensitive);
 * anything else is a case-insensitive substring.
 */
public final class IdFilter {

    private final String text;
    private final Glob glob;
    private final String needle;
    private final String prefix;
    private final String suffix;
    private final List<String> inner;
    private final boolean starsOnly;

    private IdFilter(String text) {
        this.text = text == null ? "" : text.strip();
        this.glob = Glob.hasMagic(this.text) ? Glob.compile(this.text) : null;
        this.needle = this.text.toLowerCase(Locale.ROOT);
        // literal runs of the pattern: cheap string tests reject most IDs before the glob runs
        List<String> runs = new ArrayList<>();
        boolean onlyStars = literalRuns(this.text, runs);
        boolean startsLiteral = glob != null && !this.text.isEmpty() && !startsWithMagic(this.text);
        boolean endsLiteral = glob != null && runs.size() > 1 && !runs.get(runs.size() - 1).isEmpty();
        this.prefix = startsLiteral ? runs.get(0) : "";
        this.suffix = endsLiteral ? runs.get(runs.size() - 1) : "";
        runs.removeIf(String::isEmpty);
        this.inner = glob == null ? List.of() : List.copyOf(runs);
        this.starsOnly = glob != null && onlyStars;
    }

    /**
     * Splits a pattern into the literal runs between its wildcards ({@code *}, {@code ?} and closed
     * bracket expressions, read as {@link Glob} reads them): the first run is what comes before the
     * first wildcard, the last what comes after the last one. Returns whether {@code *} is the only
     * wildcard.
     */
    private static boolean literalRuns(String pattern, List<String> runs) {
        boolean onlyStars = true;
        StringBuilder run = new StringBuilder();
        int i = 0;
        while (i < pattern.length()) {
            char c = pattern.charAt(i);
            int classEnd = c == '[' ? classEnd(pattern, i) : -1;
            if (c == '*' || c == '?' || classEnd > 0) {
                runs.add(run.toString());
                run.setLength(0);
                onlyStars &= c == '*';
                i = classEnd > 0 ? classEnd + 1 : i + 1;
            } else {
                run.append(c);
                i++;
            }
        }
        runs.add(run.toString());
        return onlyStars;
    }

    /** The index of the ']' closing a bracket expression opened at {@code open}, or -1 if it is not closed. */
    private static int classEnd(String pattern, int open) {
        int j = open + 1;
        if (j < pattern.length() && pattern.charAt(j) == '!') {
            j++;
        }
        if (j < pattern.length() && pattern.charAt(j) == ']') {
            j++;
        }
        int close = pattern.indexOf(']', j);
        return close;
    }

    private static boolean startsWithMagic(String pattern) {
        char c = pattern.charAt(0);
        return c == '*' || c == '?' || (c == '[' && classEnd(pattern, 0) > 0);
    }

    public static IdFilter of(String text) {
        return new IdFilter(text);
    }

    public boolean isEmpty() {
        return text.isEmpty();
    }

    public boolean isPattern() {
        return glob != null;
    }

    public String text() {
        return text;
    }

    boolean matches(StateIdEntry entry) {
        if (glob != null) {
            String id = entry.stateId();
            if (!id.startsWith(prefix) || !id.endsWith(suffix)) {
                return false;
            }
            return starsOnly ? runsInOrder(id) : containsRuns(id) && glob.matches(id);
        }
        return needle.isEmpty() || entry.lowerCaseId().contains(needle);
    }

    private boolean containsRuns(String id) {
        for (String run : inner) {
            if (!id.contains(run)) {
                return false;
            }
        }
        return true;
    }

    /**
     * A pattern of literals and {@code *} only matches exactly when its literal runs occur in order,
     * the first at the start and the last at the end (leftmost placement never loses a match).
     */
    private boolean runsInOrder(String id) {
        int from = prefix.length();
        int until = id.length() - suffix.length();
        if (until < from) {
            return false;
        }
        int first = prefix.isEmpty() ? 0 : 1;
        int last = suffix.isEmpty() ? inner.size() : inner.size() - 1;
        for (int i = first; i < last; i++) {
            int at = id.indexOf(inner.get(i), from);
            if (at < 0 || at + inner.get(i).length() > until) {
                return false;
            }
            from = at + inner.get(i).length();
        }
        return true;
    }

    /**
     * Whether every ID this filter accepts is also accepted by {@code previous}, so filtering can
     * start from the previous result (typing more of a substring narrows it).
     */
    boolean narrows(IdFilter previous) {
        return previous != null && glob == null && previous.glob == null && needle.contains(previous.needle);
    }

    Predicate<StateIdEntry> predicate() {
        return this::matches;
    }
}
