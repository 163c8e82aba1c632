package dev.cairn.ops;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Rewrites state IDs for copies between environments: {@code dev:*=prod:*} maps
 * {@code dev:tap-x-to-target-y} to {@code prod:tap-x-to-target-y}. Each {@code *} of the target takes
 * what the {@code *} at the same position of the source matched.
 */
public final class Rename {

    private final String from;
    private final String to;
    private final Pattern regex;

    private Rename(String from, String to) {
        this.from = from;
        this.to = to;
        StringBuilder r = new StringBuilder();
        for (String literal : from.split("\\*", -1)) {
            if (r.length() > 0) {
                r.append("(.*?)");
            }
            r.append(Pattern.quote(literal));
        }
        this.regex = Pattern.compile(r.toString(), Pattern.DOTALL);
    }

    /**
     * Parses {@code FROM=TO}: FROM has at least one {@code *} (a rename maps many IDs; one ID is
     * renamed by naming both), and both sides the same number of them.
     */
    public static Rename parse(String spec) {
        int eq = spec.indexOf('=');
        if (eq <= 0 || eq == spec.length() - 1 || spec.indexOf('=', eq + 1) >= 0) {
            throw new IllegalArgumentException("a rename is FROM=TO, e.g. dev:*=prod:* (got '" + spec + "')");
        }
        String from = spec.substring(0, eq);
        String to = spec.substring(eq + 1);
        if (stars(from) == 0) {
            throw new IllegalArgumentException("'" + from + "' has no '*': a rename maps what each '*' of FROM matches onto"
                    + " the '*' of TO, e.g. dev:*=prod:* ('?' and '[...]' are no wildcards here)");
        }
        if (stars(from) != stars(to)) {
            throw new IllegalArgumentException("'" + from + "' and '" + to + "' must have as many '*' as each other");
        }
        return new Rename(from, to);
    }

    public static Rename identity() {
        return new Rename("*", "*");
    }

    /** Whether the source side matches the ID, so that {@link #apply} renames it. */
    public boolean matches(String stateId) {
        return regex.matcher(stateId).matches();
    }

    /** The rename back: {@code prod:*=dev:*} for {@code dev:*=prod:*}. */
    public Rename inverse() {
        return new Rename(to, from);
    }

    /** The renamed ID; fails for an ID the source side does not match. */
    public String apply(String stateId) {
        Matcher m = regex.matcher(stateId);
        if (!m.matches()) {
            throw new IllegalArgumentException("state ID " + stateId + " does not match the rename pattern '" + from + "'");
        }
        List<String> parts = new ArrayList<>();
        for (int g = 1; g <= m.groupCount(); g++) {
            parts.add(m.group(g));
        }
        StringBuilder out = new StringBuilder();
        String[] literals = to.split("\\*", -1);
        for (int i = 0; i < literals.length; i++) {
            out.append(literals[i]);
            if (i < parts.size()) {
                out.append(parts.get(i));
            }
        }
        return out.toString();
    }

    /** What every ID {@link #matches} starts with: the source up to its first {@code *}. */
    public String sourcePrefix() {
        return from.substring(0, from.indexOf('*'));
    }

    /**
     * What the renamed IDs of every matching ID that starts with {@code prefix} start with: the
     * target up to its first {@code *}, and where the source is one text and a {@code *} ending it
     * ({@code dev:*}), what the prefix has beyond that text ({@code dev:tap-} gives {@code prod:tap-}).
     * Lets a reader of the other side skip the IDs no renamed ID can be.
     */
    public String renamedPrefix(String prefix) {
        String head = sourcePrefix();
        String targetHead = to.substring(0, to.indexOf('*'));
        return from.equals(head + "*") && prefix.startsWith(head) ? targetHead + prefix.substring(head.length()) : targetHead;
    }

    private static int stars(String s) {
        return (int) s.chars().filter(c -> c == '*').count();
    }

    @Override
    public String toString() {
        return from + "=" + to;
    }
}
