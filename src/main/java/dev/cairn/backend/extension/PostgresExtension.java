package dev.cairn.backend.extension;

import dev.cairn.backend.BackendException;
import dev.cairn.backend.LockStatus;
import dev.cairn.backend.LockedException;
import dev.cairn.backend.StateStorage;
import dev.cairn.backend.systemdb.PostgresPool;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/**
 * The table of Meltano's PostgreSQL state backend extension ({@code meltano-state-backend-postgresql},
 * {@code backend.py}) over a pooled connection, and its lock: a PostgreSQL advisory lock on a key
 * made from the state ID, which a running pipeline holds in its session and a Cairn write takes for
 * its transaction, so that each waits for the other.
 */
final class PostgresExtension implements ExtensionDatabase {

    /**
     * The advisory locks granted in this database, by their 64-bit key: pg_locks splits an int8 key
     * into {@code classid} (high half) and {@code objid} (low half), with {@code objsubid} 1.
     */
    private static final String HELD_LOCKS = "SELECT (l.classid::bigint << 32) | l.objid::bigint, l.pid, a.backend_start,"
            + " a.application_name FROM pg_locks l LEFT JOIN pg_stat_activity a ON a.pid = l.pid"
            + " WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1"
            + " AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())";

    private final String displayUri;
    private final PostgresPool pool;
    private final String table;

    /**
     * @param schema the schema setting, or null: the table is found through the connection's
     *               {@code search_path}, as the extension leaves it unqualified (backend.py lines 210-214)
     */
    PostgresExtension(String displayUri, PostgresPool pool, String schema, String table) {
        this.displayUri = displayUri;
        this.pool = pool;
        this.table = schema == null ? quoted(table) : quoted(schema) + "." + quoted(table);
    }

    /** psycopg's {@code Identifier}: always double-quoted, so the name keeps its case. */
    static String quoted(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }

    /**
     * The extension's {@code _state_id_to_lock_key} (backend.py lines 432-434): the first 8 bytes of
     * the MD5 of the ID's UTF-8 bytes, as a signed big-endian int64.
     */
    static long lockKey(String stateId) {
        try {
            byte[] md5 = MessageDigest.getInstance("MD5").digest(stateId.getBytes(StandardCharsets.UTF_8));
            return ByteBuffer.wrap(md5, 0, Long.BYTES).getLong();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no MD5", e);
        }
    }

    @Override
    public String displayUri() {
        return displayUri;
    }

    @Override
    public <T> T use(Work<T> work) throws SQLException {
        return pool.use(work::run);
    }

    @Override
    public String table() {
        return table;
    }

    @Override
    public String now() {
        return "CURRENT_TIMESTAMP";
    }

    @Override
    public String forUpdate() {
        return " FOR UPDATE";
    }

    @Override
    public boolean tableExists(Connection c) throws SQLException {
        return regclass(c) != 0;
    }

    private long regclass(Connection c) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT to_regclass(?)::oid::bigint")) {
            s.setString(1, table);
            try (ResultSet rows = s.executeQuery()) {
                rows.next();
                return rows.getLong(1);
            }
        }
    }

    /** The extension's DDL (backend.py lines 241-250); two first writes at once may both try, and one sees the other's. */
    @Override
    public void createTables(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS " + table + " (\n"
                    + "    state_id VARCHAR(900) PRIMARY KEY,\n"
                    + "    partial_state TEXT,\n"
                    + "    completed_state TEXT,\n"
                    + "    updated_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP\n"
                    + ")");
        } catch (SQLException e) {
            if (!tableExists(c)) {
                throw e;
            }
        }
    }

    @Override
    public boolean emptyTextIsEmpty() {
        return false;
    }

    /**
     * Takes the advisory lock for the transaction ({@code pg_try_advisory_xact_lock}, the same key
     * space as the extension's session lock, given back at commit or rollback whatever happens),
     * asking again until the wait is over.
     */
    @Override
    public <T> T underLock(Connection c, String stateId, Duration wait, Work<T> body) throws SQLException {
        long key = lockKey(stateId);
        c.setAutoCommit(false);
        try (PreparedStatement s = c.prepareStatement("SELECT pg_try_advisory_xact_lock(?)")) {
            s.setLong(1, key);
            ExtensionDatabase.waitFor(stateId, wait, () -> {
                try (ResultSet rows = s.executeQuery()) {
                    rows.next();
                    return rows.getBoolean(1);
                }
            }, () -> {
                LockStatus held = lockStatus(c, stateId);
                return new LockedException(stateId, held.isHeld() ? held
                        : LockStatus.held(Instant.now(), "advisory lock " + key + " taken by another session"));
            });
        } catch (SQLException | RuntimeException e) {
            c.rollback();
            c.setAutoCommit(true);
            throw e;
        }
        return body.run(c);
    }

    /** A granted advisory lock on the ID's key, from pg_locks; it dies with its session, so it is never stale. */
    @Override
    public Map<String, LockStatus> locks(Connection c, Collection<String> stateIds) throws SQLException {
        Map<Long, LockStatus> byKey = new HashMap<>();
        try (Statement s = c.createStatement(); ResultSet rows = s.executeQuery(HELD_LOCKS)) {
            while (rows.next()) {
                Timestamp started = rows.getTimestamp(3);
                String application = rows.getString(4);
                String detail = "advisory lock of PostgreSQL session " + rows.getInt(2)
                        + (application == null || application.isEmpty() ? "" : " (" + application + ")")
                        + (started == null ? ", whose start this user may not see" : ", the time is when the session connected");
                byKey.put(rows.getLong(1), LockStatus.held(started == null ? Instant.now() : started.toInstant(), detail));
            }
        }
        Map<String, LockStatus> held = new HashMap<>();
        if (byKey.isEmpty()) {
            return held;
        }
        for (String id : stateIds) {
            LockStatus lock = byKey.get(lockKey(id));
            if (lock != null) {
                held.put(id, lock);
            }
        }
        return held;
    }

    /** An advisory lock is the live session's that holds it: there is nothing stale to break. */
    @Override
    public void breakStaleLock(Connection c, String stateId) throws SQLException {
        LockStatus lock = lockStatus(c, stateId);
        if (lock.isHeld()) {
            throw new LockedException(stateId, lock);
        }
    }

    /** The server (start time, port), the database and the table's OID (0 before the first write creates it). */
    @Override
    public StateStorage storage(Connection c) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT pg_postmaster_start_time(), current_setting('port')::int,"
                + " (SELECT oid FROM pg_database WHERE datname = current_database())::bigint,"
                + " COALESCE(to_regclass(?)::oid::bigint, 0)")) {
            s.setString(1, table);
            try (ResultSet rows = s.executeQuery()) {
                rows.next();
                return new StateStorage.PostgresDatabase(rows.getTimestamp(1).toInstant(), rows.getInt(2), rows.getLong(3),
                        rows.getLong(4));
            }
        }
    }

    @Override
    public BackendException failure(SQLException e) {
        return new BackendException(displayUri + ": " + ExtensionBackend.firstLine(e.getMessage()), e);
    }

    @Override
    public void close() {
        pool.close();
    }
}
