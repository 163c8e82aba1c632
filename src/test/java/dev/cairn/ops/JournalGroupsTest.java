package dev.cairn.ops;

import static org.junit.jupiter.api.Assertions.*;

import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.ConflictException;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.state.Json;
import dev.cairn.state.StateDocument;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Journal groups: the writes of one operation recorded together, found together for undo, and journals made before groups. */
@Tag("unit")
class JournalGroupsTest {

    @TempDir
    Path dir;

    private StateBackend files() throws Exception {
        return Backends.open("file://" + Files.createDirectories(dir.resolve("files")), BackendOptions.defaults());
    }

    private Journal journal() {
        return new Journal(dir.resolve("journal"));
    }

    private static void store(StateBackend backend, String stateId, String completed) throws Exception {
        backend.write(stateId, StateDocument.completeWrite(Json.parseObject(completed)), null);
    }

    @Test
    void aJournalMadeBeforeGroupsOpensKeepsItsRecordsAndTheyUndoOneByOne() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("journal"));
        String backend = "file:///srv/meltano/state";
        // the schema as Cairn made it before writes had groups
        OldJournals.create(folder, OldJournals.BEFORE_GROUPS, OldJournals.clear("dev:a-write", backend, "dev:a"),
                OldJournals.clear("dev:b-write", backend, "dev:b"));

        Journal journal = new Journal(folder);
        assertEquals(1, journal.history(backend, "dev:a").size(), "the old record is kept");
        assertNull(journal.history(backend, "dev:a").get(0).group());
        Journal.Entry last = journal.lastUndoable(backend, null);
        assertEquals("dev:b", last.stateId(), "the newest old write is undone first, on its own");
        assertNull(last.group());

        try (StateBackend files = files()) {
            List<WriteCommand> clears = List.of(WriteCommand.plan(files, Edit.set(Json.parseObject("{\"singer_state\": {}}")),
                    StoredState.absent("dev:c")));
            String group = Journal.newGroup();
            clears.get(0).execute(journal, group);
            assertEquals(group, journal.history(files.displayUri(), "dev:c").get(0).group(), "new writes get their group");
        }
        StringWriter export = new StringWriter();
        journal.export(null, null, export);
        assertEquals(3, export.toString().lines().count());
        assertTrue(export.toString().lines().findFirst().orElseThrow().contains("\"group\":null"), "an old record has no group");
        assertTrue(export.toString().lines().reduce((a, b) -> b).orElseThrow().contains("\"group\":\""), export.toString());
    }

    @Test
    void aMoveIsOneGroupAndAWriteOfItUndoneOnItsOwnLeavesTheRestUndoable() throws Exception {
        Journal journal = journal();
        try (StateBackend files = files()) {
            store(files, "dev:a", "{\"singer_state\": {\"bookmarks\": {\"s\": {\"replication_key_value\": 1}}}}");
            List<Transfer.Result> results = new Transfer(files, files, Transfer.Mode.MOVE, Transfer.OnConflict.FAIL,
                    Transfer.Content.EFFECTIVE, journal).run(List.of(new Transfer.Item("dev:a", "dev:b")), 1, (d, t, r) -> { });
            assertEquals(Transfer.Outcome.MOVED, results.get(0).outcome(), results.get(0).detail());

            String uri = files.displayUri();
            Journal.Entry last = journal.lastUndoable(uri, null);
            assertNotNull(last.group(), "a move's two halves share a group");
            List<Journal.Entry> group = journal.undoableInGroup(uri, last.group());
            assertEquals(List.of("dev:a", "dev:b"), group.stream().map(Journal.Entry::stateId).toList(),
                    "newest first: the source's deletion, then the copy");
            assertEquals(List.of(), journal.otherBackendsToUndo(last.group(), uri));

            WriteCommand.undo(files, journal.lastUndoable(uri, "dev:a")).execute(journal);
            assertEquals(List.of("dev:b"), journal.undoableInGroup(uri, last.group()).stream().map(Journal.Entry::stateId).toList(),
                    "the copy is still undoable once the deletion was undone on its own");
            assertEquals("dev:b", journal.lastUndoable(uri, null).stateId());
        }
    }

    @Test
    void aGroupIsUndoneOnlyIfNoneOfItsStatesChanged() throws Exception {
        Journal journal = journal();
        try (StateBackend files = files()) {
            store(files, "dev:a", "{\"singer_state\": {\"v\": 1}}");
            store(files, "dev:b", "{\"singer_state\": {\"v\": 2}}");
            String group = Journal.newGroup();
            for (String id : List.of("dev:a", "dev:b")) {
                WriteCommand.plan(files, id, Edit.clear()).execute(journal, group);
            }
            String uri = files.displayUri();
            store(files, "dev:a", "{\"singer_state\": {\"v\": 9}}");

            ConflictException refused = assertThrows(ConflictException.class,
                    () -> WriteCommand.undoGroup(files, journal.undoableInGroup(uri, group)));
            assertEquals("state dev:a has changed since the operation that wrote these 2 states, so none of its writes"
                    + " was undone; nothing was written", refused.getMessage());
            assertFalse(files.read("dev:b").exists(), "nothing was written");

            files.delete("dev:a", files.read("dev:a").version());
            List<WriteCommand> undos = WriteCommand.undoGroup(files, journal.undoableInGroup(uri, group));
            undos.forEach(u -> u.execute(journal));
            assertEquals(Json.parseObject("{\"singer_state\": {\"v\": 1}}"), files.read("dev:a").document().completed().value());
            assertEquals(Json.parseObject("{\"singer_state\": {\"v\": 2}}"), files.read("dev:b").document().completed().value());
        }
    }
}
