package dev.cairn.backend.extension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.backend.BackendException;
import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.ConflictException;
import dev.cairn.backend.LockStatus;
import dev.cairn.backend.LockedException;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.backend.TestPostgres;
import dev.cairn.backend.systemdb.MeltanoSchema;
import dev.cairn.backend.systemdb.PostgresUri;
import dev.cairn.state.Json;
import dev.cairn.state.Merge;
import dev.cairn.state.PythonJson;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StatePart;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The table of Meltano's PostgreSQL state backend extension on the test PostgreSQL, checked against
 * what its {@code backend.py} (meltano-state-backend-postgresql, commit c97c762) does; each test names the lines.
 */
@Tag("server")
class PostgresExtensionTest {

    private static final String ID = "dev:tap-github-to-target-postgres";

    /** A schema of its own, named the extension's way: {@code postgresql+extension://…?options=-csearch_path%3D…}. */
    private String schemaUri;
    private String uri;

    @BeforeEach
    void freshSchema() {
        schemaUri = TestPostgres.freshSchemaUri();
        uri = PostgresExtensionFactory.SCHEME + schemaUri.substring(schemaUri.indexOf("://"));
    }

    private StateBackend open(Duration lockWait) {
        return Backends.open(uri, BackendOptions.defaults().withLockWait(lockWait));
    }

    private Connection session() throws SQLException {
        return PostgresUri.parse(schemaUri).connect();
    }

    @Test
    void lockKeyIsTheExtensionsMd5Key() {
        // backend.py lines 432-434, values computed with Python's hashlib and int.from_bytes(..., "big", signed=True)
        assertEquals(2128584585411889108L, PostgresExtension.lockKey(ID));
        assertEquals(-7900292928904638641L, PostgresExtension.lockKey("é🚀"));
    }

    @Test
    void writesTheExtensionsBytesNullForEmptyAndStampsUpdatedAt() throws Exception {
        try (StateBackend backend = open(Duration.ofSeconds(5)); Connection c = session()) {
            assertTrue(backend.displayUri().startsWith("postgresql+extension://"), backend.displayUri());
            assertTrue(backend.list(null).isEmpty(), "no table yet: no state, and nothing created by a read");
            assertFalse(tableThere(c), "a read creates nothing");
            ObjectNode completed = Json.parseObject("{\"singer_state\": {\"bookmarks\": {\"s\": {\"v\": 1e23, \"n\":"
                    + " \"\\u00e9\\u2028\\ud83d\\ude80\", \"f\": 0.1, \"i\": 100000000000000000000, \"t\": 1e16}}}}");
            backend.write(ID, StateDocument.of(completed, Json.object()), null);
            // backend.py lines 241-250: the extension's own DDL, run by the first write
            assertEquals(List.of("state_id character varying 900", "partial_state text null", "completed_state text null",
                    "updated_at timestamp without time zone null"), columns(c));
            // backend.py lines 261-262: json.dumps(...) if ... else None; the text is Python's json.dumps of the same value
            assertEquals("{\"singer_state\": {\"bookmarks\": {\"s\": {\"v\": 1e+23, \"n\": \"\\u00e9\\u2028\\ud83d\\ude80\","
                    + " \"f\": 0.1, \"i\": 100000000000000000000, \"t\": 1e+16}}}}", column(c, "completed_state"));
            assertNull(column(c, "partial_state"), "an empty partial state is NULL, not {}");
            Timestamp first = updatedAt(c);
            assertTrue(first != null, "updated_at is set at the first write (backend.py line 269)");
            Thread.sleep(20); // the server's clock moves on, so the next write's updated_at can be told from this one's
            StoredState read = backend.read(ID);
            assertEquals(PythonJson.dumps(completed), PythonJson.dumps(read.document().completed().value()));
            assertEquals("{}", PythonJson.dumps(read.document().partial().value()), "NULL reads as {} (backend.py line 311)");
            backend.write(ID, StateDocument.of(Json.object(), Json.parseObject("{\"a\": 1}")), read.version());
            assertNull(column(c, "completed_state"));
            assertEquals("{\"a\": 1}", column(c, "partial_state"));
            assertTrue(updatedAt(c).after(first), "updated_at is stamped again at every write (backend.py line 274)");
            assertThrows(ConflictException.class, () -> backend.write(ID, StateDocument.EMPTY, read.version()),
                    "a write never overwrites a change made since its read");
            backend.delete(ID, backend.read(ID).version());
            assertTrue(backend.list(null).isEmpty());
        }
    }

    @Test
    void aHeldAdvisoryLockShowsLockedBlocksAWriteAndAWriteWaitsForItToComeFree() throws Exception {
        try (StateBackend backend = open(Duration.ofSeconds(1)); Connection pipeline = session(); Connection other = session()) {
            backend.write(ID, StateDocument.completeWrite(Json.parseObject("{\"x\": 1}")), null);
            long key = PostgresExtension.lockKey(ID);
            // the pipeline's acquire_lock (backend.py line 463): a session lock on the ID's key
            assertTrue(tryLock(pipeline, key));
            assertFalse(tryLock(other, key), "two sessions contend for one key");
            LockStatus status = backend.lockStatus(ID);
            assertTrue(status.isHeld(), status.toString());
            assertEquals(LockStatus.FREE, backend.lockStatus("another-id"));
            assertEquals(List.of(ID), List.copyOf(backend.locks(List.of(ID, "another-id")).keySet()));
            long start = System.nanoTime();
            assertThrows(LockedException.class, () -> backend.write(ID, StateDocument.EMPTY, null));
            assertTrue(System.nanoTime() - start >= 900_000_000L, "it waited for the lock wait");
            assertEquals("{\"x\": 1}", PythonJson.dumps(backend.read(ID).document().completed().value()), "nothing written");
            assertThrows(LockedException.class, () -> backend.breakStaleLock(ID), "a live session's lock is never stale");

            try (StateBackend patient = open(Duration.ofSeconds(20))) {
                ExecutorService release = Executors.newSingleThreadExecutor();
                try {
                    Future<?> unlocked = release.submit(() -> {
                        Thread.sleep(1500); // the pipeline holds its lock for a while: the write must wait it out
                        try (Statement s = pipeline.createStatement()) {
                            s.execute("SELECT pg_advisory_unlock(" + key + ")");
                        }
                        return null;
                    });
                    long waited = System.nanoTime();
                    patient.write(ID, StateDocument.completeWrite(Json.parseObject("{\"x\": 2}")), null);
                    assertTrue(System.nanoTime() - waited >= 1_000_000_000L, "the write waited for the pipeline's lock");
                    unlocked.get();
                } finally {
                    release.shutdownNow();
                }
            }
            assertEquals("{\"x\": 2}", PythonJson.dumps(backend.read(ID).document().completed().value()));
            assertEquals(LockStatus.FREE, backend.lockStatus(ID), "Cairn's transaction lock went with its commit");
            assertTrue(tryLock(other, key), "and a pipeline gets it");
        }
    }

    /**
     * Four Cairn writers (read, merge a marker, compare-and-set, again on a conflict) and a pipeline
     * writing as the extension does (acquire_lock, get, Meltano's merge, set: backend.py lines 253-313, 437-476) on
     * the same IDs: no marker and no pipeline write is lost.
     */
    @Test
    void racingWritersLoseNoUpdate() throws Exception {
        List<String> ids = List.of("race:a", "race:b", "race:c");
        int rounds = 40;
        try (StateBackend backend = open(Duration.ofSeconds(30)); Connection pipeline = session()) {
            for (String id : ids) {
                backend.write(id, StateDocument.completeWrite(Json.parseObject("{\"singer_state\": {}}")), null);
            }
            ExecutorService pool = Executors.newFixedThreadPool(5);
            CountDownLatch go = new CountDownLatch(1);
            List<Future<List<String>>> writers = new ArrayList<>();
            try {
                for (int w = 0; w < 4; w++) {
                    int writer = w;
                    writers.add(pool.submit(() -> {
                        go.await();
                        List<String> done = new ArrayList<>();
                        for (int k = 0; k < rounds; k++) {
                            String id = ids.get((k + writer) % ids.size());
                            String marker = "cairn-" + writer + "-" + k;
                            while (true) {
                                StoredState before = backend.read(id);
                                StateDocument after = new StateDocument(before.document().completed(),
                                        StatePart.of(Merge.merge(bookmark(marker), partialOf(before))));
                                try {
                                    backend.write(id, after, before.version());
                                    done.add(id + "/" + marker);
                                    break;
                                } catch (ConflictException e) {
                                    // someone wrote since the read: read again
                                }
                            }
                        }
                        return done;
                    }));
                }
                writers.add(pool.submit(() -> {
                    go.await();
                    List<String> done = new ArrayList<>();
                    for (int k = 0; k < rounds; k++) {
                        String id = ids.get(k % ids.size());
                        String marker = "pipeline-" + k;
                        extensionMerge(pipeline, id, bookmark(marker));
                        done.add(id + "/" + marker);
                    }
                    return done;
                }));
                go.countDown();
                List<String> all = new ArrayList<>();
                for (Future<List<String>> f : writers) {
                    all.addAll(f.get());
                }
                int lost = 0;
                for (String done : all) {
                    String[] parts = done.split("/");
                    if (!backend.read(parts[0]).document().partial().value().path("singer_state").path("bookmarks").has(parts[1])) {
                        lost++;
                    }
                }
                assertEquals(5 * rounds, all.size());
                assertEquals(0, lost, "updates lost");
            } finally {
                pool.shutdownNow();
            }
        }
    }

    @Test
    void aTableOfAForeignLayoutIsRefusedInOneLine() throws Exception {
        try (Connection c = session(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE state (id INTEGER PRIMARY KEY, payload TEXT)");
        }
        BackendException e = assertThrows(BackendException.class, () -> open(Duration.ofSeconds(1)).close());
        assertTrue(e.getMessage().contains("is not the extension's state table"), e.getMessage());
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    }

    @Test
    void aPostgresqlUriOpensTheSystemDatabaseOrTheExtensionByWhatTheDatabaseHolds() throws Exception {
        try (Connection c = session()) {
            MeltanoSchema.createPostgres(c);
        }
        try (StateBackend systemDb = Backends.open(schemaUri, BackendOptions.defaults())) {
            assertTrue(systemDb.isSystemDatabase() && systemDb.runs().isPresent(), "runs and alembic_version: the system DB");
            assertTrue(systemDb.displayUri().startsWith("postgresql+psycopg://"), systemDb.displayUri());
        }
        freshSchema();
        try (Connection c = session(); Statement s = c.createStatement()) {
            s.execute(MeltanoSchemaStateOnly.DDL);
        }
        try (StateBackend stateTableAlone = Backends.open(schemaUri, BackendOptions.defaults())) {
            assertTrue(stateTableAlone.isSystemDatabase(), "Meltano's own state table (VARCHAR documents) without runs: still a system DB");
        }
        freshSchema();
        try (StateBackend explicit = open(Duration.ofSeconds(1))) {
            explicit.write(ID, StateDocument.completeWrite(Json.parseObject("{\"x\": 1}")), null);
        }
        try (StateBackend detected = Backends.open(schemaUri, BackendOptions.defaults())) {
            assertTrue(detected.displayUri().startsWith("postgresql+extension://"), detected.displayUri());
            assertFalse(detected.isSystemDatabase());
            detected.write(ID, StateDocument.completeWrite(Json.parseObject("{\"x\": 2}")), null);
            assertEquals(List.of(ID), detected.list(null).stream().map(l -> l.stateId()).toList());
        }
        try (Connection c = session()) {
            assertNull(column(c, "partial_state"), "written as the extension writes: NULL for the empty partial");
        }
    }

    @Test
    void theSettingsOverrideTheUriAndNameTheSchemaAndTable() throws Exception {
        String schema = schemaUri.substring(schemaUri.indexOf("%3D") + 3);
        String bare = PostgresExtensionFactory.SCHEME + schemaUri.substring(schemaUri.indexOf("://"), schemaUri.indexOf('?'));
        BackendOptions options = BackendOptions.defaults().withSetting(PostgresExtensionFactory.SCHEMA, schema)
                .withSetting(PostgresExtensionFactory.TABLE, "meltano_state")
                .withSetting(PostgresExtensionFactory.SSLMODE, "disable");
        try (StateBackend backend = Backends.open(bare, options)) {
            assertTrue(backend.displayUri().endsWith("(table " + schema + ".meltano_state)"), backend.displayUri());
            backend.write(ID, StateDocument.completeWrite(Json.parseObject("{\"x\": 1}")), null);
        }
        try (Connection c = session(); Statement s = c.createStatement();
             ResultSet rows = s.executeQuery("SELECT completed_state FROM meltano_state")) {
            assertTrue(rows.next());
            assertEquals("{\"x\": 1}", rows.getString(1));
        }
        BackendException e = assertThrows(BackendException.class, () -> Backends.open(bare + "/" + schema, options));
        assertTrue(e.getMessage().contains("?options=-csearch_path%3Dschema"), e.getMessage());
    }

    /** Meltano's migrations' {@code state} table alone, as a hand-made or pruned system database has it. */
    private static final class MeltanoSchemaStateOnly {
        static final String DDL = "CREATE TABLE state (state_id VARCHAR(900) NOT NULL, partial_state VARCHAR,"
                + " completed_state VARCHAR, updated_at TIMESTAMP WITHOUT TIME ZONE, PRIMARY KEY (state_id), UNIQUE (state_id))";
    }

    /** The extension's write under its lock, on its own session, as a pipeline makes it. */
    private static void extensionMerge(Connection c, String id, ObjectNode update) throws Exception {
        long key = PostgresExtension.lockKey(id);
        while (!tryLock(c, key)) {
            Thread.sleep(5);
        }
        try {
            String partial = null;
            String completed = null;
            try (PreparedStatement s = c.prepareStatement("SELECT partial_state, completed_state FROM state WHERE state_id = ?")) {
                s.setString(1, id);
                try (ResultSet rows = s.executeQuery()) {
                    if (rows.next()) {
                        partial = rows.getString(1);
                        completed = rows.getString(2);
                    }
                }
            }
            JsonNode merged = Merge.merge(update, partial == null ? Json.object() : Json.parseObject(partial));
            try (PreparedStatement s = c.prepareStatement("INSERT INTO state (state_id, partial_state, completed_state, updated_at)"
                    + " VALUES (?, ?, ?, CURRENT_TIMESTAMP) ON CONFLICT (state_id) DO UPDATE SET partial_state ="
                    + " EXCLUDED.partial_state, completed_state = EXCLUDED.completed_state, updated_at = CURRENT_TIMESTAMP")) {
                s.setString(1, id);
                s.setString(2, PythonJson.dumps(merged));
                s.setString(3, completed);
                s.executeUpdate();
            }
        } finally {
            try (Statement s = c.createStatement()) {
                s.execute("SELECT pg_advisory_unlock(" + key + ")");
            }
        }
    }

    private static ObjectNode partialOf(StoredState state) {
        return state.document().partial().value() instanceof ObjectNode o ? o : Json.object();
    }

    private static ObjectNode bookmark(String stream) {
        ObjectNode update = Json.object();
        update.putObject("singer_state").putObject("bookmarks").putObject(stream).put("replication_key_value", 1);
        return update;
    }

    private static boolean tryLock(Connection c, long key) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rows = s.executeQuery("SELECT pg_try_advisory_lock(" + key + ")")) {
            rows.next();
            return rows.getBoolean(1);
        }
    }

    private static boolean tableThere(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rows = s.executeQuery("SELECT to_regclass('state') IS NOT NULL")) {
            rows.next();
            return rows.getBoolean(1);
        }
    }

    private static List<String> columns(Connection c) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rows = s.executeQuery("SELECT column_name, data_type,"
                + " character_maximum_length, is_nullable FROM information_schema.columns WHERE table_schema = current_schema()"
                + " AND table_name = 'state' ORDER BY ordinal_position")) {
            while (rows.next()) {
                String length = rows.getString(3);
                out.add(rows.getString(1) + " " + rows.getString(2) + " "
                        + (length != null ? length : "YES".equals(rows.getString(4)) ? "null" : "not null"));
            }
        }
        return out;
    }

    private static String column(Connection c, String name) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT " + name + " FROM state WHERE state_id = ?")) {
            s.setString(1, ID);
            try (ResultSet rows = s.executeQuery()) {
                assertTrue(rows.next());
                return rows.getString(1);
            }
        }
    }

    private static Timestamp updatedAt(Connection c) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT updated_at FROM state WHERE state_id = ?")) {
            s.setString(1, ID);
            try (ResultSet rows = s.executeQuery()) {
                rows.next();
                return rows.getTimestamp(1);
            }
        }
    }
}
