package dev.cairn.ops;

import static org.junit.jupiter.api.Assertions.*;

import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.ConflictException;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.systemdb.MeltanoSchema;
import dev.cairn.state.Json;
import dev.cairn.state.StateDocument;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The write service the command line and the window share: runs of commands, their outcomes and groups, undo last. */
@Tag("unit")
class WriteServiceTest {

    @TempDir
    Path dir;

    private StateBackend files() throws Exception {
        return Backends.open("file://" + Files.createDirectories(dir.resolve("files")), BackendOptions.defaults());
    }

    private StateBackend sqlite() throws Exception {
        Path file = dir.resolve("meltano.db");
        MeltanoSchema.createSqlite(file);
        return Backends.open("sqlite:///" + file, BackendOptions.defaults());
    }

    private Journal journal() {
        return new Journal(dir.resolve("journal"));
    }

    private static void store(StateBackend backend, String stateId, int v) throws Exception {
        backend.write(stateId, StateDocument.completeWrite(Json.parseObject("{\"singer_state\": {\"v\": " + v + "}}")), null);
    }

    private static int v(StateBackend backend, String stateId) {
        return backend.read(stateId).document().completed().value().path("singer_state").path("v").asInt();
    }

    private static WriteCommand set(StateBackend backend, String stateId, int v) throws Exception {
        return WriteCommand.plan(backend, stateId, Edit.set(Json.parseObject("{\"singer_state\": {\"v\": " + v + "}}")));
    }

    /** Records what the listener is told, as "executed 1/3" and "retrying dev:a". */
    private static final class Told implements WriteService.Listener {
        final List<String> lines = new ArrayList<>();

        @Override
        public void retrying(WriteCommand command, ConflictRetry.Retry retry) {
            lines.add("retrying " + command.stateId());
        }

        @Override
        public void executed(WriteService.Outcome outcome, int done, int total) {
            lines.add(outcome.getClass().getSimpleName() + " " + done + "/" + total);
        }
    }

    @Test
    void severalCommandsAreOneGroupAndOneThatChangesNothingIsNotWritten() throws Exception {
        Journal journal = journal();
        try (StateBackend db = sqlite()) {
            store(db, "dev:b", 2);
            List<WriteCommand> commands = List.of(set(db, "dev:a", 1), set(db, "dev:b", 2), set(db, "dev:c", 3));
            Told told = new Told();

            WriteService.Run run = new WriteService(journal, ConflictRetry.NONE).execute(commands, told);

            assertEquals(List.of("Written 1/3", "NoChange 2/3", "Written 3/3"), told.lines);
            assertNull(run.stopped());
            assertEquals(3, run.count());
            assertNotNull(run.group());
            assertEquals(List.of("dev:c", "dev:a"), journal.undoableInGroup(db.displayUri(), run.group()).stream()
                    .map(Journal.Entry::stateId).toList(), "the write that changed nothing is not journalled");
            assertEquals(List.of(), journal.history(db.displayUri(), "dev:b"));
            assertEquals(3, v(db, "dev:c"));

            WriteService.Run single = new WriteService(journal, ConflictRetry.NONE).execute(List.of(set(db, "dev:d", 4)), told);
            assertNull(single.group(), "one write is a write of its own");
            assertNull(journal.history(db.displayUri(), "dev:d").get(0).group());
        }
    }

    @Test
    void aConflictStopsTheRunAndWhatWasWrittenStays() throws Exception {
        Journal journal = journal();
        try (StateBackend files = files()) {
            store(files, "dev:b", 2);
            List<WriteCommand> commands = List.of(set(files, "dev:a", 1), set(files, "dev:b", 20), set(files, "dev:c", 3));
            store(files, "dev:b", 9); // another writer, after the plan

            WriteService.Run run = new WriteService(journal, ConflictRetry.NONE).execute(commands, new Told());

            assertEquals(1, run.count());
            WriteService.Conflicted stopped = assertInstanceOf(WriteService.Conflicted.class, run.stopped());
            assertEquals("dev:b", stopped.planned().stateId());
            assertSame(stopped.why(), assertThrows(ConflictException.class, stopped::rethrow));
            assertEquals(1, v(files, "dev:a"), "what was written before stays");
            assertEquals(9, v(files, "dev:b"));
            assertFalse(files.read("dev:c").exists(), "the rest is not run");
        }
    }

    @Test
    void aConflictIsRetriedAsAllowedOnTheStateStoredNow() throws Exception {
        Journal journal = journal();
        try (StateBackend files = files()) {
            store(files, "dev:a", 1);
            WriteCommand merge = WriteCommand.plan(files, "dev:a", Edit.merge(Json.parseObject("{\"singer_state\": {\"w\": 5}}")));
            store(files, "dev:a", 7);
            Told told = new Told();

            WriteService.Run run = new WriteService(journal, new ConflictRetry(2)).execute(List.of(merge), told);

            assertEquals(List.of("retrying dev:a", "Written 1/1"), told.lines);
            WriteService.Written written = assertInstanceOf(WriteService.Written.class, run.outcomes().get(0));
            assertEquals(1, written.retried());
            assertNotSame(merge, written.landed(), "the re-plan landed");
            assertEquals(Json.parseObject("{\"singer_state\": {\"v\": 7, \"w\": 5}}"), files.read("dev:a").document().effective(),
                    "merged onto what another writer stored");
        }
    }

    @Test
    void undoLastTakesBackTheWholeOperationOrOneIdAndNamesTheOtherBackends() throws Exception {
        Journal journal = journal();
        WriteService service = new WriteService(journal, ConflictRetry.NONE);
        try (StateBackend files = files(); StateBackend db = sqlite()) {
            EditRefused none = assertThrows(EditRefused.class, () -> service.undoLast(files, "dev:a"));
            assertEquals("no write by Cairn to undo on " + files.displayUri() + " for dev:a", none.getMessage());

            store(files, "dev:a", 1);
            store(files, "dev:x", 1);
            new Transfer(files, files, Transfer.Mode.MOVE, Transfer.OnConflict.FAIL, Transfer.Content.EFFECTIVE, journal)
                    .run(List.of(new Transfer.Item("dev:a", "dev:b")), 1, (d, t, r) -> { });
            WriteService.Undo move = service.undoLast(files, null);
            assertEquals(List.of("dev:a", "dev:b"), move.commands().stream().map(WriteCommand::stateId).toList(),
                    "both halves of the move, newest first");
            assertEquals(List.of(), move.otherBackends());
            assertEquals(List.of("dev:b"), service.undoLast(files, "dev:b").commands().stream().map(WriteCommand::stateId).toList());

            assertEquals(2, service.execute(move.commands(), new Told()).count());
            assertEquals(1, v(files, "dev:a"));
            assertFalse(files.read("dev:b").exists(), "the move is taken back whole");

            new Transfer(files, db, Transfer.Mode.MOVE, Transfer.OnConflict.FAIL, Transfer.Content.EFFECTIVE, journal)
                    .run(List.of(new Transfer.Item("dev:x", "dev:x")), 1, (d, t, r) -> { });
            WriteService.Undo here = service.undoLast(files, null);
            assertEquals(List.of("dev:x"), here.commands().stream().map(WriteCommand::stateId).toList());
            assertEquals(List.of(db.displayUri()), here.otherBackends(), "the copy's backend is named, undone there");
        }
    }

    @Test
    void aRunIsUndoneAllOrNone() throws Exception {
        Journal journal = journal();
        WriteService service = new WriteService(journal, ConflictRetry.NONE);
        try (StateBackend files = files()) {
            store(files, "dev:a", 1);
            store(files, "dev:b", 2);
            WriteService.Run both = service.execute(List.of(set(files, "dev:a", 10), set(files, "dev:b", 20)), new Told());
            WriteService.Run one = service.execute(List.of(set(files, "dev:c", 30)), new Told());

            store(files, "dev:b", 9);
            ConflictException changed = assertThrows(ConflictException.class, () -> service.undo(files, both));
            assertEquals("state dev:b has changed since the operation that wrote these 2 states, so none of its writes"
                    + " was undone; nothing was written", changed.getMessage());
            assertEquals(10, v(files, "dev:a"), "nothing was undone");

            assertEquals(1, service.undo(files, one), "a write of its own is undone as one too");
            assertFalse(files.read("dev:c").exists());
            WriteService.Run again = service.execute(List.of(set(files, "dev:a", 11), set(files, "dev:b", 21)), new Told());
            assertEquals(2, service.undo(files, again));
            assertEquals(10, v(files, "dev:a"));
            assertEquals(9, v(files, "dev:b"));
        }
    }
}
