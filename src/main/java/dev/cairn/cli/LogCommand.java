package dev.cairn.cli;

import dev.cairn.backend.RunLog;
import dev.cairn.backend.RunRow;
import dev.cairn.backend.StateBackend;
import dev.cairn.ops.Timeline;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "log", description = "A state ID's runs and state edits from the system database's runs table, newest"
        + " first: started, outcome, run ID, trigger, duration, checkpoint, and what it changed. Tab-separated.")
final class LogCommand implements Callable<Integer> {

    @Mixin
    BackendArgs backend;

    @Parameters(paramLabel = "ID")
    String stateId;

    @Option(names = "--limit", paramLabel = "N", defaultValue = "20", description = "Show the newest N (default: ${DEFAULT-VALUE}).")
    int limit;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (limit < 1) {
            throw new UserError("--limit takes a positive number");
        }
        PrintWriter out = spec.commandLine().getOut();
        try (StateBackend b = backend.open()) {
            RunLog runs = Running.runsOf(b);
            List<Timeline.Point> points = Timeline.page(runs, stateId, limit);
            if (points.isEmpty()) {
                spec.commandLine().getErr().println("No runs of " + stateId + ".");
            }
            Instant now = Instant.now();
            for (Timeline.Point p : points) {
                RunRow run = p.run();
                out.println(run.startedAt() + "\t" + outcome(run, now) + "\t" + run.runId() + "\t"
                        + (run.trigger() == null ? "-" : run.trigger()) + "\t" + duration(run) + "\t"
                        + p.checkpoint().label() + "\t" + p.change());
            }
        }
        out.flush();
        return 0;
    }

    private static String outcome(RunRow run, Instant now) {
        return run.isStale(now) ? "RUNNING (stale)" : run.state();
    }

    private static String duration(RunRow run) {
        if (run.startedAt() == null || run.endedAt() == null) {
            return "-";
        }
        Duration d = Duration.between(run.startedAt(), run.endedAt());
        long s = d.getSeconds();
        return s >= 3600 ? String.format("%dh%02dm%02ds", s / 3600, s / 60 % 60, s % 60)
                : s >= 60 ? String.format("%dm%02ds", s / 60, s % 60)
                : String.format("%d.%03ds", s, d.toMillisPart());
    }
}
