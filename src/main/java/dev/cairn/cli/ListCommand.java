package dev.cairn.cli;

import dev.cairn.backend.RunLog;
import dev.cairn.backend.RunRow;
import dev.cairn.backend.StateBackend;
import dev.cairn.ops.Park;
import dev.cairn.state.IdSpelling;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StateError;
import dev.cairn.state.StateHealth;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "list", description = "List state IDs, one per line (Meltano's pattern semantics for the backend).")
final class ListCommand implements Callable<Integer> {

    @Mixin
    BackendArgs backend;

    @Option(names = "--pattern", paramLabel = "GLOB", description = "Only IDs matching this pattern, as `meltano state list --pattern`.")
    String pattern;

    @Option(names = {"-l", "--long"}, description = "Also read each state and show its health, tab-separated, and"
            + " a parked copy's time (`cairn park`), a pipeline running on it now (or a stale run) from the system"
            + " database's runs table, where the state differs from what Meltano's migration would build from those"
            + " runs, and an ID not in Unicode NFC (which prints like its NFC spelling) spelled with escapes for the shell.")
    boolean withHealth;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        try (StateBackend b = backend.open()) {
            if (withHealth) {
                Map<String, RunRow> running = RunLog.runningByJob(b);
                Optional<String> readOnly = b.readOnlyReason();
                Map<String, StateDocument> fromRuns = readOnly.isPresent() ? Map.of() : reconstructed(b);
                Instant now = Instant.now();
                b.readAll(pattern, state -> {
                    RunRow run = running.get(state.stateId());
                    StateDocument rebuilt = fromRuns.get(state.stateId());
                    out.println(PrintableId.of(state.stateId()) + "\t" + StateHealth.of(state.document()).label()
                            + readOnly.map(reason -> "\t" + reason).orElse("")
                            + Park.parse(state.stateId()).map(parked -> "\tparked " + parked.at()).orElse("")
                            + (run == null ? "" : "\t" + run.describeRunning(now))
                            + (rebuilt != null && differ(state.document(), rebuilt) ? "\t" + DIFFERS : "")
                            + (IdSpelling.isNfc(state.stateId()) ? "" : "\t" + NOT_NFC + ShellWord.of(state.stateId())));
                });
            } else {
                // stdout stays what Meltano prints, as scripts read IDs from it: IDs not in NFC are counted for stderr
                int[] notNfc = {0};
                b.list(pattern, listed -> {
                    out.println(PrintableId.of(listed.stateId()));
                    if (!IdSpelling.isNfc(listed.stateId())) {
                        notNfc[0]++;
                    }
                });
                out.flush();
                if (notNfc[0] > 0) {
                    ((Cli) spec.root().userObject()).warn(notNfc[0] == 1
                            ? "1 ID is not in Unicode NFC and may print exactly like another; `cairn list --long` marks it,"
                                    + " spelled for the shell"
                            : notNfc[0] + " IDs are not in Unicode NFC and may print exactly like others; `cairn list --long`"
                                    + " marks them, spelled for the shell");
                }
            }
        }
        out.flush();
        return 0;
    }

    /**
     * Begins the column of an ID not in Unicode NFC, which prints like its NFC spelling (e and a
     * combining accent for é): the ID follows as a shell word with escapes, to paste into a command.
     */
    private static final String NOT_NFC = "not NFC: ";

    /** The stored state is not what Meltano's migration would build from the runs of its ID. */
    static final String DIFFERS = "differs from runs";

    /** What Meltano's migration would build for each ID the runs table knows; nothing without one. */
    private Map<String, StateDocument> reconstructed(StateBackend b) {
        Map<String, StateDocument> states = new HashMap<>();
        b.runs().ifPresent(runs -> runs.reconstructStates(pattern, state -> states.put(state.stateId(), state.document())));
        return states;
    }

    /**
     * Compared as Meltano reads them: the migration leaves everything in the partial, later runs
     * move it to the completed part, and both give the same effective state.
     */
    private static boolean differ(StateDocument stored, StateDocument rebuilt) {
        try {
            return !java.util.Objects.equals(stored.effective(), rebuilt.effective());
        } catch (StateError e) {
            return true;
        }
    }
}
