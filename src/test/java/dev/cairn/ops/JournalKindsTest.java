package dev.cairn.ops;

import static org.junit.jupiter.api.Assertions.*;

import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.StateBackend;
import dev.cairn.state.Json;
import dev.cairn.state.StateDocument;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The journal records what a write did as fields (its kind and parameters), and reads journals made before it did. */
@Tag("unit")
class JournalKindsTest {

    @TempDir
    Path dir;

    private StateBackend files() throws Exception {
        return Backends.open("file://" + Files.createDirectories(dir.resolve("files")), BackendOptions.defaults());
    }

    @Test
    void aJournalMadeBeforeKindsOpensAndItsNewWritesAndUndosRecordTheirs() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("journal"));
        String oldBackend = "file:///srv/meltano/state";
        // the schema as Cairn made it before writes had kinds
        OldJournals.create(folder, OldJournals.BEFORE_KINDS, OldJournals.clear("old-write", oldBackend, "dev:old"));

        Journal journal = new Journal(folder);
        Journal.Entry old = journal.lastUndoable(oldBackend, null);
        assertEquals("Clear state", old.verb(), "the old record is kept");
        assertNull(old.kind(), "a write journalled before kinds has none");
        assertNull(old.parameters());

        try (StateBackend files = files()) {
            String uri = files.displayUri();
            files.write("dev:a", StateDocument.completeWrite(Json.parseObject("{\"singer_state\": {\"v\": 1}}")), null);
            List<Transfer.Result> results = new Transfer(files, files, Transfer.Mode.MOVE, Transfer.OnConflict.FAIL,
                    Transfer.Content.EFFECTIVE, journal).run(List.of(new Transfer.Item("dev:a", "dev:b")), 1, (d, t, r) -> { });
            assertEquals(Transfer.Outcome.MOVED, results.get(0).outcome(), results.get(0).detail());

            Journal.Entry copy = journal.history(uri, "dev:b").get(0);
            assertEquals(WriteKind.MOVE, copy.kind());
            assertEquals(Json.parseObject("{\"source\": \"dev:a\"}"), copy.parameters());
            Journal.Entry cleared = journal.lastUndoable(uri, "dev:a");
            assertEquals(WriteKind.MOVED_TO, cleared.kind());
            assertEquals(Json.parseObject("{\"target\": \"dev:b\"}"), cleared.parameters());

            WriteCommand.undo(files, cleared).execute(journal);
            Journal.Entry undo = journal.history(uri, "dev:a").get(0);
            assertTrue(undo.undo());
            assertEquals(WriteKind.UNDO, undo.kind());
            assertEquals(Json.parseObject("{\"undoes\": \"" + cleared.id() + "\", \"kind\": \"moved-to\"}"), undo.parameters(),
                    "an undo names the write it undoes by its record, not by its words");
            assertEquals("Undo move to dev:b, source cleared", undo.verb());

            StringWriter lines = new StringWriter();
            journal.export(uri, null, lines);
            assertTrue(lines.toString().contains("\"kind\":\"moved-to\""), lines.toString());
            Path imported = Files.createDirectories(dir.resolve("imported"));
            Files.writeString(imported.resolve("journal.jsonl"), lines.toString(), StandardCharsets.UTF_8);
            assertEquals(journal.history(uri, "dev:a"), new Journal(imported).history(uri, "dev:a"),
                    "kinds and parameters read back from an export");
        }
    }

    @Test
    void aRewoundBookmarkIsRecordedByItsStreamAndValue() throws Exception {
        Journal journal = new Journal(dir.resolve("journal"));
        try (StateBackend files = files()) {
            files.write("dev:a", StateDocument.completeWrite(Json.parseObject(
                    "{\"singer_state\": {\"bookmarks\": {\"orders\": {\"replication_key_value\": 9}}}}")), null);
            WriteCommand rewind = WriteCommand.plan(files, "dev:a", Edit.rewind("orders", null, Json.parse("5")));
            assertEquals("Rewind stream orders to 5 in state", rewind.verb());
            rewind.execute(journal);
            Journal.Entry entry = journal.history(files.displayUri(), "dev:a").get(0);
            assertEquals(WriteKind.REWIND_BOOKMARK, entry.kind());
            assertEquals(Json.parseObject("{\"stream\": \"orders\", \"context\": null, \"value\": 5}"), entry.parameters());
        }
    }

    @Test
    void documentsPutBackAsStoredAreRecordedByWhereTheyCameFrom() throws Exception {
        Journal journal = new Journal(dir.resolve("journal"));
        try (StateBackend files = files()) {
            StateDocument stored = StateDocument.completeWrite(Json.parseObject("{\"singer_state\": {\"v\": 1}}"));
            WriteCommand copy = WriteCommand.plan(files, "dev:copy", Edit.copyAsStored(stored, "dev:a", false));
            WriteCommand restore = WriteCommand.plan(files, "dev:b", Edit.restoreParked(stored, "dev:b.parked-20261101T100000Z"));
            assertEquals(List.of("Copy from dev:a as stored", "Restore parked dev:b.parked-20261101T100000Z into state"),
                    List.of(copy.verb(), restore.verb()), "the words are those the journal showed before kinds");
            copy.execute(journal);
            restore.execute(journal);
            Journal.Entry copied = journal.history(files.displayUri(), "dev:copy").get(0);
            assertEquals(WriteKind.COPY, copied.kind());
            assertEquals(Json.parseObject("{\"source\": \"dev:a\", \"as_stored\": true}"), copied.parameters());
            Journal.Entry restored = journal.history(files.displayUri(), "dev:b").get(0);
            assertEquals(WriteKind.RESTORE_PARKED, restored.kind());
            assertEquals(Json.parseObject("{\"parked\": \"dev:b.parked-20261101T100000Z\"}"), restored.parameters());

            WriteCommand back = WriteCommand.plan(files, "dev:b", Edit.restoreBefore(restored, "2026-11-01 10:00:00Z"));
            assertEquals("Restore the state saved before the write of 2026-11-01 10:00:00Z", back.verb());
            assertTrue(back.deletes(), "the state was absent before the restore");
            assertEquals(Json.parseObject("{\"before\": \"" + restored.id() + "\"}"), back.parameters());
        }
    }
}
