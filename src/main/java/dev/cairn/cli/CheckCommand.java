package dev.cairn.cli;

import dev.cairn.backend.StateBackend;
import dev.cairn.ops.CheckUp;
import dev.cairn.ops.CheckUp.Finding;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

@Command(name = "check", description = {"Check every state of a backend: what Meltano would fail on or sync from scratch,"
        + " partial states left pending, stale locks, dead RUNNING runs, IDs `meltano state list` does not show, IDs that"
        + " differ only by case or Unicode normalisation. Each finding says how to fix it where Cairn can.",
        "Exit status: 0 nothing found, 1 findings, 2 bad usage."})
final class CheckCommand implements Callable<Integer> {

    enum Format { text, json, csv }

    @Mixin
    BackendArgs backend;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text (aligned, for a terminal), json (one object per finding and line), csv (with a header,"
                    + " for a support ticket). Default: ${DEFAULT-VALUE}.")
    Format format;

    @Option(names = "--pending-older-than", paramLabel = "HOURS", defaultValue = "24",
            description = "A partial state pending for longer than this is a finding (default: ${DEFAULT-VALUE}).")
    long pendingHours;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (pendingHours < 0) {
            throw new ParameterException(spec.commandLine(), "--pending-older-than must be 0 or more");
        }
        PrintWriter out = spec.commandLine().getOut();
        CheckUp.Report report;
        try (StateBackend b = backend.open()) {
            report = new CheckUp(b, new CheckUp.Options(Duration.ofHours(pendingHours))).run((done, all) -> { });
        }
        List<Finding> findings = report.findings();
        int states = report.states();
        switch (format) {
            case json -> report.jsonLines(CheckCommand::fix).forEach(out::println);
            case csv -> report.csvLines(CheckCommand::fix).forEach(out::println);
            default -> text(out, findings, states);
        }
        out.flush();
        return findings.isEmpty() ? 0 : 1;
    }

    private static void text(PrintWriter out, List<Finding> findings, int states) {
        int kindWidth = findings.stream().mapToInt(f -> f.kind().label().length()).max().orElse(0);
        Colours colours = TerminalWriter.colours(out);
        for (Finding f : findings) {
            String severity = String.format(Locale.ROOT, "%-7s", severity(f));
            severity = f.severity() == CheckUp.Severity.ERROR ? colours.paint(Colours.Role.ERROR, severity)
                    : f.severity() == CheckUp.Severity.WARNING ? colours.paint(Colours.Role.WARNING, severity) : severity;
            out.printf("%s  %-" + kindWidth + "s  %s%n", severity, f.kind().label(),
                    f.stateId() == null ? "" : PrintableId.of(f.stateId()));
            String indent = " ".repeat(9 + kindWidth + 2);
            out.println(indent + f.message());
            if (f.fix() != null) {
                out.println(indent + "fix: " + fix(f));
            }
        }
        long errors = findings.stream().filter(f -> f.severity() == CheckUp.Severity.ERROR).count();
        out.println(findings.isEmpty() ? "No findings in " + states + (states == 1 ? " state." : " states.")
                : findings.size() + (findings.size() == 1 ? " finding" : " findings") + " in " + states
                        + (states == 1 ? " state" : " states") + ": " + errors + (errors == 1 ? " error, " : " errors, ")
                        + (findings.size() - errors) + " other.");
    }

    private static String severity(Finding f) {
        return f.severity().label();
    }

    /** How the fix is previewed, then made: a command where there is one. */
    private static String fix(Finding f) {
        if (f.fix() == null) {
            return "";
        }
        return switch (f.fix()) {
            case CLEAR_PARTIAL -> "clear the partial state: cairn clear (this backend) --partial-only " + ShellWord.of(f.stateId())
                    + " (add --dry-run to preview it)";
            case BREAK_STALE_LOCK -> "Break stale lock in the window, or Meltano's next write breaks it";
        };
    }
}
