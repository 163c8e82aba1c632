package dev.cairn.backend.extension;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cairn.backend.BackendException;
import dev.cairn.backend.ConflictException;
import dev.cairn.backend.ListedState;
import dev.cairn.backend.LockStatus;
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
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * The table Meltano's PostgreSQL and DuckDB state backend extensions keep, read and written as they
 * do: {@code state_id}, {@code partial_state}, {@code completed_state} ({@code json.dumps} text,
 * NULL for an empty document) and {@code updated_at}, stamped at every write, one row per ID and no
 * {@code runs} rows. The table has no version column: a row's version is a hash of its two texts,
 * compared inside the write's transaction under the extension's own lock.
 */
final class ExtensionBackend implements StateBackend {

    /** The columns both extensions create ({@code backend.py}'s {@code _ensure_tables}). */
    static final String LAYOUT = "state_id, partial_state, completed_state, updated_at";

    private final ExtensionDatabase db;
    private final Duration lockWait;
    private final String displayUri;
    /** Probed until seen, then taken as there: the extensions never drop it. */
    private volatile boolean tableSeen;

    ExtensionBackend(ExtensionDatabase db, Duration lockWait) {
        this.db = db;
        this.lockWait = lockWait;
        this.displayUri = db.displayUri();
        read(c -> {
            if (hasTable(c)) {
                requireLayout(c);
            }
            return null;
        }, null);
    }

    @Override
    public String displayUri() {
        return displayUri;
    }

    @Override
    public StateStorage storage() {
        if (db.exists()) {
            return query(db::storage);
        }
        try {
            return db.storage(null);
        } catch (SQLException e) {
            throw db.failure(e);
        }
    }

    /** Meltano's extensions turn a pattern into {@code LIKE}: {@code *} to {@code %}, {@code ?} to {@code _}. */
    @Override
    public void list(String pattern, Consumer<ListedState> sink) {
        boolean all = pattern == null || pattern.equals("*");
        select("SELECT state_id FROM " + db.table() + (all ? "" : " WHERE state_id LIKE ?"),
                all ? null : pattern.replace('*', '%').replace('?', '_'),
                rows -> ListedState.visible(rows.getString(1)), sink);
    }

    /** The rows whose ID starts with the glob's literal prefix (an escaped {@code LIKE}), then the glob's own decision. */
    @Override
    public void listMatching(Glob glob, Consumer<ListedState> sink) {
        String prefix = glob.literalPrefix();
        select("SELECT state_id FROM " + db.table() + startingWith(prefix), likeStartingWith(prefix), rows -> rows.getString(1), id -> {
            if (glob.matches(id)) {
                sink.accept(ListedState.visible(id));
            }
        });
    }

    /** {@code updated_at}, a time without zone that the extension stamps in its session's zone: read in this machine's. */
    @Override
    public void updateTimes(BiConsumer<String, Instant> sink) {
        listWithTimes(null, (listed, at) -> sink.accept(listed.stateId(), at));
    }

    @Override
    public void listWithTimes(String pattern, BiConsumer<ListedState, Instant> sink) {
        boolean all = pattern == null || pattern.equals("*");
        select("SELECT state_id, updated_at FROM " + db.table() + (all ? "" : " WHERE state_id LIKE ?"),
                all ? null : pattern.replace('*', '%').replace('?', '_'), rows -> {
                    Timestamp at = rows.getTimestamp(2);
                    return new Timed(rows.getString(1), at == null ? null : at.toInstant());
                }, row -> sink.accept(ListedState.visible(row.stateId()), row.at()));
    }

    @Override
    public StoredState read(String stateId) {
        return read(c -> hasTable(c) ? read(c, stateId, "") : StoredState.absent(stateId), StoredState.absent(stateId));
    }

    @Override
    public void readAll(String pattern, Consumer<StoredState> sink) {
        boolean all = pattern == null || pattern.equals("*");
        select("SELECT state_id, partial_state, completed_state FROM " + db.table() + (all ? "" : " WHERE state_id LIKE ?"),
                all ? null : pattern.replace('*', '%').replace('?', '_'),
                rows -> stored(rows.getString(1), rows.getString(2), rows.getString(3)), sink);
    }

    /** One escaped {@code LIKE} of the prefix, each ID checked again: how {@code LIKE} treats case is the database's. */
    @Override
    public void readStartingWith(String prefix, Consumer<StoredState> sink) {
        select("SELECT state_id, partial_state, completed_state FROM " + db.table() + startingWith(prefix), likeStartingWith(prefix),
                rows -> stored(rows.getString(1), rows.getString(2), rows.getString(3)), stored -> {
                    if (stored.stateId().startsWith(prefix)) {
                        sink.accept(stored);
                    }
                });
    }

    /** The {@code WHERE} of the IDs starting with a literal text; none for an empty one. */
    private static String startingWith(String prefix) {
        return prefix.isEmpty() ? "" : " WHERE state_id LIKE ? ESCAPE '\\'";
    }

    /** The parameter of {@link #startingWith}: the text with {@code LIKE}'s wildcards escaped; null for an empty one. */
    private static String likeStartingWith(String prefix) {
        return prefix.isEmpty() ? null : prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
    }

    private StoredState read(Connection c, String stateId, String suffix) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(
                "SELECT partial_state, completed_state FROM " + db.table() + " WHERE state_id = ?" + suffix)) {
            s.setString(1, stateId);
            try (ResultSet rows = s.executeQuery()) {
                return rows.next() ? stored(stateId, rows.getString(1), rows.getString(2)) : StoredState.absent(stateId);
            }
        }
    }

    private StoredState stored(String stateId, String partial, String completed) {
        StateDocument document = new StateDocument(part(completed), part(partial));
        return StoredState.present(stateId, document, Version.ofContentWhenAsked(completed, partial));
    }

    /** PostgreSQL's {@code get} reads NULL as {@code {}} (backend.py line 311), DuckDB's any empty text (line 302). */
    private StatePart part(String text) {
        if (text == null || (text.isEmpty() && db.emptyTextIsEmpty())) {
            return StatePart.emptyObject();
        }
        return StatePart.unparsed(text);
    }

    /**
     * The column text of a part as both extensions' {@code set} writes it:
     * {@code json.dumps(part) if part else None} (PostgreSQL backend.py lines 261-262, DuckDB lines 266-267),
     * so an empty document is NULL; unreadable text is kept as it is.
     */
    static String text(StatePart part) {
        if (part.isCorrupt()) {
            return part.rawText();
        }
        return part.isNull() || !truthy(part.value()) ? null : PythonJson.dumps(part.value());
    }

    /** Python's truth of a JSON value: empty containers and strings, zero, false and None are false. */
    private static boolean truthy(JsonNode value) {
        if (value.isContainerNode() || value.isTextual()) {
            return value.isTextual() ? !value.textValue().isEmpty() : value.size() > 0;
        }
        if (value.isNumber()) {
            return value.doubleValue() != 0;
        }
        return !value.isBoolean() || value.booleanValue();
    }

    @Override
    public Version write(String stateId, StateDocument document, Version expected) {
        String partial = text(document.partial());
        String completed = text(document.completed());
        change(stateId, expected, (c, current) -> {
            // the extension's upsert (PostgreSQL backend.py lines 265-277, DuckDB lines 268-279)
            try (PreparedStatement s = c.prepareStatement("INSERT INTO " + db.table()
                    + " (state_id, partial_state, completed_state, updated_at) VALUES (?, ?, ?, " + db.now() + ")"
                    + " ON CONFLICT (state_id) DO UPDATE SET partial_state = EXCLUDED.partial_state,"
                    + " completed_state = EXCLUDED.completed_state, updated_at = " + db.now())) {
                s.setString(1, stateId);
                s.setString(2, partial);
                s.setString(3, completed);
                s.executeUpdate();
            }
        });
        return Version.ofContent(completed, partial);
    }

    @Override
    public void delete(String stateId, Version expected) {
        change(stateId, expected, (c, current) -> {
            try (PreparedStatement s = c.prepareStatement("DELETE FROM " + db.table() + " WHERE state_id = ?")) {
                s.setString(1, stateId);
                s.executeUpdate();
            }
        });
    }

    private interface Change {
        void apply(Connection c, StoredState current) throws SQLException;
    }

    /** Under the extension's lock, in one transaction: the row as it is now, compared with what was read, then the change. */
    private void change(String stateId, Version expected, Change change) {
        query(c -> {
            if (!hasTable(c)) {
                db.createTables(c);
                tableSeen = true;
            }
            return db.underLock(c, stateId, lockWait, locked -> {
                locked.setAutoCommit(false);
                try {
                    StoredState current = read(locked, stateId, db.forUpdate());
                    if (expected != null && !expected.equals(current.version())) {
                        throw new ConflictException(current, expected);
                    }
                    change.apply(locked, current);
                    locked.commit();
                } catch (SQLException | RuntimeException e) {
                    try {
                        locked.rollback();
                    } catch (SQLException rollback) {
                        e.addSuppressed(rollback);
                    }
                    throw e;
                } finally {
                    locked.setAutoCommit(true);
                }
                return null;
            });
        });
    }

    @Override
    public LockStatus lockStatus(String stateId) {
        return read(c -> db.lockStatus(c, stateId), LockStatus.FREE);
    }

    @Override
    public Map<String, LockStatus> locks(Collection<String> stateIds) {
        return read(c -> db.locks(c, stateIds), Map.of());
    }

    @Override
    public void breakStaleLock(String stateId) {
        read(c -> {
            db.breakStaleLock(c, stateId);
            return null;
        }, null);
    }

    @Override
    public Duration lockWait() {
        return lockWait;
    }

    @Override
    public void close() {
        db.close();
    }

    /** Runs a question on a connection of this backend: what a factory asks to tell one kind of database from another. */
    <T> T probe(ExtensionDatabase.Work<T> question) {
        return query(question);
    }

    private boolean hasTable(Connection c) throws SQLException {
        if (!tableSeen) {
            tableSeen = db.tableExists(c);
        }
        return tableSeen;
    }

    /** A table of the same name but another layout is refused in one line, before anything is read or written. */
    private void requireLayout(Connection c) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT " + LAYOUT + " FROM " + db.table() + " WHERE 1 = 0")) {
            s.executeQuery().close();
        } catch (SQLException e) {
            throw new BackendException(displayUri + ": the table " + db.table() + " is not the extension's state table ("
                    + LAYOUT + "): " + firstLine(e.getMessage()), e);
        }
    }

    static String firstLine(String message) {
        if (message == null) {
            return "";
        }
        int end = message.indexOf('\n');
        return (end < 0 ? message : message.substring(0, end)).trim();
    }

    private record Timed(String stateId, Instant at) { }

    private interface Row<T> {
        T of(ResultSet rows) throws SQLException;
    }

    /**
     * The rows of a query with at most one parameter (none where the table is not there yet),
     * handed on once the connection is given back: the sink never runs while it is held, and a
     * DuckDB file is not kept open while a pipeline may want it.
     */
    private <T> void select(String sql, String parameter, Row<T> row, Consumer<T> sink) {
        List<T> found = read(c -> {
            List<T> out = new ArrayList<>();
            if (!hasTable(c)) {
                return out;
            }
            try (PreparedStatement s = c.prepareStatement(sql)) {
                if (parameter != null) {
                    s.setString(1, parameter);
                }
                try (ResultSet rows = s.executeQuery()) {
                    while (rows.next()) {
                        out.add(row.of(rows));
                    }
                }
            }
            return out;
        }, List.of());
        found.forEach(sink);
    }

    /** A read: {@code absent} where the database is not there, without opening (and so creating) it. */
    private <T> T read(ExtensionDatabase.Work<T> work, T absent) {
        return db.exists() ? query(work) : absent;
    }

    private <T> T query(ExtensionDatabase.Work<T> work) {
        try {
            return db.use(work);
        } catch (SQLException e) {
            throw db.failure(e);
        }
    }
}
