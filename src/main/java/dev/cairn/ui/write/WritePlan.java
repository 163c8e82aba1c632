package dev.cairn.ui.write;

import dev.cairn.backend.LockStatus;
import dev.cairn.backend.RunRow;
import dev.cairn.backend.StateBackend;
import dev.cairn.ops.Edit;
import dev.cairn.ops.RunAndLock;
import dev.cairn.ops.WriteCommand;
import dev.cairn.ops.WriteService;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StateError;
import dev.cairn.ui.Texts;
import dev.cairn.ui.diff.AlignedDiff;
import java.time.Instant;
import java.util.List;

/**
 * A planned write ready to confirm: the command, the edit it came from (to re-plan it onto a newer
 * state), its diffs (effective state and stored documents) and Meltano's lock on the ID. Built off
 * the FX thread.
 *
 * @param effective the change to what the tap receives; null where Meltano cannot read either side
 * @param effectiveNote why there is no effective diff, or null
 * @param undoLast for Undo last, what it takes back: the command, then the rest of its operation
 *     on this backend (a move's other half), executed with it as one run; null for any other write
 */
public record WritePlan(WriteCommand command, Edit edit, AlignedDiff effective, AlignedDiff stored,
                        String effectiveNote, LockStatus lock, RunRow running, WriteService.Undo undoLast) {

    /**
     * Plans the preview, reading Meltano's lock and the pipeline running on the ID now (blocking I/O:
     * off the FX thread). A system DB has no lock apart from its running job: one run, one note.
     */
    static WritePlan read(WriteCommand command, Edit edit, StateBackend backend) {
        RunAndLock now = RunAndLock.read(backend, command.stateId());
        return of(command, edit, now.lock(), now.running());
    }

    static WritePlan of(WriteCommand command, Edit edit, LockStatus lock, RunRow running) {
        AlignedDiff stored = AlignedDiff.of(StoredJson.stored(command.before().exists() ? command.before().document() : null),
                StoredJson.stored(command.after()));
        AlignedDiff effective = null;
        String note = null;
        StateDocument before = command.before().exists() ? command.before().document() : null;
        try {
            effective = AlignedDiff.of(StoredJson.effective(before), StoredJson.effective(command.after()));
        } catch (StateError e) {
            note = unreadable(before, command.after(), e);
        }
        return new WritePlan(command, edit, effective, stored, note, lock, running, null);
    }

    /** This plan, its command the first of {@code undo}'s, as what Undo last takes back. */
    WritePlan undoing(WriteService.Undo undo) {
        return new WritePlan(command, edit, effective, stored, effectiveNote, lock, running, undo);
    }

    /** What confirming executes, as one run: the command, and for Undo last the rest of its operation. */
    public List<WriteCommand> commands() {
        return undoLast == null ? List.of(command) : undoLast.commands();
    }

    /** Why there is no effective diff, saying what the write does to the state Meltano cannot read. */
    private static String unreadable(StateDocument before, StateDocument after, StateError e) {
        if (readable(before)) {
            return Texts.get("write.unreadable.after", e.getMessage());
        }
        boolean none = after == null || after.equals(StateDocument.EMPTY);
        if (none || readable(after)) {
            return Texts.get(none ? "write.unreadable.beforeCleared" : "write.unreadable.before", e.getMessage());
        }
        return Texts.get("write.unreadable.both", e.getMessage());
    }

    private static boolean readable(StateDocument document) {
        try {
            StoredJson.effective(document);
            return true;
        } catch (StateError e) {
            return false;
        }
    }

    /** "1 stream changed." — of the effective state where there is one, with what a pipeline will feel. */
    public String summary() {
        if (command.changesNothing()) {
            return Texts.get("write.noChange");
        }
        return (effective != null ? effective : stored).summary().description();
    }

    /**
     * The pipeline running on the ID by the runs table (apart from Meltano's lock, which blob backends
     * keep and {@link #lockNote} explains), or the stale run Meltano will mark failed; null when none.
     */
    public String runningNote() {
        if (running == null) {
            return null;
        }
        Instant now = Instant.now();
        if (running.isStale(now)) {
            return Texts.get("write.staleRun", command.stateId(), running.describeRunning(now));
        }
        // a system DB, whose lock is this run, refuses the write while it runs: there is no lock to wait for
        boolean refused = !command.backend().hasLocksOfItsOwn();
        return "A pipeline is running on " + command.stateId() + " now — " + running.describeRunning(now)
                + (refused ? ". The write is refused at once, with nothing written, until the run ends." : ".");
    }

    /** What Meltano's lock means for this write, or null when the ID is not locked. */
    public String lockNote() {
        if (lock == null || lock.state() == LockStatus.State.FREE) {
            return null;
        }
        if (lock.isHeld()) {
            return "A running pipeline holds Meltano's lock on " + command.stateId()
                    + (lock.since() == null ? "" : " (since " + lock.since() + ")")
                    + ": the write waits for the lock to come free and is refused, with nothing written, if it does not.";
        }
        return "Meltano's lock on " + command.stateId() + " is stale" + (lock.since() == null ? "" : " (since " + lock.since() + ")")
                + ": the write breaks it, as Meltano's next run would.";
    }
}
