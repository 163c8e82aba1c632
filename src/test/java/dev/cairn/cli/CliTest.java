package dev.cairn.cli;

import static dev.cairn.testing.Fixtures.*;
import static org.junit.jupiter.api.Assertions.*;

import dev.cairn.backend.TestAzurite;
import dev.cairn.testing.Fixtures;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CliTest {

    /** What Meltano 4's `meltano state get` prints for the fixture rows (fixtures/README.md). */
    static final String GET_A = "{\"singer_state\":{\"currently_syncing\":null,\"bookmarks\":{\"public-orders\":{\"last_replication_method\":\"INCREMENTAL\",\"replication_key\":\"updated_at\",\"version\":1717000000000,\"replication_key_value\":\"2024-06-01T09:58:12.345678+00:00\"},\"public-customers\":{\"last_replication_method\":\"LOG_BASED\",\"lsn\":2463890400,\"version\":1716000000000,\"xmin\":null},\"public-countries\":{\"last_replication_method\":\"FULL_TABLE\",\"version\":1717200000000,\"xmin\":null}}}}\n";
    static final String GET_B = "{\"singer_state\":{\"bookmarks\":{\"issues\":{\"partitions\":[{\"context\":{\"org\":\"meltano\",\"repo\":\"meltano\"},\"replication_key\":\"updated_at\",\"replication_key_value\":\"2022-09-19T07:58:00Z\"},{\"context\":{\"org\":\"meltano\",\"repo\":\"sdk\"},\"replication_key\":\"updated_at\",\"replication_key_value\":\"2022-09-19T08:12:45Z\"}]},\"repositories\":{\"partitions\":[{\"context\":{\"org\":\"meltano\",\"repo\":\"meltano\"}},{\"context\":{\"org\":\"meltano\",\"repo\":\"sdk\"}}]}}},\"error\":\"Extractor failed\"}\n";
    static final String GET_C = "{\"singer_state\":{\"bookmarks\":{\"charges\":{\"replication_key\":\"created\",\"replication_key_value\":\"2024-05-31T23:59:58Z\"},\"customers\":{\"replication_key\":\"updated\",\"replication_key_value\":\"2024-05-31T22:10:00Z\"},\"invoices\":{\"replication_key\":\"updated\",\"replication_key_value\":\"2024-06-01T06:00:00Z\"},\"events\":{\"starting_replication_value\":\"2024-05-01T00:00:00Z\",\"replication_key_signpost\":\"2024-06-01T07:00:00+00:00\",\"progress_markers\":{\"Note\":\"Progress is not resumable if interrupted.\",\"replication_key\":\"created\",\"replication_key_value\":\"2024-05-20T03:04:05Z\"}}}}}\n";
    static final String GET_E = "{\"singer_state\":{\"bookmarks\":{\"pull_requests\":{\"partitions\":[{\"context\":{\"org\":\"acme\",\"repo\":\"warehouse\"},\"replication_key\":\"updated_at\",\"replication_key_value\":\"2024-06-01T08:30:00Z\"}]}}}}\n";
    static final String GET_G = "{\"singer_state\":{\"bookmarks\":{\"projects\":{\"replication_key\":\"last_activity_at\",\"replication_key_value\":\"2024-06-01T10:14:59.000Z\"},\"commits\":{\"partitions\":[{\"context\":{\"project_path\":\"meltano/meltano\"},\"replication_key\":\"created_at\",\"replication_key_value\":\"2024-06-01T09:41:20.000+00:00\"}]}}}}\n";
    static final String GET_H = "{\"bookmarks\":{\"store_sales\":{\"partitions\":[{\"context\":{\"city\":\"M\\u00fcnchen\"},\"replication_key\":\"sold_at\",\"replication_key_value\":\"2024-06-01T00:00:00Z\"}]}}}\n";

    @TempDir
    Path dir;
    String db;
    String files;
    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeEach
    void setUp() {
        db = Fixtures.systemDb(dir);
        files = Fixtures.fileBackend(dir);
        System.setProperty("cairn.home", dir.resolve("home").toString());
    }

    @AfterEach
    void tearDown() {
        System.clearProperty("cairn.home");
    }

    private int cairn(String... args) {
        out.reset();
        err.reset();
        return Cli.run(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), args);
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "file"})
    void getPrintsMeltanosBytesForEveryReadableFixture(String kind) {
        String backend = kind.equals("sqlite") ? db : files;
        String[][] cases = {{A, GET_A}, {B, GET_B}, {C, GET_C}, {D, "{}\n"}, {E, GET_E}, {G, GET_G}, {H, GET_H}, {"no:such-id", "{}\n"}};
        for (String[] c : cases) {
            assertEquals(0, cairn("get", "--backend", backend, c[0]), err());
            assertEquals(c[1], out(), c[0]);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "file"})
    void getFailsWhereMeltanoFailsWithOneClearLine(String kind) {
        String backend = kind.equals("sqlite") ? db : files;
        assertEquals(1, cairn("get", "--backend", backend, F));
        assertEquals("", out());
        assertTrue(err().startsWith("cairn: cannot read state " + F + ": the completed state is not valid JSON"), err());
        assertEquals(1, err().strip().lines().count());
        assertEquals(1, cairn("get", "--backend", backend, I));
        assertTrue(err().contains("partial state is NULL"), err());
    }

    @Test
    void getFormats() {
        assertEquals(0, cairn("get", "--backend", db, D, "--format", "pretty"));
        assertEquals("{}\n", out());
        assertEquals(0, cairn("get", "--backend", db, E, "--format", "legacy"));
        assertEquals("{\"singer_state\": {\"bookmarks\": {\"pull_requests\": {\"partitions\": [{\"context\": {\"org\": \"acme\", \"repo\": \"warehouse\"}, \"replication_key\": \"updated_at\", \"replication_key_value\": \"2024-06-01T08:30:00Z\"}]}}}}\n", out());
        assertEquals(0, cairn("get", "--backend", db, H, "--format", "pretty"));
        assertEquals("{\n  \"bookmarks\": {\n    \"store_sales\": {\n      \"partitions\": [\n        {\n          \"context\": {\n            \"city\": \"M\\u00fcnchen\"\n          },\n          \"replication_key\": \"sold_at\",\n          \"replication_key_value\": \"2024-06-01T00:00:00Z\"\n        }\n      ]\n    }\n  }\n}\n", out());
    }

    @Test
    void listPrintsIdsAndHealth() {
        assertEquals(0, cairn("list", "--backend", db, "--pattern", "prod:*"));
        assertEquals(B + "\n" + C + "\n", out());
        assertEquals(0, cairn("list", "--backend", files, "--long"));
        assertTrue(out().contains(F + "\tcorrupt JSON\n"), out());
        assertTrue(out().contains(H + "\tno singer_state\n"), out());
    }

    @Test
    void setWithVersionCheckAndConflict() throws Exception {
        assertEquals(0, cairn("get", "--backend", db, A, "--show-version"));
        String version = err().strip().replace("version: ", "");
        String state = "{\"singer_state\": {\"bookmarks\": {\"x\": {\"v\": 1}}}}";
        assertEquals(0, cairn("set", "--backend", db, A, state, "--if-version", version, "--force"), err());
        assertEquals(0, cairn("get", "--backend", db, A));
        assertEquals("{\"singer_state\":{\"bookmarks\":{\"x\":{\"v\":1}}}}\n", out());
        assertEquals(3, cairn("set", "--backend", db, A, state, "--if-version", version, "--force"));
        assertTrue(err().contains(A) && err().contains("changed since it was read"), err());
        assertEquals(1, err().strip().lines().count());
    }

    @Test
    void setRefusesBadInputAndWritesNothing() throws Exception {
        String before = Files.readString(Path.of(files.substring(7)).resolve(A).resolve("state.json"));
        assertEquals(1, cairn("set", "--backend", files, A, "{\"singer_state\": {", "--force"));
        assertTrue(err().startsWith("cairn: invalid JSON in the state argument:") && err().contains("line 1"), err());
        assertEquals(1, cairn("set", "--backend", files, A, "{\"bookmarks\": {}}", "--force"));
        assertTrue(err().contains("Use --no-validate"), err());
        assertEquals(1, cairn("set", "--backend", files, A, "--input-file", dir.resolve("none.json").toString(), "--force"));
        assertTrue(err().contains("no such file"), err());
        assertEquals(1, cairn("set", "--backend", "ftp://host/x", A, "{\"singer_state\": {}}", "--force"));
        assertTrue(err().contains("unknown backend URI"), err());
        assertEquals(1, cairn("set", "--backend", files, A, "{\"singer_state\": {}}"));
        assertTrue(err().contains("--force"), "without a terminal a write must be forced: " + err());
        assertEquals(before, Files.readString(Path.of(files.substring(7)).resolve(A).resolve("state.json")));
        assertEquals(0, cairn("set", "--backend", files, A, "{\"bookmarks\": {}}", "--no-validate", "--force"));
    }

    @Test
    void dryRunPrintsTheDiffAndWritesNothing() throws Exception {
        String before = Files.readString(Path.of(files.substring(7)).resolve(C).resolve("state.json"));
        assertEquals(0, cairn("clear", "--backend", files, C, "--partial-only", "--dry-run"));
        assertTrue(out().contains("Would clear partial state of " + C), out());
        assertTrue(out().contains("- /singer_state/bookmarks/events"), out());
        assertTrue(out().contains("~ /singer_state/bookmarks/invoices/replication_key_value: \"2024-06-01T06:00:00Z\" -> \"2024-05-30T12:00:00Z\""), out());
        assertEquals(before, Files.readString(Path.of(files.substring(7)).resolve(C).resolve("state.json")));
    }

    @Test
    void mergeUsesMeltanosRuleAndReportsItsFailures() {
        assertEquals(0, cairn("merge", "--backend", db, A, "{\"singer_state\": {\"bookmarks\": {\"public-orders\": {\"replication_key_value\": \"2024-07-01\"}}}}"), err());
        assertEquals(0, cairn("get", "--backend", db, A));
        assertTrue(out().contains("\"public-orders\":{\"last_replication_method\":\"INCREMENTAL\",\"replication_key\":\"updated_at\",\"version\":1717000000000,\"replication_key_value\":\"2024-07-01\"}"), out());
        assertEquals(0, cairn("merge", "--backend", db, "dev:new-to-x", "--from-state-id", E));
        assertEquals(0, cairn("get", "--backend", db, "dev:new-to-x"));
        assertEquals(GET_E, out());
        assertEquals(1, cairn("merge", "--backend", db, "dev:y", "--from-state-id", H));
        assertTrue(err().contains("singer_state"), err());
        assertEquals(0, cairn("merge", "--backend", db, "dev:z", "{\"singer_state\": {\"s\": 1}}"));
        assertEquals(1, cairn("merge", "--backend", db, "dev:z", "{\"singer_state\": {\"s\": {\"deep\": 1}}}"));
        assertTrue(err().contains("/singer_state/s"), err());
    }

    @Test
    void clearAllOrByPattern() {
        assertEquals(0, cairn("clear", "--backend", db, "--pattern", "prod:*", "--force"));
        assertEquals(0, cairn("list", "--backend", db, "--pattern", "prod:*"));
        assertEquals("", out());
        assertEquals(0, cairn("clear", "--backend", files, "--all", "--force"));
        assertEquals(0, cairn("list", "--backend", files));
        assertEquals("", out());
    }

    @Test
    void copyAcrossBackendsKeepsBytesAndRefusesToOverwrite() throws Exception {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        String target = "file://" + empty;
        assertEquals(1, cairn("copy", "--backend", db, "--pattern", "*", "--to-backend", target, "--force"),
                "the corrupt row cannot be written to a file backend");
        assertTrue(out().contains("failed\t" + F), out());
        assertTrue(err().contains("8 copied, 1 failed"), err());
        assertEquals(0, cairn("get", "--backend", target, C));
        assertEquals(GET_C, out());
        assertEquals(Files.readString(Path.of(files.substring(7)).resolve(B).resolve("state.json")),
                Files.readString(empty.resolve(B).resolve("state.json")));
    }

    @Test
    void anAzureProjectsStateIsFoundWrittenAndCopiedToAnotherBackend() throws Exception {
        String container = TestAzurite.freshContainer();
        Path project = Files.createDirectories(dir.resolve("project"));
        Files.writeString(project.resolve("meltano.yml"), "state_backend:\n  uri: azure://" + container + "/meltano/state\n");
        Files.writeString(project.resolve(".env"),
                "MELTANO_STATE_BACKEND_AZURE_CONNECTION_STRING='" + TestAzurite.connectionString() + "'\n");
        String p = project.toString();

        assertEquals(0, cairn("set", "--project", p, C, GET_C.strip(), "--force"), err());
        assertEquals(0, cairn("get", "--project", p, C));
        assertEquals(GET_C, out());
        Path empty = Files.createDirectories(dir.resolve("empty"));
        assertEquals(0, cairn("copy", "--project", p, "--pattern", "*", "--to-backend", "file://" + empty, "--force"), err());
        assertEquals(0, cairn("get", "--backend", "file://" + empty, C));
        assertEquals(GET_C, out());
    }

    @Test
    void copyWithRenameAndConflictPolicy() {
        assertEquals(0, cairn("copy", "--backend", db, "--pattern", "prod:*", "--rename", "prod:*=staging:*", "--force"), err());
        assertEquals(0, cairn("get", "--backend", db, "staging:tap-stripe-to-target-bigquery"));
        assertEquals(GET_C, out());
        assertEquals(0, cairn("set", "--backend", db, "staging:tap-github-to-target-postgres", "{\"singer_state\": {}}", "--force"));
        assertEquals(3, cairn("copy", "--backend", db, "--pattern", "prod:*", "--rename", "prod:*=staging:*", "--force"));
        assertTrue(out().contains("conflict\t" + B), out());
        assertTrue(out().contains("skipped\t" + C), out());
        assertEquals(0, cairn("copy", "--backend", db, B, "staging:tap-github-to-target-postgres", "--on-conflict", "overwrite", "--force"));
    }

    @Test
    void moveClearsTheSource() {
        assertEquals(0, cairn("move", "--backend", db, E, "prod:tap-github-to-target-snowflake", "--force"), err());
        assertEquals(0, cairn("get", "--backend", db, E));
        assertEquals("{}\n", out());
        assertEquals(0, cairn("get", "--backend", db, "prod:tap-github-to-target-snowflake"));
        assertEquals(GET_E, out());
    }

    @Test
    void exportThenImportRoundTrips() throws Exception {
        assertEquals(1, cairn("export", "--backend", db), "the corrupt row is left out and said so");
        assertTrue(err().contains(F));
        Path export = dir.resolve("export.json");
        Files.writeString(export, out());
        assertTrue(out().startsWith("{\"" + A + "\":{\"completed\":{\"singer_state\""), "in the table's order: " + out());
        assertTrue(out().contains("\"" + I + "\":{\"completed\":{\"singer_state\":{\"bookmarks\":{\"contacts\""), out());
        assertTrue(out().contains("\"partial\":null}"), out());
        Path empty = Files.createDirectories(dir.resolve("imported"));
        assertEquals(0, cairn("import", "--backend", "file://" + empty, export.toString()), err());
        assertEquals(Files.readString(Path.of(files.substring(7)).resolve(I).resolve("state.json")),
                Files.readString(empty.resolve(I).resolve("state.json")));
    }

    @Test
    void undoPutsBackTheLastWriteAndHistoryShowsIt() {
        assertEquals(0, cairn("clear", "--backend", db, C, "--force"));
        assertEquals(0, cairn("history", "--backend", db, C));
        assertTrue(out().contains("done\tClear state of " + C), out());
        assertEquals(0, cairn("undo", "--backend", db, "--force"), err());
        assertEquals(0, cairn("get", "--backend", db, C));
        assertEquals(GET_C, out());
        assertEquals(0, cairn("clear", "--backend", db, A, "--force"));
        assertEquals(0, cairn("set", "--backend", db, A, "{\"singer_state\": {\"someone\": \"else\"}}", "--force"));
        assertEquals(0, cairn("undo", "--backend", db, A, "--force"), "undoes the set, the newest write");
        assertEquals(0, cairn("get", "--backend", db, A));
        assertEquals("{}\n", out());
        assertEquals(0, cairn("undo", "--backend", db, A, "--force"), "then the clear before it");
        assertEquals(0, cairn("get", "--backend", db, A));
        assertEquals(GET_A, out());
        assertEquals(1, cairn("undo", "--backend", db, A, "--force"), "nothing is left to undo");
    }

    @Test
    void undoIsRefusedWhenTheStateMovedOn() throws Exception {
        assertEquals(0, cairn("clear", "--backend", db, C, "--partial-only", "--force"));
        try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("meltano.db"));
             var s = c.createStatement()) {
            s.executeUpdate("UPDATE state SET partial_state = '{\"singer_state\": {\"run\": 2}}' WHERE state_id = '" + C + "'");
        }
        assertEquals(3, cairn("undo", "--backend", db, C, "--force"));
        assertTrue(err().contains("changed since it was read"), err());
        assertEquals(0, cairn("get", "--backend", db, C));
        assertTrue(out().contains("\"run\":2"), "the pipeline's write is kept: " + out());
    }

    @Test
    void diffShowsWhatThePartialChanges() {
        assertEquals(0, cairn("diff", "--backend", db, C));
        assertTrue(out().contains("+ /singer_state/bookmarks/events"), out());
        assertEquals(0, cairn("diff", "--backend", db, C, "--against-backend", files));
        assertTrue(out().contains("completed: unchanged"), out());
    }
}
