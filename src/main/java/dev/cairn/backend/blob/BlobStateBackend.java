package dev.cairn.backend.blob;

import dev.cairn.backend.BackendException;
import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.ConflictException;
import dev.cairn.backend.ListedState;
import dev.cairn.backend.LockStatus;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StateStorage;
import dev.cairn.backend.StoredState;
import dev.cairn.backend.Version;
import dev.cairn.state.StateDocument;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A filesystem-family state backend (local folder, S3, ...): Meltano's layout and lock protocol over
 * a blob store. A write takes Meltano's lock, compares the stored {@code state.json} with the
 * version the caller read, and puts the new bytes conditionally on the version it just compared.
 */
public final class BlobStateBackend implements StateBackend {

    /** States read at once by {@link #readAll}. */
    private static final int READ_AHEAD = 8;

    private final BlobStore store;
    private final BlobLayout layout;
    private final MeltanoLock lock;

    BlobStateBackend(BlobStore store, BlobLayout layout, BackendOptions options, Clock clock) {
        this.store = store;
        this.layout = layout;
        this.lock = new MeltanoLock(store, options.lockStaleAfter(), options.lockWait(), clock);
    }

    @Override
    public String displayUri() {
        return store.displayUri();
    }

    @Override
    public StateStorage storage() {
        return store.storage();
    }

    /** The key of the ID's {@code state.json} in the store, the cloud prefix included. */
    @Override
    public String storageKey(String stateId) {
        return layout.stateKey(stateId);
    }

    @Override
    public void list(String pattern, Consumer<ListedState> sink) {
        layout.list(store, pattern, (listed, modified) -> sink.accept(listed));
    }

    /** The times the store's listing gives each {@code state.json}: one listing, as {@link #list} makes. */
    @Override
    public void updateTimes(BiConsumer<String, Instant> sink) {
        listWithTimes(null, (listed, modified) -> sink.accept(listed.stateId(), modified));
    }

    @Override
    public void listWithTimes(String pattern, BiConsumer<ListedState, Instant> sink) {
        layout.list(store, pattern, sink);
    }

    @Override
    public StoredState read(String stateId) {
        BlobStore.Blob blob = store.get(layout.stateKey(stateId));
        return blob == null
                ? StoredState.absent(stateId)
                : StoredState.present(stateId, StateFile.parse(blob.data()), blob.version());
    }

    /** The {@code state.json}'s own change stamp: one request for its metadata on an object store. */
    @Override
    public String changeStamp(String stateId) {
        return store.changeStamp(layout.stateKey(stateId));
    }

    /**
     * Reads {@link #READ_AHEAD} states at once and hands them on in listing order: an object store
     * answers each GET after a round trip, so reading one after the other (10,000 states through
     * S3Proxy: ~16 s) waits mostly on the network; the readers also parse in parallel.
     */
    @Override
    public void readAll(String pattern, Consumer<StoredState> sink) {
        List<String> ids = new ArrayList<>();
        list(pattern, listed -> ids.add(listed.stateId()));
        read(ids, sink);
    }

    /** A listing of the keys under the prefix only (on an object store), then {@link #readAll}'s reads of those. */
    @Override
    public void readStartingWith(String prefix, Consumer<StoredState> sink) {
        List<String> ids = new ArrayList<>();
        layout.listStartingWith(store, prefix, (listed, modified) -> ids.add(listed.stateId()));
        read(ids, sink);
    }

    /** The states of the IDs, {@link #READ_AHEAD} at once, handed on in the IDs' order. */
    private void read(List<String> ids, Consumer<StoredState> sink) {
        ExecutorService readers = Executors.newFixedThreadPool(Math.max(1, Math.min(READ_AHEAD, ids.size())), runnable -> {
            Thread thread = new Thread(runnable, "cairn-read-" + store.displayUri());
            thread.setDaemon(true);
            return thread;
        });
        try {
            Deque<Future<StoredState>> inFlight = new ArrayDeque<>();
            Iterator<String> next = ids.iterator();
            while (next.hasNext() || !inFlight.isEmpty()) {
                while (next.hasNext() && inFlight.size() < READ_AHEAD) {
                    String id = next.next();
                    inFlight.add(readers.submit(() -> read(id)));
                }
                sink.accept(done(inFlight.poll()));
            }
        } finally {
            readers.shutdownNow();
        }
    }

    private static StoredState done(Future<StoredState> read) {
        try {
            return read.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException) {
                throw (RuntimeException) e.getCause();
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("interrupted while reading states");
        }
    }

    @Override
    public Version write(String stateId, StateDocument document, Version expected) {
        byte[] data = StateFile.bytes(stateId, document);
        String key = layout.stateKey(stateId);
        if (expected != null && store.comparesAtomically()) {
            // The store's own conditional put is the compare-and-set: no read needed before it.
            return locked(stateId, lockStillOurs -> {
                try {
                    return store.put(key, data, expected);
                } catch (BlobStore.PreconditionFailed e) {
                    throw new ConflictException(read(stateId), expected);
                }
            });
        }
        // Meltano's lock is check-then-write, so a pipeline can take it over ours; it writes its lock
        // before the state, so a lock no longer ours just before our rename stops our write.
        return underLock(stateId, expected, (current, lockStillOurs) -> store.put(key, data, current.version(), lockStillOurs));
    }

    @Override
    public void delete(String stateId, Version expected) {
        underLock(stateId, expected, (current, lockStillOurs) -> {
            if (current.exists()) {
                store.delete(layout.stateKey(stateId), current.version());
            }
            return Version.ABSENT;
        });
    }

    @Override
    public LockStatus lockStatus(String stateId) {
        return lock.status(layout.lockKey(stateId));
    }

    /**
     * One listing of the store finds which of the IDs have a lock file; only those are read. A
     * read of each ID's lock (a request per ID on an object store, most of them for nothing) is
     * what a scan of 100,000 IDs cannot afford.
     */
    @Override
    public Map<String, LockStatus> locks(Collection<String> stateIds) {
        Map<String, String> idByLockKey = new HashMap<>(stateIds.size() * 2);
        stateIds.forEach(id -> idByLockKey.put(layout.lockKey(id), id));
        List<String> found = new ArrayList<>();
        store.list(layout.root(), (key, modified) -> {
            if (idByLockKey.containsKey(key)) {
                found.add(key);
            }
        });
        Map<String, LockStatus> held = new HashMap<>();
        for (String key : found) {
            LockStatus status = lock.status(key);
            if (status.state() != LockStatus.State.FREE) {
                held.put(idByLockKey.get(key), status);
            }
        }
        return held;
    }

    @Override
    public void breakStaleLock(String stateId) {
        lock.breakIfStale(stateId, layout.lockKey(stateId));
    }

    @Override
    public Duration lockWait() {
        return lock.waitLimit();
    }

    @Override
    public void removeLeftoverLock(String stateId) {
        lock.removeLeftover(layout.lockKey(stateId));
    }

    @Override
    public void close() {
        store.close();
    }

    private interface Change {
        Version apply(StoredState current, BooleanSupplier lockStillOurs);
    }

    private Version underLock(String stateId, Version expected, Change change) {
        return locked(stateId, lockStillOurs -> {
            StoredState current = read(stateId);
            if (expected != null && !expected.equals(current.version())) {
                throw new ConflictException(current, expected);
            }
            try {
                return change.apply(current, lockStillOurs);
            } catch (BlobStore.PreconditionFailed e) {
                // A writer that ignores Meltano's lock changed the blob between our read and our put.
                throw new ConflictException(read(stateId), expected == null ? current.version() : expected);
            }
        });
    }

    /**
     * Runs the work holding Meltano's lock on the ID, and deletes the lock after, whether the work
     * succeeded or failed. A lock that cannot be deleted after a failure does not hide why the work
     * failed: its own error rides along, suppressed, and the message of a failure of the store (not a
     * conflict, a held lock or a refusal, whose types its callers need) adds that the lock may be left behind.
     */
    private Version locked(String stateId, Function<BooleanSupplier, Version> work) {
        String lockKey = layout.lockKey(stateId);
        Version held = lock.acquire(stateId, lockKey);
        Version written;
        try {
            written = work.apply(() -> lock.holds(lockKey, held));
        } catch (RuntimeException e) {
            try {
                lock.release(lockKey, held);
            } catch (RuntimeException releaseFailed) {
                // only a plain failure of the store: a conflict, a held lock or a refusal keeps its type for its callers
                if (e.getClass() == BackendException.class) {
                    throw lock.mayBeLeft((BackendException) e, stateId, releaseFailed);
                }
                e.addSuppressed(releaseFailed);
            }
            throw e;
        }
        lock.release(lockKey, held);
        return written;
    }
}
