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
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
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
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + folder.resolve("journal.db"));
             Statement s = c.createStatement()) {
            // the schema as Cairn made it before writes had kinds
            s.execute("CREATE TABLE documents (hash TEXT PRIMARY KEY, size INTEGER NOT NULL, deflated BLOB NOT NULL)");
            s.execute("CREATE TABLE writes (seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, time TEXT NOT NULL,"
                    + " backend TEXT NOT NULL, state_id TEXT NOT NULL, action TEXT NOT NULL, verb TEXT NOT NULL,"
                    + " undo INTEGER NOT NULL,"
                    + " before_completed TEXT, before_partial TEXT, after_completed TEXT, after_partial TEXT,"
                    + " version_before TEXT NOT NULL, status TEXT NOT NULL, version_after TEXT, error TEXT, group_id TEXT)");
            s.execute("INSERT INTO writes (id, time, backend, state_id, action, verb, undo, version_before, status, version_after)"
                    + " VALUES ('old-write', '2026-11-01T10:00:00Z', '" + oldBackend + "', 'dev:old', 'Clear state of dev:old on "
                    + oldBackend + "', 'Clear state', 0, 'v-old', 'DONE', 'absent')");
        }

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
}
