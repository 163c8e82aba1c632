package dev.cairn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.backend.systemdb.MeltanoSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The command line on a DuckDB file of Meltano's DuckDB state backend extension. */
@Tag("unit")
class DuckDbExtensionCliTest {

    @TempDir
    Path dir;
    @RegisterExtension
    final CliRun run = new CliRun();

    @Test
    void everyVerbOnADuckDbFile() throws Exception {
        ExtensionVerbs.everyVerb(run, dir, "duckdb://" + dir.resolve("meltano-state.duckdb"));
    }

    @Test
    void aReadOnlyOpenReadsAndRefusesWrites() {
        String uri = "duckdb://" + dir.resolve("ro.duckdb");
        assertEquals(0, run.cairn("list", "--backend", uri, "--read-only"), run.err());
        assertEquals(0, run.cairn("set", "--backend", uri, "dev:a-to-b", "{\"singer_state\": {}}", "--force"), run.err());
        assertEquals(0, run.cairn("get", "--backend", uri, "dev:a-to-b", "--read-only"), run.err());
        assertEquals("{\"singer_state\":{}}\n", run.out());
        assertEquals(1, run.cairn("clear", "--backend", uri, "dev:a-to-b", "--force", "--read-only"));
    }

    @Test
    void aProjectsDuckDbStateBackendIsFoundWithItsSettings() throws Exception {
        Path project = Files.createDirectories(dir.resolve("project"));
        // the system database, where Meltano's state commands add their runs row whatever the state backend
        MeltanoSchema.createSqlite(Files.createDirectories(project.resolve(".meltano")).resolve("meltano.db"));
        Files.writeString(project.resolve("meltano.yml"), "version: 1\nstate_backend:\n  uri: duckdb://state/meltano.duckdb\n"
                + "  duckdb:\n    schema: ops\n");
        Files.createDirectories(project.resolve("state")); // DuckDB, as the extension's duckdb.connect, makes no folder
        assertEquals(0, run.cairn("set", "--project", project.toString(), "dev:tap-a-to-target-b", "{\"singer_state\": {}}", "--force"),
                run.err());
        assertTrue(Files.exists(project.resolve("state/meltano.duckdb")), "the relative path is the project's");
        assertEquals(0, run.cairn("list", "--backend", "duckdb://" + project.resolve("state/meltano.duckdb")), run.err());
        assertEquals("", run.out(), "the state is in schema ops, not meltano");
    }
}
