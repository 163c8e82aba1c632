package dev.cairn.cli;

import static dev.cairn.testing.Fixtures.A;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.testing.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Every verb of the command line on one of Meltano's extension backends, starting empty: what both extensions' CLI tests run. */
final class ExtensionVerbs {

    private static final String BROKEN = "dev:tap-broken-to-target-jsonl";
    private static final String X = "dev:tap-extension-to-target-x";

    private ExtensionVerbs() {}

    static void everyVerb(CliRun run, Path dir, String extension) throws Exception {
        String files = Fixtures.fileBackend(dir);
        assertEquals(0, run.cairn("list", "--backend", extension), run.err());
        assertEquals("", run.out(), "an empty database lists nothing");

        assertEquals(0, run.cairn("copy", "--backend", files, "--pattern", "*", "--to-backend", extension, "--preserve-partial",
                "--force"), run.out() + run.err());
        assertEquals(0, run.cairn("list", "--backend", files));
        List<String> listed = run.out().lines().sorted().toList();
        assertEquals(0, run.cairn("list", "--backend", extension), run.err());
        assertEquals(listed, run.out().lines().sorted().toList());
        assertEquals(0, run.cairn("get", "--backend", extension, A), run.err());
        assertEquals(CliTest.GET_A, run.out(), "what meltano state get prints");
        // a NULL partial and {} are one thing to the extensions (backend.py: None for an empty part)
        run.cairn("compare", "--backend", extension, "--against-backend", files);
        assertTrue(run.out().contains("same              " + A + "\n") && run.out().contains(" 0 only-here, 0 only-there"),
                run.out() + run.err());

        assertEquals(0, run.cairn("set", "--backend", extension, X, "{\"singer_state\": {\"bookmarks\": {\"x\": {\"v\": 1}}}}",
                "--force"), run.err());
        assertEquals(0, run.cairn("merge", "--backend", extension, X, "{\"singer_state\": {\"bookmarks\": {\"y\": {\"v\": 2}}}}",
                "--force"), run.err());
        assertEquals(0, run.cairn("get", "--backend", extension, X), run.err());
        assertEquals("{\"singer_state\":{\"bookmarks\":{\"x\":{\"v\":1},\"y\":{\"v\":2}}}}\n", run.out());
        assertEquals(1, run.cairn("compare", "--backend", extension, "--against-backend", files), run.err());
        assertTrue(run.out().contains("only-here") && run.out().contains(X), run.out());

        Path back = Files.createDirectories(dir.resolve("back"));
        // the fixture's state of broken JSON, kept as it is in a table, is no state.json: a file backend refuses it
        assertEquals(1, run.cairn("copy", "--backend", extension, "--pattern", "*", "--to-backend", "file://" + back,
                "--preserve-partial", "--force"), run.out() + run.err());
        assertTrue(run.out().contains("failed\t" + BROKEN) && run.err().contains("9 copied, 1 failed"), run.out() + run.err());
        assertEquals(0, run.cairn("get", "--backend", "file://" + back, X), run.err());
        assertEquals("{\"singer_state\":{\"bookmarks\":{\"x\":{\"v\":1},\"y\":{\"v\":2}}}}\n", run.out());

        assertEquals(0, run.cairn("clear", "--backend", extension, X, "--force"), run.err());
        assertEquals(0, run.cairn("list", "--backend", extension), run.err());
        assertFalse(run.out().contains(X), run.out());
        assertEquals(0, run.cairn("clear", "--backend", extension, "--all", "--force"), run.err());
        assertEquals(0, run.cairn("list", "--backend", extension), run.err());
        assertEquals("", run.out());
    }
}
