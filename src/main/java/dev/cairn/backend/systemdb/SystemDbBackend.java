package dev.cairn.backend.systemdb;

import dev.cairn.backend.BackendException;
import dev.cairn.backend.CommandWrite;
import dev.cairn.backend.ConflictException;
import dev.cairn.backend.ListedState;
import dev.cairn.backend.LockStatus;
import dev.cairn.backend.LockedException;
import dev.cairn.backend.MeltanoRun;
import dev.cairn.backend.ReadOnlyException;
import dev.cairn.backend.RunLog;
import dev.cairn.backend.RunRow;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StateStorage;
import dev.cairn.backend.StoredState;
import dev.cairn.backend.Version;
import dev.cairn.state.Glob;
import dev.cairn.state.PythonJson;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StatePart;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * Meltano's system database: the {@code state} table (reference §1.2), one row per state ID, both
 * documents as Python {@code json.dumps} text. The table has no version column, so the version of
 * a row is a hash of its two texts, compared inside the write transaction. A database from before
 * that table (Meltano before 2.7.1) shows, read-only, the states Meltano's migration would build
 * from its {@code runs}.
 */
public final class SystemDbBackend implements StateBackend, RunLog {

    /** IDs starting with a literal text: {@link #likeStartingWith} binds its parameter. */
    private static final String STARTS_WITH = "state_id LIKE ? ESCAPE '\\'";

    private final String displayUri;
    private final ConnectionSource connections;
    private final Dialect dialect;
    /** No state table, only runs: every state is what the migration would build. */
    private final boolean fromRuns;
    private volatile boolean runsTableSeen;

    SystemDbBackend(String displayUri, ConnectionSource connections, Dialect dialect) {
        this.displayUri = displayUri;
        this.connections = connections;
        this.dialect = dialect;
        this.fromRuns = !hasStateTable();
    }

    static final String FROM_RUNS = "reconstructed from runs as Meltano's migration would (no state table: Meltano before 2.7.1)";

    @Override
    public String displayUri() {
        return displayUri;
    }

    @Override
    public StateStorage storage() {
        return query(dialect::storage);
    }

    /** Whether the state table is there; without it, a runs table must be, or this is no Meltano database. */
    private boolean hasStateTable() {
        boolean hasState = readable("SELECT state_id, completed_state, partial_state, updated_at FROM state");
        if (!hasState && !readable("SELECT id, job_name, state, ended_at, payload, payload_flags FROM runs")) {
            throw new BackendException(displayUri + " is not a Meltano system database: it has neither a readable"
                    + " 'state' table (Meltano 2.7.1 or later) nor a 'runs' table (earlier versions)");
        }
        return hasState;
    }

    @Override
    public Optional<String> readOnlyReason() {
        return fromRuns ? Optional.of(FROM_RUNS) : Optional.empty();
    }

    @Override
    public void list(String pattern, Consumer<ListedState> sink) {
        if (fromRuns) {
            query(c -> {
                MigratedStates.jobNames(c, "LIKE ?", like(pattern), jobName -> sink.accept(ListedState.visible(jobName)));
                return null;
            });
            return;
        }
        select("SELECT state_id FROM state", pattern, rows -> sink.accept(ListedState.visible(rows.getString(1))));
    }

    /**
     * The rows whose ID starts with the glob's literal prefix (an escaped {@code LIKE}: SQLite's is
     * case-blind, so it may find more), then the glob's own decision on each.
     */
    @Override
    public void listMatching(Glob glob, Consumer<ListedState> sink) {
        if (fromRuns) {
            StateBackend.super.listMatching(glob, sink);
            return;
        }
        String prefix = glob.literalPrefix();
        String sql = "SELECT state_id FROM state" + (prefix.isEmpty() ? "" : " WHERE " + STARTS_WITH);
        stream(sql, prefix.isEmpty() ? null : likeStartingWith(prefix), rows -> {
            String id = rows.getString(1);
            if (glob.matches(id)) {
                sink.accept(ListedState.visible(id));
            }
        });
    }

    /** The {@code LIKE} of {@link #STARTS_WITH} for IDs starting with the literal text. */
    private static String likeStartingWith(String literal) {
        return literal.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
    }

    /**
     * {@code updated_at} of every row, which Meltano stamps in the local time of the machine it ran
     * on: read here in this machine's time zone, the one its user shares with their pipelines at best.
     */
    @Override
    public void updateTimes(BiConsumer<String, Instant> sink) {
        if (fromRuns) {
            throw new BackendException(displayUri + " has no update times: its states are " + FROM_RUNS);
        }
        listWithTimes(null, (listed, at) -> sink.accept(listed.stateId(), at));
    }

    /** The IDs with their {@code updated_at} in one query; without a state table, the IDs alone. */
    @Override
    public void listWithTimes(String pattern, BiConsumer<ListedState, Instant> sink) {
        if (fromRuns) {
            StateBackend.super.listWithTimes(pattern, sink);
            return;
        }
        ZoneId here = ZoneId.systemDefault();
        select("SELECT state_id, updated_at FROM state", pattern, rows -> {
            LocalDateTime at = naive(rows.getString(2));
            sink.accept(ListedState.visible(rows.getString(1)), at == null ? null : at.atZone(here).toInstant());
        });
    }

    @Override
    public void reconstructStates(String pattern, Consumer<StoredState> sink) {
        query(c -> {
            MigratedStates.rebuild(c, "LIKE ?", like(pattern), sink);
            return null;
        });
    }

    /** Meltano's own translation of a pattern to LIKE: only '*' becomes '%'; null is every ID. */
    private static String like(String pattern) {
        return pattern == null ? "%" : pattern.replace('*', '%');
    }

    /**
     * Versions are hashed and documents parsed only when asked for: a scan of every state (health
     * badges) never asks for the one and rarely for the other.
     */
    @Override
    public void readAll(String pattern, Consumer<StoredState> sink) {
        if (fromRuns) {
            reconstructStates(pattern, sink);
        } else {
            scan(pattern == null ? null : "state_id LIKE ?", pattern == null ? null : like(pattern), sink);
        }
    }

    /** One escaped {@code LIKE} of the prefix (SQLite's is case-blind, so it may find more: each ID is checked again). */
    @Override
    public void readStartingWith(String prefix, Consumer<StoredState> sink) {
        if (fromRuns || prefix.isEmpty()) {
            StateBackend.super.readStartingWith(prefix, sink);
            return;
        }
        scan(STARTS_WITH, likeStartingWith(prefix), stored -> {
            if (stored.stateId().startsWith(prefix)) {
                sink.accept(stored);
            }
        });
    }

    /** Every row meeting the condition (null: every row), its one parameter bound to {@code parameter}. */
    private void scan(String condition, String parameter, Consumer<StoredState> sink) {
        if (dialect.scanPage() > 0) {
            readInPages(condition, parameter, sink);
        } else {
            // parsed by whoever needs the trees: the health scan needs none for most states
            stream("SELECT state_id, completed_state, partial_state FROM state" + (condition == null ? "" : " WHERE " + condition),
                    parameter, rows -> sink.accept(stored(rows.getString(1), rows.getString(2), rows.getString(3))));
        }
    }

    /**
     * Reads page after page in the table's rowid order, handing each page on after giving the
     * connection back: a read of one state waits for a page at most, not for the whole scan, and the
     * sink never runs while the connection is held (it may need it, or wait for someone who does).
     * A row written during the scan is seen at most once.
     */
    private void readInPages(String condition, String parameter, Consumer<StoredState> sink) {
        String sql = "SELECT rowid, state_id, completed_state, partial_state FROM state WHERE rowid > ?"
                + (condition == null ? "" : " AND " + condition) + " ORDER BY rowid LIMIT ?";
        long after = Long.MIN_VALUE;
        for (boolean more = true; more; ) {
            long from = after;
            List<StoredState> page = new ArrayList<>(dialect.scanPage());
            long last = query(c -> {
                long lastRowId = from;
                try (PreparedStatement s = c.prepareStatement(sql)) {
                    int i = 1;
                    s.setLong(i++, from);
                    if (condition != null) {
                        s.setString(i++, parameter);
                    }
                    s.setInt(i, dialect.scanPage());
                    try (ResultSet rows = s.executeQuery()) {
                        while (rows.next()) {
                            lastRowId = rows.getLong(1);
                            page.add(stored(rows.getString(2), rows.getString(3), rows.getString(4)));
                        }
                    }
                }
                return lastRowId;
            });
            page.forEach(sink);
            more = page.size() == dialect.scanPage();
            after = last;
        }
    }

    @Override
    public StoredState read(String stateId) {
        requireStorable(stateId);
        if (fromRuns) {
            List<StoredState> found = new ArrayList<>(1);
            query(c -> {
                MigratedStates.rebuild(c, "= ?", stateId, found::add);
                return null;
            });
            return found.isEmpty() ? StoredState.absent(stateId) : found.get(0);
        }
        return query(c -> read(c, stateId));
    }

    private static StoredState read(Connection c, String stateId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(
                "SELECT completed_state, partial_state FROM state WHERE state_id = ?")) {
            s.setString(1, stateId);
            try (ResultSet rows = s.executeQuery()) {
                return rows.next() ? stored(stateId, rows.getString(1), rows.getString(2)) : StoredState.absent(stateId);
            }
        }
    }

    /** One row's {@link Dialect#changeStamp}, its documents left unread; from runs, the state as rebuilt. */
    @Override
    public String changeStamp(String stateId) {
        requireStorable(stateId);
        if (fromRuns) {
            return StateBackend.super.changeStamp(stateId);
        }
        return query(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT " + dialect.changeStamp() + " FROM state WHERE state_id = ?")) {
                s.setString(1, stateId);
                try (ResultSet rows = s.executeQuery()) {
                    return rows.next() ? "row " + rows.getString(1) : Version.ABSENT.token();
                }
            }
        });
    }

    @Override
    public Version write(String stateId, StateDocument document, Version expected) {
        return write(stateId, document, expected, null).version();
    }

    /**
     * The state and, when given, Meltano's {@code runs} row for the command, in one transaction; the
     * state alone where the database has no {@code runs} table (what is returned says so).
     */
    @Override
    public CommandWrite write(String stateId, StateDocument document, Version expected, MeltanoRun run) {
        requireStorable(stateId);
        refuseWithoutStateTable(stateId);
        refuseWhileRunning(stateId);
        boolean withRow = run != null && hasRunsTable();
        String completed = text(document.completed());
        String partial = text(document.partial());
        transaction(stateId, expected, (c, current) -> {
            if (current.exists()) {
                try (PreparedStatement s = c.prepareStatement(
                        "UPDATE state SET completed_state = ?, partial_state = ?, updated_at = ? WHERE state_id = ?")) {
                    s.setString(1, completed);
                    s.setString(2, partial);
                    // Meltano replaces a row through SQLAlchemy's "row switch", which stamps local time.
                    dialect.bindDateTime(s, 3, LocalDateTime.now());
                    s.setString(4, stateId);
                    s.executeUpdate();
                }
            } else {
                // Meltano's first insert of an ID leaves updated_at NULL.
                try (PreparedStatement s = c.prepareStatement(
                        "INSERT INTO state (state_id, completed_state, partial_state, updated_at) VALUES (?, ?, ?, NULL)")) {
                    s.setString(1, stateId);
                    s.setString(2, completed);
                    s.setString(3, partial);
                    s.executeUpdate();
                }
            }
            if (withRow) {
                insert(c, run);
            }
        });
        return new CommandWrite(Version.ofContent(completed, partial), run != null && !withRow);
    }

    @Override
    public boolean record(MeltanoRun run) {
        if (!hasRunsTable()) {
            return false;
        }
        query(c -> {
            insert(c, run);
            return null;
        });
        return true;
    }

    /** The row as Meltano's {@code Job} model stores it: id from the table, no heartbeat, payload as json.dumps. */
    private void insert(Connection c, MeltanoRun run) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT INTO runs (job_name, state, started_at, ended_at, payload,"
                + " payload_flags, run_id, \"trigger\", last_heartbeat_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL)")) {
            LocalDateTime at = LocalDateTime.ofInstant(run.at(), ZoneOffset.UTC);
            s.setString(1, run.jobName());
            s.setString(2, MeltanoRun.STATE_EDIT);
            dialect.bindDateTime(s, 3, at);
            dialect.bindDateTime(s, 4, at);
            s.setString(5, PythonJson.dumps(run.payload().document()));
            s.setInt(6, run.payload().flags());
            dialect.bindRunId(s, 7, run.runId());
            s.setString(8, run.trigger());
            s.executeUpdate();
        }
    }

    @Override
    public void delete(String stateId, Version expected) {
        requireStorable(stateId);
        refuseWithoutStateTable(stateId);
        refuseWhileRunning(stateId);
        transaction(stateId, expected, (c, current) -> {
            try (PreparedStatement s = c.prepareStatement("DELETE FROM state WHERE state_id = ?")) {
                s.setString(1, stateId);
                s.executeUpdate();
            }
        });
    }

    /**
     * Meltano's system-DB lock is a no-op; what tells that a pipeline is writing this state is a
     * RUNNING job in {@code runs} that is still alive by Meltano's own measure.
     */
    @Override
    public LockStatus lockStatus(String stateId) {
        requireStorable(stateId);
        List<RunRow> running = runningRows(stateId);
        if (running.isEmpty()) {
            return LockStatus.FREE;
        }
        RunRow newest = running.get(0);
        String detail = newest.lastHeartbeat() == null ? "job started, no heartbeat" : "last heartbeat " + newest.lastHeartbeat();
        return newest.isStale(Instant.now())
                ? LockStatus.stale(newest.startedAt(), detail + "; the job looks dead")
                : LockStatus.held(newest.startedAt(), detail);
    }

    /** The lock is the runs table's RUNNING rows, which {@link #runningJobs} reads for every ID at once. */
    @Override
    public boolean hasLocksOfItsOwn() {
        return false;
    }

    /** None where the database has no {@code runs} table (Meltano's always have one; hand-made or pruned ones may not). */
    @Override
    public Optional<RunLog> runs() {
        return hasRunsTable() ? Optional.of(this) : Optional.empty();
    }

    @Override
    public boolean isSystemDatabase() {
        return true;
    }

    @Override
    public List<RunRow> runningJobs() {
        return runningRows(null);
    }

    /** One query for the job's rows alone. */
    @Override
    public Optional<RunRow> running(String jobName) {
        requireStorable(jobName);
        return runningRows(jobName).stream().findFirst();
    }

    /**
     * The RUNNING rows (optionally of one job), newest start first, payloads left unread. A
     * database without a {@code runs} table (Meltano's always have one; hand-made ones may not)
     * has nothing running.
     */
    private List<RunRow> runningRows(String jobName) {
        if (!hasRunsTable()) {
            return List.of();
        }
        return jobName == null
                ? runRows("state = 'RUNNING' ORDER BY started_at DESC", false)
                : runRows("state = 'RUNNING' AND job_name = ? ORDER BY started_at DESC", false, jobName);
    }

    /**
     * Probed until seen, then taken as there: every write, lock check and runs listing asks, and a
     * table Meltano created stays, while a missing one may yet come with Meltano's migration.
     */
    @Override
    public boolean hasRunsTable() {
        if (!runsTableSeen) {
            runsTableSeen = readable("SELECT id FROM runs");
        }
        return runsTableSeen;
    }

    /**
     * Whether the query's table and columns are there (it is run for no rows). Any other failure (a
     * full disk, an I/O error, a busy or unopenable database) is reported as the database words it,
     * not taken for a missing table.
     */
    private boolean readable(String select) {
        return query(c -> {
            try (PreparedStatement s = c.prepareStatement(select + " WHERE 1 = 0")) {
                s.executeQuery().close();
                return true;
            } catch (SQLException e) {
                if (dialect.isMissingTableOrColumn(e)) {
                    return false;
                }
                throw e;
            }
        });
    }

    @Override
    public List<RunRow> history(String jobName, Long beforeId, int limit, boolean checkpointsOnly) {
        requireStorable(jobName);
        List<Object> params = new ArrayList<>(List.of(jobName));
        String where = "job_name = ?";
        if (beforeId != null) {
            where += " AND id < ?";
            params.add(beforeId);
        }
        if (checkpointsOnly) {
            where += " AND payload_flags <> 0";
        }
        params.add(limit);
        // by id, the order Meltano inserted them in; LIMIT keeps a page of a long history to the rows shown
        return runRows(where + " ORDER BY id DESC LIMIT ?", true, params.toArray());
    }

    @Override
    public List<RunRow> recent(String jobName, int limit) {
        requireStorable(jobName);
        return runRows("job_name = ? ORDER BY id DESC LIMIT ?", false, jobName, limit);
    }

    @Override
    public Optional<RunRow> run(String jobName, UUID runId) {
        requireStorable(jobName);
        return runRows("job_name = ? AND run_id = ?", true, jobName, runId).stream().findFirst();
    }

    @Override
    public List<RunRow> runsStartingWith(String jobName, String hexDigits, int limit) {
        requireStorable(jobName);
        if (!hexDigits.matches("[0-9a-f]+")) {
            // LIKE's wildcards never get in
            throw new IllegalArgumentException("not lower-case hex digits: " + hexDigits);
        }
        // SQLite keeps the 32 hex digits, PostgreSQL a uuid whose text has dashes: compared as the digits of either
        return runRows("job_name = ? AND replace(lower(CAST(run_id AS TEXT)), '-', '') LIKE ? ORDER BY id DESC LIMIT ?", false,
                jobName, hexDigits + "%", limit);
    }

    private List<RunRow> runRows(String whereAndOrder, boolean withPayload, Object... params) {
        return query(c -> {
            List<RunRow> rows = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement("SELECT id, job_name, state, run_id, started_at, ended_at,"
                    + " last_heartbeat_at, payload_flags, \"trigger\"" + (withPayload ? ", payload" : "")
                    + " FROM runs WHERE " + whereAndOrder)) {
                for (int i = 0; i < params.length; i++) {
                    if (params[i] instanceof UUID runId) {
                        dialect.bindRunId(s, i + 1, runId);
                    } else {
                        s.setObject(i + 1, params[i]);
                    }
                }
                try (ResultSet r = s.executeQuery()) {
                    while (r.next()) {
                        rows.add(new RunRow(r.getLong(1), r.getString(2), r.getString(3), r.getString(4), utc(r.getString(5)),
                                utc(r.getString(6)), utc(r.getString(7)), r.getInt(8), r.getString(9),
                                withPayload ? r.getString(10) : null));
                    }
                }
            }
            return rows;
        });
    }

    /**
     * A live pipeline would overwrite the state at its next checkpoint, so a write now is refused;
     * a job that looks dead (stale) does not block, as it does not block Meltano.
     */
    private void refuseWhileRunning(String stateId) {
        LockStatus lock = lockStatus(stateId);
        if (lock.isHeld()) {
            throw new LockedException(stateId, lock);
        }
    }

    /** Nothing to break: Meltano's system-DB lock is a no-op, and a dead job's row is history. */
    @Override
    public void breakStaleLock(String stateId) {
        refuseWithoutStateTable(stateId);
        refuseWhileRunning(stateId);
    }

    /**
     * Refuses an ID the database cannot store before anything is sent, in one line as a file backend
     * refuses one no folder can be named after (PostgreSQL's own refusal of a NUL takes two).
     */
    private void requireStorable(String stateId) {
        String why = dialect.unstorable(stateId);
        if (why != null) {
            throw new BackendException("a state ID in " + displayUri + " must be storable: " + why);
        }
    }

    private void refuseWithoutStateTable(String stateId) {
        if (fromRuns) {
            throw new ReadOnlyException(stateId, displayUri, FROM_RUNS);
        }
    }

    @Override
    public void close() {
        connections.close();
    }

    private static StoredState stored(String stateId, String completed, String partial) {
        // parsed by whoever asks first: a big completed part need never be a tree (see StateDocument#effective),
        // and hashed when asked for: a command-line get or diff never asks
        StateDocument document = new StateDocument(StatePart.unparsed(completed), StatePart.unparsed(partial));
        return StoredState.present(stateId, document, Version.ofContentWhenAsked(completed, partial));
    }

    /** The column text for a part: Meltano's json.dumps, NULL as SQL NULL, unreadable text kept as it is. */
    private static String text(StatePart part) {
        if (part.isCorrupt()) {
            return part.rawText();
        }
        return part.isNull() ? null : PythonJson.dumps(part.value());
    }

    private static Instant utc(String naiveUtc) {
        LocalDateTime at = naive(naiveUtc);
        return at == null ? null : at.toInstant(ZoneOffset.UTC);
    }

    /** A DATETIME / TIMESTAMP column's text; null for NULL or text that is no time. */
    private static LocalDateTime naive(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            return Timestamp.valueOf(text.trim().replace('T', ' ')).toLocalDateTime();
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    // --- plumbing ---------------------------------------------------------------------------

    private interface RowSink {
        void accept(ResultSet rows) throws SQLException;
    }

    private interface Change {
        void apply(Connection c, StoredState current) throws SQLException;
    }

    private <T> T query(ConnectionSource.Work<T> work) {
        try {
            return connections.use(work);
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    /** The rows of the IDs matching a Meltano pattern (null: every row); the database's LIKE does the matching. */
    private void select(String sql, String pattern, RowSink sink) {
        stream(pattern == null ? sql : sql + " WHERE state_id LIKE ?", pattern == null ? null : like(pattern), sink);
    }

    /** Streams a query's rows, its one parameter (if any) bound to {@code parameter}. */
    private void stream(String sql, String parameter, RowSink sink) {
        query(c -> {
            boolean autoCommit = c.getAutoCommit();
            // PostgreSQL streams with a fetch size only inside a transaction.
            c.setAutoCommit(dialect.fetchSize() == 0);
            // No ORDER BY: Meltano lists in the table's order, and sorting 100k IDs in the database
            // costs three times the listing itself (measured on PostgreSQL).
            try (PreparedStatement s = c.prepareStatement(sql)) {
                s.setFetchSize(dialect.fetchSize());
                if (parameter != null) {
                    s.setString(1, parameter);
                }
                try (ResultSet rows = s.executeQuery()) {
                    while (rows.next()) {
                        sink.accept(rows);
                    }
                }
            } finally {
                if (!c.getAutoCommit()) {
                    c.rollback();
                }
                c.setAutoCommit(autoCommit);
            }
            return null;
        });
    }

    private void transaction(String stateId, Version expected, Change change) {
        query(c -> {
            c.setAutoCommit(false);
            try {
                StoredState current;
                try (PreparedStatement s = c.prepareStatement(dialect.selectForUpdate())) {
                    s.setString(1, stateId);
                    try (ResultSet rows = s.executeQuery()) {
                        current = rows.next() ? stored(stateId, rows.getString(1), rows.getString(2)) : StoredState.absent(stateId);
                    }
                }
                if (expected != null && !expected.equals(current.version())) {
                    throw new ConflictException(current, expected);
                }
                try {
                    change.apply(c, current);
                } catch (SQLException e) {
                    if (!current.exists() && dialect.isDuplicateKey(e)) {
                        // read what the other writer created on this same connection: borrowing a second
                        // one while holding this can wait for ever when every writer does it at once
                        c.rollback();
                        throw new ConflictException(read(c, stateId), expected == null ? Version.ABSENT : expected);
                    }
                    throw e;
                }
                c.commit();
            } catch (SQLException | RuntimeException e) {
                endAfterFailure(c, e);
                throw e;
            }
            c.setAutoCommit(true);
            return null;
        });
    }

    /**
     * Rolls back a failed write. SQLite ends the transaction itself on some errors (SQLITE_FULL, I/O
     * errors): the rollback, and the commit that leaving manual-commit mode issues, then fail with "no
     * transaction is active", which must not hide the real cause.
     */
    private static void endAfterFailure(Connection c, Exception failure) {
        try {
            c.rollback();
        } catch (SQLException e) {
            failure.addSuppressed(e);
        }
        try {
            c.setAutoCommit(true);
        } catch (SQLException e) {
            failure.addSuppressed(e);
        }
    }

    private BackendException failure(SQLException e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return new BackendException(displayUri + ": " + message + dialect.hint(e), e);
    }
}
