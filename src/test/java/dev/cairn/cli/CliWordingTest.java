package dev.cairn.cli;

import static dev.cairn.testing.Fixtures.*;
import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** What the writing verbs say: their questions, their counts, and the journal's names for them. */
@Tag("unit")
class CliWordingTest {

    @TempDir
    Path dir;
    String files;
    @RegisterExtension
    final CliRun run = new CliRun();

    @BeforeEach
    void setUp() {
        files = fileBackend(dir);
    }

    private int cairn(String... args) {
        return run.cairn(args);
    }

    private String err() {
        return run.err();
    }

    private String out() {
        return run.out();
    }

    @Test
    void bulkQuestionsNameTheCountAndBothSides() throws Exception {
        String empty = "file://" + Files.createDirectories(dir.resolve("empty"));
        assertEquals(1, cairn("copy", "--backend", files, "--pattern", "prod:*", "--to-backend", empty));
        assertTrue(err().matches("cairn: Copy 2 states from file://\\S+ to file://\\S+/empty/?\\? Refusing without confirmation.*\\n"), err());
        assertEquals(1, cairn("clear", "--backend", files, "--pattern", "prod:*"));
        assertTrue(err().matches("cairn: Clear 2 states on file://\\S+ \\(prod:tap-github-to-target-postgres,"
                + " prod:tap-stripe-to-target-bigquery\\)\\? Refusing without confirmation.*\\n"), err());
    }

    @Test
    void clearingAnAbsentIdSaysNothingWasCleared() {
        assertEquals(0, cairn("clear", "--backend", files, "no:such-id", "--force"), err());
        assertTrue(err().contains("Nothing was cleared: there is no state no:such-id on file://"), err());
        assertFalse(err().contains("successfully"), err());
        assertEquals(0, cairn("clear", "--backend", files, C, "--force"), err());
        assertTrue(err().endsWith("1 state(s) were successfully cleared\n"), err());
        assertEquals(0, cairn("clear", "--backend", files, "--pattern", "none:*", "--force"), err());
        assertEquals("No state IDs matched.\n", err());
    }

    @Test
    void theJournalNamesAMoveAMove() {
        assertEquals(0, cairn("move", "--backend", files, B, "moved:b", "--force"), err());
        assertEquals(0, cairn("history", "--backend", files, "moved:b"));
        assertTrue(out().contains("\tMove from " + B), out());
        assertEquals(0, cairn("history", "--backend", files, B));
        assertTrue(out().contains("\tMove to moved:b, source cleared"), out());
    }
}
