package dev.cairn.ops;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.backend.BackendException;
import dev.cairn.backend.ConflictException;
import dev.cairn.backend.ListedState;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StateStorage;
import dev.cairn.backend.StoredState;
import dev.cairn.state.Glob;
import dev.cairn.state.StateError;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.StringJoiner;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Copies or moves states, within a backend or across two, one ID or many. By default each ID is
 * copied as {@code meltano state copy} does it: the source's effective state becomes the
 * destination's completed state, with an empty partial; a source Meltano cannot read, or whose
 * effective state has no {@code singer_state}, fails as it fails in Meltano. {@link Content#AS_STORED}
 * copies both documents exactly as stored instead (backups, migrations between backends). Writes
 * are compare-and-set on the destination as read; a move deletes the source only if it is still
 * the version that was copied. IDs run concurrently and independently: one failure stops
 * nothing else, and running the same transfer again finishes what is left (an identical destination
 * counts as done).
 */
public final class Transfer {

    /** Copy keeps the source; move deletes it after the copy. */
    public enum Mode { COPY, MOVE }

    /** What a copy writes to the destination. */
    public enum Content {
        /** What Meltano's copy stores: the source's effective state as the completed state, an empty partial. */
        EFFECTIVE,
        /** Both documents exactly as stored, a pending partial state included. */
        AS_STORED
    }

    /** What to do when the destination ID already holds a different state. */
    public enum OnConflict { SKIP, OVERWRITE, FAIL }

    /** How one ID ended. */
    public enum Outcome { COPIED, MOVED, SKIPPED, CONFLICT, FAILED, CANCELLED }

    /** One source ID and the ID it goes to. */
    public record Item(String sourceId, String targetId) {}

    /** What happened to one item, with the reason where it did not go through. */
    public record Result(Item item, Outcome outcome, String detail) {
        public boolean succeeded() {
            return outcome == Outcome.COPIED || outcome == Outcome.MOVED || outcome == Outcome.SKIPPED;
        }
    }

    /**
     * What a transfer would do to one item, without doing it; {@code copy} is the write to the
     * destination as planned, or null where the item is refused before one could be planned.
     */
    public record Planned(Item item, StoredState source, StoredState target, Outcome expected, String detail,
                          WriteCommand copy) {
        Planned(Item item, StoredState source, StoredState target, Outcome expected, String detail) {
            this(item, source, target, expected, detail, null);
        }
    }

    /** Progress callback: called from worker threads after each item. */
    public interface Progress {
        void itemDone(int done, int total, Result result);
    }

    public static final int DEFAULT_CONCURRENCY = 16;

    private static final Logger LOG = LoggerFactory.getLogger(Transfer.class);

    private static final String AS_STORED_HINT = " (copying the stored documents as they are still works)";

    private final StateBackend source;
    private final StateBackend target;
    private final Mode mode;
    private final OnConflict onConflict;
    private final Content content;
    private final Journal journal;
    private final AtomicBoolean cancelled = new AtomicBoolean();
    private final AtomicInteger writtenWithoutRunsRow = new AtomicInteger();
    private volatile Boolean sharedStorage;

    public Transfer(StateBackend source, StateBackend target, Mode mode, OnConflict onConflict, Content content,
                    Journal journal) {
        this.source = source;
        this.target = target;
        this.mode = mode;
        this.onConflict = onConflict;
        this.content = content;
        this.journal = journal;
    }

    /**
     * The source IDs the glob matches (null: every ID), renamed: the same IDs on every backend
     * ({@link StateBackend#listMatching}), not the family's Meltano reading of the pattern
     * ({@code LIKE} on a system database).
     *
     * @throws IllegalArgumentException the renamed IDs meet each other or the sources, or a move's
     *         meet themselves (see {@link #requireDisjoint})
     */
    public List<Item> select(String pattern, Rename rename) {
        List<Item> items = new ArrayList<>();
        for (ListedState listed : pattern == null ? source.list(null) : source.listMatching(Glob.compile(pattern))) {
            items.add(new Item(listed.stateId(), rename.apply(listed.stateId())));
        }
        requireDisjoint(items);
        return items;
    }

    /**
     * Refuses items of which two write to one destination ({@code *-*=**} maps {@code a-bc} and
     * {@code ab-c} to {@code abc}), or one writes to another one's source in the same storage
     * ({@code n:a -> n:ax} with {@code n:ax -> n:axx}): which state survives would depend on the
     * order the items run in, and the other is lost. A move also refuses items whose destination is
     * their source under another name (a symlinked folder, {@code localhost} for {@code 127.0.0.1}, a
     * prefix with a trailing {@code /}): it would copy the state onto itself, then delete it.
     *
     * @throws IllegalArgumentException naming the first such ID; nothing has been written
     */
    public void requireDisjoint(List<Item> items) {
        String done = mode == Mode.MOVE ? "moved" : "copied";
        Map<String, Item> byTarget = new HashMap<>();
        for (Item item : items) {
            Item same = byTarget.putIfAbsent(item.targetId(), item);
            if (same != null) {
                throw new IllegalArgumentException("refused: " + same.sourceId() + " and " + item.sourceId()
                        + " would both be " + done + " to " + item.targetId() + " (the last one would win)");
            }
        }
        if (!sameStorage()) {
            return;
        }
        if (mode == Mode.MOVE) {
            List<Item> ontoItself = items.stream().filter(this::sameState).toList();
            if (!ontoItself.isEmpty()) {
                Item first = ontoItself.get(0);
                throw new IllegalArgumentException("refused: " + first.sourceId() + " on " + source.displayUri() + " and "
                        + first.targetId() + " on " + target.displayUri() + " are one state, the two naming the same"
                        + " storage" + (items.size() > 1 ? " (" + ontoItself.size() + " of " + items.size() + " IDs)" : "")
                        + ": a move would copy it onto itself, then delete it; nothing was written");
            }
        }
        Map<String, Item> bySource = new HashMap<>();
        items.forEach(item -> bySource.put(source.storageKey(item.sourceId()), item));
        for (Item item : items) {
            Item overwritten = bySource.get(target.storageKey(item.targetId()));
            if (overwritten != null && overwritten != item) {
                throw new IllegalArgumentException("refused: " + item.sourceId() + " would be " + done + " onto "
                        + item.targetId() + ", which is itself " + done + " to " + overwritten.targetId()
                        + " (the result would depend on the order); choose destination IDs that are not sources");
            }
        }
    }

    /**
     * Whether source and destination keep their states in one storage, whatever their URIs say;
     * asked once, on the first thread that needs it (a server may be asked).
     */
    private boolean sameStorage() {
        Boolean shared = sharedStorage;
        if (shared == null) {
            shared = StateStorage.shared(source, target);
            sharedStorage = shared;
        }
        return shared;
    }

    /** Whether the item's destination is its source: the same key in the same storage. */
    private boolean sameState(Item item) {
        return sameStorage() && source.storageKey(item.sourceId()).equals(target.storageKey(item.targetId()));
    }

    /**
     * What the user is told after a run that wrote states without the {@code runs} rows Meltano's
     * copy adds (the destination's system database has no {@code runs} table); empty after any other.
     */
    public Optional<String> runsRowNote() {
        int n = writtenWithoutRunsRow.get();
        return n == 0 ? Optional.empty()
                : Optional.of(WriteCommand.noRunsRows(n == 1 ? "the state written" : "the " + n + " states written"));
    }

    /** Asks a running transfer to stop after the items in flight; the rest end as CANCELLED. */
    public void cancel() {
        cancelled.set(true);
    }

    /** Reads both sides of an item and says what {@link #run} would do with it. */
    public Planned plan(Item item) {
        return plan(item, null);
    }

    /**
     * {@link #plan(Item)}, reading the destination only if {@code existing} names it: one listed as
     * absent is planned as absent unread ({@code existing} null: every destination is read).
     */
    private Planned plan(Item item, Set<String> existing) {
        if (sameState(item)) {
            String why = "source and destination are the same state" + (source.displayUri().equals(target.displayUri())
                    ? "" : " (" + source.displayUri() + " and " + target.displayUri() + " name the same storage)");
            return mode == Mode.MOVE
                    ? new Planned(item, null, null, Outcome.FAILED, why + ": a move would delete it")
                    : new Planned(item, null, null, Outcome.SKIPPED, why + ": nothing to copy");
        }
        StoredState from = source.read(item.sourceId());
        if (!from.exists()) {
            return new Planned(item, from, null, Outcome.FAILED, "no state stored for " + item.sourceId());
        }
        Edit edit;
        try {
            edit = copyEdit(item, from);
        } catch (EditRefused e) {
            return new Planned(item, from, null, Outcome.FAILED, e.getMessage());
        }
        StoredState to = existing == null || existing.contains(item.targetId())
                ? target.read(item.targetId())
                : StoredState.absent(item.targetId());
        WriteCommand copy;
        try {
            copy = WriteCommand.plan(target, edit, to);
        } catch (EditRefused e) {
            return new Planned(item, from, to, Outcome.FAILED, e.getMessage());
        }
        if (to.exists() && copy.changesNothing()) {
            return new Planned(item, from, to, mode == Mode.MOVE ? Outcome.MOVED : Outcome.SKIPPED,
                    "the destination already holds this state", copy);
        }
        if (to.exists() && onConflict != OnConflict.OVERWRITE) {
            return new Planned(item, from, to, onConflict == OnConflict.SKIP ? Outcome.SKIPPED : Outcome.CONFLICT,
                    "the destination already holds a different state", copy);
        }
        return new Planned(item, from, to, mode == Mode.MOVE ? Outcome.MOVED : Outcome.COPIED,
                (to.exists() ? "overwrites the destination's state with " : "creates the destination's state from ")
                        + whatIsCopied(from), copy);
    }

    /**
     * A move's second write: the deletion of a planned item's source, valid only while the source is
     * still the version {@link #plan} read.
     */
    public WriteCommand sourceDeletion(Planned planned) {
        try {
            return WriteCommand.plan(source, Edit.movedTo(planned.item().targetId()), planned.source());
        } catch (EditRefused e) {
            throw new IllegalStateException("a deletion applies to any state", e);
        }
    }

    /** The write of one source to the destination, as {@link #content} says. */
    private Edit copyEdit(Item item, StoredState from) throws EditRefused {
        if (content == Content.AS_STORED) {
            return Edit.copyAsStored(from.document(), item.sourceId(), mode == Mode.MOVE);
        }
        // Meltano's copy is set_state(dst, json.dumps(get_state(src))): it reads the source as `get`
        // does and validates the result as `set` does, so it fails where either fails.
        JsonNode effective;
        try {
            effective = from.document().effective();
        } catch (StateError e) {
            throw new EditRefused("Meltano's copy fails on this source: " + e.getMessage() + AS_STORED_HINT);
        }
        if (effective == null || !effective.isObject() || !effective.has("singer_state")) {
            throw new EditRefused("the source's effective state has no top-level singer_state, so Meltano's copy"
                    + " refuses it" + AS_STORED_HINT);
        }
        return Edit.copyOf((ObjectNode) effective, item.sourceId(), mode == Mode.MOVE);
    }

    private String whatIsCopied(StoredState from) {
        if (content == Content.AS_STORED) {
            return from.document().hasPendingPartial()
                    ? "both stored documents, the pending partial state kept as partial (not what Meltano's copy stores)"
                    : "both stored documents as they are";
        }
        return from.document().hasPendingPartial()
                ? "the source's effective state (its pending partial state merged in), as Meltano's copy stores it"
                : "the source's state, as Meltano's copy stores it";
    }

    /**
     * How many IDs a listing may return per destination it saves reading before it costs more than
     * the reads: an object store lists 1,000 keys per request and reads one.
     */
    static final int LISTED_PER_READ_SAVED = 1_000;

    /** Stops a listing that has grown past what it saves. */
    private static final class ListingTooLong extends RuntimeException {
        ListingTooLong() {
            super(null, null, false, false);
        }
    }

    /**
     * The destination IDs that exist, from one listing of the destination backend, so that a
     * destination the listing does not name is planned as absent without a read of its own: a new
     * ID costs one request less on an object store (read, lock, put, unlock become lock, put,
     * unlock). Only a hint: the write stays compare-and-set against "absent", and one that finds a
     * state there after all (written since the listing) is planned again on a real read. Null —
     * read every destination — for a single item, or when the destination holds so many IDs that
     * listing them costs more than reading the items' destinations.
     */
    private Set<String> existingTargets(List<Item> items) {
        if (items.size() < 2) {
            return null;
        }
        long limit = (long) LISTED_PER_READ_SAVED * items.size();
        Set<String> existing = new HashSet<>();
        try {
            target.list(null, listed -> {
                if (existing.size() >= limit) {
                    throw new ListingTooLong();
                }
                existing.add(listed.stateId());
            });
        } catch (ListingTooLong e) {
            return null;
        } catch (BackendException e) {
            return null; // a store that lets us read and write but not list (an S3 policy without ListBucket)
        }
        return existing;
    }

    /**
     * Runs every item with bounded concurrency; results come back in the order of the items. All
     * its writes, a move's copies and deletions, are one journal group: undone together.
     */
    public List<Result> run(List<Item> items, int concurrency, Progress progress) {
        requireDisjoint(items);
        String group = Journal.newGroup();
        Set<String> existing = cancelled.get() ? null : existingTargets(items);
        long started = System.nanoTime();
        AtomicInteger done = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(concurrency, items.size())), daemon());
        try {
            List<Future<Result>> futures = new ArrayList<>(items.size());
            for (Item item : items) {
                futures.add(pool.submit(() -> {
                    Result result = cancelled.get() ? new Result(item, Outcome.CANCELLED, "cancelled")
                            : runOne(item, existing, group);
                    progress.itemDone(done.incrementAndGet(), items.size(), result);
                    return result;
                }));
            }
            List<Result> results = new ArrayList<>(items.size());
            for (Future<Result> f : futures) {
                results.add(f.get());
            }
            logSummary(results, System.nanoTime() - started);
            return results;
        } catch (InterruptedException e) {
            cancel();
            Thread.currentThread().interrupt();
            throw new BackendException("the transfer was interrupted");
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
            try {
                pool.awaitTermination(1, TimeUnit.MINUTES);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Copies (and for a move, deletes) one item, its destination planned on {@code existing} as
     * {@link #plan(Item, Set)} does, journalled in {@code group}; never throws.
     */
    private Result runOne(Item item, Set<String> existing, String group) {
        boolean assumedAbsent = existing != null && !existing.contains(item.targetId());
        try {
            Planned planned = plan(item, existing);
            if (planned.expected() != Outcome.COPIED && planned.expected() != Outcome.MOVED) {
                if (planned.expected() == Outcome.SKIPPED) {
                    target.removeLeftoverLock(item.targetId()); // a killed run may have written it and died holding the lock
                }
                return new Result(item, planned.expected(), planned.detail());
            }
            WriteCommand copy = planned.copy();
            if (!copy.changesNothing()) {
                copy.executeInBulk(journal, group);
                if (copy.writtenWithoutRunsRow()) {
                    writtenWithoutRunsRow.incrementAndGet();
                }
            } else { // a move re-run after its copy landed: only the delete is left, and perhaps the killed run's lock
                target.removeLeftoverLock(item.targetId());
            }
            if (mode == Mode.COPY) {
                return new Result(item, Outcome.COPIED, planned.detail());
            }
            try {
                sourceDeletion(planned).executeInBulk(journal, group);
            } catch (ConflictException e) {
                return new Result(item, Outcome.CONFLICT,
                        "copied, but the source changed since it was read, so it was not deleted");
            }
            return new Result(item, Outcome.MOVED, planned.detail());
        } catch (ConflictException e) {
            if (assumedAbsent) {
                return runOne(item, null, group); // created since the listing: plan on what is there now
            }
            return new Result(item, Outcome.CONFLICT, "the destination changed while copying; nothing was overwritten");
        } catch (BackendException | IllegalArgumentException e) {
            return new Result(item, Outcome.FAILED, e.getMessage());
        } catch (RuntimeException e) {
            return new Result(item, Outcome.FAILED, e.toString());
        }
    }

    /**
     * One line per transfer, the per-ID lines being at DEBUG: how many IDs ended how, and where the
     * journal holds each one's backup.
     */
    private void logSummary(List<Result> results, long nanos) {
        Map<Outcome, Integer> counts = new EnumMap<>(Outcome.class);
        results.forEach(r -> counts.merge(r.outcome(), 1, Integer::sum));
        StringJoiner outcomes = new StringJoiner(", ");
        counts.forEach((outcome, n) -> outcomes.add(n + " " + outcome.name().toLowerCase(Locale.ROOT)));
        String what = results.size() == 1
                ? results.get(0).item().sourceId() + " -> " + results.get(0).item().targetId()
                : results.size() + " IDs";
        LOG.info("{} of {} from {} to {} in {} ms: {} (journal {})", mode == Mode.MOVE ? "Move" : "Copy", what,
                source.displayUri(), target.displayUri(), nanos / 1_000_000, outcomes, journal.file());
        runsRowNote().ifPresent(LOG::warn);
    }

    private static ThreadFactory daemon() {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, "cairn-transfer-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
