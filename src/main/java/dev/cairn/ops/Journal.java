package dev.cairn.ops;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.backend.BackendException;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.backend.Version;
import dev.cairn.state.StateDocument;
import java.io.Writer;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The local record of every write Cairn makes: before a write, the state as it was (the backup);
 * after it, how it ended. What callers use of it: its jobs are the database ({@link
 * JournalDatabase}: a SQLite file the app and the command line share, written in group commits),
 * its tables ({@link JournalRows}: one row per write, documents stored once), the questions undo
 * and history ask ({@link JournalQueries}), and its JSON-lines form ({@link JournalJson}, read back
 * by {@link JournalImport}).
 */
public final class Journal {

    /** How a journalled write ended. */
    public enum Status { STARTED, DONE, FAILED }

    /**
     * One write: what it changed, where, whether it undid an earlier one, and the documents before
     * and after. {@code action} names verb and target ("Clear state of x on uri"), {@code verb} only
     * what was done ("Clear state"). {@code group} is shared by the writes of one operation that
     * wrote several states (a move's two halves, a clear of many IDs), which are undone together;
     * null for a write of its own. {@code kind} and {@code parameters} say what was done as fields
     * ({@link WriteCommand#kind}, {@link WriteCommand#parameters}); both null for a write journalled
     * before the journal had them, which only its words describe.
     */
    public record Entry(String id, Instant time, String backend, String stateId, String action, String verb, boolean undo,
                        StateDocument before, StateDocument after, Version versionBefore,
                        Status status, Version versionAfter, String error, String group,
                        WriteKind kind, ObjectNode parameters) {

        /** The write happened and its undo is possible in principle. */
        public boolean isDone() {
            return status == Status.DONE;
        }
    }

    /** The writes this process began and has not ended: their own end is on its way, so they are not settled from here. */
    private final Set<String> underWay = ConcurrentHashMap.newKeySet();
    /**
     * The {@code STARTED} records this process has read against their backend: each is read once, so
     * one left {@code STARTED} (its state changed since by someone else) costs no read at every listing.
     */
    private final Set<String> settling = ConcurrentHashMap.newKeySet();

    private final JournalDatabase database;
    private final JournalQueries queries;

    public Journal(Path folder) {
        this.database = new JournalDatabase(folder);
        this.queries = new JournalQueries(database);
    }

    public Path file() {
        return database.file();
    }

    /** A new group, for the writes of one operation that writes several states ({@link Entry#group}). */
    public static String newGroup() {
        return UUID.randomUUID().toString();
    }

    // ---- a write's record: begun, then ended ------------------------------------------------

    /** Records the command as started, in the group (null: a write of its own). */
    Entry begin(WriteCommand command, String group) {
        Entry entry = new Entry(UUID.randomUUID().toString(), Instant.now(), command.backend().displayUri(),
                command.stateId(), command.description(), command.verb(), command.isUndo(),
                command.before().exists() ? command.before().document() : null, command.after(),
                command.before().version(), Status.STARTED, null, null, group, command.kind(), command.parameters());
        JournalRows.Row row = new JournalRows.Row(entry);
        underWay.add(entry.id());
        try {
            database.write(row::insert, "nothing was written");
        } catch (RuntimeException e) {
            underWay.remove(entry.id());
            throw e;
        }
        return entry;
    }

    void done(Entry entry, Version written) {
        try {
            database.write(c -> JournalRows.end(c, entry.id(), Status.DONE, written, null),
                    "the state was written; the journal holds its backup but not that it completed");
        } finally {
            underWay.remove(entry.id());
        }
    }

    void fail(Entry entry, Exception error) {
        try {
            database.write(c -> JournalRows.end(c, entry.id(), Status.FAILED, null, error.getMessage()),
                    "the write had failed: " + error.getMessage());
        } finally {
            underWay.remove(entry.id());
        }
    }

    // ---- what it holds ------------------------------------------------------------------------

    /** The writes to one state on one backend, newest first. */
    public List<Entry> history(String backend, String stateId) {
        return queries.history(backend, stateId);
    }

    /**
     * The newest completed write to the backend (and ID, unless null) that is not itself an undo
     * and has not been undone yet; undoing repeatedly walks back through the writes.
     */
    public Entry lastUndoable(String backend, String stateId) {
        return queries.lastUndoable(backend, stateId);
    }

    /**
     * The writes of the group to the backend that are done and not undone yet, newest first: what
     * undoing the group there puts back. A write of the group undone on its own ({@code undo ID})
     * is not among them.
     */
    public List<Entry> undoableInGroup(String backend, String group) {
        return queries.undoableInGroup(backend, group);
    }

    /** The backends other than {@code backend} on which writes of the group are still undoable, in the order written. */
    public List<String> otherBackendsToUndo(String group, String backend) {
        return queries.otherBackendsToUndo(group, backend);
    }

    /**
     * {@link #lastUndoable(String, String)} after settling the backend's writes whose end the
     * journal could not record ({@link #settle}): such a write can be undone, and no longer stands
     * in the way of undoing the ones before it. A backend that cannot be read fails the undo here.
     */
    public Entry lastUndoable(StateBackend backend, String stateId) {
        settle(backend, stateId).ifPresent(unsettled -> {
            throw unsettled.cause();
        });
        return lastUndoable(backend.displayUri(), stateId);
    }

    /**
     * Writes the journal as JSON lines, oldest first, one line per write with its outcome: the
     * writes to {@code backend} (all backends when null) and to {@code stateId} (all IDs when null).
     * Read back as the old JSON-lines journal is, when put in its place.
     */
    public void export(String backend, String stateId, Writer out) {
        database.read(c -> {
            JournalJson.export(c, backend, stateId, out);
            return null;
        });
    }

    /**
     * A write as one JSON object, as {@code journal export} prints it (with its documents) and
     * {@code history --format json} (without): every field present, null where it does not apply,
     * in snake_case. {@link JournalJson#fromJson} reads it back, and the camelCase lines of an older Cairn too.
     */
    public static ObjectNode record(Entry entry, boolean withDocuments) {
        return JournalJson.record(entry, withDocuments);
    }

    // ---- settling the writes whose end was not recorded ---------------------------------------

    /**
     * {@code STARTED} records that settling left as they were because the backend could not be
     * read (or the journal not written): how many, and the error.
     */
    public record Unsettled(int writes, BackendException cause) {

        /** One sentence for the listing that shows them. */
        public String message() {
            return writes + (writes == 1 ? " write whose end the journal could not record stays"
                    : " writes whose end the journal could not record stay") + " 'started': settling "
                    + (writes == 1 ? "it" : "them") + " failed: " + cause.getMessage();
        }
    }

    /**
     * Settles the writes to the backend (and ID, unless null) still {@code STARTED}: the journal
     * could not record how they ended (its disk was full, the process was killed between writing
     * and recording). The stored state tells: holding the write's document, the write was made
     * ({@code DONE} at the version stored); still at the version before, it was not ({@code
     * FAILED}, "not written"). A state changed since by someone else leaves the record as it is. A
     * write of another process still under way may be settled too: its own record of how it ended
     * comes later and wins; this process's own are left alone. Each record is read once per process;
     * blocking (one read of the backend per ID among the records).
     *
     * @return the records left {@code STARTED} because the backend could not be read or the journal
     *         not written (the first failure ends settling: the others are not tried), for a later
     *         call to try again
     */
    public Optional<Unsettled> settle(StateBackend backend, String stateId) {
        List<Entry> started = queries.started(backend.displayUri(), stateId);
        List<Entry> unread = new ArrayList<>();
        for (Entry entry : started) {
            if (!underWay.contains(entry.id()) && settling.add(entry.id())) {
                unread.add(entry);
            }
        }
        // several records of one ID are settled against one read of its state
        Map<String, StoredState> stored = new HashMap<>();
        for (int i = 0; i < unread.size(); i++) {
            try {
                Entry entry = unread.get(i);
                settle(entry, stored.computeIfAbsent(entry.stateId(), backend::read));
            } catch (BackendException e) {
                List<Entry> left = unread.subList(i, unread.size());
                left.forEach(untried -> settling.remove(untried.id()));
                return Optional.of(new Unsettled(left.size(), e));
            }
        }
        return Optional.empty();
    }

    private void settle(Entry entry, StoredState now) {
        boolean written = entry.after() == null ? !now.exists() : now.exists() && entry.after().equals(now.document());
        if (written) {
            database.write(c -> JournalRows.settled(c, entry.id(), Status.DONE, now.version(), null), "its record stays as it was");
        } else if (now.version().equals(entry.versionBefore())) {
            database.write(c -> JournalRows.settled(c, entry.id(), Status.FAILED, null, "not written: the state was still as before"
                    + " when the journal settled the write it could not record the end of"), "its record stays as it was");
        }
    }
}
