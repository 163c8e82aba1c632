package dev.cairn.ops;

import dev.cairn.backend.BackendException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

/**
 * The journal's SQLite file ({@code journal.db}, WAL), shared by the app and the command line: made
 * (its tables upgraded, the old JSON-lines journal imported) on first use; each read on a
 * connection of its own; writes committed in groups on one connection kept open while they come,
 * and refused once the file is no longer the one opened. It knows nothing of what the rows hold
 * ({@link JournalRows}).
 */
final class JournalDatabase {

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

    JournalDatabase(Path folder) {
        this.folder = folder;
        this.file = folder.resolve("journal.db");
    }

    Path file() {
        return file;
    }

    /** What a read does on its connection. */
    @FunctionalInterface
    interface Query<T> {
        T run(Connection c) throws SQLException;
    }

    /** What a write does on the connection of its batch, inside the batch's transaction. */
    @FunctionalInterface
    interface Work {
        void run(Connection c) throws SQLException;
    }

    <T> T read(Query<T> query) {
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

    // ---- writing: group commit -------------------------------------------------------------

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
    void write(Work work, String consequence) {
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
    static void inTransaction(Connection c, Work work) throws SQLException {
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

    // ---- opening: the schema, and the JSON-lines journal it replaces ------------------------

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
                JournalRows.create(t);
                imported[0] = JournalImport.importJsonLines(t, old);
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
}
