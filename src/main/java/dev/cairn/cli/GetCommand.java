package dev.cairn.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cairn.backend.RunLog;
import dev.cairn.backend.RunRow;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.ops.Watch;
import dev.cairn.state.BookmarkChange;
import dev.cairn.state.PythonJson;
import dev.cairn.state.StateError;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

@Command(name = "get", description = "Print a state's effective value exactly as `meltano state get` prints it.")
final class GetCommand implements Callable<Integer> {

    /** The output forms of the Meltano versions. */
    enum Format {
        json(PythonJson.Style.COMPACT), pretty(PythonJson.Style.INDENT2), legacy(PythonJson.Style.DEFAULT);

        final PythonJson.Style style;

        Format(PythonJson.Style style) {
            this.style = style;
        }
    }

    @Mixin
    BackendArgs backend;

    @Parameters(paramLabel = "ID", description = "The state ID, as `cairn list` prints it.")
    String stateId;

    @Option(names = "--format", defaultValue = "json",
            description = "json (Meltano 4, compact), pretty (Meltano 4 --format pretty), legacy (Meltano 2/3). Default: ${DEFAULT-VALUE}.")
    Format format;

    @Option(names = "--show-version", description = "Print 'version: <token>' on stderr, for --if-version.")
    boolean showVersion;

    @Option(names = "--watch", description = "Then watch the state: a timestamped block per change (what the checkpoint"
            + " changed per stream), until the run under way ends, or Ctrl-C where none is.")
    boolean watch;

    @Mixin
    IntervalOption interval;

    @Spec
    CommandSpec spec;

    @ParentCommand
    Cli cli;

    @Override
    public Integer call() {
        Duration every = interval.interval(watch, "--watch");
        try (StateBackend b = backend.open()) {
            if (watch) {
                watch(b, every);
            } else {
                StoredState state = b.read(stateId);
                print(b, state, RunLog.runningByJob(b).get(stateId));
            }
        }
        return 0;
    }

    /** The state as `meltano state get` prints it on stdout; on stderr, what else is known of it. */
    private void print(StateBackend b, StoredState state, RunRow run) {
        PrintWriter err = spec.commandLine().getErr();
        // stderr, as Meltano logs: stdout stays exactly what `meltano state get` prints
        b.readOnlyReason().ifPresent(err::println);
        if (run != null) {
            err.println(run.describeRunning(Instant.now()));
        }
        JsonNode effective;
        try {
            effective = state.document().effective();
        } catch (StateError e) {
            throw new UserError("cannot read state " + stateId + ": " + e.getMessage());
        }
        spec.commandLine().getOut().flush();
        PrintStream out = cli.stdout();
        // streamed as bytes: a 10 MB state is ~16 MB of pretty text, not worth holding as one more String
        PythonJson.write(effective, format.style, out);
        out.print('\n');
        out.flush();
        if (showVersion) {
            err.println("version: " + state.version());
        }
    }

    private void watch(StateBackend b, Duration interval) {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Watch watching = new Watch(b, stateId, interval);
        RunRow[] seen = new RunRow[1];
        Watch.Ending ending = CtrlC.stops(watching::stop, () -> watching.run(new Watch.Listener() {
            @Override
            public void started(StoredState state, RunRow run) {
                print(b, state, RunLog.runningByJob(b).get(stateId));
                seen[0] = run;
                String every = "every " + IntervalOption.seconds(interval);
                err.println(run != null ? "Watching " + PrintableId.of(stateId) + " " + every + " until run " + run.runId()
                        + " ends (Ctrl-C stops sooner)."
                        : (b.runs().isPresent() ? "No run of " + PrintableId.of(stateId) + " is under way"
                                : b.displayUri() + " keeps no runs (give --project for a file or cloud backend), so the watch"
                                        + " cannot tell when one ends")
                        + ": watching " + every + " until Ctrl-C.");
                err.flush();
            }

            @Override
            public void changed(Watch.Change change) {
                out.println(change.at() + "\t" + change.summary());
                for (BookmarkChange bookmark : change.bookmarks()) {
                    out.println("  " + bookmark.line());
                }
                out.flush();
            }
        }));
        err.println(ending == Watch.Ending.RUN_ENDED
                ? "Run " + seen[0].runId() + " of " + PrintableId.of(stateId) + " is no longer running: the watch ends."
                : "Watch of " + PrintableId.of(stateId) + " stopped.");
        err.flush();
    }
}
