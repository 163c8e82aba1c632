package dev.cairn.backend.extension;

import dev.cairn.backend.BackendException;
import dev.cairn.backend.LockStatus;
import dev.cairn.backend.LockedException;
import dev.cairn.backend.StateStorage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.duckdb.DuckDBDriver;

/**
 * The tables of Meltano's DuckDB state backend extension ({@code meltano-state-backend-duckdb},
 * {@code backend.py}) in a DuckDB file, or a MotherDuck database ({@code md:}). A local file can be
 * open in one process at a time, so every piece of work opens it and closes it again: between two
 * of Cairn's reads or writes a pipeline can run. The lock is the extension's lock table.
 */
final class DuckDbExtension implements ExtensionDatabase {

    /** backend.py line 52: a lock row older than this is stale, and the extension's next lock deletes it. */
    static final Duration STALE_LOCK = Duration.ofSeconds(300);
    /**
     * New files are written in the storage format of DuckDB 1.1, the oldest the extension runs with
     * ({@code duckdb>=1.1}): the driver's own default (2.0's) could not be opened by the pipeline.
     * A file that exists keeps the format it has.
     */
    static final String STORAGE_COMPATIBILITY = "v1.1.0";

    /** DuckDB's refusal while another process has the file open. */
    private static final Pattern HELD_ELSEWHERE = Pattern.compile(
            "Could not set lock on file \"(?<file>[^\"]*)\": Conflicting lock is held in (?<program>.*?) \\(PID (?<pid>\\d+)\\)");

    /** One monitor per file (or MotherDuck target) of this process. */
    private static final Map<String, Object> OPEN = new ConcurrentHashMap<>();

    private final String displayUri;
    private final String target;
    /** The local file, or null for MotherDuck. */
    private final Path file;
    private final Properties properties;
    private final String schema;
    private final String tableName;
    private final String table;
    private final String lockTable;

    /**
     * @param target what the extension hands {@code duckdb.connect}: a file's path or {@code md:database}
     * @param catalog the catalog DuckDB names after the target (backend.py lines 136-165), which qualifies every name
     */
    DuckDbExtension(String displayUri, String target, Path file, String catalog, String schema, String table,
                    String motherduckToken, boolean readOnly) {
        this.displayUri = displayUri;
        this.target = target;
        this.file = file;
        this.schema = schema;
        this.tableName = table;
        this.properties = new Properties();
        properties.setProperty("storage_compatibility_version", STORAGE_COMPATIBILITY);
        if (readOnly) {
            properties.setProperty("duckdb.read_only", "true");
        }
        if (motherduckToken != null) {
            properties.setProperty("motherduck_token", motherduckToken);
        }
        // backend.py lines 211-212: catalog, schema and table, each quoted
        String prefix = quoted(catalog) + "." + quoted(schema) + ".";
        this.table = prefix + quoted(table);
        this.lockTable = prefix + quoted(table + "_lock");
    }

    private static String quoted(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }

    @Override
    public String displayUri() {
        return displayUri;
    }

    /** A local file that is not there holds no state: nothing is opened (opening would create it) until a write. */
    @Override
    public boolean exists() {
        return file == null || Files.exists(file);
    }

    /**
     * Opens the file, runs the work and closes it, one piece of work at a time per file in this
     * process: the driver shares one database per file among a process's connections, and one
     * opened while the last one closes fails ("Unique file handle conflict").
     */
    @Override
    public <T> T use(Work<T> work) throws SQLException {
        synchronized (OPEN.computeIfAbsent(target, t -> new Object())) {
            try (Connection c = new DuckDBDriver().connect("jdbc:duckdb:" + target, properties)) {
                return work.run(c);
            }
        }
    }

    @Override
    public String table() {
        return table;
    }

    @Override
    public String now() {
        return "now()";
    }

    @Override
    public String forUpdate() {
        return "";
    }

    @Override
    public boolean tableExists(Connection c) throws SQLException {
        return exists(c, tableName);
    }

    private boolean exists(Connection c, String name) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT count(*) FROM duckdb_tables()"
                + " WHERE database_name = current_database() AND schema_name = ? AND table_name = ?")) {
            s.setString(1, schema);
            s.setString(2, name);
            try (ResultSet rows = s.executeQuery()) {
                rows.next();
                return rows.getLong(1) > 0;
            }
        }
    }

    /** The extension's {@code _ensure_tables} (backend.py lines 236-257): the schema, the state table, the lock table. */
    @Override
    public void createTables(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA IF NOT EXISTS " + table.substring(0, table.lastIndexOf('.')));
            s.execute("CREATE TABLE IF NOT EXISTS " + table + " (\n"
                    + "    state_id VARCHAR PRIMARY KEY,\n"
                    + "    partial_state VARCHAR,\n"
                    + "    completed_state VARCHAR,\n"
                    + "    updated_at TIMESTAMP DEFAULT now()\n"
                    + ")");
            s.execute("CREATE TABLE IF NOT EXISTS " + lockTable + " (\n"
                    + "    state_id VARCHAR PRIMARY KEY,\n"
                    + "    lock_id VARCHAR NOT NULL,\n"
                    + "    locked_at TIMESTAMP DEFAULT now()\n"
                    + ")");
        }
    }

    /** backend.py lines 302-303: {@code json.loads(x) if x else {}}, so an empty text is an empty document too. */
    @Override
    public boolean emptyTextIsEmpty() {
        return true;
    }

    /**
     * The extension's {@code acquire_lock} (backend.py lines 392-418): stale rows deleted, then a row
     * of the ID with a lock ID of our own, which the primary key refuses while another holds it;
     * deleted again (only ours) when the work ends.
     */
    @Override
    public <T> T underLock(Connection c, String stateId, Duration wait, Work<T> body) throws SQLException {
        String lockId = UUID.randomUUID().toString();
        ExtensionDatabase.waitFor(stateId, wait, () -> tryLock(c, stateId, lockId), () -> {
            LockStatus held = lockStatus(c, stateId);
            return new LockedException(stateId, held.state() == LockStatus.State.FREE
                    ? LockStatus.held(Instant.now(), "a row in " + lockTable) : held);
        });
        try {
            return body.run(c);
        } finally {
            try (PreparedStatement s = c.prepareStatement("DELETE FROM " + lockTable + " WHERE state_id = ? AND lock_id = ?")) {
                s.setString(1, stateId);
                s.setString(2, lockId);
                s.executeUpdate();
            }
        }
    }

    private boolean tryLock(Connection c, String stateId, String lockId) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("DELETE FROM " + lockTable + " WHERE locked_at < now() - INTERVAL '" + STALE_LOCK.toSeconds() + " seconds'");
        } catch (SQLException e) {
            if (!isContention(e)) {
                throw e;
            }
            return false;
        }
        try (PreparedStatement s = c.prepareStatement("INSERT INTO " + lockTable + " (state_id, lock_id) VALUES (?, ?)")) {
            s.setString(1, stateId);
            s.setString(2, lockId);
            s.executeUpdate();
            return true;
        } catch (SQLException e) {
            if (isContention(e)) {
                return false;
            }
            throw e;
        }
    }

    /** The primary key refusing a second lock row, or two connections of this process writing the lock table at once. */
    private static boolean isContention(SQLException e) {
        String message = String.valueOf(e.getMessage());
        return message.contains("Constraint Error") || message.contains("conflict");
    }

    /** The lock table's rows, stale by the extension's measure (300 s, in the database's clock) or held. */
    @Override
    public Map<String, LockStatus> locks(Connection c, Collection<String> stateIds) throws SQLException {
        Map<String, LockStatus> found = new HashMap<>();
        if (!exists(c, tableName + "_lock")) {
            return found;
        }
        try (Statement s = c.createStatement(); ResultSet rows = s.executeQuery("SELECT state_id, lock_id, locked_at,"
                + " locked_at < now() - INTERVAL '" + STALE_LOCK.toSeconds() + " seconds' FROM " + lockTable)) {
            Set<String> wanted = new HashSet<>(stateIds);
            while (rows.next()) {
                String id = rows.getString(1);
                if (wanted.contains(id)) {
                    LocalDateTime at = rows.getObject(3, LocalDateTime.class);
                    Instant since = at == null ? null : at.atZone(ZoneId.systemDefault()).toInstant();
                    String detail = "lock " + rows.getString(2) + " in " + lockTable;
                    found.put(id, rows.getBoolean(4) ? LockStatus.stale(since, detail) : LockStatus.held(since, detail));
                }
            }
        }
        return found;
    }

    /** Deletes a stale row as the extension's next lock would; a held one is refused. */
    @Override
    public void breakStaleLock(Connection c, String stateId) throws SQLException {
        LockStatus lock = lockStatus(c, stateId);
        if (lock.isHeld()) {
            throw new LockedException(stateId, lock);
        }
        if (lock.state() == LockStatus.State.STALE) {
            try (PreparedStatement s = c.prepareStatement("DELETE FROM " + lockTable + " WHERE state_id = ? AND locked_at < now()"
                    + " - INTERVAL '" + STALE_LOCK.toSeconds() + " seconds'")) {
                s.setString(1, stateId);
                s.executeUpdate();
            }
        }
    }

    @Override
    public StateStorage storage(Connection c) {
        return file != null ? StateStorage.LocalFile.of("duckdb", file) : new StateStorage.ObjectStore("motherduck", null, target);
    }

    /** One line: who holds the file, or the first line of DuckDB's own words (a file of a newer format, not DuckDB's). */
    @Override
    public BackendException failure(SQLException e) {
        String message = String.valueOf(e.getMessage());
        Matcher held = HELD_ELSEWHERE.matcher(message);
        if (held.find()) {
            return new BackendException(displayUri + ": " + held.group("file") + " is open in another process (PID "
                    + held.group("pid") + ", " + held.group("program") + "); DuckDB lets one process at a time open a file:"
                    + " try again when it has finished", e);
        }
        return new BackendException(displayUri + ": " + ExtensionBackend.firstLine(message), e);
    }

    @Override
    public void close() {
        // nothing stays open between two pieces of work
    }
}
