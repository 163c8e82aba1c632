package dev.cairn.cli;

import static dev.cairn.testing.Fixtures.*;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.StateBackend;
import dev.cairn.state.Json;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StatePart;
import dev.cairn.testing.Fixtures;
import dev.cairn.testing.LinkedFolder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@code cairn compare} on the fixture system DB and file backend: statuses, text and JSON, exit codes. */
@Tag("unit")
class CompareCommandTest {

    @TempDir
    Path dir;
    String db;
    String files;
    @RegisterExtension
    final CliRun run = new CliRun();

    @BeforeEach
    void fixtures() {
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

    private static void write(String uri, String id, String completed, String partial) {
        try (StateBackend backend = Backends.open(uri, BackendOptions.defaults())) {
            backend.write(id, new StateDocument(StatePart.parse(completed), StatePart.parse(partial)), null);
        }
    }

    private static void delete(String uri, String id) {
        try (StateBackend backend = Backends.open(uri, BackendOptions.defaults())) {
            backend.delete(id, null);
        }
    }

    /** The JSON lines by ID. */
    private Map<String, JsonNode> jsonById() throws Exception {
        Map<String, JsonNode> byId = new HashMap<>();
        for (String line : out().split("\n")) {
            JsonNode o = Json.parse(line);
            assertNull(byId.put(o.get("id").textValue(), o), "one line per ID: " + line);
        }
        return byId;
    }

    @Test
    void theSameSidesExitZeroAndSayHowManyIdsAgree() {
        assertEquals(0, cairn("compare", "--backend", db, "--against-backend", files, "--pattern", "prod:*"), err());
        assertEquals("same              " + B + "\n"
                + "same              " + C + "\n"
                + "2 IDs: 0 only-here, 0 only-there, 2 same, 0 same-effective, 0 different, 0 unreadable\n", out());
        assertEquals("", err());
    }

    /** The fixtures with one ID of each status between the system DB (here) and the files (there). */
    private void everyStatus() {
        delete(files, D);
        write(files, "dev:tap-new-to-target-jsonl", "{\"singer_state\": {\"bookmarks\": {}}}", "{}");
        write(files, C, EFFECTIVE_C, "{}");
        write(files, A, "{\"singer_state\": {\"currently_syncing\": null, \"bookmarks\": {\"public-orders\":"
                + " {\"replication_key\": \"updated_at\", \"replication_key_value\": \"2024-05-30T12:00:00+00:00\"}}}}", "{}");
    }

    @Test
    void textListsEveryIdOnceWithItsStatusAlignedAndWhatDiffers() {
        everyStatus();
        assertEquals(1, cairn("compare", "--backend", db, "--against-backend", files), err());
        String[] lines = out().split("\n");
        assertEquals("same              " + G, lines[0], "sorted by ID");
        int a = Arrays.asList(lines).indexOf("different         " + A);
        assertEquals("                  1 stream changed, 2 added; newest bookmark here 2024-06-01T09:58:12.345678+00:00,"
                + " there 2024-05-30T12:00:00+00:00", lines[a + 1]);
        assertEquals("                  public-orders: here 2024-06-01T09:58:12.345678+00:00, there 2024-05-30T12:00:00+00:00"
                + " (here ahead)", lines[a + 2]);
        String text = out();
        assertTrue(text.contains("\nsame-effective    " + C + "\n"), text);
        assertTrue(text.contains("\nonly-here         " + D + "\n"), text);
        assertTrue(text.contains("\nonly-there        dev:tap-new-to-target-jsonl\n"), text);
        assertTrue(text.contains("\nunreadable        " + F + "\n                  here: the completed state is not valid JSON"), text);
        assertTrue(text.endsWith("10 IDs: 1 only-here, 1 only-there, 5 same, 1 same-effective, 1 different, 1 unreadable\n"), text);
        assertEquals("", err());
    }

    @Test
    void anIdWithALineBreakIsPrintedOnOneLineAsTheOtherVerbsPrintIt() {
        write(db, "dev:tap-x\nsame              prod:tap-y", "{}", "{}");
        assertEquals(1, cairn("compare", "--backend", db, "--against-backend", files, "--pattern", "dev:tap-x*"), err());
        assertEquals("only-here         \"dev:tap-x\\nsame              prod:tap-y\"\n"
                + "1 ID: 1 only-here, 0 only-there, 0 same, 0 same-effective, 0 different, 0 unreadable\n", out());
    }

    @Test
    void jsonIsOneObjectPerIdWithEveryField() throws Exception {
        everyStatus();
        assertEquals(1, cairn("compare", "--backend", db, "--against-backend", files, "--format", "json"), err());
        Map<String, JsonNode> byId = jsonById();
        assertEquals(10, byId.size());
        Map<String, String> statuses = new HashMap<>();
        byId.forEach((id, o) -> statuses.put(id, o.get("status").textValue()));
        assertEquals(Map.of(A, "different", B, "same", C, "same-effective", D, "only-here", E, "same", F, "unreadable",
                G, "same", H, "same", I, "same", "dev:tap-new-to-target-jsonl", "only-there"), statuses);
        JsonNode a = byId.get(A);
        assertEquals("1 stream changed, 2 added; newest bookmark here 2024-06-01T09:58:12.345678+00:00, there 2024-05-30T12:00:00+00:00",
                a.get("summary").textValue());
        assertEquals(1, a.get("streamsChanged").intValue());
        assertEquals(2, a.get("streamsAdded").intValue());
        assertEquals("public-orders", a.get("streams").get(0).get("stream").textValue());
        assertEquals("here", a.get("streams").get(0).get("ahead").textValue());
        assertEquals("2024-05-30T12:00:00+00:00", a.get("streams").get(0).get("there").textValue());
        JsonNode f = byId.get(F);
        assertEquals("both", f.get("unreadable").textValue());
        assertTrue(f.get("hereProblem").textValue().contains("not valid JSON"));
        // every object has every field, null where it does not apply
        for (JsonNode o : byId.values()) {
            assertEquals(a.size(), o.size(), o.toString());
        }
        assertTrue(byId.get(D).get("summary").isNull());
    }

    @Test
    void aRenameComparesTwoEnvironmentsOfOneBackend() {
        write(db, "prod:tap-postgres-to-target-snowflake", "{\"singer_state\": {\"bookmarks\": {}}}", "{}");
        write(db, "prod:tap-csv-to-target-jsonl", "{}", "{}");
        assertEquals(1, cairn("compare", "--backend", db, "--rename", "dev:*=prod:*", "--pattern", "dev:tap-[cp][so]*"), err());
        assertEquals("same              " + D + " -> prod:tap-csv-to-target-jsonl\n"
                + "different         " + A + " -> prod:tap-postgres-to-target-snowflake\n", out().substring(0, out().indexOf("                  ")));
    }

    /** A Meltano project whose staging environment keeps its state in {@code files} and prod in {@code db}. */
    private Path stagingAndProdProject() throws Exception {
        Path project = Files.createDirectories(dir.resolve("project"));
        Files.writeString(project.resolve("meltano.yml"), "environments:\n"
                + "- name: staging\n  config:\n    state_backend:\n      uri: " + files + "\n"
                + "- name: prod\n  config:\n    state_backend:\n      uri: " + db + "\n");
        return project;
    }

    @Test
    void environmentsOfOneProjectAreTheTwoSides() throws Exception {
        Path project = stagingAndProdProject();
        assertEquals(0, cairn("compare", "--project", project.toString(), "--environment", "prod",
                "--against-environment", "staging", "--pattern", "prod:*"), err());
        assertTrue(out().endsWith("2 IDs: 0 only-here, 0 only-there, 2 same, 0 same-effective, 0 different, 0 unreadable\n"), out());

        // only a rename: this side's backend, the prod environment's, under the rename
        assertEquals(1, cairn("compare", "--project", project.toString(), "--environment", "prod", "--rename", "dev:*=prod:*"),
                err());
        assertTrue(out().contains("only-there        dev:tap-github-to-target-postgres -> " + B + "\n"), out());
        assertEquals(2, cairn("compare", "--project", project.toString(), "--environment", "prod"));
        assertTrue(err().contains("both sides are the same project and environment"), err());
    }

    /** Without --project, as every verb: the project the working directory is in, for both sides. */
    @Test
    void environmentsOfTheProjectOfTheWorkingDirectoryAreTheTwoSides() throws Exception {
        Path project = stagingAndProdProject();
        Invocation inProject = new Invocation(Map.of(), Files.createDirectories(project.resolve("extract")));
        assertEquals(0, run.cairn(inProject, "compare", "--environment", "prod", "--against-environment", "staging",
                "--pattern", "prod:*"), err());
        assertTrue(out().endsWith("2 IDs: 0 only-here, 0 only-there, 2 same, 0 same-effective, 0 different, 0 unreadable\n"), out());
        assertEquals(1, run.cairn(inProject, "compare", "--environment", "prod", "--rename", "dev:*=prod:*"), err());
        assertTrue(out().contains("only-there        dev:tap-github-to-target-postgres -> " + B + "\n"), out());
        assertEquals(2, run.cairn(inProject, "compare", "--environment", "prod", "--against-environment", "prod"));
        assertTrue(err().contains("both sides are the same project and environment"), err());
        assertEquals(2, run.cairn(new Invocation(Map.of(), dir), "compare", "--against-environment", "staging"));
        assertTrue(err().contains("give the state backend"), err());
    }

    @Test
    void usageErrorsExitTwo() {
        assertEquals(2, cairn("compare", "--backend", db, "--against-backend", files, "--format", "yaml"));
        assertTrue(err().contains("--format is text or json"), err());
        assertEquals(2, cairn("compare", "--backend", db, "--against-backend", files, "--rename", "dev:*"));
        assertTrue(err().contains("a rename is FROM=TO"), err());
        assertEquals(2, cairn("compare", "--backend", db));
        assertTrue(err().contains("nothing to compare"), err());
        assertEquals(2, cairn("compare", "--backend", db, "--against-environment", "prod"));
        assertTrue(err().contains("--against-environment needs a project"), err());
        assertEquals(2, cairn("compare", "--backend", db, "--project", dir.toString(), "--against-backend", files));
        assertTrue(err().startsWith("cairn: give --backend or --project, not both"), err());
        assertEquals(2, cairn("compare", "--no-such-option"));
        assertEquals("", out());
    }

    /** A folder against a symlink to it: every ID would be compared with itself. */
    @Test
    void oneStorageUnderTwoNamesIsNoComparison() throws Exception {
        LinkedFolder folder = LinkedFolder.create(dir.resolve("linked"));
        Files.createDirectories(folder.real().resolve("dev:x"));
        Files.writeString(folder.real().resolve("dev:x/state.json"), "{\"completed\": {}, \"partial\": {}}");
        assertEquals(2, cairn("compare", "--backend", "file://" + folder.real(), "--against-backend", "file://" + folder.link()));
        assertTrue(err().contains("both sides are the same storage"), err());
    }

    @Test
    void aSideThatCannotBeReachedExitsTwoWithOneLine() {
        assertEquals(2, cairn("compare", "--backend", db, "--against-backend", "postgresql://nobody@127.0.0.1:1/none",
                "--against-connect-timeout", "2"));
        assertTrue(err().startsWith("cairn: "), err());
        assertFalse(err().contains("\tat "), err());
    }

    @Test
    void helpNamesTheOtherSidesOptions() {
        assertEquals(0, cairn("compare", "--help"));
        for (String option : new String[] {"--against-backend", "--against-project", "--against-environment", "--rename",
                "--pattern", "--format"}) {
            assertTrue(out().contains(option), option + " in\n" + out());
        }
    }
}
