package dev.cairn.backend;

/** Meltano's lock on the state ID is held by a running pipeline and did not come free in time. */
public class LockedException extends BackendException {

    private final LockStatus lock;

    public LockedException(String stateId, LockStatus lock) {
        super("state " + stateId + " is locked by a running pipeline since " + lock.since()
                + (lock.detail() == null ? "" : " (" + lock.detail() + ")"));
        this.lock = lock;
    }

    public LockStatus lock() {
        return lock;
    }
}
