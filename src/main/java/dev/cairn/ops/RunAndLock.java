package dev.cairn.ops;

import dev.cairn.backend.LockStatus;
import dev.cairn.backend.RunLog;
import dev.cairn.backend.RunRow;
import dev.cairn.backend.StateBackend;
import java.time.Instant;
import java.util.Optional;

/**
 * What a pipeline holds of one ID now, as the inspector, a write's preview and a park show it: the
 * newest RUNNING row of its job in the runs table (null: none), and Meltano's lock where the backend
 * keeps one of its own (a blob store's lock file). A system DB's lock is that running job, so it is
 * told once, as the run ({@link LockStatus#FREE} here): one run, one badge or note.
 */
public record RunAndLock(RunRow running, LockStatus lock) {

    /** Reads both, the runs table for this ID's job only (blocking I/O: off the FX thread). */
    public static RunAndLock read(StateBackend backend, String stateId) {
        return new RunAndLock(RunLog.running(backend, stateId).orElse(null),
                backend.hasLocksOfItsOwn() ? backend.lockStatus(stateId) : LockStatus.FREE);
    }

    /**
     * What stops a move of the state now, as a held lock: a run whose heartbeat is alive (a dead
     * one's row is history, as it is to Meltano), or Meltano's lock held on a blob store, whose
     * pipeline is writing a checkpoint this moment. Empty: nothing runs on the ID.
     */
    public Optional<LockStatus> pipelineHolding(Instant now) {
        if (running != null && !running.isStale(now)) {
            return Optional.of(LockStatus.held(running.startedAt(), running.describeRunning(now)));
        }
        return lock.isHeld() ? Optional.of(lock) : Optional.empty();
    }
}
