package dev.cairn.ui;

import dev.cairn.backend.LockStatus;
import dev.cairn.backend.RunLog;
import dev.cairn.backend.RunRow;
import dev.cairn.backend.StateBackend;

/**
 * What a pipeline holds of one ID now, as the inspector and a write's preview show it: the newest
 * RUNNING row of its job in the runs table (null: none), and Meltano's lock where the backend keeps
 * one of its own (a blob store's lock file). A system DB's lock is that running job, so it is told
 * once, as the run ({@link LockStatus#FREE} here): one run, one badge or note.
 */
public record RunAndLock(RunRow running, LockStatus lock) {

    /** Reads both (blocking I/O: off the FX thread). */
    public static RunAndLock read(StateBackend backend, String stateId) {
        return new RunAndLock(RunLog.runningByJob(backend).get(stateId),
                backend.hasLocksOfItsOwn() ? backend.lockStatus(stateId) : LockStatus.FREE);
    }
}
