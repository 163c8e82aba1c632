package dev.cairn.backend.extension;

import dev.cairn.backend.BackendException;
import dev.cairn.backend.LockStatus;
import dev.cairn.backend.LockedException;
import dev.cairn.backend.StateStorage;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * What one extension's database does its own way under the table layout {@link ExtensionBackend}
 * shares: how a connection is had, how the table is named and created, and the extension's lock.
 */
interface ExtensionDatabase extends AutoCloseable {

    /** One piece of work on a connection, which goes back (or is closed) when it ends. */
    interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    /** The URI with no secret, naming the kind: what the window's header and {@code cairn check} show. */
    String displayUri();

    /** Whether the database is there to be read; one that is not holds no state, and only a write creates it. */
    default boolean exists() {
        return true;
    }

    /** Runs the work on a connection nobody else uses meanwhile. */
    <T> T use(Work<T> work) throws SQLException;

    /** The state table as SQL names it, quoted. */
    String table();

    /** The SQL the extension stamps {@code updated_at} with. */
    String now();

    /** What a read inside a write adds to keep the row until the commit ({@code FOR UPDATE}), or nothing. */
    String forUpdate();

    /** Whether the state table is there (a missing one is no state at all, as the extension would create it). */
    boolean tableExists(Connection c) throws SQLException;

    /** Creates the table (and whatever the extension creates with it) with the extension's own DDL, if absent. */
    void createTables(Connection c) throws SQLException;

    /** Whether the extension reads an empty text as an empty document, as it does NULL. */
    boolean emptyTextIsEmpty();

    /**
     * Runs the body holding the extension's lock on the ID, waiting for it up to {@code wait}.
     *
     * @throws dev.cairn.backend.LockedException the lock stayed held
     */
    <T> T underLock(Connection c, String stateId, Duration wait, Work<T> body) throws SQLException;

    default LockStatus lockStatus(Connection c, String stateId) throws SQLException {
        return locks(c, List.of(stateId)).getOrDefault(stateId, LockStatus.FREE);
    }

    /** The held or stale locks of these IDs, in one query. */
    Map<String, LockStatus> locks(Connection c, Collection<String> stateIds) throws SQLException;

    /** Removes the ID's lock where it is stale; refuses a held one. */
    void breakStaleLock(Connection c, String stateId) throws SQLException;

    /** What the states are stored in; {@code c} is null where the database does not exist yet. */
    StateStorage storage(Connection c) throws SQLException;

    /** The failure in one line, naming the backend. */
    BackendException failure(SQLException e);

    @Override
    void close();

    /** One try at a lock: whether it was taken. */
    interface Attempt {
        boolean take() throws SQLException;
    }

    /** What a lock still held when the wait is over is refused with. */
    interface Refusal {
        LockedException refuse() throws SQLException;
    }

    /** How often a write asks again for a lock a pipeline holds (the extensions ask every second). */
    Duration RETRY = Duration.ofMillis(200);

    /** Tries the lock until it is taken or the wait is over, and then refuses. */
    static void waitFor(String stateId, Duration wait, Attempt attempt, Refusal refusal) throws SQLException {
        long deadline = System.nanoTime() + wait.toNanos();
        while (!attempt.take()) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw refusal.refuse();
            }
            try {
                Thread.sleep(Math.min(RETRY.toMillis(), Math.max(1, left / 1_000_000)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new BackendException("interrupted while waiting for the lock on " + stateId, e);
            }
        }
    }
}
