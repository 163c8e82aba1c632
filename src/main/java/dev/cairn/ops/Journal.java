package dev.cairn.ops;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.backend.BackendException;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.backend.Version;
import dev.cairn.state.Json;
import dev.cairn.state.JsonSyntaxError;
import dev.cairn.state.PythonJson;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StatePart;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

/**
 * The local record of every write Cairn makes: before a write, the state as it was (the backup);
 * after it, how it ended. A SQLite database ({@code journal.db}, WAL) that the app and the command
 * line share: one row per write, indexed by backend and state ID, and every document text stored
 * once, deflated, under its SHA-256 — so a state written a hundred times with the same big
 * completed document holds it once, and the history of one ID reads only that ID's rows.
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

    /**
     * How long a write waits while another process (the window while the command line writes, or an
     * import of an old journal) holds the database.
     */
    private static final int BUSY_TIMEOUT_MS = 60_000;

    /**
     * How long the connection that writes stays open after the last commit. Reopening it per batch
     * costs a checkpoint each time (SQLite checkpoints when the last connection closes): measured
     * here, a journalled write took ~48 ms instead of 7-14 ms. Closing when idle leaves no file
     * open in a window that is not writing.
     */
    private static final long WRITER_IDLE_NANOS = 2_000_000_000L;

    private static final String[] SCHEMA = {
        "CREATE TABLE IF NOT EXISTS documents (hash TEXT PRIMARY KEY, size INTEGER NOT NULL, deflated BLOB NOT NULL)",
        // a document column holds the hash of a part's text; both parts of a side are NULL when the state was absent
        "CREATE TABLE IF NOT EXISTS writes (seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, time TEXT NOT NULL,"
                + " backend TEXT NOT NULL, state_id TEXT NOT NULL, action TEXT NOT NULL, verb TEXT NOT NULL,"
                + " undo INTEGER NOT NULL,"
                + " before_completed TEXT, before_partial TEXT, after_completed TEXT, after_partial TEXT,"
                + " version_before TEXT NOT NULL, status TEXT NOT NULL, version_after TEXT, error TEXT, group_id TEXT,"
                + " kind TEXT, parameters TEXT)",
        "CREATE INDEX IF NOT EXISTS writes_by_state ON writes (backend, state_id, seq)",
    };

    /**
     * The columns an older journal lacks, by name, with what adds each when it is opened: {@code
     * group_id} came with groups, {@code kind} and {@code parameters} (JSON) with typed edits. Rows
     * written before have them null.
     */
    private static final Map<String, String> ADDED_COLUMNS = Map.of(
            "group_id", "ALTER TABLE writes ADD COLUMN group_id TEXT",
            "kind", "ALTER TABLE writes ADD COLUMN kind TEXT",
            "parameters", "ALTER TABLE writes ADD COLUMN parameters TEXT");

    private static final String COLUMNS = "id, time, backend, state_id, action, verb, undo, before_completed, before_partial,"
            + " after_completed, after_partial, version_before, status, version_after, error, group_id, kind, parameters";

    /** Where a record starts in the old JSON-lines journal: every line began with its id and time. */
    private static final Pattern RECORD_START = Pattern.compile("\\{\"(?:journal_)?id\": ?\"[0-9a-f-]{36}\", ?\"time\"");

    private final Path folder;
    private final Path file;
    /** Built by {@link #open()} on first use, not here: the window's first frame needs no SQLite classes. */
    private SQLiteConfig config;
    private final Queue<Queued> queue = new ConcurrentLinkedQueue<>();
    private final Object flushLock = new Object();
    /** The connection batches commit on, open while writes come; guarded by {@link #flushLock}. */
    private Connection writer;
    private long lastCommit;
    private final Object openLock = new Object();
    private volatile boolean opened;
    /**
     * The database file's identity (device and inode) when this process opened it, or null where
     * the file system has none: a file deleted or replaced since takes the backups of later writes
     * with it (they would go into an unlinked file), so writes stop when it changes.
     */
    private Object identity;
    /** The writes this process began and has not ended: their own end is on its way, so they are not settled from here. */
    private final Set<String> underWay = ConcurrentHashMap.newKeySet();
    /**
     * The {@code STARTED} records this process has read against their backend: each is read once, so
     * one left {@code STARTED} (its state changed since by someone else) costs no read at every listing.
     */
    private final Set<String> settling = ConcurrentHashMap.newKeySet();

    public Journal(Path folder) {
        this.folder = folder;
        this.file = folder.resolve("journal.db");
    }

    public Path file() {
        return file;
    }

    /** A new group, for the writes of one operation that writes several states ({@link Entry#group}). */
    public static String newGroup() {
        return UUID.randomUUID().toString();
    }

    /** Records the command as started, in the group (null: a write of its own). */
    Entry begin(WriteCommand command, String group) {
        Entry entry = new Entry(UUID.randomUUID().toString(), Instant.now(), command.backend().displayUri(),
                command.stateId(), command.description(), command.verb(), command.isUndo(),
                command.before().exists() ? command.before().document() : null, command.after(),
                command.before().version(), Status.STARTED, null, null, group, command.kind(), command.parameters());
        Row row = new Row(entry);
        underWay.add(entry.id());
        try {
            write(row::insert, "nothing was written");
        } catch (RuntimeException e) {
            underWay.remove(entry.id());
            throw e;
        }
        return entry;
    }

    void done(Entry entry, Version written) {
        try {
            write(c -> end(c, entry.id(), Status.DONE, written, null),
                    "the state was written; the journal holds its backup but not that it completed");
        } finally {
            underWay.remove(entry.id());
        }
    }

    void fail(Entry entry, Exception error) {
        try {
            write(c -> end(c, entry.id(), Status.FAILED, null, error.getMessage()),
                    "the write had failed: " + error.getMessage());
        } finally {
            underWay.remove(entry.id());
        }
    }

    /** The writes to one state on one backend, newest first. */
    public List<Entry> history(String backend, String stateId) {
        return read(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT " + COLUMNS
                    + " FROM writes WHERE backend = ? AND state_id = ? ORDER BY seq DESC")) {
                s.setString(1, backend);
                s.setString(2, stateId);
                return entries(c, s);
            }
        });
    }

    /**
     * The newest completed write to the backend (and ID, unless null) that is not itself an undo
     * and has not been undone yet; undoing repeatedly walks back through the writes.
     */
    public Entry lastUndoable(String backend, String stateId) {
        return read(c -> {
            List<Undoable> undoable = undoable(c, backend, stateId);
            return undoable.isEmpty() ? null : entry(c, undoable.get(undoable.size() - 1).seq());
        });
    }

    /**
     * The writes of the group to the backend that are done and not undone yet, newest first: what
     * undoing the group there puts back. A write of the group undone on its own ({@code undo ID})
     * is not among them.
     */
    public List<Entry> undoableInGroup(String backend, String group) {
        return read(c -> {
            List<Entry> entries = new ArrayList<>();
            for (Undoable u : undoable(c, backend, null)) {
                if (group.equals(u.group())) {
                    entries.add(0, entry(c, u.seq()));
                }
            }
            return entries;
        });
    }

    /** The backends other than {@code backend} on which writes of the group are still undoable, in the order written. */
    public List<String> otherBackendsToUndo(String group, String backend) {
        return read(c -> {
            List<String> written = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement("SELECT backend FROM writes WHERE group_id = ? AND backend <> ?"
                    + " AND status = 'DONE' GROUP BY backend ORDER BY MIN(seq)")) {
                s.setString(1, group);
                s.setString(2, backend);
                try (ResultSet r = s.executeQuery()) {
                    while (r.next()) {
                        written.add(r.getString(1));
                    }
                }
            }
            List<String> undoable = new ArrayList<>();
            for (String other : written) {
                if (undoable(c, other, null).stream().anyMatch(u -> group.equals(u.group()))) {
                    undoable.add(other);
                }
            }
            return undoable;
        });
    }

    /**
     * The walk back through the backend's writes (to one ID, unless null), oldest first: every
     * completed write that is not an undo, less those an undo has put back. It needs versions only:
     * documents are read for the entries picked from it.
     */
    private static List<Undoable> undoable(Connection c, String backend, String stateId) throws SQLException {
        String sql = "SELECT seq, state_id, undo, version_before, version_after, group_id FROM writes"
                + " WHERE backend = ? AND status = 'DONE'" + (stateId == null ? "" : " AND state_id = ?") + " ORDER BY seq";
        List<Undoable> undoable = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, backend);
            if (stateId != null) {
                s.setString(2, stateId);
            }
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    Undoable w = new Undoable(r.getLong(1), r.getString(2), r.getString(4), r.getString(5), r.getString(6));
                    if (r.getBoolean(3)) {
                        // an undo starts from the version the write it undoes left behind
                        undoable.removeIf(u -> u.stateId().equals(w.stateId()) && w.versionBefore().equals(u.versionAfter()));
                    } else {
                        undoable.add(w);
                    }
                }
            }
        }
        return undoable;
    }

    private static Entry entry(Connection c, long seq) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT " + COLUMNS + " FROM writes WHERE seq = ?")) {
            s.setLong(1, seq);
            return entries(c, s).get(0);
        }
    }

    private record Undoable(long seq, String stateId, String versionBefore, String versionAfter, String group) {}

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
        List<Entry> started = read(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT " + COLUMNS + " FROM writes WHERE backend = ?"
                    + " AND status = 'STARTED'" + (stateId == null ? "" : " AND state_id = ?") + " ORDER BY seq")) {
                s.setString(1, backend.displayUri());
                if (stateId != null) {
                    s.setString(2, stateId);
                }
                return entries(c, s);
            }
        });
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
            write(c -> settled(c, entry.id(), Status.DONE, now.version(), null), "its record stays as it was");
        } else if (now.version().equals(entry.versionBefore())) {
            write(c -> settled(c, entry.id(), Status.FAILED, null, "not written: the state was still as before"
                    + " when the journal settled the write it could not record the end of"), "its record stays as it was");
        }
    }

    private static void settled(Connection c, String id, Status status, Version written, String error) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("UPDATE writes SET status = ?, version_after = ?, error = ?"
                + " WHERE id = ? AND status = 'STARTED'")) {
            s.setString(1, status.name());
            s.setString(2, written == null ? null : written.token());
            s.setString(3, error);
            s.setString(4, id);
            s.executeUpdate();
        }
    }

    /**
     * Writes the journal as JSON lines, oldest first, one line per write with its outcome: the
     * writes to {@code backend} (all backends when null) and to {@code stateId} (all IDs when null).
     * {@link #importJsonLines} reads the same lines back.
     */
    public void export(String backend, String stateId, Writer out) {
        read(c -> {
            String sql = "SELECT " + COLUMNS + " FROM writes WHERE 1 = 1" + (backend == null ? "" : " AND backend = ?")
                    + (stateId == null ? "" : " AND state_id = ?") + " ORDER BY seq";
            try (PreparedStatement s = c.prepareStatement(sql)) {
                int p = 0;
                if (backend != null) {
                    s.setString(++p, backend);
                }
                if (stateId != null) {
                    s.setString(++p, stateId);
                }
                try (ResultSet r = s.executeQuery()) {
                    while (r.next()) {
                        out.write(PythonJson.write(record(entry(c, r), true), PythonJson.Style.COMPACT));
                        out.write('\n');
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return null;
        });
    }

    // ---- writing: group commit -------------------------------------------------------------

    @FunctionalInterface
    private interface Work {
        void run(Connection c) throws SQLException;
    }

    /** One caller's statement, and how the batch that carried it ended. */
    private static final class Queued {
        final Work work;
        boolean settled;
        BackendException failure;

        Queued(Work work) {
            this.work = work;
        }
    }

    /**
     * Runs one statement and returns once it is committed. Concurrent writers share one commit:
     * whoever gets the flush lock first commits every statement queued so far in one transaction
     * (group commit), so bulk copies are not serialized behind one fsync per state; each caller
     * learns how the batch that carried its own statement ended, and a failed batch fails them all,
     * each with the {@code consequence} a failure has for its own write.
     */
    private void write(Work work, String consequence) {
        Queued mine = new Queued(work);
        queue.add(mine);
        synchronized (flushLock) {
            if (!mine.settled) {
                List<Queued> batch = new ArrayList<>();
                for (Queued q; (q = queue.poll()) != null; ) {
                    batch.add(q);
                }
                BackendException failure = commit(batch);
                for (Queued q : batch) {
                    q.failure = failure;
                    q.settled = true;
                }
            }
        }
        if (mine.failure != null) {
            // a new exception per caller, saying what its failure means for its own write
            throw new BackendException(mine.failure.getMessage() + " (" + consequence + ")", mine.failure.getCause());
        }
    }

    /** Commits the batch in one transaction; returns why it failed, or null. Called holding the flush lock. */
    private BackendException commit(List<Queued> batch) {
        long deadline = System.nanoTime() + BUSY_TIMEOUT_MS * 1_000_000L;
        while (true) {
            try {
                if (writer == null) {
                    Connection opened = connect();
                    writer = opened;
                    Thread closer = new Thread(() -> closeWhenIdle(opened), "journal-writer-idle-close");
                    closer.setDaemon(true);
                    closer.start();
                }
                checkIdentity();
                inTransaction(writer, c -> {
                    for (Queued q : batch) {
                        q.work.run(c);
                    }
                });
                lastCommit = System.nanoTime();
                return null;
            } catch (SQLException | RuntimeException e) {
                // the connection may be what broke: the next attempt opens a new one
                closeWriter();
                if (!busyAgain(e, deadline)) {
                    return new BackendException("cannot write the journal " + file + ": " + e.getMessage(), e);
                }
            }
        }
    }

    /**
     * Whether to run a transaction that failed again: SQLite answers SQLITE_BUSY at once, without
     * the busy timeout, where waiting could deadlock (two connections upgrading to write, a
     * connection checkpointing as it closes). What failed was rolled back, so it can run again.
     */
    private static boolean busyAgain(Exception e, long deadline) {
        if (!(e instanceof SQLiteException)
                || (((SQLiteException) e).getResultCode().code & 0xff) != SQLiteErrorCode.SQLITE_BUSY.code
                || System.nanoTime() > deadline) {
            return false;
        }
        try {
            Thread.sleep(20);
            return true;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Refuses to write into a journal file other than the one opened. Called holding the flush lock. */
    private void checkIdentity() {
        Object now;
        try {
            now = Files.readAttributes(file, BasicFileAttributes.class).fileKey();
        } catch (IOException e) {
            now = null;
        }
        if (identity != null && !identity.equals(now)) {
            throw new JournalReplaced("it was deleted or replaced while Cairn ran (backups written now would be lost);"
                    + " nothing more is written until Cairn is started again");
        }
    }

    /** The journal's file is not the one this process opened; no retry helps. */
    private static final class JournalReplaced extends RuntimeException {
        JournalReplaced(String message) {
            super(message);
        }
    }

    private void closeWhenIdle(Connection connection) {
        try {
            while (true) {
                Thread.sleep(WRITER_IDLE_NANOS / 1_000_000);
                synchronized (flushLock) {
                    if (writer != connection) {
                        return;
                    }
                    if (System.nanoTime() - lastCommit >= WRITER_IDLE_NANOS) {
                        closeWriter();
                        return;
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void closeWriter() {
        if (writer != null) {
            try {
                writer.close();
            } catch (SQLException e) {
                // nothing is lost: every batch on it was committed or rolled back
            }
            writer = null;
        }
    }

    /**
     * Runs the work in one transaction that takes the write lock at BEGIN, waiting for it up to the
     * busy timeout (a deferred transaction that reads first gets SQLITE_BUSY, not a wait, when it
     * comes to write). Plain statements, not JDBC's auto-commit switch, so that no transaction is
     * left open (holding the lock) between batches.
     */
    private static void inTransaction(Connection c, Work work) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("BEGIN IMMEDIATE");
            try {
                work.run(c);
                s.execute("COMMIT");
            } catch (SQLException | RuntimeException e) {
                try {
                    s.execute("ROLLBACK");
                } catch (SQLException alreadyRolledBack) {
                    e.addSuppressed(alreadyRolledBack);
                }
                throw e;
            }
        }
    }

    private static void end(Connection c, String id, Status status, Version written, String error) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("UPDATE writes SET status = ?, version_after = ?, error = ? WHERE id = ?")) {
            s.setString(1, status.name());
            s.setString(2, written == null ? null : written.token());
            s.setString(3, error);
            s.setString(4, id);
            s.executeUpdate();
        }
    }

    /** An entry ready to insert: its document texts are written out and hashed by the caller's thread, outside the batch. */
    private static final class Row {
        final Entry entry;
        final Text[] texts;

        Row(Entry entry) {
            this.entry = entry;
            this.texts = new Text[] {Text.of(entry.before(), true), Text.of(entry.before(), false),
                    Text.of(entry.after(), true), Text.of(entry.after(), false)};
        }

        /** Inserts the write unless its id is there already (an old journal imported twice). */
        void insert(Connection c) throws SQLException {
            for (Text t : texts) {
                if (t != null) {
                    t.store(c);
                }
            }
            try (PreparedStatement s = c.prepareStatement("INSERT OR IGNORE INTO writes (" + COLUMNS
                    + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                s.setString(1, entry.id());
                s.setString(2, entry.time().toString());
                s.setString(3, entry.backend());
                s.setString(4, entry.stateId());
                s.setString(5, entry.action());
                s.setString(6, entry.verb());
                s.setBoolean(7, entry.undo());
                for (int i = 0; i < texts.length; i++) {
                    s.setString(8 + i, texts[i] == null ? null : texts[i].hash);
                }
                s.setString(12, entry.versionBefore().token());
                s.setString(13, entry.status().name());
                s.setString(14, entry.versionAfter() == null ? null : entry.versionAfter().token());
                s.setString(15, entry.error());
                s.setString(16, entry.group());
                s.setString(17, entry.kind() == null ? null : entry.kind().key());
                s.setString(18, entry.parameters() == null ? null : PythonJson.write(entry.parameters(), PythonJson.Style.COMPACT));
                s.executeUpdate();
            }
        }
    }

    /** A part's stored text ({@link StatePart#storedText}) and its hash. */
    private record Text(String hash, byte[] utf8) {

        static Text of(StateDocument document, boolean completed) {
            if (document == null) {
                return null;
            }
            StatePart part = completed ? document.completed() : document.partial();
            byte[] utf8 = part.storedText().getBytes(StandardCharsets.UTF_8);
            return new Text(sha256(utf8), utf8);
        }

        /** Stores the text unless it is there already; deflates it only then. */
        void store(Connection c) throws SQLException {
            try (PreparedStatement s = c.prepareStatement("SELECT 1 FROM documents WHERE hash = ?")) {
                s.setString(1, hash);
                try (ResultSet r = s.executeQuery()) {
                    if (r.next()) {
                        return;
                    }
                }
            }
            try (PreparedStatement s = c.prepareStatement("INSERT INTO documents (hash, size, deflated) VALUES (?, ?, ?)")) {
                s.setString(1, hash);
                s.setLong(2, utf8.length);
                s.setBytes(3, deflate(utf8));
                s.executeUpdate();
            }
        }
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }

    /** Fastest level: state JSON still shrinks several-fold, and a 50 MB document is deflated inside a write. */
    private static byte[] deflate(byte[] bytes) {
        Deflater deflater = new Deflater(Deflater.BEST_SPEED);
        try {
            deflater.setInput(bytes);
            deflater.finish();
            ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length / 4 + 64);
            byte[] buffer = new byte[1 << 16];
            while (!deflater.finished()) {
                out.write(buffer, 0, deflater.deflate(buffer));
            }
            return out.toByteArray();
        } finally {
            deflater.end();
        }
    }

    private static String inflate(byte[] deflated, long size) {
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(deflated);
            byte[] out = new byte[Math.toIntExact(size)];
            int n = 0;
            while (n < out.length && !inflater.finished()) {
                int got = inflater.inflate(out, n, out.length - n);
                if (got == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    break;
                }
                n += got;
            }
            if (n != out.length) {
                throw new DataFormatException("inflated " + n + " of " + size + " bytes");
            }
            return new String(out, StandardCharsets.UTF_8);
        } catch (DataFormatException e) {
            throw new BackendException("the journal holds a damaged document: " + e.getMessage(), e);
        } finally {
            inflater.end();
        }
    }

    // ---- reading --------------------------------------------------------------------------

    @FunctionalInterface
    private interface Query<T> {
        T run(Connection c) throws SQLException;
    }

    private <T> T read(Query<T> query) {
        long deadline = System.nanoTime() + BUSY_TIMEOUT_MS * 1_000_000L;
        while (true) {
            try (Connection c = connect()) {
                return query.run(c);
            } catch (SQLException e) {
                if (!busyAgain(e, deadline)) {
                    throw new BackendException("cannot read the journal " + file + ": " + e.getMessage(), e);
                }
            }
        }
    }

    /** The entries a query of {@link #COLUMNS} selects, each with its documents. */
    private static List<Entry> entries(Connection c, PreparedStatement s) throws SQLException {
        List<Entry> out = new ArrayList<>();
        try (ResultSet r = s.executeQuery()) {
            while (r.next()) {
                out.add(entry(c, r));
            }
        }
        return out;
    }

    private static Entry entry(Connection c, ResultSet r) throws SQLException {
        String after = r.getString(14);
        return new Entry(r.getString(1), Instant.parse(r.getString(2)), r.getString(3), r.getString(4), r.getString(5),
                r.getString(6), r.getBoolean(7), document(c, r.getString(8), r.getString(9)),
                document(c, r.getString(10), r.getString(11)), Version.of(r.getString(12)), Status.valueOf(r.getString(13)),
                after == null ? null : Version.of(after), r.getString(15), r.getString(16),
                WriteKind.ofKey(r.getString(17)), parameters(r.getString(18)));
    }

    /** The parameters column's JSON; null for a row written before the column was. */
    private static ObjectNode parameters(String json) {
        if (json == null) {
            return null;
        }
        try {
            return Json.parseObject(json);
        } catch (JsonSyntaxError e) {
            throw new BackendException("the journal holds damaged parameters: " + e.getMessage(), e);
        }
    }

    private static StateDocument document(Connection c, String completed, String partial) throws SQLException {
        return completed == null ? null : new StateDocument(part(c, completed), part(c, partial));
    }

    private static StatePart part(Connection c, String hash) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT size, deflated FROM documents WHERE hash = ?")) {
            s.setString(1, hash);
            try (ResultSet r = s.executeQuery()) {
                if (!r.next()) {
                    throw new BackendException("the journal lacks the document " + hash);
                }
                return StatePart.parse(inflate(r.getBytes(2), r.getLong(1)));
            }
        }
    }

    // ---- the database, and the JSON-lines journal it replaces --------------------------------

    /** A connection to the database, made (and the old journal imported) on first use. */
    private Connection connect() throws SQLException {
        if (!opened) {
            synchronized (openLock) {
                if (!opened) {
                    open();
                    opened = true;
                }
            }
        }
        return config.createConnection("jdbc:sqlite:" + file);
    }

    /** Guarded by {@link #openLock}; {@link #opened}, set after it, publishes {@link #config}. */
    private void open() throws SQLException {
        config = new SQLiteConfig();
        config.setJournalMode(SQLiteConfig.JournalMode.WAL);
        // a commit in WAL mode is durable only when the log is synced at every commit
        config.setSynchronous(SQLiteConfig.SynchronousMode.FULL);
        config.setBusyTimeout(BUSY_TIMEOUT_MS);
        try {
            // SQLite gives the -wal and -shm files the database file's permissions
            PrivateFiles.file(file);
        } catch (IOException e) {
            throw new BackendException("cannot create the journal " + file + ": " + e.getMessage(), e);
        }
        Path old = folder.resolve("journal.jsonl");
        boolean[] imported = {false};
        try (Connection c = config.createConnection("jdbc:sqlite:" + file)) {
            // one transaction: another process importing at the same time waits, then finds the rows there
            inTransaction(c, t -> {
                try (Statement s = t.createStatement()) {
                    for (String ddl : SCHEMA) {
                        s.execute(ddl);
                    }
                    Set<String> columns = columns(t);
                    for (Map.Entry<String, String> added : ADDED_COLUMNS.entrySet()) {
                        if (!columns.contains(added.getKey())) {
                            s.execute(added.getValue());
                        }
                    }
                }
                imported[0] = importJsonLines(t, old);
            });
        }
        try {
            identity = Files.readAttributes(file, BasicFileAttributes.class).fileKey();
        } catch (IOException e) {
            throw new BackendException("cannot read the journal " + file + ": " + e.getMessage(), e);
        }
        if (!imported[0]) {
            return;
        }
        try {
            PrivateFiles.file(Files.move(old, folder.resolve("journal.jsonl.imported"), StandardCopyOption.REPLACE_EXISTING));
        } catch (NoSuchFileException e) {
            // another process imported it too, and moved it aside first
        } catch (IOException e) {
            throw new BackendException("imported " + old + " but cannot move it aside: " + e.getMessage(), e);
        }
    }

    private static Set<String> columns(Connection c) throws SQLException {
        Set<String> columns = new HashSet<>();
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("PRAGMA table_info(writes)")) {
            while (r.next()) {
                columns.add(r.getString("name"));
            }
        }
        return columns;
    }

    /**
     * Reads a journal of JSON lines (the old {@code journal.jsonl}, or an export) into the database:
     * a write's first line inserts it, a later line of the same id records how it ended. Idempotent:
     * a write already there is kept as it is. A line that does not parse was torn by a failed
     * append, and the next append may have been glued onto it: that record is recovered. Returns
     * false when there is no such file (any more: another process imported it).
     */
    private static boolean importJsonLines(Connection c, Path jsonl) throws SQLException {
        try (BufferedReader reader = Files.newBufferedReader(jsonl, StandardCharsets.UTF_8)) {
            for (String line; (line = reader.readLine()) != null; ) {
                JsonNode event = event(line);
                if (event == null) {
                    continue;
                }
                try {
                    if (event.has("backend")) {
                        new Row(fromJson(event)).insert(c);
                    } else {
                        Version after = version(field(event, "version_after", "versionAfter"));
                        end(c, field(event, "journal_id", "id").asText(), status(event), after, text(event.path("error")));
                    }
                } catch (RuntimeException notARecord) {
                    // JSON, but no record Cairn wrote: skipped rather than refusing every write from now on;
                    // the file is kept aside as it was
                }
            }
            return true;
        } catch (NoSuchFileException e) {
            return false;
        } catch (IOException e) {
            throw new BackendException("cannot read the old journal " + jsonl + ": " + e.getMessage(), e);
        }
    }

    /** The record of one line, or of what follows its torn start; null when nothing in it is whole. */
    private static JsonNode event(String line) {
        if (line.isBlank()) {
            return null;
        }
        try {
            return Json.parse(line);
        } catch (JsonSyntaxError torn) {
            Matcher start = RECORD_START.matcher(line);
            int from = 1;
            while (start.find(from)) {
                try {
                    return Json.parse(line.substring(start.start()));
                } catch (JsonSyntaxError notThisOne) {
                    from = start.start() + 1;
                }
            }
            return null;
        }
    }

    /**
     * A write as one JSON object, as {@code journal export} prints it (with its documents) and
     * {@code history --format json} (without): every field present, null where it does not apply,
     * in snake_case. {@link #fromJson} reads it back, and the camelCase lines of an older Cairn too.
     */
    public static ObjectNode record(Entry entry, boolean withDocuments) {
        ObjectNode event = Json.object();
        event.put("journal_id", entry.id());
        event.put("time", entry.time().toString());
        event.put("backend", entry.backend());
        event.put("state_id", entry.stateId());
        event.put("action", entry.action());
        event.put("verb", entry.verb());
        event.put("undo", entry.undo());
        if (withDocuments) {
            event.set("before", document(entry.before()));
            event.set("after", document(entry.after()));
        }
        event.put("version_before", entry.versionBefore().token());
        event.put("status", entry.status().name().toLowerCase(Locale.ROOT));
        event.put("version_after", entry.versionAfter() == null ? null : entry.versionAfter().token());
        event.put("error", entry.error());
        event.put("group", entry.group());
        event.put("kind", entry.kind() == null ? null : entry.kind().key());
        event.set("parameters", entry.parameters());
        return event;
    }

    /** A field of a record by its name, or by the camelCase name an older Cairn wrote it under. */
    private static JsonNode field(JsonNode event, String name, String olderName) {
        return event.has(name) ? event.get(name) : event.path(olderName);
    }

    private static Status status(JsonNode event) {
        return Status.valueOf(event.path("status").asText().toUpperCase(Locale.ROOT));
    }

    private static JsonNode document(StateDocument document) {
        if (document == null) {
            return Json.object().nullNode();
        }
        ObjectNode out = Json.object();
        out.set("completed", part(document.completed()));
        out.set("partial", part(document.partial()));
        return out;
    }

    /** A part as its stored text, so that even unreadable text comes back exactly. */
    private static JsonNode part(StatePart part) {
        ObjectNode out = Json.object();
        if (part.isCorrupt()) {
            out.put("raw", part.rawText());
        } else if (part.isNull()) {
            out.putNull("json");
        } else {
            out.set("json", part.value());
        }
        return out;
    }

    private static Entry fromJson(JsonNode event) {
        String backend = event.path("backend").asText();
        String stateId = field(event, "state_id", "stateId").asText();
        String action = event.path("action").asText();
        // the old journal.jsonl had only the description ("Undo clear state of x on uri"): its verb
        // is what precedes the target, and an undo was known by its verb
        String target = " of " + stateId + " on " + backend;
        String verb = event.has("verb") ? event.get("verb").asText()
                : action.endsWith(target) ? action.substring(0, action.length() - target.length()) : action;
        boolean undo = event.has("undo") ? event.get("undo").asBoolean() : verb.startsWith("Undo ");
        return new Entry(field(event, "journal_id", "id").asText(), Instant.parse(event.path("time").asText()),
                backend, stateId, action, verb, undo,
                toDocument(event.path("before")), toDocument(event.path("after")),
                version(field(event, "version_before", "versionBefore")), status(event),
                version(field(event, "version_after", "versionAfter")), text(event.path("error")), text(event.path("group")),
                WriteKind.ofKey(text(event.path("kind"))),
                event.path("parameters") instanceof ObjectNode parameters ? parameters : null);
    }

    private static StateDocument toDocument(JsonNode node) {
        if (node.isMissingNode() || node.isNull()) {
            return null;
        }
        return new StateDocument(toPart(node.path("completed")), toPart(node.path("partial")));
    }

    private static StatePart toPart(JsonNode node) {
        if (node.has("raw")) {
            return StatePart.parse(node.get("raw").asText());
        }
        return StatePart.of(node.get("json"));
    }

    private static Version version(JsonNode node) {
        return node.isMissingNode() || node.isNull() ? null : Version.of(node.asText());
    }

    private static String text(JsonNode node) {
        return node.isMissingNode() || node.isNull() ? null : node.asText();
    }
}
