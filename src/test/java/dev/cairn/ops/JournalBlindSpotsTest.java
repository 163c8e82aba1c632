package dev.cairn.ops;

import static org.junit.jupiter.api.Assertions.*;

import dev.cairn.backend.BackendException;
import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.ForwardingBackend;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.state.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the journal could not see: a write whose end it never recorded, and its own file deleted under it. */
@Tag("unit")
class JournalBlindSpotsTest {

    @TempDir
    Path dir;

    private StateBackend files() throws Exception {
        return Backends.open("file://" + Files.createDirectories(dir.resolve("files")), BackendOptions.defaults());
    }

    private static WriteCommand setting(StateBackend backend, String stateId, String completed) throws Exception {
        return WriteCommand.plan(backend, stateId, Edit.set(Json.parseObject(completed)));
    }

    @Test
    void aWriteWhoseEndWasNeverRecordedIsSettledAndCanBeUndoneAndSoCanTheOnesBefore() throws Exception {
        Path folder = dir.resolve("journal");
        try (StateBackend backend = files()) {
            setting(backend, "dev:a", "{\"v\": 1}").execute(new Journal(folder));
            UnrecordedEnds.written(new Journal(folder), setting(backend, "dev:a", "{\"v\": 2}"));

            Journal next = new Journal(folder);
            Journal.Entry last = next.lastUndoable(backend, "dev:a");
            assertNotNull(last);
            assertEquals(Journal.Status.DONE, last.status(), "the stored state holds its document: it was written");
            assertEquals(2, last.after().completed().value().path("v").asInt());
            WriteCommand.undo(backend, last).execute(next);
            assertEquals(1, backend.read("dev:a").document().completed().value().path("v").asInt());

            WriteCommand.undo(backend, next.lastUndoable(backend, "dev:a")).execute(next);
            assertFalse(backend.read("dev:a").exists(), "the write before it is undone too");
        }
    }

    @Test
    void aWriteKilledBeforeItWroteIsSettledAsNotWritten() throws Exception {
        Path folder = dir.resolve("journal");
        try (StateBackend backend = files()) {
            setting(backend, "dev:a", "{\"v\": 1}").execute(new Journal(folder));
            UnrecordedEnds.notWritten(new Journal(folder), setting(backend, "dev:a", "{\"v\": 2}"));

            Journal next = new Journal(folder);
            assertEquals(1, next.lastUndoable(backend, "dev:a").after().completed().value().path("v").asInt());
            Journal.Entry killed = next.history(backend.displayUri(), "dev:a").get(0);
            assertEquals(Journal.Status.FAILED, killed.status());
            assertTrue(killed.error().startsWith("not written"), killed.error());
        }
    }

    @Test
    void aRecordIsReadOncePerProcessAndThisProcesssOwnWriteUnderWayIsLeftAlone() throws Exception {
        Path folder = dir.resolve("journal");
        try (StateBackend backend = files()) {
            UnrecordedEnds.written(new Journal(folder), setting(backend, "dev:a", "{\"v\": 2}"));
            StoredState written = backend.read("dev:a");
            backend.write("dev:a", setting(backend, "dev:a", "{\"v\": 3}").after(), written.version());
            Journal window = new Journal(folder);
            assertTrue(window.settle(backend, "dev:a").isEmpty());
            assertEquals(Journal.Status.STARTED, window.history(backend.displayUri(), "dev:a").get(0).status(),
                    "someone else changed the state since: nothing tells how the write ended");
            backend.write("dev:a", written.document(), backend.read("dev:a").version());
            window.settle(backend, "dev:a");
            assertEquals(Journal.Status.STARTED, window.history(backend.displayUri(), "dev:a").get(0).status(),
                    "read once in this process, not at every listing");
            new Journal(folder).settle(backend, "dev:a");
            assertEquals(Journal.Status.DONE, window.history(backend.displayUri(), "dev:a").get(0).status(), "another process reads it");

            window.begin(setting(backend, "dev:b", "{\"v\": 1}"), null);
            window.settle(backend, "dev:b");
            assertEquals(Journal.Status.STARTED, window.history(backend.displayUri(), "dev:b").get(0).status(),
                    "this process's own write under way is not settled from here: its end is on its way");
        }
    }

    @Test
    void severalRecordsOfOneIdAreSettledAgainstOneReadOfItsState() throws Exception {
        Path folder = dir.resolve("journal");
        try (StateBackend real = files()) {
            UnrecordedEnds.written(new Journal(folder), setting(real, "dev:a", "{\"v\": 1}"));
            UnrecordedEnds.notWritten(new Journal(folder), setting(real, "dev:a", "{\"v\": 2}"));
            List<String> reads = new ArrayList<>();
            StateBackend backend = new ForwardingBackend(real) {
                @Override
                public StoredState read(String stateId) {
                    reads.add(stateId);
                    return super.read(stateId);
                }
            };

            Journal next = new Journal(folder);
            assertTrue(next.settle(backend, "dev:a").isEmpty());
            assertEquals(List.of("dev:a"), reads);
            assertEquals(List.of(Journal.Status.FAILED, Journal.Status.DONE),
                    next.history(backend.displayUri(), "dev:a").stream().map(Journal.Entry::status).toList());
        }
    }

    @Test
    void aStateThatCannotBeReadLeavesItsRecordsStartedSaysSoAndIsTriedAgainLater() throws Exception {
        Path folder = dir.resolve("journal");
        try (StateBackend backend = files()) {
            setting(backend, "dev:a", "{\"v\": 1}").execute(new Journal(folder));
            UnrecordedEnds.written(new Journal(folder), setting(backend, "dev:a", "{\"v\": 2}"));
            UnrecordedEnds.written(new Journal(folder), setting(backend, "dev:a", "{\"v\": 3}"));
            // a file backend reads no state through a link: the state cannot be read while its folder is one
            Path state = dir.resolve("files").resolve("dev:a");
            Path moved = Files.move(state, dir.resolve("elsewhere"));
            Files.createSymbolicLink(state, moved);

            Journal next = new Journal(folder);
            Journal.Unsettled unsettled = next.settle(backend, "dev:a").orElseThrow();
            assertEquals(2, unsettled.writes(), "the first failed read ends settling");
            assertTrue(unsettled.message().startsWith("2 writes whose end the journal could not record stay 'started':"
                    + " settling them failed: "), unsettled.message());
            assertTrue(unsettled.message().contains("symbolic link"), unsettled.message());
            assertEquals(List.of(Journal.Status.STARTED, Journal.Status.STARTED, Journal.Status.DONE),
                    next.history(backend.displayUri(), "dev:a").stream().map(Journal.Entry::status).toList());
            assertThrows(BackendException.class, () -> next.lastUndoable(backend, "dev:a"),
                    "an undo does not pass over writes it could not settle to undo an older one");

            Files.delete(state);
            Files.move(moved, state);
            assertTrue(next.settle(backend, "dev:a").isEmpty(), "tried again once the state can be read");
            assertEquals(3, next.lastUndoable(backend, "dev:a").after().completed().value().path("v").asInt());
        }
    }

    @Test
    void aJournalDeletedMidRunStopsTheNextWriteBeforeItIsMade() throws Exception {
        Journal journal = new Journal(dir.resolve("journal"));
        try (StateBackend backend = files()) {
            setting(backend, "dev:a", "{\"v\": 1}").execute(journal);
            for (String suffix : new String[] {"", "-wal", "-shm"}) {
                Files.deleteIfExists(Path.of(journal.file() + suffix));
            }
            WriteCommand next = setting(backend, "dev:b", "{\"v\": 1}");
            BackendException refused = assertThrows(BackendException.class, () -> next.execute(journal));
            assertTrue(refused.getMessage().contains("deleted or replaced"), refused.getMessage());
            assertTrue(refused.getMessage().endsWith("(nothing was written)"), refused.getMessage());
            assertFalse(backend.read("dev:b").exists(), "the write was not made without its backup");
        }
    }

    @Test
    void aJournalReplacedMidRunStopsTheNextWrite() throws Exception {
        Journal journal = new Journal(dir.resolve("journal"));
        try (StateBackend backend = files()) {
            setting(backend, "dev:a", "{\"v\": 1}").execute(journal);
            Path copy = dir.resolve("copy.db");
            Files.copy(journal.file(), copy);
            Files.move(copy, journal.file(), StandardCopyOption.REPLACE_EXISTING);
            assertThrows(BackendException.class, () -> setting(backend, "dev:b", "{\"v\": 1}").execute(journal));
            assertEquals(StoredState.absent("dev:b").version(), backend.read("dev:b").version());
        }
    }
}
