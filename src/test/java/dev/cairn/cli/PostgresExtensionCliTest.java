package dev.cairn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.backend.TestPostgres;
import dev.cairn.backend.extension.PostgresExtensionFactory;
import dev.cairn.backend.systemdb.MeltanoSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The command line on the table of Meltano's PostgreSQL state backend extension, on the test PostgreSQL. */
@Tag("server")
class PostgresExtensionCliTest {

    @TempDir
    Path dir;
    @RegisterExtension
    final CliRun run = new CliRun();

    @Test
    void everyVerbOnTheExtensionsTable() throws Exception {
        String schema = TestPostgres.freshSchemaUri();
        ExtensionVerbs.everyVerb(run, dir, PostgresExtensionFactory.SCHEME + schema.substring(schema.indexOf("://")));
    }

    @Test
    void aProjectsPostgresqlStateBackendIsTheExtensionNotTheSystemDatabase() throws Exception {
        String schema = TestPostgres.freshSchemaUri();
        Path project = Files.createDirectories(dir.resolve("project"));
        // the system database, where Meltano's state commands add their runs row whatever the state backend
        MeltanoSchema.createSqlite(Files.createDirectories(project.resolve(".meltano")).resolve("meltano.db"));
        Files.writeString(project.resolve("meltano.yml"), "version: 1\nstate_backend:\n  uri: "
                + schema.substring(0, schema.indexOf('?')) + "\n  postgresql:\n    schema: "
                + schema.substring(schema.indexOf("%3D") + 3) + "\n");
        assertEquals(0, run.cairn("set", "--project", project.toString(), "dev:tap-a-to-target-b", "{\"singer_state\": {}}", "--force"),
                run.err());
        assertTrue(run.err().contains("postgresql+extension://"), run.err());
        assertEquals(0, run.cairn("list", "--backend", PostgresExtensionFactory.SCHEME + schema.substring(schema.indexOf("://"))),
                run.err());
        assertEquals("dev:tap-a-to-target-b\n", run.out());
        assertEquals(0, run.cairn("list", "--backend", schema), run.err());
        assertEquals("dev:tap-a-to-target-b\n", run.out());
        assertTrue(run.err().contains("using postgresql+extension://") && run.err().contains("not a system database"), run.err());
    }
}
