package dev.cairn.cli;

import static org.junit.jupiter.api.Assertions.*;

import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.StateBackend;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StatePart;
import dev.cairn.testing.EmptyBackends;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The environment guard: copy, move, import and apply writing IDs whose prefix names another
 * environment than the project environment written to warn, and on production need its name.
 */
@Tag("unit")
class EnvironmentGuardTest {

    private static final String X = "dev:tap-x-to-target-y";
    private static final String W = "dev:tap-w-to-target-y";
    private static final String STATE = "{\"singer_state\": {\"bookmarks\": {}}}";

    @TempDir
    Path dir;
    @RegisterExtension
    final CliRun run = new CliRun();
    String prodDb;
    String project;

    @BeforeEach
    void prodAndStagingProject() throws Exception {
        prodDb = EmptyBackends.SQLITE.create(dir);
        String stagingDb = EmptyBackends.SQLITE.create(dir);
        for (String uri : new String[] {prodDb, stagingDb}) {
            try (StateBackend backend = Backends.open(uri, BackendOptions.defaults())) {
                backend.write(X, new StateDocument(StatePart.parse(STATE), StatePart.parse("{}")), null);
            }
        }
        Path folder = Files.createDirectories(dir.resolve("project"));
        Files.writeString(folder.resolve("meltano.yml"), "environments:\n"
                + "- name: prod\n  config:\n    state_backend:\n      uri: " + prodDb + "\n"
                + "- name: staging\n  config:\n    state_backend:\n      uri: " + stagingDb + "\n");
        project = folder.toString();
    }

    private int cairn(String... args) {
        return run.cairn(args);
    }

    private boolean exists(String uri, String id) {
        try (StateBackend backend = Backends.open(uri, BackendOptions.defaults())) {
            return backend.read(id).exists();
        }
    }

    private static final String WARNING = "cairn: warning: 1 state ID names another environment than prod, the production"
            + " environment written to: " + W + " (a rename such as --rename 'dev:*=prod:*' writes them under its own names)\n";

    @Test
    void aDevIdCopiedIntoProdWarnsAndForceIsNotEnough() {
        assertEquals(1, cairn("copy", "--project", project, "--environment", "prod", X, W, "--force"));
        assertTrue(run.err().endsWith(WARNING + "cairn: 1 state ID names another environment than prod, the production"
                + " environment written to; nothing was written: confirm by typing prod on a terminal, or pass"
                + " --yes-environment prod.\n"), run.err());
        assertFalse(exists(prodDb, W));

        assertEquals(0, cairn("copy", "--project", project, "--environment", "prod", X, W, "--dry-run"), run.err());
        assertTrue(run.err().endsWith(WARNING), run.err());
        assertFalse(exists(prodDb, W));

        assertEquals(2, cairn("copy", "--project", project, "--environment", "prod", X, W, "--force",
                "--yes-environment", "staging"));
        assertFalse(exists(prodDb, W));

        assertEquals(0, cairn("copy", "--project", project, "--environment", "prod", X, W, "--force",
                "--yes-environment", "prod"), run.err());
        assertTrue(run.err().contains(WARNING), run.err());
        assertTrue(exists(prodDb, W));
    }

    @Test
    void aCopyRenamedIntoProdsNamesIsNotWarnedAbout() {
        assertEquals(0, cairn("copy", "--project", project, "--environment", "prod", "--pattern", "dev:*",
                "--rename", "dev:*=prod:*", "--force"), run.err());
        assertFalse(run.err().contains("warning"), run.err());
        assertTrue(exists(prodDb, "prod:tap-x-to-target-y"));
    }

    @Test
    void onAnEnvironmentThatIsNotProductionTheWarningIsAllAndForceIsEnough() {
        assertEquals(0, cairn("copy", "--project", project, "--environment", "staging", X, W, "--force"), run.err());
        assertTrue(run.err().contains("cairn: warning: 1 state ID names another environment than staging, the environment"
                + " written to: " + W), run.err());
    }

    @Test
    void anImportAndAPlanOfItIntoProdAreGuarded() throws Exception {
        Path export = dir.resolve("export.json");
        Files.writeString(export, "{\"" + W + "\": {\"completed\": " + STATE + ", \"partial\": {}}}");
        assertEquals(1, cairn("import", "--project", project, "--environment", "prod", export.toString()));
        assertTrue(run.err().contains(WARNING), run.err());
        assertFalse(exists(prodDb, W));

        Path plan = dir.resolve("plan.json");
        assertEquals(0, cairn("import", "--project", project, "--environment", "prod", export.toString(),
                "--plan-out", plan.toString()), run.err());
        assertTrue(run.out().contains("Saved a plan of 1 write for environment prod to "), run.out());
        assertEquals(1, cairn("apply", plan.toString(), "--force"));
        assertTrue(run.err().contains("--yes-environment prod."), run.err());
        assertFalse(exists(prodDb, W));
        assertEquals(0, cairn("apply", plan.toString(), "--force", "--yes-environment", "prod"), run.err());
        assertTrue(exists(prodDb, W));
    }

    @Test
    void aCopyToABackendGivenByUriIsGuardedByTheEnvironmentItsIdsName() throws Exception {
        String prodByUri = EmptyBackends.SQLITE.create(dir);
        try (StateBackend backend = Backends.open(prodByUri, BackendOptions.defaults())) {
            backend.write("prod:tap-a-to-target-b", new StateDocument(StatePart.parse(STATE), StatePart.parse("{}")), null);
        }
        assertEquals(1, cairn("copy", "--backend", prodDb, X, "--to-backend", prodByUri, "--force"));
        assertTrue(run.err().contains("cairn: warning: 1 state ID names another environment than prod, the production"
                + " environment written to: " + X), run.err());
        assertFalse(exists(prodByUri, X));

        assertEquals(0, cairn("copy", "--backend", prodDb, X, "--to-backend", prodByUri, "--force",
                "--yes-environment", "prod"), run.err());
        assertTrue(exists(prodByUri, X));
    }

    @Test
    void aCopyToABackendWhoseIdsNameNoOneEnvironmentIsNotGuarded() throws Exception {
        String mixed = EmptyBackends.SQLITE.create(dir);
        try (StateBackend backend = Backends.open(mixed, BackendOptions.defaults())) {
            backend.write("prod:tap-a-to-target-b", new StateDocument(StatePart.parse(STATE), StatePart.parse("{}")), null);
            backend.write("staging:tap-a-to-target-b", new StateDocument(StatePart.parse(STATE), StatePart.parse("{}")), null);
        }
        assertEquals(0, cairn("copy", "--backend", prodDb, X, "--to-backend", mixed, "--force"), run.err());
        assertFalse(run.err().contains("warning"), run.err());
        assertTrue(exists(mixed, X));
    }
}
