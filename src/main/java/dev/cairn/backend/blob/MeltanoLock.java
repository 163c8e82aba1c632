package dev.cairn.backend.blob;

import dev.cairn.backend.BackendException;
import dev.cairn.backend.LockStatus;
import dev.cairn.backend.LockedException;
import dev.cairn.backend.Version;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;

/**
 * Meltano's lock for filesystem-family backends (reference §4.4): a {@code lock} blob next to
 * {@code state.json} holding the UTC epoch seconds it was taken at, stale after
 * {@code lock_timeout_seconds}. Unlike Meltano, Cairn creates the lock only if none exists (no
 * check-then-write race), deletes a lock only at the version it read (its own on release, the stale
 * one it saw when breaking, so never a lock someone took meanwhile), and gives up after a bounded
 * wait instead of waiting forever. The lock Cairn writes names its owner ({@link LockOwner}), so
 * that a lock left by a killed Cairn on this machine is recognised and removed at once.
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

    /** A lock blob as read, and what it means. */
    private record Seen(Version version, LockStatus status, boolean leftByDeadCairn) {
        boolean breakable() {
            return status.state() == LockStatus.State.STALE;
        }
    }

    /** Reads the lock's state without taking it. */
    LockStatus status(String lockKey) {
        Seen seen = look(lockKey);
        return seen == null ? LockStatus.FREE : seen.status();
    }

    private Seen look(String lockKey) {
        BlobStore.Blob blob = store.get(lockKey);
        if (blob == null) {
            return null;
        }
        String content = new String(blob.data(), StandardCharsets.UTF_8);
        Instant since = lockedAt(content);
        if (since == null) {
            // no time of its own: the store's time of the lock object tells its age, so that it goes stale
            // after the lock timeout as any lock does (it was held for ever, "since null")
            Instant written = writtenAt(lockKey);
            String why = "lock content is not a timestamp: '" + content + "'";
            return new Seen(blob.version(), written != null && written.isBefore(clock.instant().minus(staleAfter))
                    ? LockStatus.stale(written, why + "; written over " + staleAfter.toSeconds() + " s ago, Meltano would break it")
                    : LockStatus.held(written, why), false);
        }
        Long deadPid = LockOwner.deadCairnOfThisMachine(content);
        if (deadPid != null) {
            return new Seen(blob.version(), LockStatus.stale(since,
                    "left by Cairn (process " + deadPid + ") on this machine, which no longer runs"), true);
        }
        return new Seen(blob.version(), since.isBefore(clock.instant().minus(staleAfter))
                ? LockStatus.stale(since, "older than " + staleAfter.toSeconds() + " s; Meltano would break it")
                : LockStatus.held(since, null), false);
    }

    /** When the store last wrote the lock object, from its listing; null if it is gone. */
    private Instant writtenAt(String lockKey) {
        Instant[] written = new Instant[1];
        store.list(lockKey, (key, modified) -> {
            if (key.equals(lockKey)) {
                written[0] = modified;
            }
        });
        return written[0];
    }

    /** How long {@link #acquire} waits for a held lock. */
    Duration waitLimit() {
        return wait;
    }

    /** Whether the lock at {@code lockKey} is still the one {@link #acquire} took (no one wrote over it). */
    boolean holds(String lockKey, Version held) {
        BlobStore.Blob blob = store.get(lockKey);
        return blob != null && blob.version().equals(held);
    }

    /**
     * Takes the lock for {@code stateId}, breaking a stale one, waiting at most the configured time for a held one.
     *
     * @return the version of the lock now held, for {@link #release}
     */
    Version acquire(String stateId, String lockKey) {
        Instant giveUp = clock.instant().plus(wait);
        while (true) {
            byte[] content = content(clock.instant(), LockOwner.current());
            try {
                // Creating the lock only if there is none is Meltano's check-then-write without its race.
                return store.put(lockKey, content, Version.ABSENT);
            } catch (BackendException e) {
                // No answer said what became of the put (cut at the request timeout, a connection lost): the
                // server may have stored our lock all the same, which would hold off pipelines until stale.
                throw store.failedPutMayHaveLanded() ? takenBack(e, stateId, lockKey, content) : e;
            } catch (BlobStore.PreconditionFailed e) {
                Seen seen = look(lockKey);
                if (seen == null || (seen.breakable() && deleted(lockKey, seen.version()))) {
                    continue;
                }
                // Held, or the stale lock changed before we could break it (another breaker took it).
                if (!clock.instant().isBefore(giveUp)) {
                    throw new LockedException(stateId, status(lockKey));
                }
                sleep();
            }
        }
    }

    /**
     * {@code failure}, once the lock its put may have stored is deleted if it is there and ours (the
     * same bytes: our time and owner); a failure to find out is said in its message.
     */
    private BackendException takenBack(BackendException failure, String stateId, String lockKey, byte[] content) {
        try {
            BlobStore.Blob blob = store.get(lockKey);
            if (blob != null && Arrays.equals(blob.data(), content)) {
                deleted(lockKey, blob.version());
            }
            return failure;
        } catch (BackendException e) {
            return mayBeLeft(failure, stateId, e);
        }
    }

    /**
     * {@code failure}, its message saying that Meltano's lock on the ID may be left behind and when it
     * goes stale, the lock's own failure riding along, suppressed.
     */
    BackendException mayBeLeft(BackendException failure, String stateId, RuntimeException lockFailure) {
        BackendException said = new BackendException(failure.getMessage() + "; Meltano's lock on " + stateId
                + " may be left behind, stale after " + staleAfter.toSeconds() + " s", failure);
        said.addSuppressed(lockFailure);
        return said;
    }

    /** Deletes the lock if it is stale; a held one is left alone and reported. */
    void breakIfStale(String stateId, String lockKey) {
        Seen seen = look(lockKey);
        if (seen != null && seen.status().isHeld()) {
            throw new LockedException(stateId, seen.status());
        }
        if (seen != null && seen.breakable() && !deleted(lockKey, seen.version())) {
            // Someone took the lock between our read and our delete: theirs is left alone.
            throw new LockedException(stateId, status(lockKey));
        }
    }

    /** Deletes a lock left by a Cairn of this machine that no longer runs; any other lock is left alone. */
    void removeLeftover(String lockKey) {
        Seen seen = look(lockKey);
        if (seen != null && seen.leftByDeadCairn()) {
            deleted(lockKey, seen.version());
        }
    }

    /** Deletes our lock, unless it was broken as stale meanwhile and someone else's took its place. */
    void release(String lockKey, Version held) {
        deleted(lockKey, held);
    }

    private boolean deleted(String lockKey, Version version) {
        try {
            store.delete(lockKey, version);
            return true;
        } catch (BlobStore.PreconditionFailed e) {
            return false;
        }
    }

    /**
     * What Meltano writes, {@code str(datetime.now(timezone.utc).timestamp())}, with the owner's
     * digits appended after the microseconds: Python's {@code float()} reads the same instant.
     */
    static byte[] content(Instant at, LockOwner owner) {
        String seconds = at.getEpochSecond() + "." + String.format("%06d", at.getNano() / 1000);
        return (seconds + owner.digits()).getBytes(StandardCharsets.US_ASCII);
    }

    private static Instant lockedAt(String content) {
        try {
            double seconds = Double.parseDouble(content.trim());
            if (!Double.isFinite(seconds)) {
                return null;
            }
            long whole = (long) Math.floor(seconds);
            return Instant.ofEpochSecond(whole, Math.round((seconds - whole) * 1e6) * 1000);
        } catch (NumberFormatException e) {
            return null;
        }
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
