package dev.cairn.ui.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.RunLog;
import dev.cairn.backend.RunRow;
import dev.cairn.backend.StateBackend;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StateHealth;
import dev.cairn.state.StatePart;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("unit")
class DemoWorkspaceTest {

    private static final Path FIXTURE = Path.of("../shared/fixtures/meltano-systemdb.sqlite");

    @Test
    void systemDbHasMeltanosExactSchemaAndTheBrokenCases(@TempDir Path dir) throws Exception {
        DemoWorkspace demo = new DemoWorkspace(dir.resolve("demo"));
        demo.ensureCreated();
        Map<String, String> schema = schema(demo.systemDb());
        if (Files.exists(FIXTURE)) {
            Path copy = dir.resolve("fixture.sqlite");
            Files.copy(FIXTURE, copy);
            assertEquals(schema(copy), schema, "DDL must be byte-identical to Meltano's");
        }
        Map<String, StateHealth> health = new LinkedHashMap<>();
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + demo.systemDb());
             Statement st = db.createStatement();
             ResultSet rows = st.executeQuery("SELECT state_id, completed_state, partial_state FROM state")) {
            while (rows.next()) {
                StateDocument doc = new StateDocument(StatePart.parse(rows.getString(2)), StatePart.parse(rows.getString(3)));
                health.put(rows.getString(1), StateHealth.of(doc));
            }
        }
        assertTrue(health.size() > 200, "a few hundred IDs: " + health.size());
        assertEquals(StateHealth.CORRUPT_JSON, health.get(DemoWorkspace.CORRUPT_ID));
        assertEquals(StateHealth.NULL_DOCUMENT, health.get("staging:tap-hubspot-to-target-postgres"));
        assertEquals(StateHealth.MERGE_ERROR, health.get("staging:tap-shopify-to-target-postgres"));
        assertEquals(StateHealth.NO_SINGER_STATE, health.get("dev:tap-custom-to-target-jsonl"));
        assertEquals(StateHealth.EMPTY, health.get("dev:tap-csv-to-target-jsonl"));
        assertTrue(health.containsKey("cicd:tap-github-to-target-snowflake:feat/new-streams"));
    }

    @Test
    void fileBackendUsesMeltanosLayoutWithLocks(@TempDir Path dir) throws Exception {
        DemoWorkspace demo = new DemoWorkspace(dir.resolve("demo"));
        demo.ensureCreated();
        Path root = demo.fileBackend();
        assertEquals("{\"completed\": {}, \"partial\": {}}",
                Files.readString(root.resolve("dev:tap-csv-to-target-jsonl/state.json")));
        assertTrue(Files.readString(root.resolve("staging:tap-hubspot-to-target-postgres/state.json")).endsWith(", \"partial\": null}"));
        assertTrue(Files.exists(root.resolve("cicd:tap-github-to-target-snowflake:feat/new-streams/state.json")));
        String lock = Files.readString(root.resolve(DemoWorkspace.RUNNING_ID + "/lock"));
        assertTrue(lock.matches("\\d+\\.\\d{6}"), lock);
        assertTrue(Math.abs(Double.parseDouble(lock) - System.currentTimeMillis() / 1000.0) < 60);
        assertTrue(Files.exists(root.resolve(DemoWorkspace.STALE_LOCK_ID + "/lock")));
        assertEquals(2, demo.connections().size());
        assertTrue(demo.connections().get(0).uri().startsWith("sqlite:////"));
        assertTrue(demo.connections().get(1).uri().startsWith("file:///"), demo.connections().get(1).uri());
        assertNull(demo.connections().get(0).settings().get("lock_timeout_seconds"));
    }

    private static Map<String, String> schema(Path db) throws Exception {
        Map<String, String> out = new LinkedHashMap<>();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
             Statement st = c.createStatement();
             ResultSet rows = st.executeQuery("SELECT name, sql FROM sqlite_master ORDER BY name")) {
            while (rows.next()) {
                out.put(rows.getString(1), rows.getString(2));
            }
        }
        return out;
    }

    /** A demo made long ago still shows its pipeline running when opened: the run's heartbeat is renewed. */
    @Test
    void theRunningPipelineIsAliveWhenTheDemoIsOpenedAgainLater(@TempDir Path dir) throws Exception {
        DemoWorkspace demo = new DemoWorkspace(dir.resolve("demo"));
        demo.ensureCreated();
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + demo.systemDb());
             Statement st = db.createStatement()) {
            st.executeUpdate("UPDATE runs SET last_heartbeat_at = '2024-06-01 07:00:00.000000' WHERE state = 'RUNNING'");
        }
        demo.ensureCreated();
        try (StateBackend backend = Backends.open("sqlite:///" + demo.systemDb(), BackendOptions.defaults())) {
            RunRow run = RunLog.runningByJob(backend).get(DemoWorkspace.RUNNING_ID);
            assertFalse(run.isStale(Instant.now()), run.describeRunning(Instant.now()));
        }
    }
}
