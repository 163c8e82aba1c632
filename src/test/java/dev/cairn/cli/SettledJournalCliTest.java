package dev.cairn.cli;

import static dev.cairn.testing.Fixtures.A;
import static dev.cairn.testing.Fixtures.B;
import static dev.cairn.testing.Fixtures.E;
import static dev.cairn.testing.Fixtures.G;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.StateBackend;
import dev.cairn.ops.Edit;
import dev.cairn.ops.Journal;
import dev.cairn.ops.UnrecordedEnds;
import dev.cairn.ops.UserFolders;
import dev.cairn.ops.WriteCommand;
import dev.cairn.state.Json;
import dev.cairn.testing.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writes whose end the journal could not record (its disk full, {@code kill -9} between writing and
 * recording) are settled against the backend before {@code history}, {@code log} and {@code journal
 * export} list them: done where the write landed, not written where it did not.
 */
@Tag("unit")
class SettledJournalCliTest {

    @TempDir
    Path dir;
    @RegisterExtension
    final CliRun cli = new CliRun();

    private static WriteCommand setting(StateBackend backend, String stateId) throws Exception {
        return WriteCommand.plan(backend, stateId, Edit.set(Json.parseObject("{\"singer_state\": {\"settled\": true}}")));
    }

    @Test
    void historyLogAndJournalExportShowAWriteThatLandedAsDoneAndOneThatDidNotAsNotWritten() throws Exception {
        String db = Fixtures.systemDb(dir);
        Journal journal = UserFolders.fromEnvironment().journal();
        try (StateBackend backend = Backends.open(db, BackendOptions.defaults())) {
            UnrecordedEnds.written(journal, setting(backend, A));
            UnrecordedEnds.notWritten(journal, setting(backend, B));
            UnrecordedEnds.written(journal, setting(backend, E));
            UnrecordedEnds.notWritten(journal, setting(backend, G));
        }

        assertEquals(0, cli.cairn("history", "--backend", db, A), cli.err());
        assertTrue(cli.out().matches("[^\t]+\tdone\tSet state of " + A + " on [^\n]*\tversion [^\n]+\n"), cli.out());
        assertEquals(0, cli.cairn("history", "--backend", db, B), cli.err());
        assertTrue(cli.out().matches("[^\t]+\tfailed\tSet state of " + B + " on [^\n]*\tnot written: the state was still as"
                + " before [^\n]*\n"), cli.out());
        assertEquals("", cli.err());

        assertEquals(0, cli.cairn("log", "--backend", db, E, "--limit", "1"), cli.err());
        assertTrue(cli.out().matches("[^\t]+\tCAIRN\t[^\t]+\t-\t-\t-\tSet state of " + E + " on [^\n(]*\n"),
                "done: no outcome after the action, as for any write that ended: " + cli.out());

        assertEquals(0, cli.cairn("journal", "export", "--backend", db, G), cli.err());
        JsonNode line = Json.parse(cli.out());
        assertEquals("failed", line.path("status").asText());
        assertTrue(line.path("error").asText().startsWith("not written"), cli.out());
    }

    @Test
    void aStateThatCannotBeReadLeavesItsWritesStartedAndHistorySaysSoInOneLine() throws Exception {
        String files = Fixtures.fileBackend(dir);
        Journal journal = UserFolders.fromEnvironment().journal();
        try (StateBackend backend = Backends.open(files, BackendOptions.defaults())) {
            UnrecordedEnds.written(journal, setting(backend, A));
            UnrecordedEnds.notWritten(journal, setting(backend, A));
        }
        // a file backend reads no state through a link: this one cannot be read while its folder is one
        Path state = Path.of(files.substring("file://".length())).resolve(A);
        Files.createSymbolicLink(state, Files.move(state, dir.resolve("elsewhere")));

        assertEquals(0, cli.cairn("history", "--backend", files, A), cli.err());
        assertEquals(2, cli.out().lines().filter(l -> l.contains("\tstarted\t")).count(), cli.out());
        assertEquals(1, cli.err().lines().count(), cli.err());
        assertTrue(cli.err().startsWith("cairn: warning: 2 writes whose end the journal could not record stay 'started':"
                + " settling them failed: "), cli.err());
        assertFalse(cli.out().contains("\tdone\t"), cli.out());
    }
}
