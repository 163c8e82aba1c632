package dev.cairn.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.backend.RunLog;
import dev.cairn.backend.RunRow;
import dev.cairn.backend.StateBackend;
import dev.cairn.ops.Journal;
import dev.cairn.ops.Polling;
import dev.cairn.ops.Timeline;
import dev.cairn.ops.TimelineFollow;
import dev.cairn.ops.UserFolders;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
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

    @Option(names = "--run", paramLabel = "RUN_ID", description = "Only this run: its run ID, or the start of it that names"
            + " one run of the ID (as git takes a short hash).")
    String runId;

    @Option(names = "--follow", description = "Then print each new runs row (and one whose outcome changed: a run that"
            + " ended) and each write Cairn journals, as they arrive, oldest first, until Ctrl-C.")
    boolean follow;

    @Mixin
    IntervalOption interval;

    @Mixin
    FormatOption format;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (limit < 1) {
            throw new UsageError("--limit takes a positive number");
        }
        if (follow && runId != null) {
            throw new UsageError("--follow and --run exclude each other: --run shows one run that has started already");
        }
        Duration every = interval.interval(follow, "--follow");
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try (StateBackend b = backend.open()) {
            if (runId != null) {
                // one run: Cairn's writes are not shown beside it, so the journal is not read (nor settled against the backend)
                RunRow run = Running.run(Running.runsOf(b), stateId, runId);
                // the page of one row older than the next one: this run, with what its checkpoint changed
                print(Timeline.interleave(Timeline.page(b.runs().orElseThrow(), stateId, run.id() + 1, 1), List.of(), null, true), out);
                return 0;
            }
            Journal journal = UserFolders.fromEnvironment().journal();
            JournalCommand.settle(journal, b, stateId, spec);
            // from before the listing: a row that comes meanwhile is printed twice rather than never
            TimelineFollow following = follow ? new TimelineFollow(b, journal, stateId) : null;
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
            print(items, out);
            if (following != null) {
                follow(following, every, out, err);
            }
        }
        out.flush();
        return 0;
    }

    private void print(List<Timeline.Item> items, PrintWriter out) {
        Instant now = Instant.now();
        for (Timeline.Item item : items) {
            if (format.json()) {
                FormatOption.print(out, item.point() != null ? record(item.point(), now) : record(item.write()));
            } else {
                out.println(item.point() != null ? line(item.point(), now) : line(item.write()));
            }
        }
        out.flush();
    }

    /** New lines as they arrive, until Ctrl-C (or the thread is interrupted). */
    private void follow(TimelineFollow following, Duration every, PrintWriter out, PrintWriter err) {
        err.println("Following " + PrintableId.of(stateId) + " every " + IntervalOption.seconds(every) + " until Ctrl-C.");
        err.flush();
        Polling polling = new Polling(every);
        CtrlC.stops(polling::stop, () -> {
            for (boolean arrived = true; polling.awaitNext(arrived); ) {
                List<Timeline.Item> items = following.next();
                print(items, out);
                arrived = !items.isEmpty();
            }
            return null;
        });
        err.println("Follow of " + PrintableId.of(stateId) + " stopped.");
    }

    private static String line(Timeline.Point p, Instant now) {
        RunRow run = p.run();
        return run.startedAt() + "\t" + Timeline.outcome(run, now) + "\t" + run.runId() + "\t"
                + (run.trigger() == null ? "-" : run.trigger()) + "\t" + Timeline.duration(run) + "\t"
                + p.checkpoint().label() + "\t" + p.change();
    }

    /** A run as {@code --format json} prints it; a journalled write has the same fields, null where they do not apply. */
    private static ObjectNode record(Timeline.Point p, Instant now) {
        RunRow run = p.run();
        ObjectNode o = FormatOption.record();
        o.put("kind", "run");
        o.put("time", FormatOption.time(run.startedAt()));
        o.put("outcome", Timeline.outcome(run, now));
        o.put("run_id", run.runId());
        o.putNull("journal_id");
        o.put("trigger", run.trigger());
        o.put("ended_at", FormatOption.time(run.endedAt()));
        if (run.startedAt() == null || run.endedAt() == null) {
            o.putNull("duration_seconds");
        } else {
            o.put("duration_seconds", Duration.between(run.startedAt(), run.endedAt()).toMillis() / 1000.0);
        }
        o.put("checkpoint", p.checkpoint().label());
        o.put("change", p.change());
        o.putNull("status");
        o.putNull("error");
        return o;
    }

    private static ObjectNode record(Journal.Entry write) {
        ObjectNode o = FormatOption.record();
        o.put("kind", "cairn");
        o.put("time", FormatOption.time(write.time()));
        o.put("outcome", "CAIRN");
        o.putNull("run_id");
        o.put("journal_id", write.id());
        o.putNull("trigger");
        o.putNull("ended_at");
        o.putNull("duration_seconds");
        o.putNull("checkpoint");
        o.put("change", write.action());
        o.put("status", write.status().name().toLowerCase(Locale.ROOT));
        o.put("error", write.error());
        return o;
    }

    /** A journalled write, in the same columns: no trigger, duration or checkpoint; what it did and how it ended. */
    private static String line(Journal.Entry write) {
        return write.time() + "\tCAIRN\t" + write.id() + "\t-\t-\t-\t" + write.action()
                + (write.isDone() ? "" : " (" + write.status().name().toLowerCase(Locale.ROOT)
                        + (write.error() == null ? "" : ": " + write.error()) + ")");
    }
}
