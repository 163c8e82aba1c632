package dev.cairn.backend.blob;

import dev.cairn.backend.BackendException;
import dev.cairn.backend.LockStatus;
import dev.cairn.backend.LockedException;
import dev.cairn.backend.Version;
import dev.cairn.state.PythonFloat;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Meltano's lock for filesystem-family backends (reference §4.4): a {@code lock} blob next to
 * {@code state.json} holding the UTC epoch seconds it was taken at, stale after
 * {@code lock_timeout_seconds}. Unlike Meltano, Cairn creates the lock only if none exists (no
 * check-then-write race) and gives up after a bounded wait instead of waiting forever.
 */
final class MeltanoLock {

    private static final Duration RETRY = Duration.ofMillis(250);

    private final BlobStore store;
    private final Duration staleAfter;
    private final Duration wait;
    private final Clock clock;

    MeltanoLock(BlobStore store, Duration staleAfter, Duration wait, Clock clock) {
        this.store = store;
        this.staleAfter = staleAfter;
        this.wait = wait;
        this.clock = clock;
    }

    /** Reads the lock's state without taking it. */
    LockStatus status(String lockKey) {
        BlobStore.Blob blob = store.get(lockKey);
        if (blob == null) {
            return LockStatus.FREE;
        }
        Instant since = lockedAt(blob.data());
        if (since == null) {
            return LockStatus.held(null, "lock content is not a timestamp: '" + text(blob.data()) + "'");
        }
        return since.isBefore(clock.instant().minus(staleAfter))
                ? LockStatus.stale(since, "older than " + staleAfter.toSeconds() + " s; Meltano would break it")
                : LockStatus.held(since, null);
    }

    /** Takes the lock for {@code stateId}, breaking a stale one, waiting at most the configured time for a held one. */
    void acquire(String stateId, String lockKey) {
        Instant giveUp = clock.instant().plus(wait);
        while (true) {
            try {
                // Creating the lock only if there is none is Meltano's check-then-write without its race.
                store.put(lockKey, now(), Version.ABSENT);
                return;
            } catch (BlobStore.PreconditionFailed e) {
                LockStatus status = status(lockKey);
                if (status.state() == LockStatus.State.STALE) {
                    store.delete(lockKey, null);
                    continue;
                }
                if (status.isHeld() && !clock.instant().isBefore(giveUp)) {
                    throw new LockedException(stateId, status);
                }
                if (status.isHeld()) {
                    sleep();
                }
            }
        }
    }

    /** Deletes the lock if it is stale; a held one is left alone and reported. */
    void breakIfStale(String stateId, String lockKey) {
        LockStatus status = status(lockKey);
        if (status.isHeld()) {
            throw new LockedException(stateId, status);
        }
        if (status.state() == LockStatus.State.STALE) {
            store.delete(lockKey, null);
        }
    }

    void release(String lockKey) {
        store.delete(lockKey, null);
    }

    /** {@code str(datetime.now(timezone.utc).timestamp())}, as Meltano writes it. */
    private byte[] now() {
        Instant now = clock.instant();
        double seconds = now.getEpochSecond() + (now.getNano() / 1000) / 1e6;
        return PythonFloat.repr(seconds).getBytes(StandardCharsets.US_ASCII);
    }

    private static Instant lockedAt(byte[] data) {
        try {
            double seconds = Double.parseDouble(text(data).trim());
            if (!Double.isFinite(seconds)) {
                return null;
            }
            long whole = (long) Math.floor(seconds);
            return Instant.ofEpochSecond(whole, Math.round((seconds - whole) * 1e6) * 1000);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static String text(byte[] data) {
        return new String(data, StandardCharsets.UTF_8);
    }

    private static void sleep() {
        try {
            Thread.sleep(RETRY.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BackendException("interrupted while waiting for Meltano's lock");
        }
    }
}
