package dev.cairn.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.backend.ListedState;
import dev.cairn.backend.LockStatus;
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
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "list", description = "List state IDs, one per line (Meltano's pattern semantics for the backend).")
final class ListCommand implements Callable<Integer> {

    @Mixin
    BackendArgs backend;

    @Option(names = "--pattern", paramLabel = "GLOB", description = "Only IDs matching this pattern, as `meltano state list --pattern`.")
    String pattern;

    @Option(names = {"-l", "--long"}, description = "Also read each state and show, tab-separated under a header line, its"
            + " health, a pending partial state, Meltano's lock, a parked copy's time (`cairn park`), a pipeline running on it"
            + " now (or a stale run) from the system database's runs table, where the state differs from what Meltano's"
            + " migration would build from those"
            + " runs, and an ID not in Unicode NFC (which prints like its NFC spelling) spelled with escapes for the shell.")
    boolean withHealth;

    @Mixin
    FormatOption format;

    @Spec
    CommandSpec spec;

    /** What {@code --long} shows of one state. */
    private record Line(String stateId, StateHealth health, boolean partialPending, LockStatus lock, String readOnly,
                        Instant parkedAt, RunRow run, Instant now, boolean differsFromRuns) {

        String text() {
            return PrintableId.of(stateId) + "\t" + health.label()
                    + (partialPending ? "\t" + PARTIAL_PENDING : "")
                    + (lock.state() == LockStatus.State.HELD ? "\t" + LOCKED : lock.state() == LockStatus.State.STALE ? "\t" + STALE_LOCK : "")
                    + (readOnly == null ? "" : "\t" + readOnly)
                    + (parkedAt == null ? "" : "\tparked " + parkedAt)
                    + (run == null ? "" : "\t" + run.describeRunning(now))
                    + (differsFromRuns ? "\t" + DIFFERS : "")
                    + (IdSpelling.isNfc(stateId) ? "" : "\t" + NOT_NFC + ShellWord.of(stateId));
        }

        ObjectNode json() {
            ObjectNode o = FormatOption.record();
            o.put("id", stateId);
            o.put("health", health.name().toLowerCase(Locale.ROOT).replace('_', '-'));
            o.put("partial_pending", partialPending);
            o.put("lock", lock.state().name().toLowerCase(Locale.ROOT));
            o.put("lock_since", FormatOption.time(lock.since()));
            o.put("run", run == null ? null : run.isStale(now) ? "stale" : "running");
            o.put("run_id", run == null ? null : run.runId());
            o.put("run_started_at", run == null ? null : FormatOption.time(run.startedAt()));
            o.put("run_last_heartbeat_at", run == null ? null : FormatOption.time(run.lastHeartbeat()));
            o.put("run_trigger", run == null ? null : run.trigger());
            o.put("differs_from_runs", differsFromRuns);
            o.put("read_only", readOnly);
            o.put("parked_at", FormatOption.time(parkedAt));
            o.put("nfc", IdSpelling.isNfc(stateId));
            o.put("shell_word", ShellWord.of(stateId));
            return o;
        }
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        try (StateBackend b = backend.open()) {
            if (withHealth) {
                Map<String, RunRow> running = RunLog.runningByJob(b);
                Optional<String> readOnly = b.readOnlyReason();
                Map<String, StateDocument> fromRuns = readOnly.isPresent() ? Map.of() : reconstructed(b);
                // a blob store's locks in one listing of its lock files; a system DB's lock is its running job, above
                Map<String, LockStatus> locks = b.hasLocksOfItsOwn()
                        ? b.locks(b.list(pattern).stream().map(ListedState::stateId).toList()) : Map.of();
                Instant now = Instant.now();
                if (!format.json()) {
                    out.println(HEADER);
                }
                b.readAll(pattern, state -> {
                    StateDocument rebuilt = fromRuns.get(state.stateId());
                    StateHealth health = StateHealth.of(state.document());
                    Line line = new Line(state.stateId(), health,
                            state.document().hasPendingPartial() && health != StateHealth.CORRUPT_JSON,
                            locks.getOrDefault(state.stateId(), LockStatus.FREE), readOnly.orElse(null),
                            Park.parse(state.stateId()).map(Park.Parked::at).orElse(null),
                            running.get(state.stateId()), now, rebuilt != null && differ(state.document(), rebuilt));
                    if (format.json()) {
                        FormatOption.print(out, line.json());
                    } else {
                        out.println(line.text());
                    }
                });
            } else {
                // stdout stays what Meltano prints, as scripts read IDs from it: IDs not in NFC are counted for stderr
                int[] notNfc = {0};
                b.list(pattern, listed -> {
                    if (format.json()) {
                        ObjectNode o = FormatOption.record();
                        o.put("id", listed.stateId());
                        FormatOption.print(out, o);
                    } else {
                        out.println(PrintableId.of(listed.stateId()));
                    }
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

    /** The first line of {@code --long}'s text: the columns every line has, then the notes some have. */
    static final String HEADER = "ID\tHEALTH\tNOTES";

    /** The window's words for a pending partial state and for Meltano's lock. */
    static final String PARTIAL_PENDING = "partial pending";
    static final String LOCKED = "locked";
    static final String STALE_LOCK = "stale lock";

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
            return !Objects.equals(stored.effective(), rebuilt.effective());
        } catch (StateError e) {
            return true;
        }
    }
}
