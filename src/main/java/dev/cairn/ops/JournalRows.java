package dev.cairn.ops;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.backend.BackendException;
import dev.cairn.backend.Version;
import dev.cairn.ops.Journal.Entry;
import dev.cairn.ops.Journal.Status;
import dev.cairn.state.Json;
import dev.cairn.state.JsonSyntaxError;
import dev.cairn.state.PythonJson;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StatePart;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * The journal's tables: one row per write in {@code writes}, indexed by backend and state ID, and
 * every document text in {@code documents} once, deflated, under its SHA-256 — so a state written a
 * hundred times with the same big completed document holds it once, and the history of one ID
 * reads only that ID's rows.
 */
final class JournalRows {

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

    /** The columns of a write, in the order {@link #entry(Connection, ResultSet)} reads them. */
    static final String COLUMNS = "id, time, backend, state_id, action, verb, undo, before_completed, before_partial,"
            + " after_completed, after_partial, version_before, status, version_after, error, group_id, kind, parameters";

    private JournalRows() {
    }

    /** Makes the tables, or adds to an older journal's the columns it lacks. */
    static void create(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String ddl : SCHEMA) {
                s.execute(ddl);
            }
            Set<String> columns = columns(c);
            for (Map.Entry<String, String> added : ADDED_COLUMNS.entrySet()) {
                if (!columns.contains(added.getKey())) {
                    s.execute(added.getValue());
                }
            }
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

    // ---- writing ----------------------------------------------------------------------------

    /** Records how a write ended. */
    static void end(Connection c, String id, Status status, Version written, String error) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("UPDATE writes SET status = ?, version_after = ?, error = ? WHERE id = ?")) {
            s.setString(1, status.name());
            s.setString(2, written == null ? null : written.token());
            s.setString(3, error);
            s.setString(4, id);
            s.executeUpdate();
        }
    }

    /** Records how a write whose end was never recorded ended ({@link Journal#settle}), unless its own record came first. */
    static void settled(Connection c, String id, Status status, Version written, String error) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("UPDATE writes SET status = ?, version_after = ?, error = ?"
                + " WHERE id = ? AND status = 'STARTED'")) {
            s.setString(1, status.name());
            s.setString(2, written == null ? null : written.token());
            s.setString(3, error);
            s.setString(4, id);
            s.executeUpdate();
        }
    }

    /** An entry ready to insert: its document texts are written out and hashed by the caller's thread, outside the batch. */
    static final class Row {
        private final Entry entry;
        private final Text[] texts;

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

    // ---- reading ----------------------------------------------------------------------------

    /** The entries a query of {@link #COLUMNS} selects, each with its documents. */
    static List<Entry> entries(Connection c, PreparedStatement s) throws SQLException {
        List<Entry> out = new ArrayList<>();
        try (ResultSet r = s.executeQuery()) {
            while (r.next()) {
                out.add(entry(c, r));
            }
        }
        return out;
    }

    /** The write of a {@code seq}. */
    static Entry entry(Connection c, long seq) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT " + COLUMNS + " FROM writes WHERE seq = ?")) {
            s.setLong(1, seq);
            return entries(c, s).get(0);
        }
    }

    /** The write a row of {@link #COLUMNS} holds, with its documents. */
    static Entry entry(Connection c, ResultSet r) throws SQLException {
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
}
