package dev.cairn.ops.compare;

import dev.cairn.backend.BackendException;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StateStorage;
import dev.cairn.backend.StoredState;
import dev.cairn.ops.Rename;
import dev.cairn.ops.compare.IdComparison.Status;
import dev.cairn.state.Glob;
import dev.cairn.state.StateComparison;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StoredDigest;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Compares the states of two backends (or two environments' IDs in one, through a {@link Rename}),
 * ID by ID. Both sides are read at once, each on a thread of its own, and each state is compared
 * as soon as its counterpart has arrived from the other side: stored text first (no tree is built
 * for equal text), structure only where it differs, on a comparer thread per core while the readers
 * read on. A state waits for its counterpart with its document while the documents waiting stay
 * under a budget, beyond it with its {@link StoredDigest} alone (a pair with equal digests is the
 * same; one without is read again at the end): neither backend's whole set of documents is held.
 * Comparing the texts in hand needs no digest at all; where states differ the structural work
 * (parse, merge, diff, bookmarks) is most of the time a comparison takes: 10,000 IDs a side with a
 * tenth different spent 1.3-2 s of its ~3 s on the 948 different pairs when the readers did it, on
 * this shared machine under load (docs/performance.md has the figures since).
 *
 * <p>A read that fails part-way through a side's bulk read makes that side go on one ID at a time,
 * so that a state that cannot be read is reported as {@link Status#UNREADABLE} and the rest are
 * still compared; only a side that cannot even be listed fails the whole comparison.
 *
 * <p>IDs are selected on both sides by the same pattern ({@link Glob}, Meltano's fnmatch), in
 * this side's names: the other side's IDs are named back through the rename's inverse to be matched.
 * Each side reads only the states under the text every ID it compares starts with (the pattern's
 * literal head, the rename's, and for the other side that text renamed), where the backend can
 * narrow its scan so ({@link StateBackend#readStartingWith}).
 */
public final class Comparison {

    /** Receives the comparison's results, one call at a time, from the comparison's threads. */
    public interface Listener {
        /** One ID's result, as soon as it is known; every ID of either side comes exactly once. */
        void compared(IdComparison result);

        /** How far the reads have got, now and then. */
        default void progress(Progress progress) {
        }
    }

    /** States read so far on each side, and IDs whose result is out. */
    public record Progress(long readHere, long readThere, long compared) {}

    /** How many IDs ended in each status. */
    public record Totals(Map<Status, Long> counts) {
        public long count(Status status) {
            return counts.getOrDefault(status, 0L);
        }

        public long total() {
            return counts.values().stream().mapToLong(Long::longValue).sum();
        }

        /** Every ID reads the same on both sides: a tap would resume alike from either. */
        public boolean agree() {
            return counts.entrySet().stream().allMatch(e -> e.getKey().agrees() || e.getValue() == 0);
        }
    }

    /**
     * Characters of documents waiting for their counterpart that are kept, 32M: 32-64 MB of heap
     * where they are held as text (a system database's columns), several times that as the trees a
     * bucket's files are read into (not measured).
     */
    static final long DEFAULT_HELD_CHARS = 32L * 1024 * 1024;

    private static final int PROGRESS_EVERY = 512;
    /**
     * Pairs waiting for a comparer, per comparer, with both documents. Beyond them the reader
     * compares the pair itself rather than wait: it may be holding its backend's connection.
     */
    private static final int QUEUED_PER_COMPARER = 4;

    private static final Logger LOG = LoggerFactory.getLogger(Comparison.class);

    private final StateBackend here;
    private final StateBackend there;
    private final Glob glob;
    private final Rename rename;
    private final Rename back;
    /** What every ID compared here starts with, and every ID compared there: each side reads no other. */
    private final String herePrefix;
    private final String therePrefix;
    private final long heldLimit;

    private final AtomicBoolean cancelled = new AtomicBoolean();
    /** Set when a side fails: the other side stops too. */
    private final AtomicBoolean stopped = new AtomicBoolean();
    /** What stopped the comparison, a side or a comparer: {@link #run} throws it. */
    private final AtomicReference<RuntimeException> failure = new AtomicReference<>();
    /**
     * Compare the pairs whose stored text differs (parse, merge, diff, bookmarks: most of a
     * comparison's time) on every core while both readers read on; made by {@link #run}.
     */
    private ThreadPoolExecutor comparers;
    private final Map<String, Arrival> waiting = new ConcurrentHashMap<>();
    private final AtomicLong held = new AtomicLong();
    /** Pairs to read again at the end: their IDs only, so that nothing is held outside the budget. */
    private final Queue<Reread> readAgain = new ConcurrentLinkedQueue<>();
    private final AtomicLong readHere = new AtomicLong();
    private final AtomicLong readThere = new AtomicLong();
    private final Map<Status, Long> counts = new EnumMap<>(Status.class);
    private Listener listener;

    /**
     * @param pattern the IDs to compare, in this side's names; {@code null}: all
     * @param rename how this side's IDs are named on the other side; {@code null}: alike
     */
    public Comparison(StateBackend here, StateBackend there, String pattern, Rename rename) {
        this(here, there, pattern, rename, DEFAULT_HELD_CHARS);
    }

    Comparison(StateBackend here, StateBackend there, String pattern, Rename rename, long heldLimit) {
        this.here = here;
        this.there = there;
        this.glob = pattern == null ? null : Glob.compile(pattern);
        this.rename = rename;
        this.back = rename == null ? null : rename.inverse();
        String globPrefix = glob == null ? "" : glob.literalPrefix();
        String renamePrefix = rename == null ? "" : rename.sourcePrefix();
        // an ID compared here starts with both, so with the longer
        this.herePrefix = globPrefix.length() >= renamePrefix.length() ? globPrefix : renamePrefix;
        this.therePrefix = rename == null ? herePrefix : rename.renamedPrefix(herePrefix);
        this.heldLimit = heldLimit;
    }

    /** Asks a running comparison to stop; {@link #run} then throws {@link CancellationException}. */
    public void cancel() {
        cancelled.set(true);
    }

    /**
     * Reads and compares both sides; returns when every ID has been handed to the listener.
     *
     * @throws CancellationException the comparison was cancelled; the listener has had some IDs
     * @throws BackendException a side could not be listed at all (the message names the side)
     */
    public Totals run(Listener listener) {
        this.listener = listener;
        ExecutorService readers = Executors.newFixedThreadPool(2, threads(made -> made == 0 ? "cairn-compare-here" : "cairn-compare-there"));
        int cores = Runtime.getRuntime().availableProcessors();
        comparers = new ThreadPoolExecutor(cores, cores, 0, TimeUnit.SECONDS, new ArrayBlockingQueue<>(cores * QUEUED_PER_COMPARER),
                threads(made -> "cairn-compare-" + made), new ThreadPoolExecutor.CallerRunsPolicy());
        try {
            readers.invokeAll(List.of(reader(true), reader(false)));
            comparers.shutdown();
            while (!comparers.awaitTermination(1, TimeUnit.SECONDS)) {
                checkCancelled();
            }
        } catch (InterruptedException e) {
            cancel();
            Thread.currentThread().interrupt();
        } catch (CancellationException e) {
            // run() says why below
        } finally {
            readers.shutdownNow();
            comparers.shutdownNow();
        }
        if (cancelled.get()) {
            throw new CancellationException("comparison cancelled");
        }
        if (failure.get() != null) {
            throw failure.get();
        }
        for (Reread pair = readAgain.poll(); pair != null; pair = readAgain.poll()) {
            checkCancelled();
            compareAgain(pair.hereId(), pair.thereId());
        }
        List<Arrival> alone = new ArrayList<>(waiting.values());
        waiting.clear();
        for (Arrival arrival : alone) {
            checkCancelled();
            emit(arrival.here
                    ? IdComparison.onlyHere(arrival.id, arrival.otherId, arrival.problem)
                    : IdComparison.onlyThere(arrival.otherId, arrival.id, arrival.problem));
        }
        synchronized (this) {
            listener.progress(progress());
            return new Totals(new EnumMap<>(counts));
        }
    }

    private static ThreadFactory threads(IntFunction<String> name) {
        AtomicInteger made = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, name.apply(made.getAndIncrement()));
            thread.setDaemon(true);
            return thread;
        };
    }

    private Callable<Void> reader(boolean isHere) {
        return () -> {
            try {
                read(isHere);
            } catch (CancellationException e) {
                // cancelled, or stopped by the other side's failure: run() says which
            } catch (RuntimeException e) {
                failure.compareAndSet(null, e);
                stopped.set(true);
            }
            return null;
        };
    }

    /** One side: its bulk read, and where that fails part-way, the IDs it did not hand on, one by one. */
    private void read(boolean isHere) {
        StateBackend backend = isHere ? here : there;
        String prefix = isHere ? herePrefix : therePrefix;
        // a queue, not a set: only a bulk read that fails part-way looks IDs up, and the set (its
        // table growing, its nodes) took a seventh to a fifth of the readers' samples outside the
        // structural work
        Queue<String> handedOn = new ConcurrentLinkedQueue<>();
        Consumer<StoredState> arrival = stored -> {
            checkCancelled();
            handedOn.add(stored.stateId());
            arrive(isHere, stored.stateId(), stored.document(), null);
        };
        try {
            if (prefix.isEmpty()) {
                backend.readAll(null, arrival);
            } else {
                backend.readStartingWith(prefix, arrival);
            }
            return;
        } catch (CancellationException e) {
            throw e;
        } catch (RuntimeException e) {
            checkCancelled();
            LOG.warn("Reading {} failed part-way ({}); reading the rest one state at a time", backend.displayUri(), e.getMessage());
        }
        Set<String> seen = ConcurrentHashMap.newKeySet();
        seen.addAll(handedOn);
        try {
            backend.list(null, listed -> {
                checkCancelled();
                String id = listed.stateId();
                if (id.startsWith(prefix) && seen.add(id)) {
                    StoredState stored;
                    try {
                        stored = backend.read(id);
                    } catch (RuntimeException e) {
                        arrive(isHere, id, null, "cannot be read: " + message(e));
                        return;
                    }
                    arrive(isHere, id, stored.document(), null);
                }
            });
        } catch (CancellationException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new BackendException("cannot list the states of " + backend.displayUri() + ": " + message(e), e);
        }
    }

    /** A state read on one side: held until its counterpart arrives, or compared with the one waiting. */
    private void arrive(boolean isHere, String id, StateDocument document, String problem) {
        AtomicLong read = isHere ? readHere : readThere;
        if (read.incrementAndGet() % PROGRESS_EVERY == 0) {
            synchronized (this) {
                listener.progress(progress());
            }
        }
        String key = isHere ? hereKey(id) : thereKey(id);
        if (key == null) {
            return;
        }
        String otherId = isHere ? key : back == null ? id : back.apply(id);
        long chars = document == null ? 0 : StoredDigest.approximateChars(document);
        Arrival mine = new Arrival(isHere, id, otherId, document, null, chars, problem);
        Arrival[] waited = new Arrival[1];
        waiting.compute(key, (k, other) -> {
            if (other == null) {
                return hold(mine);
            }
            if (other.here == isHere) {
                return other; // listed twice: the first one counts
            }
            waited[0] = other;
            return null;
        });
        if (waited[0] != null) {
            held.addAndGet(-waited[0].heldChars());
            pair(isHere ? mine : waited[0], isHere ? waited[0] : mine);
        }
    }

    /** The arrival as it waits: with its document while the budget allows, else its digest alone. */
    private Arrival hold(Arrival arrival) {
        if (arrival.document == null || held.addAndGet(arrival.chars) <= heldLimit) {
            return arrival;
        }
        held.addAndGet(-arrival.chars);
        return arrival.withoutDocument();
    }

    private void pair(Arrival h, Arrival t) {
        if (h.problem != null || t.problem != null) {
            emit(IdComparison.unreadable(h.id, t.id, h.problem, t.problem));
        } else if (h.document != null && t.document != null) {
            if (StateComparison.sameStoredText(h.document, t.document)) {
                emit(IdComparison.of(h.id, t.id, StateComparison.same()));
            } else {
                comparers.execute(() -> compareHeld(h, t));
            }
        } else if (h.digest().equals(t.digest())) {
            emit(IdComparison.of(h.id, t.id, StateComparison.same()));
        } else {
            readAgain.add(new Reread(h.id, t.id));
        }
    }

    /** A pair whose stored text differs, on a comparer (or its reader, when the comparers are behind). */
    private void compareHeld(Arrival h, Arrival t) {
        if (cancelled.get() || stopped.get()) {
            return;
        }
        try {
            emit(IdComparison.of(h.id, t.id, StateComparison.of(h.document, t.document)));
        } catch (RuntimeException e) {
            failure.compareAndSet(null, e);
            stopped.set(true);
        }
    }

    /**
     * A pair whose digests differ, the first document having been let go while it waited: both read
     * again now (the second was not kept either, or the budget would not hold).
     */
    private void compareAgain(String hereId, String thereId) {
        StoredState hereState;
        StoredState thereState;
        try {
            hereState = here.read(hereId);
        } catch (RuntimeException e) {
            emit(IdComparison.unreadable(hereId, thereId, "cannot be read: " + message(e), null));
            return;
        }
        try {
            thereState = there.read(thereId);
        } catch (RuntimeException e) {
            emit(IdComparison.unreadable(hereId, thereId, null, "cannot be read: " + message(e)));
            return;
        }
        emit(IdComparison.of(hereId, thereId, StateComparison.of(hereState.document(), thereState.document())));
    }

    /**
     * Whether both sides file every ID under one key of one storage, whatever their URIs say (a
     * symlinked folder, {@code localhost} for {@code 127.0.0.1}): each ID would be compared with
     * itself. One ID's key tells, since a side files every ID under its own prefix.
     */
    public static boolean sameStorage(StateBackend here, StateBackend there) {
        return StateStorage.sameState(here, "cairn:compare-probe", there, "cairn:compare-probe");
    }

    /**
     * One pair of IDs compared now, outside a run: what a copy between the sides touched, looked at
     * again without comparing every other ID. Read as a run reads them: a state that cannot be read is
     * {@link Status#UNREADABLE}; an ID absent on a side is only on the other.
     *
     * @return the pair's result, or {@code null} where neither side holds a state under its ID
     */
    public static IdComparison compareOne(StateBackend here, StateBackend there, String hereId, String thereId) {
        StoredState hereState;
        StoredState thereState;
        try {
            hereState = here.read(hereId);
        } catch (RuntimeException e) {
            return IdComparison.unreadable(hereId, thereId, "cannot be read: " + message(e), null);
        }
        try {
            thereState = there.read(thereId);
        } catch (RuntimeException e) {
            return IdComparison.unreadable(hereId, thereId, null, "cannot be read: " + message(e));
        }
        if (!hereState.exists()) {
            return thereState.exists() ? IdComparison.onlyThere(hereId, thereId, null) : null;
        }
        if (!thereState.exists()) {
            return IdComparison.onlyHere(hereId, thereId, null);
        }
        return IdComparison.of(hereId, thereId, StateComparison.of(hereState.document(), thereState.document()));
    }

    /** This side's ID as the other side names it, or {@code null} for an ID outside the comparison. */
    private String hereKey(String id) {
        if (glob != null && !glob.matches(id)) {
            return null;
        }
        if (rename == null) {
            return id;
        }
        return rename.matches(id) ? rename.apply(id) : null;
    }

    /** The other side's ID itself, if its name here is in the comparison; else {@code null}. */
    private String thereKey(String id) {
        String hereId = id;
        if (rename != null) {
            if (!back.matches(id)) {
                return null;
            }
            hereId = back.apply(id);
            if (!rename.matches(hereId) || !rename.apply(hereId).equals(id)) {
                return null; // the rename would not name any ID of this side so
            }
        }
        return glob == null || glob.matches(hereId) ? id : null;
    }

    private synchronized void emit(IdComparison result) {
        counts.merge(result.status(), 1L, Long::sum);
        listener.compared(result);
    }

    /** Under this object's lock, as {@link #emit} counts there. */
    private Progress progress() {
        return new Progress(readHere.get(), readThere.get(), new Totals(counts).total());
    }

    private void checkCancelled() {
        if (cancelled.get() || stopped.get()) {
            throw new CancellationException("comparison cancelled");
        }
    }

    private static String message(Throwable e) {
        return e.getMessage() == null ? e.toString() : e.getMessage();
    }

    /** Two IDs, one a side, whose states are compared again once both sides are read. */
    private record Reread(String hereId, String thereId) {}

    /**
     * A state read on one side. {@code otherId} is its ID on the other side; {@code document} is
     * {@code null} where it could not be read ({@code problem} says why) or was let go while waiting.
     */
    private record Arrival(boolean here, String id, String otherId, StateDocument document, StoredDigest storedDigest,
                           long chars, String problem) {
        long heldChars() {
            return document == null ? 0 : chars;
        }

        /** The digest taken when the document was let go, or of the document in hand. */
        StoredDigest digest() {
            return storedDigest != null ? storedDigest : StoredDigest.of(document);
        }

        Arrival withoutDocument() {
            return new Arrival(here, id, otherId, null, StoredDigest.of(document), chars, problem);
        }
    }
}
