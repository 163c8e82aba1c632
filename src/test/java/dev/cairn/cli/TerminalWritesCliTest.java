package dev.cairn.cli;

import static dev.cairn.testing.Fixtures.*;
import static org.junit.jupiter.api.Assertions.*;

import dev.cairn.testing.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writes on a terminal: the confirmation shows first what the write will change (the diff for one
 * state, a line per ID for many), and only when a question is asked; import asks as the other writes.
 */
@Tag("unit")
class TerminalWritesCliTest {

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

    /** On {@code terminal}, without colour: what it shows is compared as text. */
    private int cairn(Terminal terminal, String... args) {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("NO_COLOR", "1");
        return run.cairn(new Invocation(env, Path.of("").toAbsolutePath(), terminal), args);
    }

    private String get(String backend, String id) {
        assertEquals(0, run.cairn("get", "--backend", backend, id), run.err());
        return run.out();
    }

    @Test
    void aWriteOfOneStateShowsItsDiffBeforeTheQuestion() {
        ScriptedTerminal yes = new ScriptedTerminal("y");
        assertEquals(0, cairn(yes, "set", "--backend", db, C, "{\"singer_state\": {\"bookmarks\": {}}}"), run.err());
        String shown = yes.shown();
        assertTrue(shown.startsWith("Would set state of " + C + " on "), shown);
        assertTrue(shown.contains("completed: 3 changes\n  - /singer_state/bookmarks/charges: "), shown);
        assertTrue(shown.contains("partial: 1 change\n  - /singer_state: "), shown);
        assertTrue(shown.contains("effective: 4 changes\n"), shown);
        assertTrue(shown.endsWith("? This will overwrite the state's current value. [y/N] "), "the question comes last: " + shown);
        assertEquals(1, yes.asked());
        assertEquals("", run.out(), "the preview is the terminal's, not stdout's");
        assertEquals("{\"singer_state\":{\"bookmarks\":{}}}\n", get(db, C));
    }

    @Test
    void aRefusedQuestionWritesNothingAfterShowingThePreview() {
        ScriptedTerminal no = new ScriptedTerminal("n");
        String before = get(db, A);
        assertEquals(1, cairn(no, "clear", "--backend", db, A));
        assertEquals("cairn: Aborted: nothing was written.\n", run.err());
        assertTrue(no.shown().startsWith("Would clear state of " + A), no.shown());
        assertEquals(before, get(db, A));
    }

    @Test
    void aBulkWriteShowsOneLinePerIdSayingWhatChanges() {
        ScriptedTerminal yes = new ScriptedTerminal("y");
        assertEquals(0, cairn(yes, "clear", "--backend", db, "--pattern", "prod:*", "--partial-only"), run.err());
        assertEquals(B + ": partial cleared\n" + C + ": partial cleared\n"
                + "Clear the partial state of 2 states on " + db + " (" + B + ", " + C + ")? [y/N] ",
                yes.shown());
        ScriptedTerminal again = new ScriptedTerminal("y");
        assertEquals(0, cairn(again, "clear", "--backend", db, "--pattern", "prod:*"), run.err());
        assertTrue(again.shown().startsWith(B + ": deleted\n" + C + ": deleted\n"), again.shown());
    }

    @Test
    void noPreviewIsShownWhereNoQuestionIsAsked() {
        ScriptedTerminal terminal = new ScriptedTerminal("y");
        assertEquals(0, cairn(terminal, "clear", "--backend", db, A, "--force"), run.err());
        assertEquals(0, cairn(terminal, "set", "--backend", db, A, "{\"singer_state\": {}}", "--dry-run"), run.err());
        assertTrue(run.out().startsWith("Would set state of " + A), "the dry run prints its own: " + run.out());
        assertEquals(0, cairn(terminal, "merge", "--backend", db, A, "{\"singer_state\": {\"x\": 1}}"), run.err());
        assertEquals("", terminal.shown());
        assertEquals(0, terminal.asked());
    }

    @Test
    void aCopyShowsWhatEachIdWouldBecomeBeforeTheQuestion() {
        ScriptedTerminal yes = new ScriptedTerminal("yes");
        assertEquals(0, cairn(yes, "copy", "--backend", db, E, "prod:e"), run.err());
        String shown = yes.shown();
        assertTrue(shown.startsWith("would be copied: " + E + " -> prod:e ("), shown);
        assertTrue(shown.contains("completed: 1 change\n  ~ (whole document): null -> {\"singer_state\""), shown);
        assertTrue(shown.endsWith("Copy " + E + " on " + db + " to prod:e on " + db + "? [y/N] "), shown);
        assertTrue(run.out().startsWith("copied\t" + E + "\tprod:e"), run.out());
    }

    @Test
    void importAsksAsTheOtherWritesDo() throws Exception {
        Path export = dir.resolve("export.json");
        Files.writeString(export, "{\"" + A + "\": {\"completed\": {\"singer_state\": {}}, \"partial\": {}},"
                + " \"new:id\": {\"completed\": {}, \"partial\": {}}}");
        String before = get(files, A);
        assertEquals(1, run.cairn("import", "--backend", files, export.toString()));
        assertTrue(run.err().startsWith("cairn: Import 2 states into " + files) && run.err().contains("Refusing without"
                + " confirmation: pass --force, or run it on a terminal."), run.err());
        assertEquals(before, get(files, A), "nothing was written");
        ScriptedTerminal yes = new ScriptedTerminal("y");
        assertEquals(0, cairn(yes, "import", "--backend", files, export.toString()), run.err());
        assertTrue(yes.shown().startsWith(A + ": completed: 3 streams removed; 1 other change\nnew:id: new state\nImport 2 states into "),
                yes.shown());
        assertEquals("{\"singer_state\":{}}\n", get(files, A));
    }

    @Test
    void mergeOffersNoForceItWouldNotUse() {
        assertEquals(0, run.cairn("merge", "--help"));
        assertFalse(run.out().matches("(?s).*\n\\s+--force\\b.*"), run.out());
        assertTrue(run.out().contains("--dry-run"), run.out());
        ScriptedTerminal terminal = new ScriptedTerminal("n");
        assertEquals(0, cairn(terminal, "merge", "--backend", db, A, "{\"singer_state\": {}}", "--force"),
                "a script written when the help offered it still runs: " + run.err());
        assertEquals(0, terminal.asked());
    }
}
