package dev.cairn.cli;

import dev.cairn.backend.RunLog;
import dev.cairn.backend.RunRow;
import dev.cairn.backend.StateBackend;
import dev.cairn.ops.Journal;
import dev.cairn.ops.Timeline;
import dev.cairn.ops.UserFolders;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "log", description = "A state ID's runs and state edits from the system database's runs table, newest"
        + " first: started, outcome, run ID, trigger, duration, checkpoint, and what it changed; Cairn's journalled writes"
        + " of the same time interleaved (outcome CAIRN, the journal entry's ID). Tab-separated. A file or cloud backend"
        + " without --project has no runs: its journalled writes alone.")
final class LogCommand implements Callable<Integer> {

    @Mixin
    BackendArgs backend;

    @Parameters(paramLabel = "ID", description = "The state ID (the runs' job name).")
    String stateId;

    @Option(names = "--limit", paramLabel = "N", defaultValue = "20", description = "Show the newest N (default: ${DEFAULT-VALUE}).")
    int limit;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (limit < 1) {
            throw new UsageError("--limit takes a positive number");
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try (StateBackend b = backend.open()) {
            Journal journal = UserFolders.fromEnvironment().journal();
            JournalCommand.settle(journal, b, stateId, spec);
            List<Journal.Entry> writes = journal.history(b.displayUri(), stateId);
            Optional<RunLog> runs = b.runs();
            List<Timeline.Item> items;
            if (runs.isPresent()) {
                List<Timeline.Point> points = Timeline.page(runs.get(), stateId, limit);
                if (points.isEmpty()) {
                    err.println("No runs of " + stateId + ".");
                }
                items = Timeline.interleave(points, writes, null, points.size() < limit);
            } else {
                // Meltano's runs of a file or cloud backend are in its project's system database: Cairn's journal is what is here
                err.println(b.displayUri() + (b.isSystemDatabase() ? " has no runs table, so it keeps no runs of " + stateId
                        : " keeps no runs: Meltano's runs of " + stateId + " are in its project's system database (give --project)")
                        + ". Cairn's writes from its journal:");
                List<Timeline.Item> all = Timeline.interleave(List.of(), writes, null, true);
                items = all.subList(0, Math.min(limit, all.size()));
                if (items.isEmpty()) {
                    err.println("No write of " + stateId + " in Cairn's journal.");
                }
            }
            Instant now = Instant.now();
            for (Timeline.Item item : items) {
                out.println(item.point() != null ? line(item.point(), now) : line(item.write()));
            }
        }
        out.flush();
        return 0;
    }

    private static String line(Timeline.Point p, Instant now) {
        RunRow run = p.run();
        return run.startedAt() + "\t" + Timeline.outcome(run, now) + "\t" + run.runId() + "\t"
                + (run.trigger() == null ? "-" : run.trigger()) + "\t" + Timeline.duration(run) + "\t"
                + p.checkpoint().label() + "\t" + p.change();
    }

    /** A journalled write, in the same columns: no trigger, duration or checkpoint; what it did and how it ended. */
    private static String line(Journal.Entry write) {
        return write.time() + "\tCAIRN\t" + write.id() + "\t-\t-\t-\t" + write.action()
                + (write.isDone() ? "" : " (" + write.status().name().toLowerCase(Locale.ROOT)
                        + (write.error() == null ? "" : ": " + write.error()) + ")");
    }
}
