package dev.cairn.cli;

import static dev.cairn.testing.Fixtures.*;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cairn.state.Json;
import dev.cairn.state.JsonSyntaxError;
import dev.cairn.testing.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@code --format json} for scripts (one object per line, snake_case fields) and the text of {@code list --long}. */
@Tag("unit")
class ScriptingOutputCliTest {

    @TempDir
    Path dir;
    String db;
    String files;
    @RegisterExtension
    final CliRun run = new CliRun();

    @BeforeEach
    void setUp() {
        db = Fixtures.systemDb(dir);
        files = Fixtures.fileBackend(dir);
    }

    private int cairn(String... args) {
        return run.cairn(args);
    }

    /** Stdout's lines, each parsed as one JSON object. */
    private List<JsonNode> records() {
        List<JsonNode> records = new ArrayList<>();
        for (String line : run.out().lines().toList()) {
            try {
                JsonNode record = Json.parse(line);
                assertTrue(record.isObject(), line);
                records.add(record);
            } catch (JsonSyntaxError e) {
                throw new AssertionError("not a line of JSON: " + line, e);
            }
        }
        return records;
    }

    private static JsonNode of(List<JsonNode> records, String id) {
        return records.stream().filter(r -> r.path("id").asText().equals(id)).findFirst().orElseThrow(() -> new AssertionError(id));
    }

    private static Set<String> fields(JsonNode record) {
        Set<String> names = new TreeSet<>();
        record.fieldNames().forEachRemaining(names::add);
        return names;
    }

    /** A Meltano lock on the ID of the file backend, taken at {@code at}. */
    private void lock(String id, Instant at) throws Exception {
        Files.writeString(Path.of(files.substring("file://".length())).resolve(id).resolve("lock"),
                at.getEpochSecond() + ".000000");
    }

    @Test
    void listPrintsAnObjectPerIdAndItsLongFormEveryFieldTheTextShows() throws Exception {
        assertEquals(0, cairn("list", "--backend", db, "--pattern", "prod:*", "--format", "json"), run.err());
        assertEquals("{\"id\":\"" + B + "\"}\n{\"id\":\"" + C + "\"}\n", run.out());

        lock(A, Instant.now());
        lock(B, Instant.parse("2024-06-01T00:00:00Z"));
        assertEquals(0, cairn("list", "--backend", files, "--long"), run.err());
        List<String> lines = run.out().lines().toList();
        assertEquals("ID\tHEALTH\tNOTES", lines.get(0), "a header line");
        assertTrue(lines.contains(A + "\thealthy\tlocked"), run.out());
        assertTrue(lines.contains(B + "\thealthy\tpartial pending\tstale lock"), "as the window shows them: " + run.out());
        assertTrue(lines.contains(G + "\thealthy"), run.out());
        assertTrue(lines.contains(F + "\tcorrupt JSON"), run.out());

        assertEquals(0, cairn("list", "--backend", files, "--long", "--format", "json"), run.err());
        List<JsonNode> records = records();
        assertEquals(lines.size() - 1, records.size(), "no header: " + run.out());
        Set<String> every = Set.of("id", "health", "partial_pending", "lock", "lock_since", "run", "run_id", "run_started_at",
                "run_last_heartbeat_at", "run_trigger", "differs_from_runs", "read_only", "parked_at", "nfc", "shell_word");
        records.forEach(r -> assertEquals(every, fields(r), "every field on every line: " + r));
        assertEquals("held", of(records, A).path("lock").asText());
        assertFalse(of(records, A).path("lock_since").isNull());
        assertEquals("stale", of(records, B).path("lock").asText());
        assertEquals("free", of(records, G).path("lock").asText());
        assertTrue(of(records, G).path("lock_since").isNull());
        assertTrue(of(records, B).path("partial_pending").asBoolean());
        assertFalse(of(records, A).path("partial_pending").asBoolean());
        assertEquals("corrupt-json", of(records, F).path("health").asText());
        assertEquals("no-singer-state", of(records, H).path("health").asText());
        assertTrue(of(records, A).path("run").isNull());
    }

    @Test
    void listLongJsonOfASystemDatabaseHasItsRunsAndDifferencesFromThem() {
        assertEquals(0, cairn("list", "--backend", db, "--long", "--format", "json"), run.err());
        JsonNode c = of(records(), C);
        assertEquals("stale", c.path("run").asText());
        assertEquals("01900c8a1b2c3d4e5f60718293a4b5c6", c.path("run_id").asText());
        assertEquals("2024-06-01T06:50:00Z", c.path("run_started_at").asText());
        assertTrue(c.path("differs_from_runs").asBoolean());
        assertFalse(of(records(), B).path("differs_from_runs").asBoolean());
    }

    @Test
    void historyPrintsAnObjectPerWriteNewestFirst() {
        assertEquals(0, cairn("history", "--backend", db, C, "--format", "json"), run.err());
        assertEquals("", run.out(), "no writes, no lines (the text's sentence is not a record)");
        assertEquals(0, cairn("clear", "--backend", db, C, "--partial-only", "--force"), run.err());
        assertEquals(0, cairn("clear", "--backend", db, C, "--force"), run.err());
        assertEquals(0, cairn("history", "--backend", db, C, "--format", "json"), run.err());
        List<JsonNode> records = records();
        assertEquals(2, records.size(), run.out());
        assertEquals(Set.of("journal_id", "time", "backend", "state_id", "action", "verb", "undo", "status", "version_before",
                "version_after", "error", "group", "kind", "parameters"), fields(records.get(0)));
        assertEquals("Clear state", records.get(0).path("verb").asText(), "newest first: " + run.out());
        assertEquals("Clear partial state", records.get(1).path("verb").asText(), run.out());
        assertEquals("clear", records.get(0).path("kind").asText(), "what was done, as a field: " + run.out());
        assertEquals("clear-partial", records.get(1).path("kind").asText(), run.out());
        assertEquals("done", records.get(0).path("status").asText());
        assertEquals(C, records.get(0).path("state_id").asText());
        assertEquals(db, records.get(0).path("backend").asText());
    }

    @Test
    void logPrintsAnObjectPerRunAndJournalledWrite() {
        assertEquals(0, cairn("log", "--backend", db, B, "--format", "json"), run.err());
        List<JsonNode> records = records();
        assertEquals(2, records.size(), run.out());
        JsonNode failed = records.get(0);
        assertEquals("run", failed.path("kind").asText());
        assertEquals("2022-09-20T08:00:00Z", failed.path("time").asText());
        assertEquals("FAIL", failed.path("outcome").asText());
        assertEquals("9c4d1b7a2e3f40a8b6c5d4e3f2a1b0c9", failed.path("run_id").asText());
        assertEquals(21900.12, failed.path("duration_seconds").asDouble(), "6h05m00s and 120 ms");
        assertEquals("partial", failed.path("checkpoint").asText());
        assertEquals("1 stream added; 1 other change", failed.path("change").asText());
        assertTrue(failed.path("journal_id").isNull());

        assertEquals(0, cairn("set", "--backend", db, B, "{\"singer_state\": {}}", "--force"), run.err());
        assertEquals(0, cairn("log", "--backend", db, B, "--format", "json", "--limit", "2"), run.err());
        records = records();
        assertEquals(List.of("run", "cairn", "run"), records.stream().map(r -> r.path("kind").asText()).toList(),
                "its runs row, the journal's write, the failed run: " + run.out());
        assertEquals("STATE_EDIT", records.get(0).path("outcome").asText());
        JsonNode edit = records.stream().filter(r -> r.path("kind").asText().equals("cairn")).findFirst().orElseThrow();
        assertEquals(fields(failed), fields(edit), "the same fields for runs and Cairn's writes");
        assertEquals("CAIRN", edit.path("outcome").asText());
        assertEquals("done", edit.path("status").asText());
        assertFalse(edit.path("journal_id").isNull());
        assertTrue(edit.path("change").asText().startsWith("Set state of " + B), edit.toString());
    }

    @Test
    void copyAndMovePrintAnObjectPerIdAsItIsDone() {
        assertEquals(0, cairn("set", "--backend", db, "staging:tap-github-to-target-postgres", "{\"singer_state\": {}}", "--force"));
        assertEquals(Cli.CONFLICT, cairn("copy", "--backend", db, "--pattern", "prod:*", "--rename", "prod:*=staging:*",
                "--force", "--format", "json"));
        List<JsonNode> records = records();
        assertEquals(2, records.size(), run.out());
        JsonNode conflict = of(records, B);
        assertEquals(Set.of("id", "target_id", "outcome", "detail"), fields(conflict));
        assertEquals("staging:tap-github-to-target-postgres", conflict.path("target_id").asText());
        assertEquals("conflict", conflict.path("outcome").asText());
        assertEquals("copied", of(records, C).path("outcome").asText());
        assertFalse(of(records, C).path("detail").asText().isEmpty());
        assertTrue(run.err().contains("1 copied, 1 conflict"), "the summary stays on stderr: " + run.err());

        assertEquals(0, cairn("move", "--backend", db, E, "prod:e", "--force", "--format", "json"), run.err());
        assertEquals("moved", of(records(), E).path("outcome").asText());
        assertEquals(0, cairn("copy", "--backend", db, C, "staging:tap-stripe-to-target-bigquery", "--force"), run.err());
        assertTrue(run.out().startsWith("skipped\t" + C + "\t"), "text stays as it was: " + run.out());
    }

    @Test
    void clearAndImportPrintAnObjectPerIdAsItIsDone() throws Exception {
        assertEquals(0, cairn("clear", "--backend", files, "--pattern", "prod:*", "--partial-only", "--force", "--format", "json"),
                run.err());
        List<JsonNode> records = records();
        assertEquals(List.of(B, C), records.stream().map(r -> r.path("id").asText()).toList(), run.out());
        for (JsonNode r : records) {
            assertEquals(Set.of("id", "target_id", "outcome", "detail"), fields(r));
            assertTrue(r.path("target_id").isNull());
            assertEquals("cleared", r.path("outcome").asText());
            assertTrue(r.path("detail").asText().startsWith("version "), r.toString());
        }
        assertTrue(run.err().contains("2 state(s) were successfully cleared"), "stderr as in text: " + run.err());
        assertEquals(0, cairn("clear", "--backend", files, "dev:none", "--force", "--format", "json"), run.err());
        assertEquals("{\"id\":\"dev:none\",\"target_id\":null,\"outcome\":\"unchanged\",\"detail\":\"no change\"}\n", run.out());
        assertEquals(0, cairn("clear", "--backend", files, A, "--force"), run.err());
        assertEquals("", run.out(), "text stays on stderr");

        Path export = dir.resolve("export.json");
        Files.writeString(export, "{\"" + B + "\": {\"completed\": {\"singer_state\": {}}, \"partial\": {}},"
                + " \"new:id\": {\"completed\": {}, \"partial\": {}}}");
        assertEquals(0, cairn("import", "--backend", files, export.toString(), "--force", "--format", "json"), run.err());
        records = records();
        assertEquals(List.of("imported", "imported"), records.stream().map(r -> r.path("outcome").asText()).toList(), run.out());
        assertEquals(0, cairn("import", "--backend", files, export.toString(), "--force", "--format", "json"), run.err());
        assertEquals("unchanged", of(records(), "new:id").path("outcome").asText(), "the same file again changes nothing");
    }
}
