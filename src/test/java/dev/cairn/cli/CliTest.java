package dev.cairn.cli;

import static dev.cairn.testing.Fixtures.*;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cairn.backend.TestAzurite;
import dev.cairn.backend.TestS3;
import dev.cairn.backend.systemdb.MeltanoSchema;
import dev.cairn.backend.systemdb.PostgresUri;
import dev.cairn.ops.logging.Logs;
import dev.cairn.state.Json;
import dev.cairn.testing.EmptyBackends;
import dev.cairn.testing.FaultyHttpProxy;
import dev.cairn.testing.Fixtures;
import dev.cairn.testing.LoopbackServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

@Tag("server")
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
    @RegisterExtension
    final CliRun run = new CliRun();

    long logStart;

    @BeforeEach
    void setUp() throws IOException {
        logStart = Files.exists(Logs.file()) ? Files.size(Logs.file()) : 0;
        db = Fixtures.systemDb(dir);
        files = Fixtures.fileBackend(dir);
    }

    private int cairn(String... args) {
        return run.cairn(args);
    }

    private String out() {
        return run.out();
    }

    private String err() {
        return run.err();
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
    void connectAndReadTimeoutsAreSettable() throws Exception {
        try (LoopbackServer silent = LoopbackServer.silent()) {
            long start = System.nanoTime();
            assertEquals(1, cairn("list", "--backend", "postgresql://cairn@127.0.0.1:" + silent.port() + "/meltano",
                    "--connect-timeout", "1", "--read-timeout", "1"));
            assertEquals("cairn: cannot connect to 127.0.0.1:" + silent.port() + ": no answer in 1 s", err().strip());
            assertTrue(System.nanoTime() - start < Duration.ofSeconds(6).toNanos(), "gave up after about 1 s");
        }
        assertEquals(2, cairn("list", "--backend", db, "--read-timeout", "0"));
        assertEquals("cairn: --connect-timeout, --read-timeout and --request-timeout take a whole number of seconds,"
                + " at least 1\nSee 'cairn list --help'.\n", err());
        assertEquals(2, cairn("list", "--backend", db, "--request-timeout", "0"));
    }

    /** An S3 server that sends its listing a byte at a time: --request-timeout ends the call, in its own words. */
    @Test
    void requestTimeoutIsSettable() {
        String bucket = TestS3.freshBucket();
        try (FaultyHttpProxy proxy = new FaultyHttpProxy(TestS3.endpoint())) {
            proxy.dripBody(r -> r.query() != null && r.query().contains("list-type=2"), Duration.ofMillis(200));
            long start = System.nanoTime();
            assertEquals(1, cairn("list", "--backend", "s3://" + TestS3.ACCESS_KEY + ":" + TestS3.SECRET_KEY + "@" + bucket
                    + "/meltano/state", "--s3-endpoint", proxy.endpoint().toString(), "--read-timeout", "1",
                    "--request-timeout", "1"));
            assertTrue(err().startsWith("cairn: cannot list s3://" + bucket + "/meltano/state* "), err());
            assertTrue(err().endsWith(": the request took longer than 1 s (raise --request-timeout to allow more)\n"), err());
            assertTrue(System.nanoTime() - start < Duration.ofSeconds(6).toNanos(), "gave up after about 1 s");
        }
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
    void retriesAreRefusedBesideAPinnedVersionAndBelowZero() {
        String state = "{\"singer_state\": {\"bookmarks\": {\"x\": {\"v\": 1}}}}";
        for (String verb : List.of("set", "merge")) {
            assertEquals(2, cairn(verb, "--backend", db, A, state, "--if-version", "v1", "--retries", "3", "--force"));
            assertEquals("cairn: give --retries or --if-version, not both: a retry writes over a later version than the one"
                    + " --if-version pins\nSee 'cairn " + verb + " --help'.\n", err());
        }
        assertEquals(2, cairn("restore", "--backend", db, B, "--run", "5f0b4e0e8a2d4c1f9d6a0b8e7c3d2a11", "--if-version", "v1",
                "--retries", "1", "--force"));
        assertTrue(err().startsWith("cairn: give --retries or --if-version, not both"), err());
        assertEquals(2, cairn("clear", "--backend", db, A, "--retries", "-1", "--force"));
        assertEquals("cairn: --retries takes a whole number, 0 or more\nSee 'cairn clear --help'.\n", err());
        assertEquals(0, cairn("get", "--backend", db, A));
        assertEquals(GET_A, out());
        assertEquals(0, cairn("merge", "--help"));
        assertTrue(out().contains("--retries=N"), out());
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
    void idsNoFileCanHoldFailWithOneLineAndWriteNothing() throws Exception {
        Path root = Path.of(files.substring(7));
        String state = "{\"singer_state\": {}}";
        for (String id : new String[] {"dev:a\u0000b", ""}) {
            for (String[] args : new String[][] {{"get", "--backend", files, id}, {"set", "--backend", files, id, state, "--force"},
                    {"clear", "--backend", files, id, "--force"}}) {
                assertEquals(1, cairn(args), String.join(" ", args));
                assertEquals(1, err().strip().lines().count(), err());
                assertFalse(err().contains("Exception") || err().contains("\tat "), err());
            }
        }
        assertTrue(err().contains("cannot be empty"), err());
        assertFalse(Files.exists(root.resolve("state.json")));
    }

    /**
     * PostgreSQL text holds no NUL, and the server's refusal came over two raw lines: the ID is
     * refused before anything is sent, in one line as a file backend refuses it. SQLite's text holds
     * one: there such an ID is a state like any other.
     */
    @Test
    void idsPostgresqlCannotHoldFailWithOneLineAndSqliteKeepsThem() {
        String pg = EmptyBackends.POSTGRES.create(dir);
        String id = "dev:a\u0000b";
        String state = "{\"singer_state\": {}}";
        for (String[] args : new String[][] {{"get", "--backend", pg, id}, {"set", "--backend", pg, id, state, "--force"},
                {"merge", "--backend", pg, id, state}, {"clear", "--backend", pg, id, "--force"}, {"log", "--backend", pg, id},
                {"restore", "--backend", pg, id, "--run", "0190aaaabbbb7ccc8dddeeeeffff0000", "--force"}}) {
            assertEquals(1, cairn(args), String.join(" ", args));
            assertEquals("cairn: a state ID in " + pg + " must be storable: PostgreSQL text holds no NUL character\n", err());
        }
        String sqlite = EmptyBackends.SQLITE.create(dir);
        assertEquals(0, cairn("set", "--backend", sqlite, id, state, "--force"), err());
        assertEquals(0, cairn("get", "--backend", sqlite, id), err());
        assertEquals("{\"singer_state\":{}}\n", out());
        assertEquals(0, cairn("list", "--backend", sqlite));
        assertEquals("\"dev:a\\u0000b\"\n", out(), "escaped, as every ID with a control character");
    }

    /** A server's error over several lines (PostgreSQL's Hint and Where, from a DBA's trigger here) is one line on stderr. */
    @Test
    void aServersErrorOverSeveralLinesIsPrintedOnOne() throws Exception {
        String pg = EmptyBackends.POSTGRES.create(dir);
        try (Connection c = PostgresUri.parse(pg).connect();
             Statement s = c.createStatement()) {
            s.execute("CREATE FUNCTION frozen() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'state is frozen'"
                    + " USING HINT = 'ask the DBA'; END $$ LANGUAGE plpgsql");
            s.execute("CREATE TRIGGER frozen BEFORE INSERT OR UPDATE ON state FOR EACH ROW EXECUTE FUNCTION frozen()");
        }
        assertEquals(1, cairn("set", "--backend", pg, "dev:x", "{\"singer_state\": {}}", "--force"));
        assertEquals(1, err().lines().count(), err());
        assertTrue(err().contains("state is frozen; Hint: ask the DBA; Where: PL/pgSQL function frozen()"), err());
    }

    @Test
    void everyVerbAnswersHelp() {
        for (String verb : new String[] {"set", "copy", "list", "undo"}) {
            assertEquals(0, cairn(verb, "--help"), verb + ": " + err());
            assertTrue(out().startsWith("Usage: cairn " + verb), out());
            assertEquals("", err());
        }
    }

    @Test
    void theUsageListsEveryVerbAndAMisspeltOneGetsItsNeighbours() {
        // only the named verb is built per call; without one, all of them
        assertEquals(0, cairn("--help"));
        for (String verb : List.of("list", "get", "set", "merge", "clear", "copy", "move", "diff", "export", "import",
                "history", "undo", "journal", "log", "restore")) {
            assertTrue(out().contains("\n  " + verb + " "), verb + " in " + out());
        }
        assertEquals(2, cairn("lst", "--backend", files));
        assertTrue(err().contains("Did you mean 'cairn list'?"), err());
        assertEquals(0, cairn("--debug", "list", "--backend", files), err());
        assertTrue(err().contains("INFO BackendArgs - Opened " + files), err());
    }

    @Test
    void listEscapesIdsWithControlCharacters() {
        String state = "{\"singer_state\": {}}";
        assertEquals(0, cairn("set", "--backend", db, "dev:a\nb", state, "--force"), err());
        assertEquals(0, cairn("set", "--backend", db, "dev:\u001b[31mred", state, "--force"), err());
        assertEquals(0, cairn("set", "--backend", db, "\"dev:quoted\"", state, "--force"), err());
        assertEquals(0, cairn("list", "--backend", db));
        List<String> lines = out().lines().toList();
        assertTrue(lines.containsAll(List.of("\"dev:a\\nb\"", "\"dev:\\u001b[31mred\"", "\"\\\"dev:quoted\\\"\"", A)), out());
        assertEquals(9 + 3, lines.size(), "one line per ID: " + out());
        assertEquals(0, cairn("list", "--backend", db, "--pattern", "dev:a*", "--long"));
        assertTrue(out().startsWith(ListCommand.HEADER + "\n\"dev:a\\nb\"\t"), out());
    }

    @Test
    void listPrintsAnIdNotInNfcAsMeltanoDoesWarnsAndItsLongFormSpellsItForTheShell() throws Exception {
        String nfc = "dev:tap-caf\u00e9-to-target-x";
        String nfd = "dev:tap-cafe\u0301-to-target-x";
        assertEquals(0, cairn("set", "--backend", db, nfc, "{\"singer_state\": {\"spelling\": \"nfc\"}}", "--force"), err());
        assertEquals(0, cairn("set", "--backend", db, nfd, "{\"singer_state\": {\"spelling\": \"nfd\"}}", "--force"), err());
        assertEquals(0, cairn("list", "--backend", db, "--pattern", "dev:tap-caf*"));
        assertEquals(Set.of(nfc, nfd), Set.copyOf(out().lines().toList()), "stdout stays what Meltano prints");
        assertEquals("cairn: warning: 1 ID is not in Unicode NFC and may print exactly like another; `cairn list --long`"
                + " marks it, spelled for the shell\n", err());

        assertEquals(0, cairn("list", "--backend", db, "--pattern", "dev:tap-caf*", "--long"));
        assertTrue(out().contains(nfc + "\thealthy\n"), out());
        String marked = nfd + "\thealthy\tnot NFC: ";
        assertTrue(out().contains(marked + "$'dev:tap-cafe\\u0301-to-target-x'\n"), out());
        assertEquals("", err());

        // the spelling pasted into a command line names the state not in NFC
        String line = out().lines().filter(l -> l.startsWith(marked)).findFirst().orElseThrow();
        ProcessBuilder shell = new ProcessBuilder("bash", "-c", "printf %s " + line.substring(marked.length()));
        shell.environment().put("LC_ALL", "C.UTF-8");
        Process printf = shell.start();
        String word = new String(printf.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, printf.waitFor());
        assertEquals(nfd, word);
        assertEquals(0, cairn("get", "--backend", db, word));
        assertEquals("{\"singer_state\":{\"spelling\":\"nfd\"}}\n", out());
    }

    @Test
    void aNumberBeyondAFloatIsStoredAsMeltanoWouldWithAWarning() throws Exception {
        assertEquals(0, cairn("set", "--backend", files, A, "{\"singer_state\": {\"big\": 1e400}}", "--force"), err());
        assertTrue(err().contains("cairn: warning: The number at /singer_state/big is beyond a float's range"), err());
        assertEquals("{\"completed\": {\"singer_state\": {\"big\": Infinity}}, \"partial\": {}}",
                Files.readString(Path.of(files.substring(7)).resolve(A).resolve("state.json")));
        assertEquals(0, cairn("set", "--backend", files, A, "{\"singer_state\": {\"small\": 1e300}}", "--force"));
        assertFalse(err().contains("warning"), err());
        assertEquals(0, cairn("merge", "--backend", files, A, "{\"singer_state\": {\"neg\": -1e999}}"), err());
        assertTrue(err().contains("cairn: warning: The number at /singer_state/neg"), err());
    }

    @Test
    void aCopyPrintsEachIdsLineAsSoonAsItIsDone() throws Exception {
        Path empty = Files.createDirectories(dir.resolve("copied"));
        List<Boolean> secondExistedAtFirstLine = new ArrayList<>();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        OutputStream watching = new OutputStream() {
            @Override
            public void write(int b) {
                if (secondExistedAtFirstLine.isEmpty()) {
                    secondExistedAtFirstLine.add(Files.exists(empty.resolve(C)));
                }
                out.write(b);
            }
        };
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(0, Cli.run(new PrintStream(watching, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                "copy", "--backend", files, "--pattern", "prod:*", "--to-backend", "file://" + empty, "--concurrency", "1", "--force"),
                err.toString(StandardCharsets.UTF_8));
        assertEquals(List.of(false), secondExistedAtFirstLine, "the first line came before the second ID was copied");
        assertEquals(2, out.toString(StandardCharsets.UTF_8).lines().count(), out.toString(StandardCharsets.UTF_8));
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
    void clearByPatternOnASystemDatabaseClearsWhatTheGlobMatchesNotWhatLikeMatches() {
        for (String id : List.of("abc", "a_c", "a%c")) {
            assertEquals(0, cairn("set", "--backend", db, id, "{\"singer_state\": {}}", "--force"), err());
        }
        assertEquals(0, cairn("clear", "--backend", db, "--pattern", "a_c", "--dry-run"), err());
        assertTrue(out().contains("a_c"), out());
        assertFalse(out().contains("abc") || out().contains("a%c"), "LIKE's _ must not pick abc: " + out());
        assertEquals(0, cairn("clear", "--backend", db, "--pattern", "a_c", "--force"), err());
        assertEquals(0, cairn("clear", "--backend", db, "--pattern", "%", "--force"), err());
        assertEquals(0, cairn("list", "--backend", db, "--pattern", "a*"));
        assertEquals(List.of("a%c", "abc"), out().lines().sorted().toList(), "only a_c was cleared");
    }

    @Test
    void moveOntoTheSameFolderThroughASymlinkIsRefusedAndKeepsTheState() throws Exception {
        Path link = Files.createSymbolicLink(dir.resolve("files-link"), Path.of(files.substring("file://".length())));
        assertEquals(0, cairn("get", "--backend", files, A));
        String before = out();
        assertEquals(1, cairn("move", "--backend", files, A, "--to-backend", "file://" + link, "--force"));
        assertTrue(err().contains("same storage"), err());
        assertEquals(0, cairn("get", "--backend", files, A));
        assertEquals(before, out(), "the state is still there");
        assertEquals(0, cairn("copy", "--backend", files, A, "--to-backend", "file://" + link, "--force"), err());
        assertTrue(out().contains("same state"), out());
        assertEquals(0, cairn("diff", "--backend", files, A, "--against-backend", "file://" + link), err());
        assertTrue(err().contains("name the same storage: this compares " + A + " with itself"), err());
    }

    @Test
    void copyAcrossBackendsWithPreservePartialKeepsBytes() throws Exception {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        String target = "file://" + empty;
        assertEquals(1, cairn("copy", "--backend", db, "--pattern", "*", "--to-backend", target, "--preserve-partial", "--force"),
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
        MeltanoSchema.createSqlite(Files.createDirectories(project.resolve(".meltano")).resolve("meltano.db"));
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
    void copyStoresWhatMeltanosCopyStoresAndFailsWhereItFails() throws Exception {
        assertEquals(0, cairn("copy", "--backend", db, C, "dev:copy", "--dry-run"));
        assertTrue(out().contains("pending partial state merged in"), out());
        assertEquals(0, cairn("copy", "--backend", db, C, "dev:copy", "--force"), err());
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("meltano.db"));
             ResultSet r = c.createStatement().executeQuery(
                     "SELECT completed_state, partial_state FROM state WHERE state_id = 'dev:copy'")) {
            assertTrue(r.next());
            assertEquals(EFFECTIVE_C, r.getString(1));
            assertEquals("{}", r.getString(2));
        }
        assertEquals(0, cairn("copy", "--backend", db, C, "dev:copy", "--force"), "a re-run finds it done");
        assertTrue(out().startsWith("skipped\t"), out());
        assertEquals(0, cairn("copy", "--backend", db, C, "dev:as-stored", "--preserve-partial", "--force"), err());
        assertEquals(0, cairn("export", "--backend", db, "--pattern", "dev:as-stored"));
        String asStored = out();
        assertEquals(0, cairn("export", "--backend", db, "--pattern", C));
        assertEquals(out().replace(C, "dev:as-stored"), asStored, "both documents as stored, the partial kept apart");
        assertEquals(1, cairn("copy", "--backend", db, H, "dev:h", "--force"));
        assertTrue(out().startsWith("failed\t" + H) && out().contains("no top-level singer_state"), out());
        assertEquals(1, cairn("move", "--backend", db, I, "dev:i", "--force"));
        assertTrue(out().contains("NULL"), out());
        assertEquals(0, cairn("get", "--backend", db, "dev:i"));
        assertEquals("{}\n", out());
    }

    /**
     * A system DB without a runs table (hand-made, pruned) gets the state, which is all Meltano reads,
     * and one line saying that no runs row was added: the writes failed with the raw "no such table".
     */
    @ParameterizedTest
    @EnumSource(value = EmptyBackends.class, names = {"SQLITE", "POSTGRES"})
    void aSystemDbWithoutARunsTableGetsTheStateAndALineSayingItGotNoRunsRow(EmptyBackends family) {
        String db = family.createWithoutRunsTable(dir);
        assertEquals(0, cairn("set", "--backend", db, "dev:x", "{\"singer_state\": {\"a\": 1}}", "--force"), err());
        assertWrittenWithoutRunsRow("Set state of dev:x on ", "No runs row was added for dev:x");
        assertEquals(0, cairn("merge", "--backend", db, "dev:x", "{\"singer_state\": {\"b\": 2}}"), err());
        assertWrittenWithoutRunsRow("Merge into state of dev:x on ", "No runs row was added for dev:x");
        assertEquals(0, cairn("copy", "--backend", db, "dev:x", "dev:y", "--force"), err());
        assertWrittenWithoutRunsRow("1 copied", "No runs row was added for the state written");
        assertEquals(0, cairn("get", "--backend", db, "dev:y"), err());
        assertEquals("{\"singer_state\":{\"a\":1,\"b\":2}}\n", out());
        assertEquals(0, cairn("clear", "--backend", db, "dev:x", "--force"), err());
        assertFalse(err().contains("runs"), "Meltano's clear adds no row: nothing to say. " + err());
        assertEquals(0, cairn("get", "--backend", db, "dev:x"), err());
        assertEquals("{}\n", out());
    }

    /** The same where the state lives in files and the project's system DB only gets the row: it used to fail after the write. */
    @Test
    void aProjectsSystemDbWithoutARunsTableGetsTheStateWrittenAndALineSayingItGotNoRunsRow() throws Exception {
        Path project = Files.createDirectories(dir.resolve("project"));
        Path state = Files.createDirectories(dir.resolve("project-state"));
        Files.writeString(project.resolve("meltano.yml"), "version: 1\nstate_backend:\n  uri: file://" + state + "\n"
                + "database_uri: " + EmptyBackends.SQLITE.createWithoutRunsTable(dir) + "\n");
        assertEquals(0, cairn("set", "--project", project.toString(), "dev:x", "{\"singer_state\": {\"a\": 1}}", "--force"), err());
        assertTrue(err().endsWith("\nNo runs row was added for dev:x because the system database has no runs table.\n"), err());
        assertEquals(0, cairn("get", "--backend", "file://" + state, "dev:x"));
        assertEquals("{\"singer_state\":{\"a\":1}}\n", out());
    }

    /** Reading such a DB's runs shows Cairn's writes only and says why: `log` and `list --long` failed with the raw "no such table". */
    @ParameterizedTest
    @EnumSource(value = EmptyBackends.class, names = {"SQLITE", "POSTGRES"})
    void aSystemDbWithoutARunsTableSaysSoWhereRunsAreRead(EmptyBackends family) {
        String db = family.createWithoutRunsTable(dir);
        assertEquals(0, cairn("set", "--backend", db, "dev:x", "{\"singer_state\": {\"a\": 1}}", "--force"), err());
        assertEquals(0, cairn("log", "--backend", db, "dev:x"), err());
        assertTrue(err().contains(" has no runs table, so it keeps no runs of dev:x. Cairn's writes from its journal:\n"), err());
        assertTrue(out().contains("CAIRN"), out());
        assertEquals(0, cairn("list", "--backend", db, "--long"), err());
        assertTrue(out().startsWith(ListCommand.HEADER + "\ndev:x"), out());
        assertEquals(1, cairn("restore", "--backend", db, "dev:x", "--run", "0190aaaabbbb7ccc8dddeeeeffff0000", "--force"));
        assertTrue(err().endsWith(" has no runs table, so it keeps no runs\n"), err());
    }

    private void assertWrittenWithoutRunsRow(String done, String noRow) {
        List<String> lines = err().lines().toList();
        assertEquals(2, lines.size(), err());
        assertTrue(lines.get(0).startsWith(done), err());
        assertEquals(noRow + " because the system database has no runs table.", lines.get(1));
    }

    @Test
    void writesThroughAProjectAddMeltanosRunsRowsToItsSystemDatabaseWhereverTheStateLives() throws Exception {
        Path project = Files.createDirectories(dir.resolve("project"));
        Path state = Files.createDirectories(dir.resolve("project-state"));
        Files.writeString(project.resolve("meltano.yml"), "version: 1\nstate_backend:\n  uri: file://" + state + "\n");
        Path systemDb = Files.createDirectories(project.resolve(".meltano")).resolve("meltano.db");
        MeltanoSchema.createSqlite(systemDb);
        String p = project.toString();
        assertEquals(0, cairn("set", "--project", p, "dev:x", "{\"singer_state\": {\"a\": 1}}", "--force"), err());
        assertEquals(0, cairn("merge", "--project", p, "dev:x", "{\"singer_state\": {\"b\": 1}}"), err());
        assertEquals(0, cairn("copy", "--project", p, "dev:x", "dev:y", "--force"), err());
        assertEquals(0, cairn("clear", "--project", p, "dev:x", "--force"), err());
        assertEquals(0, cairn("get", "--backend", "file://" + state, "dev:y"));
        assertEquals("{\"singer_state\":{\"a\":1,\"b\":1}}\n", out());
        List<String> rows = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + systemDb);
             ResultSet r = c.createStatement().executeQuery("SELECT job_name, state, payload, payload_flags,"
                     + " started_at = ended_at, length(run_id), last_heartbeat_at IS NULL FROM runs ORDER BY id")) {
            while (r.next()) {
                rows.add(r.getString(1) + " " + r.getString(2) + " " + r.getString(3) + " " + r.getInt(4) + " "
                        + r.getBoolean(5) + " " + r.getInt(6) + " " + r.getBoolean(7));
            }
        }
        assertEquals(List.of(
                "dev:x STATE_EDIT {\"singer_state\": {\"a\": 1}} 1 true 32 true",
                "dev:x STATE_EDIT {\"singer_state\": {\"b\": 1}} 2 true 32 true",
                "dev:y STATE_EDIT {\"singer_state\": {\"a\": 1, \"b\": 1}} 1 true 32 true"), rows,
                "set, merge and copy each add Meltano's row; clear adds none");
        assertEquals(0, cairn("log", "--project", p, "dev:x"), err());
        String[] log = out().split("\n");
        assertEquals(5, log.length, out());
        assertTrue(log[0].matches("\\S+Z\tCAIRN\t[^\t]+\t-\t-\t-\tClear state of dev:x on file://.*"), "clear leaves no row,"
                + " only its journal entry: " + log[0]);
        assertTrue(log[1].matches("\\S+Z\tSTATE_EDIT\t[0-9a-f]{32}\t-\t0\\.000s\tpartial\t1 change"), log[1]);
        assertTrue(log[2].contains("\tCAIRN\t") && log[2].contains("Merge"), "each write's journal entry, just before its row: " + log[2]);
        assertTrue(log[3].endsWith("\tcomplete\tfirst checkpoint"), log[3]);
        assertTrue(log[4].contains("\tCAIRN\t"), log[4]);
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + systemDb)) {
            c.createStatement().executeUpdate("INSERT INTO runs (job_name, state, started_at, payload_flags, run_id,"
                    + " last_heartbeat_at) VALUES ('dev:y', 'RUNNING', '2024-06-01 06:50:00.000000', 0,"
                    + " '0190aaaabbbb7ccc8dddeeeeffff0000', '2024-06-01 07:00:00.000000')");
        }
        assertEquals(0, cairn("list", "--project", p, "--long"), err());
        assertEquals(ListCommand.HEADER + "\ndev:y\thealthy\tstale run: run 0190aaaabbbb7ccc8dddeeeeffff0000, started 2024-06-01T06:50:00Z,"
                + " last heartbeat 2024-06-01T07:00:00Z (Meltano will mark it failed)\n", out(), "from the project's runs");
    }

    @Test
    void aProjectWhoseSystemDatabaseIsMissingIsReadButNotWritten() throws Exception {
        Path project = Files.createDirectories(dir.resolve("project"));
        Path state = Files.createDirectories(dir.resolve("project-state"));
        Files.writeString(project.resolve("meltano.yml"), "version: 1\nstate_backend:\n  uri: file://" + state + "\n");
        assertEquals(0, cairn("list", "--project", project.toString(), "--long"), err());
        assertEquals(1, cairn("set", "--project", project.toString(), "dev:x", "{\"singer_state\": {}}", "--force"));
        assertTrue(err().contains("no SQLite database at " + project.resolve(".meltano/meltano.db")), err());
        assertEquals(0, cairn("get", "--backend", "file://" + state, "dev:x"));
        assertEquals("{}\n", out(), "nothing was written without its runs row");
    }

    @Test
    void restoreWritesBackTheStateARunsCheckpointLeftWithItsOwnRowAndUndoTakesItBack() throws Exception {
        String run1 = "{\"singer_state\":{\"bookmarks\":{\"issues\":{\"partitions\":[{\"context\":{\"org\":\"meltano\",\"repo\":\"meltano\"},"
                + "\"replication_key\":\"updated_at\",\"replication_key_value\":\"2022-09-19T07:58:00Z\"},{\"context\":{\"org\":\"meltano\","
                + "\"repo\":\"sdk\"},\"replication_key\":\"updated_at\",\"replication_key_value\":\"2022-09-19T08:12:45Z\"}]}}}}\n";
        assertEquals(0, cairn("restore", "--backend", db, B, "--run", "5f0b4e0e8a2d4c1f9d6a0b8e7c3d2a11", "--dry-run"));
        assertTrue(out().startsWith("Would restore the checkpoint of run 5f0b4e0e8a2d4c1f9d6a0b8e7c3d2a11 in state of " + B), out());
        assertEquals(0, cairn("restore", "--backend", db, B, "--run", "5f0b4e0e-8a2d-4c1f-9d6a-0b8e7c3d2a11", "--force"), err());
        assertEquals(0, cairn("get", "--backend", db, B));
        assertEquals(run1, out(), "the complete checkpoint of run 1, the later partial one dropped");
        assertEquals(0, cairn("restore", "--backend", db, B, "--run", "9c4d1b7a2e3f40a8b6c5d4e3f2a1b0c9", "--force"), err());
        assertEquals(0, cairn("get", "--backend", db, B));
        assertEquals(GET_B, out(), "a partial checkpoint restores what it left: merged onto the one before it");
        assertEquals(0, cairn("export", "--backend", db, "--pattern", B));
        assertTrue(out().endsWith("\"partial\":{}}}\n"), "a complete write: " + out());
        assertEquals(0, cairn("log", "--backend", db, B, "--limit", "2"));
        String[] log = out().split("\n");
        assertEquals(3, log.length, out());
        assertTrue(log[0].contains("\tSTATE_EDIT\t") && log[2].contains("\tSTATE_EDIT\t"), out());
        assertTrue(log[1].matches(".*\tCAIRN\t[^\t]+\t-\t-\t-\tRestore the checkpoint of run 9c4d1b7a2e3f40a8b6c5d4e3f2a1b0c9 in"
                + " state of .*"), "the journal's write between the two rows, the first one's before the page: " + out());
        assertEquals(0, cairn("undo", "--backend", db, B, "--force"), err());
        assertEquals(0, cairn("get", "--backend", db, B));
        assertEquals(run1, out());
        assertEquals(1, cairn("restore", "--backend", db, D, "--run", "0a1b2c3d4e5f60718293a4b5c6d7e8f9", "--force"));
        assertTrue(err().contains("stored no state"), err());
        assertEquals(1, cairn("restore", "--backend", db, A, "--run", "0a1b2c3d4e5f60718293a4b5c6d7e8f9", "--force"));
        assertTrue(err().contains("no run 0a1b2c3d4e5f60718293a4b5c6d7e8f9 of " + A), err());
    }

    @Test
    void logShowsTheRunsOfAStateNewestFirst() {
        assertEquals(0, cairn("log", "--backend", db, B));
        assertEquals("2022-09-20T08:00:00Z\tFAIL\t9c4d1b7a2e3f40a8b6c5d4e3f2a1b0c9\t-\t6h05m00s\tpartial\t1 stream added; 1 other change\n"
                + "2022-09-19T08:00:00Z\tSUCCESS\t5f0b4e0e8a2d4c1f9d6a0b8e7c3d2a11\t-\t20m31s\tcomplete\tfirst checkpoint\n", out());
        assertEquals(0, cairn("log", "--backend", db, C, "--limit", "1"));
        assertTrue(out().startsWith("2024-06-01T06:50:00Z\tRUNNING (stale)\t"), out());
    }

    @Test
    void logOfAFileBackendWithoutItsProjectListsCairnsJournalAlone() {
        assertEquals(0, cairn("log", "--backend", files, B), err());
        assertEquals("", out());
        assertTrue(err().contains("keeps no runs: Meltano's runs of " + B + " are in its project's system database (give --project)"), err());
        assertTrue(err().contains("No write of " + B + " in Cairn's journal."), err());
        assertEquals(0, cairn("merge", "--backend", files, B, "{\"singer_state\": {\"bookmarks\": {\"a\": {\"v\": 1}}}}"), err());
        assertEquals(0, cairn("merge", "--backend", files, B, "{\"singer_state\": {\"bookmarks\": {\"a\": {\"v\": 2}}}}"), err());
        assertEquals(0, cairn("log", "--backend", files, B, "--limit", "1"), err());
        assertTrue(out().matches("[^\t]+\tCAIRN\t[^\t]+\t-\t-\t-\tMerge [^\n]*\n"), "the newest journalled write: " + out());
        assertFalse(err().contains("No write"), err());
    }

    @Test
    void listLongAndGetShowPipelinesRunningNowAndStaleRunsFromRuns() throws Exception {
        String now = LocalDateTime.now(ZoneOffset.UTC).minusSeconds(2)
                .format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS"));
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("meltano.db"))) {
            c.createStatement().executeUpdate("INSERT INTO runs (job_name, state, started_at, payload, payload_flags, run_id,"
                    + " \"trigger\", last_heartbeat_at) VALUES ('" + A + "', 'RUNNING', '" + now + "', '{}', 0,"
                    + " '0193a1b2c3d47e5f8a9b0c1d2e3f4a5b', 'schedule', '" + now + "')");
        }
        assertEquals(0, cairn("list", "--backend", db, "--long"));
        String started = LocalDateTime.parse(now.replace(' ', 'T')).toInstant(ZoneOffset.UTC).toString();
        assertTrue(out().contains(A + "\thealthy\trunning: run 0193a1b2c3d47e5f8a9b0c1d2e3f4a5b, started " + started
                + ", last heartbeat " + started + ", trigger schedule\n"), out());
        assertTrue(out().contains(C + "\thealthy\tpartial pending\tstale run: run 01900c8a1b2c3d4e5f60718293a4b5c6, started"
                + " 2024-06-01T06:50:00Z, last heartbeat 2024-06-01T07:00:00.900Z (Meltano will mark it failed)"
                + "\tdiffers from runs\n"), "its runs hold no checkpoint that ended: " + out());
        assertTrue(out().contains(E + "\thealthy\n"), "no run, no third column: " + out());
        assertTrue(out().contains(B + "\thealthy\tpartial pending\n"), "what the migration built from its runs, unchanged since: "
                + out());
        assertTrue(out().contains("dev:tap-custom-to-target-jsonl\tno singer_state\tdiffers from runs\n"),
                "its last edit's payload has no singer_state, so the migration gives {}: " + out());
        assertEquals(0, cairn("get", "--backend", db, A));
        assertEquals(GET_A, out(), "stdout stays Meltano's");
        assertTrue(err().startsWith("running: run 0193a1b2c3d47e5f8a9b0c1d2e3f4a5b"), err());
        assertEquals(Cli.LOCKED, cairn("set", "--backend", db, A, "{\"singer_state\": {}}", "--force"), "a live run blocks writes");
    }

    @Test
    void aSystemDatabaseFromBeforeTheStateTableShowsWhatMeltanosMigrationWouldBuildAndRefusesWrites() throws Exception {
        Path file = dir.resolve("meltano-2.5.db");
        MeltanoSchema.createSqliteBeforeStateTable(file);
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            c.createStatement().executeUpdate("INSERT INTO runs (job_name, state, started_at, ended_at, payload, payload_flags, run_id)"
                    + " VALUES ('" + B + "', 'SUCCESS', '2022-09-19 08:00:00.000000', '2022-09-19 08:20:31.402113',"
                    + " '{\"singer_state\": {\"bookmarks\": {\"issues\": \"2022-09-19\"}}}', 1, '01900c8a1b2c3d4e5f60718293a4b5c7'),"
                    + " ('" + B + "', 'FAIL', '2022-09-20 14:00:00.000000', '2022-09-20 14:05:00.120044',"
                    + " '{\"singer_state\": {\"bookmarks\": {\"pulls\": \"2022-09-20\"}}, \"error\": \"Extractor failed\"}', 2,"
                    + " '01900c8a1b2c3d4e5f60718293a4b5c8'), ('" + D + "', 'SUCCESS', '2022-09-21 09:00:00.000000',"
                    + " '2022-09-21 09:00:04.551000', '{}', 0, '01900c8a1b2c3d4e5f60718293a4b5c9')");
        }
        String old = "sqlite:///" + file;
        String reason = "reconstructed from runs as Meltano's migration would (no state table: Meltano before 2.7.1)";
        assertEquals(0, cairn("list", "--backend", old, "--long"), err());
        assertEquals(ListCommand.HEADER + "\n" + D + "\tempty\t" + reason + "\n" + B + "\thealthy\tpartial pending\t" + reason + "\n",
                out(), "the migration leaves everything in the partial");
        assertEquals(0, cairn("get", "--backend", old, B), err());
        assertEquals("{\"singer_state\":{\"bookmarks\":{\"issues\":\"2022-09-19\",\"pulls\":\"2022-09-20\"}},\"error\":\"Extractor failed\"}\n",
                out(), "the complete run's payload with the failed run's merged on top, its error key too");
        assertEquals(reason + "\n", err());
        assertEquals(1, cairn("set", "--backend", old, B, "{\"singer_state\": {}}", "--force"));
        assertTrue(err().contains("is read-only: " + reason), err());
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
    void aMoveWhoseDestinationsAreAlsoSourcesIsRefusedBeforeWritingAnything() throws Exception {
        Path root = Files.createDirectories(dir.resolve("renamed"));
        String backend = "file://" + root;
        assertEquals(0, cairn("set", "--backend", backend, "n:a", "{\"singer_state\": {\"v\": \"A\"}}", "--force"));
        assertEquals(0, cairn("set", "--backend", backend, "n:ax", "{\"singer_state\": {\"v\": \"AX\"}}", "--force"));
        String a = Files.readString(root.resolve("n:a/state.json"));
        String ax = Files.readString(root.resolve("n:ax/state.json"));
        for (String verb : new String[] {"move", "copy"}) {
            assertEquals(1, cairn(verb, "--backend", backend, "--pattern", "n:*", "--rename", "n:*=n:*x",
                    "--on-conflict", "overwrite", "--concurrency", "1", "--force"), verb);
            assertEquals("", out());
            assertTrue(err().startsWith("cairn: refused: n:a would be ") && err().contains(" onto n:ax, which is itself "),
                    err());
            assertEquals(1, err().strip().lines().count(), err());
        }
        assertEquals(a, Files.readString(root.resolve("n:a/state.json")));
        assertEquals(ax, Files.readString(root.resolve("n:ax/state.json")));
        assertFalse(Files.exists(root.resolve("n:axx")));
        assertEquals(0, cairn("move", "--backend", backend, "--pattern", "n:*", "--rename", "n:*=m:*", "--force"), err());
        assertEquals("{\"singer_state\":{\"v\":\"AX\"}}\n", get(backend, "m:ax"), "disjoint renames still run");
    }

    private String get(String backend, String id) {
        assertEquals(0, cairn("get", "--backend", backend, id), err());
        return out();
    }

    @Test
    void exportThenImportRoundTrips() throws Exception {
        assertEquals(1, cairn("export", "--backend", db, "--strict"), "the corrupt row is left out: an error with --strict");
        assertEquals("cairn: warning: left out " + F + ": a document in it is not valid JSON\n", err());
        assertEquals(0, cairn("export", "--backend", db), "the corrupt row is left out and said so");
        assertEquals("cairn: warning: left out " + F + ": a document in it is not valid JSON\n", err());
        Path export = dir.resolve("export.json");
        Files.writeString(export, out());
        assertTrue(out().startsWith("{\"" + A + "\":{\"completed\":{\"singer_state\""), "in the table's order: " + out());
        assertTrue(out().contains("\"" + I + "\":{\"completed\":{\"singer_state\":{\"bookmarks\":{\"contacts\""), out());
        assertTrue(out().contains("\"partial\":null}"), out());
        Path empty = Files.createDirectories(dir.resolve("imported"));
        assertEquals(0, cairn("import", "--backend", "file://" + empty, export.toString(), "--force"), err());
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
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("meltano.db"));
             var s = c.createStatement()) {
            s.executeUpdate("UPDATE state SET partial_state = '{\"singer_state\": {\"run\": 2}}' WHERE state_id = '" + C + "'");
        }
        assertEquals(3, cairn("undo", "--backend", db, C, "--force"));
        assertTrue(err().contains("changed since it was read"), err());
        assertEquals(0, cairn("get", "--backend", db, C));
        assertTrue(out().contains("\"run\":2"), "the pipeline's write is kept: " + out());
    }

    @Test
    void journalExportPrintsOneJsonLinePerWriteForPeopleWhoGrep() throws Exception {
        assertEquals(0, cairn("clear", "--backend", db, C, "--force"));
        assertEquals(0, cairn("set", "--backend", db, A, "{\"singer_state\": {\"v\": 1}}", "--force"));
        assertEquals(0, cairn("journal", "export", "--backend", db), err());
        List<String> lines = out().lines().toList();
        assertEquals(2, lines.size(), out());
        JsonNode clear = Json.parse(lines.get(0));
        assertEquals(C, clear.path("state_id").asText());
        assertEquals("done", clear.path("status").asText());
        assertTrue(lines.get(0).contains("\"charges\""), "the state before the write is in its line");
        assertEquals(0, cairn("journal", "export", "--backend", db, A));
        assertEquals(1, out().lines().count());
        assertEquals(A, Json.parse(out()).path("state_id").asText());
        assertEquals(0, cairn("journal", "export", C));
        assertEquals(lines.get(0) + "\n", out(), "an ID on any backend");
    }

    @Test
    void diffShowsWhatThePartialChanges() {
        assertEquals(0, cairn("diff", "--backend", db, C));
        assertTrue(out().startsWith("--- " + C + " completed (" + db + ")\n+++ " + C + " effective: its partial state merged in\n"),
                out());
        assertTrue(out().contains("+ /singer_state/bookmarks/events"), out());
        assertEquals(Cli.FAILED, cairn("diff", "--backend", db, C, "--exit-code"), "the partial changes something");
        assertEquals(0, cairn("diff", "--backend", db, A, "--exit-code"), "no partial: nothing differs");
        assertEquals(0, cairn("diff", "--backend", db, C, "--against-backend", files));
        assertTrue(out().contains("completed: unchanged"), out());
        assertEquals(0, cairn("diff", "--backend", db, C, "--against-backend", files, "--exit-code"), "the same state in both");
    }

    @Test
    void diffMarksTheFirstNamedSideWithMinusAndSaysWhichSideIsWhich() {
        assertEquals(0, cairn("set", "--backend", db, "dev:b", "{\"singer_state\": {\"bookmarks\": {\"s\": {\"v\": 2}}}}", "--force"));
        assertEquals(0, cairn("set", "--backend", files, "dev:a", "{\"singer_state\": {\"bookmarks\": {\"s\": {\"v\": 1}}}}", "--force"));
        assertEquals(Cli.FAILED, cairn("diff", "--backend", files, "dev:a", "--against-backend", db, "--against-id", "dev:b",
                "--exit-code"));
        assertTrue(out().startsWith("--- dev:a (" + files + "/)\n+++ dev:b (" + db + ")\ncompleted: 1 change\n"
                + "  ~ /singer_state/bookmarks/s/v: 1 -> 2\n"), "A's value on the left, as `diff A B`: " + out());
        assertEquals(0, cairn("diff", "--backend", files, "dev:a", "--against-id", "dev:none"), "without --exit-code: 0");
        assertTrue(out().startsWith("--- dev:a (" + files + "/)\n+++ dev:none (" + files + "/) (no state)\n"), out());
        assertTrue(out().contains("  ~ (whole document): {\"singer_state\":{\"bookmarks\":{\"s\":{\"v\":1}}}} -> null"), out());
    }

    /** What the log file says from the start of this test on (the build points it under target/). */
    private String log() throws IOException {
        byte[] all = Files.readAllBytes(Logs.file());
        return new String(all, (int) logStart, all.length - (int) logStart, StandardCharsets.UTF_8);
    }

    @Test
    void aQuietReadLeavesNoLineAndVerbosePrintsTheLinesOnStderr() throws IOException {
        assertEquals(0, cairn("list", "--backend", files));
        assertEquals("", err(), "quiet without --verbose");
        assertEquals(0, cairn("list", "--verbose", "--backend", files));
        String stderr = err();
        assertTrue(stderr.contains("INFO Cli - cairn list --verbose --backend " + files), stderr);
        assertTrue(stderr.contains("INFO BackendArgs - Opened " + files), stderr);
        assertFalse(out().contains("INFO"), "stdout keeps the IDs only");
        assertEquals(0, cairn("clear", "--backend", files, A, "--force"), err());
        String log = log();
        assertFalse(log.contains("cairn list --backend " + files), "a read that went well leaves no line: " + log);
        assertTrue(log.contains("Cli - cairn list --verbose --backend " + files), log);
        assertTrue(log.contains("Cli - cairn clear --backend " + files + " " + A + " --force"), "a write's command line: " + log);
        assertTrue(log.contains("BackendArgs - Opened " + files), log);
    }

    @Test
    void writesAndRefusalsAreLoggedWithVersionsAndJournalRecord() throws IOException {
        assertEquals(0, cairn("set", "--debug", "--backend", files, A, "{\"singer_state\": {\"x\": 1}}", "--force"),
                err());
        String debug = err();
        assertTrue(debug.contains("INFO BackendArgs - Opened " + files) && debug.contains("DEBUG WriteCommand - Planned Set state of "
                + A) && debug.contains("INFO WriteCommand - Wrote Set state of " + A), debug);
        assertEquals(1, cairn("set", "--backend", files, A, "{\"singer_state\": {", "--force"));
        String log = log();
        assertFalse(log.contains(" DEBUG "), "the file keeps INFO and above: " + log);
        assertTrue(log.matches("(?s).*INFO .*WriteCommand - Wrote Set state of " + A + " on " + files
                + "/?: version \\S+ -> \\S+ \\(journal record [0-9a-f-]{36}\\).*"), log);
        assertTrue(log.contains("WARN ") && log.contains("Cli - Refused: "), log);
    }

    @Test
    void aFailedConnectionIsLoggedWithItsStackTraceAndNoPassword() throws IOException {
        String uri = "postgresql://meltano:Sup3r-s3cret@127.0.0.1:1/meltano";
        assertEquals(1, cairn("list", "--backend", uri, "--connect-timeout", "1"));
        String log = log();
        assertTrue(log.contains("Cli - cairn list --backend postgresql://meltano:***@127.0.0.1:1/meltano"),
                "a read that fails logs its command line first: " + log);
        assertTrue(log.contains("ERROR") && log.contains("\tat "), log);
        assertTrue(log.contains("postgresql://meltano:***@127.0.0.1:1/meltano"), log);
        assertFalse(log.contains("Sup3r-s3cret"), log);
        assertFalse(err().contains("Sup3r-s3cret"));
    }
}
