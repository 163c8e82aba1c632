package dev.cairn.backend;

import java.time.Instant;

/**
 * Meltano's lock on a state ID: free, held by a running pipeline since a time, or left stale by
 * one that died (Meltano's next write breaks a stale lock).
 */
public record LockStatus(State state, Instant since, String detail) {

    public enum State { FREE, HELD, STALE }

    public static final LockStatus FREE = new LockStatus(State.FREE, null, null);

    public static LockStatus held(Instant since, String detail) {
        return new LockStatus(State.HELD, since, detail);
    }

    public static LockStatus stale(Instant since, String detail) {
        return new LockStatus(State.STALE, since, detail);
    }

    public boolean isHeld() {
        return state == State.HELD;
    }
}
