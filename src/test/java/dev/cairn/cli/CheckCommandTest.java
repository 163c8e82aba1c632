package dev.cairn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cairn.testing.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@code cairn check}: its three formats and its exit status, through the real entry point. */
@Tag("unit")
class CheckCommandTest {

    @TempDir
    Path dir;
    @RegisterExtension
    final CliRun cli = new CliRun();

    private int cairn(String... args) {
        return cli.cairn(args);
    }

    private String out() {
        return cli.out();
    }

    @Test
    void findingsAreListedWorstFirstWithTheirFixAndExitOne() {
        String db = Fixtures.systemDb(dir);
        assertEquals(1, cairn("check", "--backend", db), cli.err());
        List<String> lines = out().lines().collect(Collectors.toList());
        assertTrue(lines.get(0).matches("error +corrupt-json +" + Fixtures.F), lines.get(0));
        assertTrue(out().contains("fix: clear the partial state: cairn clear (this backend) --partial-only " + Fixtures.B), out());
        assertTrue(lines.get(lines.size() - 1).matches("\\d+ findings in 9 states: 2 errors, \\d+ other\\."), lines.get(lines.size() - 1));
    }

    @Test
    void aFixNamesAnIdNotInNfcAsAShellWordThatKeepsItsSpelling() throws Exception {
        String db = Fixtures.systemDb(dir);
        String nfd = "dev:tap-cafe\u0301-to-target-x";
        assertEquals(0, cairn("set", "--backend", db, nfd, "{\"singer_state\": {}}", "--force"), cli.err());
        assertEquals(0, cairn("merge", "--backend", db, nfd, "{\"singer_state\": {\"pending\": 1}}"), cli.err());
        assertEquals(1, cairn("check", "--backend", db, "--pending-older-than", "0"));
        assertTrue(out().contains("fix: clear the partial state: cairn clear (this backend) --partial-only"
                + " $'dev:tap-cafe\\u0301-to-target-x' (add --dry-run to preview it)"), out());
    }

    @Test
    void jsonIsOneObjectPerFindingAndCsvHasAHeader() throws Exception {
        String db = Fixtures.systemDb(dir);
        assertEquals(1, cairn("check", "--backend", db, "--format", "json"));
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> findings = out().lines().map(line -> {
            try {
                return json.readTree(line);
            } catch (Exception e) {
                throw new AssertionError(line, e);
            }
        }).collect(Collectors.toList());
        JsonNode first = findings.get(0);
        assertEquals("error", first.get("severity").asText());
        assertEquals("corrupt-json", first.get("kind").asText());
        assertEquals(Fixtures.F, first.get("id").asText());
        assertTrue(first.get("fix").isNull());
        assertTrue(findings.stream().anyMatch(f -> f.get("fix").asText().equals("clear-partial")));

        assertEquals(1, cairn("check", "--backend", db, "--format", "csv"));
        List<String> csv = out().lines().collect(Collectors.toList());
        assertEquals("severity,kind,id,message,fix", csv.get(0));
        assertEquals(findings.size() + 1, csv.size());
        assertEquals("error,corrupt-json," + Fixtures.F + ",A document is not valid JSON: Meltano's next run of it fails before the tap starts.,", csv.get(1));
    }

    @Test
    void aHealthyBackendExitsZero() throws Exception {
        Path states = Files.createDirectories(dir.resolve("healthy/dev:tap-a-to-target-b"));
        Files.writeString(states.resolve("state.json"), "{\"completed\": {\"singer_state\": {}}, \"partial\": {}}");
        assertEquals(0, cairn("check", "--backend", "file://" + dir.resolve("healthy")));
        assertEquals("No findings in 1 state.\n", out());
    }
}
