package dev.cairn.backend.systemdb;

import static org.junit.jupiter.api.Assertions.*;

import dev.cairn.backend.BackendException;
import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.ReadOnlyException;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.backend.TestPostgres;
import dev.cairn.state.Json;
import dev.cairn.state.PythonJson;
import dev.cairn.state.StateDocument;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A system database from before the {@code state} table (Meltano 2.2 – 2.7.0), with the runs a
 * project of that era has, shows what Meltano's migration {@code 6828cc5b1a4f} would store: the
 * expected documents below are worked out by hand from the migration's rules.
 */
@Tag("server")
class MigratedStatesTest {

    private static final String GITHUB = "dev:tap-github-to-target-postgres";
    private static final String STRIPE = "dev:tap-stripe-to-target-bigquery";
    private static final String CSV = "dev:tap-csv-to-target-jsonl";
    private static final String GITLAB = "dev:tap-gitlab-to-target-snowflake";
    private static final String CLEARED = "dev:tap-hubspot-to-target-postgres";

    /** The partial each job gets, as Meltano's json.dumps writes it (key order included); completed is {}. */
    private static final Map<String, String> MIGRATED = new LinkedHashMap<>();

    static {
        // the latest complete run, then the two incomplete ones after it by end time (not by id), the
        // failed run's "error" key with them; the one without singer_state, the running one and the
        // incomplete one before the complete run add nothing
        MIGRATED.put(GITHUB, "{\"singer_state\": {\"bookmarks\": {\"issues\": {\"replication_key_value\": \"2024-03-05\"},"
                + " \"pulls\": {\"replication_key_value\": \"2024-03-01\"}}}, \"error\": \"Extractor failed\"}");
        // no complete run: every incomplete one, oldest first
        MIGRATED.put(STRIPE, "{\"singer_state\": {\"bookmarks\": {\"charges\": \"2024-05-02\", \"invoices\": \"2024-05-03\"}}}");
        // runs without state
        MIGRATED.put(CSV, "{}");
        // an old run with both flags counts as the complete one; the incomplete run after it merges on top
        MIGRATED.put(GITLAB, "{\"singer_state\": {\"bookmarks\": {\"project_1_issues\": \"2022-09-02\","
                + " \"project_1_commits\": \"2022-09-03\"}}}");
        // the latest complete run has no singer_state: nothing before it counts
        MIGRATED.put(CLEARED, "{}");
    }

    @TempDir
    Path dir;

    /** A system database with Meltano's DDL, from before the state table or at head, holding the project's runs. */
    private String create(boolean postgres, boolean stateTable) throws SQLException {
        String uri;
        if (postgres) {
            uri = TestPostgres.freshSchemaUri();
            try (Connection c = PostgresUri.parse(uri).connect()) {
                if (stateTable) {
                    MeltanoSchema.createPostgres(c);
                } else {
                    MeltanoSchema.createPostgresBeforeStateTable(c);
                }
            }
        } else {
            Path file = dir.resolve("meltano.db");
            if (stateTable) {
                MeltanoSchema.createSqlite(file);
            } else {
                MeltanoSchema.createSqliteBeforeStateTable(file);
            }
            uri = "sqlite:///" + file;
        }
        try (Connection c = connect(uri)) {
            projectRuns(c);
        }
        return uri;
    }

    private static Connection connect(String uri) throws SQLException {
        return uri.startsWith("sqlite:///") ? DriverManager.getConnection("jdbc:sqlite:" + uri.substring("sqlite:///".length()))
                : PostgresUri.parse(uri).connect();
    }

    /** A runs row as Meltano's Job model stores it; {@code ended} null for a run still going. */
    private static void run(Connection c, String job, String state, String ended, int flags, String payload) throws SQLException {
        boolean sqlite = c.getMetaData().getURL().startsWith("jdbc:sqlite:");
        try (PreparedStatement s = c.prepareStatement("INSERT INTO runs (job_name, state, started_at, ended_at, payload,"
                + " payload_flags, run_id, \"trigger\", last_heartbeat_at) VALUES (?, ?, ?, ?, ?, ?, ?, NULL, NULL)")) {
            String started = (ended == null ? "2024-06-01 00:00" : ended.substring(0, 11) + "00:00") + ":00.000000";
            s.setString(1, job);
            s.setString(2, state);
            setTime(s, 3, started, sqlite);
            setTime(s, 4, ended == null ? null : ended + ":00.000000", sqlite);
            s.setString(5, payload);
            s.setInt(6, flags);
            UUID runId = UUID.randomUUID();
            if (sqlite) {
                s.setString(7, runId.toString().replace("-", ""));
            } else {
                s.setObject(7, runId);
            }
            s.executeUpdate();
        }
    }

    private static void setTime(PreparedStatement s, int index, String naiveUtc, boolean sqlite) throws SQLException {
        if (sqlite) {
            s.setString(index, naiveUtc); // SQLAlchemy's SQLite text, which sorts as time
        } else {
            s.setTimestamp(index, naiveUtc == null ? null : Timestamp.valueOf(naiveUtc));
        }
    }

    private static String bookmark(String value) {
        return "{\"replication_key_value\": \"" + value + "\"}";
    }

    private static void projectRuns(Connection c) throws SQLException {
        run(c, GITHUB, "SUCCESS", "2024-01-01 10:00", 1, "{\"singer_state\": {\"bookmarks\": {\"issues\": " + bookmark("2024-01-01")
                + ", \"pulls\": " + bookmark("2024-01-01") + ", \"releases\": " + bookmark("2024-01-01") + "}}}");
        run(c, GITHUB, "FAIL", "2024-01-15 10:00", 2, "{\"singer_state\": {\"bookmarks\": {\"forks\": " + bookmark("2024-01-15")
                + "}}, \"error\": \"too early\"}");
        // inserted before the incomplete run that ended earlier: the merge follows ended_at
        run(c, GITHUB, "SUCCESS", "2024-03-05 10:00", 2, "{\"singer_state\": {\"bookmarks\": {\"issues\": " + bookmark("2024-03-05") + "}}}");
        run(c, GITHUB, "SUCCESS", "2024-02-01 10:00", 1, "{\"singer_state\": {\"bookmarks\": {\"issues\": " + bookmark("2024-02-01")
                + ", \"pulls\": " + bookmark("2024-02-01") + "}}}");
        run(c, GITHUB, "FAIL", "2024-03-01 10:00", 2, "{\"singer_state\": {\"bookmarks\": {\"issues\": " + bookmark("2024-03-01")
                + ", \"pulls\": " + bookmark("2024-03-01") + "}}, \"error\": \"Extractor failed\"}");
        run(c, GITHUB, "FAIL", "2024-03-02 10:00", 2, "{\"error\": \"Loader failed\"}");
        run(c, GITHUB, "SUCCESS", "2024-03-06 10:00", 0, "{}");
        run(c, GITHUB, "RUNNING", null, 2, "{\"singer_state\": {\"bookmarks\": {\"issues\": " + bookmark("2099-01-01") + "}}}");

        run(c, STRIPE, "FAIL", "2024-05-02 10:00", 2, "{\"singer_state\": {\"bookmarks\": {\"charges\": \"2024-05-02\"}}}");
        run(c, STRIPE, "FAIL", "2024-05-03 10:00", 2, "{\"singer_state\": {\"bookmarks\": {\"invoices\": \"2024-05-03\"}}}");

        run(c, CSV, "SUCCESS", "2024-05-01 10:00", 0, "{}");
        run(c, CSV, "FAIL", "2024-05-02 10:00", 0, "{\"error\": \"no such file\"}");

        run(c, GITLAB, "SUCCESS", "2022-09-01 10:00", 1, "{\"singer_state\": {\"bookmarks\": {\"project_1_issues\": \"2022-08-01\"}}}");
        run(c, GITLAB, "SUCCESS", "2022-09-02 10:00", 3, "{\"singer_state\": {\"bookmarks\": {\"project_1_issues\": \"2022-09-02\"}}}");
        run(c, GITLAB, "FAIL", "2022-09-03 10:00", 2, "{\"singer_state\": {\"bookmarks\": {\"project_1_commits\": \"2022-09-03\"}}}");

        run(c, CLEARED, "SUCCESS", "2024-04-01 10:00", 1, "{\"singer_state\": {\"bookmarks\": {\"contacts\": \"2024-04-01\"}}}");
        run(c, CLEARED, "FAIL", "2024-04-01 12:00", 2, "{\"singer_state\": {\"bookmarks\": {\"deals\": \"2024-04-01\"}}}");
        run(c, CLEARED, "STATE_EDIT", "2024-04-02 10:00", 1, "{}");
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void showsReadOnlyWhatTheMigrationWouldBuildPerJobName(boolean postgres) throws Exception {
        String uri = create(postgres, false);
        try (StateBackend backend = Backends.open(uri, BackendOptions.defaults())) {
            assertEquals(List.of(CSV, STRIPE, GITHUB, GITLAB, CLEARED).stream().sorted().toList(),
                    backend.list(null).stream().map(l -> l.stateId()).toList(), "every job name, no other");
            List<StoredState> all = new ArrayList<>();
            backend.readAll(null, all::add);
            assertEquals(MIGRATED.size(), all.size());
            for (StoredState state : all) {
                assertMigrated(state);
                assertEquals(state.document(), backend.read(state.stateId()).document(), "one ID read alone gets the same");
            }
            assertFalse(backend.read("dev:never-ran").exists());
            assertEquals(List.of(GITHUB, GITLAB), backend.list("dev:tap-git*").stream().map(l -> l.stateId()).toList());

            String reason = backend.readOnlyReason().orElseThrow();
            assertTrue(reason.startsWith("reconstructed from runs as Meltano's migration would"), reason);
            StoredState github = backend.read(GITHUB);
            ReadOnlyException refused = assertThrows(ReadOnlyException.class, () -> backend.write(GITHUB,
                    StateDocument.completeWrite(Json.parseObject("{\"singer_state\": {}}")), github.version()));
            assertTrue(refused.getMessage().contains(reason), refused.getMessage());
            assertThrows(ReadOnlyException.class, () -> backend.delete(GITHUB, github.version()));
            BackendException noTimes = assertThrows(BackendException.class, () -> backend.updateTimes((id, time) -> { }));
            assertTrue(noTimes.getMessage().contains("has no update times"), noTimes.getMessage());
        }
        try (Connection c = connect(uri); var rows = c.createStatement().executeQuery("SELECT COUNT(*) FROM runs")) {
            rows.next();
            assertEquals(18, rows.getInt(1), "reading wrote nothing");
        }
    }

    private static void assertMigrated(StoredState state) {
        assertEquals("{}", PythonJson.dumps(state.document().completed().value()), state.stateId());
        assertEquals(MIGRATED.get(state.stateId()), PythonJson.dumps(state.document().partial().value()), state.stateId());
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aDatabaseWithTheStateTableStaysWritableAndStillRebuildsFromItsRuns(boolean postgres) throws Exception {
        String uri = create(postgres, true);
        try (StateBackend backend = Backends.open(uri, BackendOptions.defaults())) {
            assertTrue(backend.readOnlyReason().isEmpty());
            assertTrue(backend.list(null).isEmpty(), "the state table is what it lists");
            List<StoredState> rebuilt = new ArrayList<>();
            backend.runs().orElseThrow().reconstructStates("dev:tap-git*", rebuilt::add);
            assertEquals(List.of(GITHUB, GITLAB), rebuilt.stream().map(StoredState::stateId).toList());
            rebuilt.forEach(MigratedStatesTest::assertMigrated);
        }
    }
}
