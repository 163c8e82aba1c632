package dev.cairn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.testing.Fixtures;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Colour on a terminal through the real entry point: diff lines, statuses and the error prefix; none piped or with NO_COLOR. */
@Tag("unit")
class ColourTest {

    private static final String ESC = "\u001b[";
    private static final Pattern COLOUR = Pattern.compile("\u001b\\[[0-9;]*m");

    @RegisterExtension
    final CliRun run = new CliRun();

    @TempDir
    Path dir;

    private String db;
    private String files;

    @BeforeEach
    void fixtures() {
        db = Fixtures.systemDb(dir);
        files = Fixtures.fileBackend(dir);
    }

    private Invocation terminal(Map<String, String> env) {
        return new Invocation(env, dir, new ScriptedTerminal("n"));
    }

    @Test
    void aDiffOnATerminalIsInColour() {
        assertEquals(0, run.cairn(terminal(Map.of()), "diff", "--backend", db, Fixtures.C));
        assertTrue(run.out().contains(ESC + "32m  + /singer_state/bookmarks/events"), run.out());
        assertTrue(run.out().contains(ESC + "33m  ~ /singer_state/bookmarks/invoices/replication_key_value"), run.out());
        assertTrue(run.out().contains("effective: 2 changes\n"), "headers stay plain: " + run.out());
    }

    @Test
    void theErrorPrefixOnATerminalIsRed() {
        assertEquals(1, run.cairn(terminal(Map.of()), "get", "--backend", db, Fixtures.F));
        assertTrue(run.err().startsWith(ESC + "1;31mcairn:" + ESC + "0m cannot read state " + Fixtures.F), run.err());
        assertEquals(2, run.cairn(terminal(Map.of()), "get", "--backend", db));
        assertTrue(run.err().startsWith(ESC + "1;31mcairn:" + ESC + "0m "), run.err());
    }

    @Test
    void compareStatusesOnATerminalAreInColour() {
        assertEquals(1, run.cairn(terminal(Map.of()), "compare", "--backend", db, "--against-backend", files));
        assertTrue(run.out().contains(ESC + "32msame  "), run.out());
        assertTrue(run.out().contains(ESC + "1;31munreadable  "), run.out());
    }

    @Test
    void noColourWhenPipedOrWithNoColour() {
        for (Invocation plain : new Invocation[] {new Invocation(Map.of(), dir), terminal(Map.of("NO_COLOR", "1"))}) {
            assertEquals(0, run.cairn(plain, "diff", "--backend", db, Fixtures.C));
            assertTrue(run.out().contains("\n  + /singer_state/bookmarks/events"), run.out());
            assertEquals(1, run.cairn(plain, "get", "--backend", db, Fixtures.F));
            assertEquals(1, run.cairn(plain, "compare", "--backend", db, "--against-backend", files));
            // a terminal's progress line (erased with ESC[K) may be there; no colour (ESC[…m) is
            assertFalse(COLOUR.matcher(run.out() + run.err()).find(), run.out() + run.err());
        }
    }
}
