package dev.cairn.backend.extension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.backend.BackendException;
import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.ConflictException;
import dev.cairn.backend.LockStatus;
import dev.cairn.backend.LockedException;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.backend.Version;
import dev.cairn.state.Json;
import dev.cairn.state.PythonJson;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StatePart;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DuckDB files of Meltano's DuckDB state backend extension, checked against its {@code backend.py}
 * (meltano-state-backend-duckdb, commit 0a36275); each test names the lines it follows.
 */
@Tag("unit")
class DuckDbExtensionTest {

    private static final String ID = "dev:tap-github-to-target-duckdb";

    @TempDir
    Path dir;

    private StateBackend open(Path file, Duration lockWait) {
        return Backends.open("duckdb://" + file, BackendOptions.defaults().withLockWait(lockWait));
    }

    /** What a comparison with {@code --pattern} reads: the IDs under the prefix, {@code LIKE}'s wildcards taken as text. */
    @Test
    void readsTheStatesUnderAPrefixOnly() {
        try (StateBackend backend = open(dir.resolve("state.duckdb"), Duration.ofSeconds(1))) {
            for (String id : List.of("dev:tap_a%x", "dev:tapXaYx", "DEV:tap_a%x", "prod:tap_a%x")) {
                backend.write(id, StateDocument.EMPTY, null);
            }
            List<String> read = new ArrayList<>();
            backend.readStartingWith("dev:tap_a%", stored -> read.add(stored.stateId()));
            assertEquals(List.of("dev:tap_a%x"), read);
        }
    }

    @Test
    void writesTheExtensionsTablesAndBytesInAFileTheExtensionsDuckDbCanOpen() throws Exception {
        Path file = dir.resolve("state.duckdb");
        try (StateBackend backend = open(file, Duration.ofSeconds(1))) {
            assertEquals("duckdb://" + file, backend.displayUri());
            assertTrue(backend.list(null).isEmpty());
            assertFalse(Files.exists(file), "a read of a file that is not there does not create it");
            backend.write(ID, StateDocument.completeWrite(Json.parseObject(
                    "{\"singer_state\": {\"bookmarks\": {\"s\": {\"v\": 1e23, \"n\": \"\\u00e9\\ud83d\\ude80\"}}}}")), null);
            StoredState read = backend.read(ID);
            assertEquals("{}", PythonJson.dumps(read.document().partial().value()));
            assertThrows(ConflictException.class, () -> backend.write(ID, StateDocument.EMPTY, Version.ABSENT));
        }
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + file); Statement s = c.createStatement()) {
            // backend.py lines 204-212 and 238-257: schema meltano, table state and state_lock, catalog named after the file
            assertEquals(List.of("state", "state_lock"), strings(s, "SELECT table_name FROM duckdb_tables()"
                    + " WHERE database_name = 'state' AND schema_name = 'meltano' ORDER BY 1"));
            assertEquals(List.of("state_id VARCHAR", "partial_state VARCHAR", "completed_state VARCHAR", "updated_at TIMESTAMP"),
                    strings(s, "SELECT column_name || ' ' || data_type FROM duckdb_columns() WHERE table_name = 'state'"
                            + " ORDER BY column_index"));
            try (ResultSet rows = s.executeQuery("SELECT partial_state, completed_state, updated_at FROM meltano.state")) {
                assertTrue(rows.next());
                // backend.py lines 266-267: json.dumps text, None (NULL) for an empty part
                assertNull(rows.getString(1));
                assertEquals("{\"singer_state\": {\"bookmarks\": {\"s\": {\"v\": 1e+23, \"n\": \"\\u00e9\\ud83d\\ude80\"}}}}",
                        rows.getString(2));
                assertTrue(rows.getTimestamp(3) != null, "updated_at = now() (backend.py line 272)");
            }
            // the extension runs with duckdb>=1.1: a new file is in the format DuckDB 1.x opens, not the driver's 2.0 one
            assertEquals(List.of("{storage_version=v1.0.0+}"),
                    strings(s, "SELECT tags::VARCHAR FROM duckdb_databases() WHERE database_name = 'state'"));
        }
    }

    @Test
    void theLockTableIsHonouredHeldStaleAndBroken() throws Exception {
        Path file = dir.resolve("locks.duckdb");
        try (StateBackend backend = open(file, Duration.ofMillis(600))) {
            backend.write(ID, StateDocument.completeWrite(Json.parseObject("{\"x\": 1}")), null);
            lockRow(file, "now()");
            LockStatus held = backend.lockStatus(ID);
            assertTrue(held.isHeld(), held.toString());
            assertThrows(LockedException.class, () -> backend.write(ID, StateDocument.EMPTY, null));
            assertThrows(LockedException.class, () -> backend.breakStaleLock(ID));
            assertEquals("{\"x\": 1}", PythonJson.dumps(backend.read(ID).document().completed().value()), "nothing written");
            // backend.py lines 359-366: a row older than 300 s is stale and deleted by the next lock
            clearLocks(file);
            lockRow(file, "now() - INTERVAL '301 seconds'");
            assertEquals(LockStatus.State.STALE, backend.lockStatus(ID).state());
            backend.write(ID, StateDocument.completeWrite(Json.parseObject("{\"x\": 2}")), null);
            assertEquals(LockStatus.FREE, backend.lockStatus(ID), "the stale row was deleted, and Cairn's own went with its write");
        }
    }

    @Test
    void aFileAnotherProcessHoldsIsRefusedInOneLineAndCairnKeepsNoFileOpen() throws Exception {
        Path file = dir.resolve("held.duckdb");
        try (StateBackend backend = open(file, Duration.ofSeconds(1))) {
            backend.write(ID, StateDocument.completeWrite(Json.parseObject("{\"x\": 1}")), null);
            Process holder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), DuckDbHolder.class.getName(), file.toString())
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start();
            try {
                BufferedReader out = new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8));
                assertEquals("ready", out.readLine(), "the second process opened the file: Cairn did not keep it open");
                BackendException e = assertThrows(BackendException.class, () -> backend.read(ID));
                assertTrue(e.getMessage().contains("is open in another process (PID " + holder.pid()), e.getMessage());
                assertEquals(1, e.getMessage().lines().count(), e.getMessage());
            } finally {
                holder.getOutputStream().close();
                assertTrue(holder.waitFor(30, TimeUnit.SECONDS));
            }
            assertEquals("{\"x\": 1}", PythonJson.dumps(backend.read(ID).document().completed().value()), "free again once it ends");
        }
    }

    @Test
    void aForeignLayoutAnotherFormatAndNoDuckDbFileAreOneLineErrors() throws Exception {
        Path foreign = dir.resolve("foreign.duckdb");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + foreign); Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA meltano");
            s.execute("CREATE TABLE meltano.state (id INTEGER, payload VARCHAR)");
        }
        oneLine(assertThrows(BackendException.class, () -> open(foreign, Duration.ofSeconds(1))), "is not the extension's state table");

        Path newer = dir.resolve("newer.duckdb");
        try (StateBackend backend = open(newer, Duration.ofSeconds(1))) {
            backend.write(ID, StateDocument.EMPTY, null);
        }
        futureStorageVersion(newer);
        oneLine(assertThrows(BackendException.class, () -> open(newer, Duration.ofSeconds(1)).list(null)), "Storage Version");

        Path text = Files.writeString(dir.resolve("notes.duckdb"), "not a database\n".repeat(400));
        oneLine(assertThrows(BackendException.class, () -> open(text, Duration.ofSeconds(1)).list(null)), "notes.duckdb");
    }

    @Test
    void theUriAndSettingsNameTheFileSchemaAndTableAsTheExtensionReadsThem() throws Exception {
        assertEquals("state", DuckDbExtensionFactory.catalog("/a/b/state.duckdb"));
        assertEquals("my.state", DuckDbExtensionFactory.catalog("my.state.db"));
        assertEquals("prod", DuckDbExtensionFactory.catalog("md:prod"));
        assertEquals("my_db", DuckDbExtensionFactory.catalog("md:"));
        Path file = dir.resolve("custom.duckdb");
        BackendOptions options = BackendOptions.defaults().withSetting(DuckDbExtensionFactory.DATABASE, file.toString())
                .withSetting(DuckDbExtensionFactory.SCHEMA, "ops").withSetting(DuckDbExtensionFactory.TABLE, "singer");
        try (StateBackend backend = Backends.open("duckdb://ignored.duckdb", options)) {
            assertEquals("duckdb://" + file + " (table ops.singer)", backend.displayUri());
            backend.write(ID, StateDocument.completeWrite(Json.parseObject("{\"x\": 1}")), null);
        }
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + file); Statement s = c.createStatement()) {
            assertEquals(List.of("singer", "singer_lock"), strings(s, "SELECT table_name FROM duckdb_tables()"
                    + " WHERE schema_name = 'ops' ORDER BY 1"));
        }
        assertThrows(BackendException.class, () -> Backends.open("duckdb://:memory:", BackendOptions.defaults()));
    }

    /**
     * Rewrites the main header's storage version number (the 8 bytes after the magic {@code DUCK} at
     * offset 8) to 999, as a DuckDB of the future would write it, and its checksum to match: DuckDB's
     * block checksum XORs a product per 8-byte word (duckdb/src/common/checksum.cpp), so changing two
     * words changes it by their products.
     */
    private static void futureStorageVersion(Path file) throws IOException {
        try (RandomAccessFile raw = new RandomAccessFile(file.toFile(), "rw")) {
            byte[] head = new byte[24];
            raw.readFully(head);
            ByteBuffer before = ByteBuffer.wrap(head.clone()).order(ByteOrder.LITTLE_ENDIAN);
            ByteBuffer after = ByteBuffer.wrap(head).order(ByteOrder.LITTLE_ENDIAN);
            after.putLong(12, 999);
            long checksum = before.getLong(0);
            for (int word = 8; word < 24; word += 8) {
                checksum ^= before.getLong(word) * 0xbf58476d1ce4e5b9L ^ after.getLong(word) * 0xbf58476d1ce4e5b9L;
            }
            after.putLong(0, checksum);
            raw.seek(0);
            raw.write(head);
        }
    }

    /** Writers of this process at once (one process at a time has the file): compare-and-set loses no update. */
    @Test
    void racingWritersLoseNoUpdate() throws Exception {
        Path file = dir.resolve("race.duckdb");
        List<String> ids = List.of("race:a", "race:b");
        int rounds = 10;
        try (StateBackend backend = open(file, Duration.ofSeconds(30))) {
            for (String id : ids) {
                backend.write(id, StateDocument.completeWrite(Json.parseObject("{\"singer_state\": {}}")), null);
            }
            ExecutorService pool = Executors.newFixedThreadPool(4);
            try {
                List<Future<List<String>>> writers = new ArrayList<>();
                for (int w = 0; w < 4; w++) {
                    int writer = w;
                    writers.add(pool.submit(() -> {
                        List<String> done = new ArrayList<>();
                        for (int k = 0; k < rounds; k++) {
                            String id = ids.get((k + writer) % ids.size());
                            String marker = "cairn-" + writer + "-" + k;
                            while (true) {
                                StoredState before = backend.read(id);
                                ObjectNode partial = before.document().partial().value()
                                        instanceof ObjectNode o ? o.deepCopy() : Json.object();
                                partial.put(marker, k);
                                try {
                                    backend.write(id, new StateDocument(before.document().completed(),
                                            StatePart.of(partial)), before.version());
                                    done.add(id + "/" + marker);
                                    break;
                                } catch (ConflictException e) {
                                    // written since the read: read again
                                }
                            }
                        }
                        return done;
                    }));
                }
                int lost = 0;
                int written = 0;
                for (Future<List<String>> f : writers) {
                    for (String done : f.get()) {
                        written++;
                        String[] parts = done.split("/");
                        if (!backend.read(parts[0]).document().partial().value().has(parts[1])) {
                            lost++;
                        }
                    }
                }
                assertEquals(4 * rounds, written);
                assertEquals(0, lost, "updates lost");
            } finally {
                pool.shutdownNow();
            }
        }
    }

    private static void oneLine(BackendException e, String says) {
        assertTrue(e.getMessage().contains(says), e.getMessage());
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    }

    private static void lockRow(Path file, String at) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + file);
             PreparedStatement s = c.prepareStatement("INSERT INTO meltano.state_lock VALUES (?, 'pipeline', " + at + ")")) {
            s.setString(1, ID);
            s.executeUpdate();
        }
    }

    private static void clearLocks(Path file) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + file); Statement s = c.createStatement()) {
            s.execute("DELETE FROM meltano.state_lock");
        }
    }

    private static List<String> strings(Statement s, String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (ResultSet rows = s.executeQuery(sql)) {
            while (rows.next()) {
                out.add(rows.getString(1));
            }
        }
        return out;
    }
}
