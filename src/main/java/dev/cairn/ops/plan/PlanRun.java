package dev.cairn.ops.plan;

import dev.cairn.backend.BackendException;
import dev.cairn.backend.ConflictException;
import dev.cairn.backend.LockedException;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.ops.EditRefused;
import dev.cairn.ops.Journal;
import dev.cairn.ops.WriteCommand;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Applies a {@link Plan}: each write compare-and-set on the state it was planned on, journalled and
 * undoable as the verb's own write is (through {@link WriteCommand}, with the verb's {@code runs}
 * row). A write whose state moved on since the plan was made is refused as a conflict and the
 * others go on, unless all or nothing is asked; a write that goes with another (a move's deletion
 * of its source) is made only if that one landed.
 */
public final class PlanRun {

    /** How one planned write ended. */
    public enum Outcome {
        /** Written as planned. */
        WRITTEN,
        /** Not written: the state changed since the plan was made (before or while writing). */
        CONFLICT,
        /** Not written: a running pipeline held the state's lock for longer than the backend waits. */
        LOCKED,
        /** Not written: the backend failed or refused it. */
        FAILED,
        /** Not tried: the write it goes with did not land, or all or nothing was asked and another conflicted. */
        NOT_RUN
    }

    /**
     * A planned write and the state it finds now.
     *
     * @param movedOn the state is no longer the one the write was planned on
     */
    public record Check(PlannedWrite write, StoredState now, boolean movedOn) { }

    /** How a planned write ended, with the reason where it was not written; {@code command} is the write made, if any. */
    public record Result(PlannedWrite write, Outcome outcome, String detail, WriteCommand command) { }

    private final Plan plan;
    private final Map<String, StateBackend> backends;
    private final Journal journal;

    /** {@code backends}: the backend opened for each of the plan's URIs ({@link Plan#backends}). */
    public PlanRun(Plan plan, Map<String, StateBackend> backends, Journal journal) {
        this.plan = plan;
        this.backends = Map.copyOf(backends);
        this.journal = journal;
        plan.backends().forEach(uri -> Objects.requireNonNull(this.backends.get(uri), () -> "no backend opened for " + uri));
    }

    /** Reads each planned write's state now. */
    public List<Check> check() {
        List<Check> checks = new ArrayList<>();
        for (PlannedWrite w : plan.writes()) {
            StoredState now = backends.get(w.backend()).read(w.stateId());
            checks.add(new Check(w, now, !w.isStill(now)));
        }
        return checks;
    }

    /**
     * Writes what {@code checks} found unchanged, in the plan's order. With {@code allOrNothing}, a
     * state that moved on refuses every write before any is made (a state that changes while the
     * others are written still ends only its own write). Several writes are one journal group, which
     * {@code undo} takes back together, as the command the plan was made from would have been.
     */
    public List<Result> run(List<Check> checks, boolean allOrNothing) {
        return run(checks, allOrNothing, checks.size() > 1 ? Journal.newGroup() : null, (result, done, total) -> { });
    }

    /** How far a run is: called after each planned write with how it ended. */
    @FunctionalInterface
    public interface Progress {
        void ended(Result result, int done, int total);
    }

    /**
     * {@link #run(List, boolean)} journalled in {@code group} (null: none, for a single write), which
     * the window undoes as one, telling {@code progress} as each write ends.
     */
    public List<Result> run(List<Check> checks, boolean allOrNothing, String group, Progress progress) {
        boolean refuseAll = allOrNothing && checks.stream().anyMatch(Check::movedOn);
        List<Result> results = new ArrayList<>();
        for (Check check : checks) {
            PlannedWrite w = check.write();
            if (check.movedOn()) {
                results.add(new Result(w, Outcome.CONFLICT, "the state changed since the plan was made (read at version "
                        + w.versionRead() + ", now at " + check.now().version() + "); nothing was written", null));
            } else if (refuseAll) {
                results.add(new Result(w, Outcome.NOT_RUN, "not written: another state of the plan changed since it was"
                        + " made, and all or nothing was asked", null));
            } else if (w.requires() != null && results.get(w.requires()).outcome() != Outcome.WRITTEN) {
                PlannedWrite required = results.get(w.requires()).write();
                results.add(new Result(w, Outcome.NOT_RUN, "not written: it goes with " + required.description()
                        + ", which was not written", null));
            } else {
                results.add(write(check, group));
            }
            progress.ended(results.get(results.size() - 1), results.size(), checks.size());
        }
        return results;
    }

    private Result write(Check check, String group) {
        PlannedWrite w = check.write();
        try {
            WriteCommand command = WriteCommand.plan(backends.get(w.backend()), w.edit(), check.now());
            command.execute(journal, group);
            return new Result(w, Outcome.WRITTEN, "done (version " + command.written() + ")", command);
        } catch (ConflictException e) {
            return new Result(w, Outcome.CONFLICT, e.getMessage() + "; nothing was written", null);
        } catch (LockedException e) {
            return new Result(w, Outcome.LOCKED, e.getMessage(), null);
        } catch (BackendException | EditRefused e) {
            return new Result(w, Outcome.FAILED, e.getMessage(), null);
        }
    }
}
