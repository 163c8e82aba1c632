package dev.cairn.cli;

import java.io.PrintWriter;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;

/**
 * How a wrong command line is answered: what is wrong in one line, a near verb or option if there
 * is one, and where {@code --help} tells more; exit status 2. Never the whole usage, which buried
 * the one line that mattered under forty.
 */
final class UsageErrors {

    private UsageErrors() {}

    /** picocli's parse errors: unknown verbs and options, missing or surplus arguments, bad values. */
    static int handle(CommandLine.ParameterException ex, String[] args) {
        CommandLine command = ex.getCommandLine();
        if (ex instanceof CommandLine.UnmatchedArgumentException unmatched && command.getParent() == null
                && !unmatched.getUnmatched().isEmpty() && !unmatched.getUnmatched().get(0).startsWith("-")) {
            String word = unmatched.getUnmatched().get(0);
            List<String> near = near(word, command.getSubcommands().keySet());
            PrintWriter err = command.getErr();
            err.println("cairn: '" + word + "' is not a cairn verb."
                    + (near.isEmpty() ? "" : " Did you mean " + String.join(" or ", near.stream().map(v -> "'cairn " + v + "'").toList()) + "?"));
            err.println("See 'cairn --help' for the verbs.");
            err.flush();
            return Cli.USAGE;
        }
        String message = ex.getMessage();
        if (ex instanceof CommandLine.UnmatchedArgumentException unmatched && !unmatched.getSuggestions().isEmpty()) {
            message += " (did you mean " + String.join(" or ", unmatched.getSuggestions()) + "?)";
        }
        return print(command, message);
    }

    /** One line saying what is wrong, one saying where the verb's help is. */
    static int print(CommandLine command, String message) {
        PrintWriter err = command.getErr();
        err.println(TerminalWriter.colours(err).paint(Colours.Role.ERROR, "cairn:") + " " + message);
        err.println("See '" + command.getCommandSpec().qualifiedName() + " --help'.");
        err.flush();
        return Cli.USAGE;
    }

    /** Names within two edits (a swap of neighbours counts one) of the word, or starting with it; nearest first. */
    static List<String> near(String word, Collection<String> names) {
        String w = word.toLowerCase(Locale.ROOT);
        return names.stream()
                .filter(n -> distance(w, n) <= Math.min(2, n.length() / 2) || (w.length() >= 2 && n.startsWith(w)))
                .sorted(Comparator.comparingInt((String n) -> distance(w, n)).thenComparing(n -> n))
                .toList();
    }

    /** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
    private static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
