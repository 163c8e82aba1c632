package dev.cairn.ops;

import static org.junit.jupiter.api.Assertions.*;

import dev.cairn.backend.Backends;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.state.Json;
import dev.cairn.state.JsonSyntaxError;
import dev.cairn.state.StateDocument;
import dev.cairn.testing.EmptyBackends;
import dev.cairn.testing.LinkedFolder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two URIs naming one storage (a symlinked folder or database file, {@code localhost} for
 * {@code 127.0.0.1}, a prefix with a trailing {@code /}): a move from one to the other would copy
 * each state onto itself and then delete it. Each must be refused, the state left as it was.
 */
@Tag("server")
class SameStorageTransferTest {

    private static final List<String> IDS = List.of("dev:tap-a-to-target-b", "dev:tap-c-to-target-d", "prod:tap-e-to-target-f");

    @TempDir
    Path dir;

    @Test
    void aMoveThroughASymlinkedFolderIsRefused() throws Exception {
        LinkedFolder folder = LinkedFolder.create(dir);
        assertMoveOntoItselfRefused(EmptyBackends.FILE, "file://" + folder.real(), "file://" + folder.link());
    }

    @Test
    void aMoveThroughASymlinkedSqliteFileIsRefused() throws Exception {
        String uri = EmptyBackends.SQLITE.create(dir);
        Path link = Files.createSymbolicLink(dir.resolve("linked.db"), Path.of(uri.substring("sqlite:///".length())));
        assertMoveOntoItselfRefused(EmptyBackends.SQLITE, uri, "sqlite:///" + link);
    }

    @Test
    void aMoveFromLocalhostTo127001OnPostgresIsRefused() {
        String uri = EmptyBackends.POSTGRES.create(dir);
        assertTrue(uri.contains("@127.0.0.1:"), uri);
        assertMoveOntoItselfRefused(EmptyBackends.POSTGRES, uri, uri.replace("@127.0.0.1:", "@localhost:"));
    }

    @Test
    void aMoveToTheSameS3PrefixWithATrailingSlashIsRefused() {
        String uri = EmptyBackends.S3.create(dir);
        assertMoveOntoItselfRefused(EmptyBackends.S3, uri, uri + "/");
    }

    @Test
    void aCopyOntoTheSameStateIsANoOpThatSaysSo() throws Exception {
        LinkedFolder folder = LinkedFolder.create(dir);
        try (StateBackend from = open(EmptyBackends.FILE, "file://" + folder.real());
             StateBackend to = open(EmptyBackends.FILE, "file://" + folder.link())) {
            from.write(IDS.get(0), document(0), null);
            StoredState before = from.read(IDS.get(0));
            Transfer copy = new Transfer(from, to, Transfer.Mode.COPY, Transfer.OnConflict.OVERWRITE,
                    Transfer.Content.AS_STORED, new Journal(dir.resolve("journal")));
            Transfer.Result result = copy.run(List.of(new Transfer.Item(IDS.get(0), IDS.get(0))), 1, (d, t, r) -> { }).get(0);
            assertEquals(Transfer.Outcome.SKIPPED, result.outcome(), result.detail());
            assertTrue(result.detail().contains("same state"), result.detail());
            assertEquals(before.version(), from.read(IDS.get(0)).version(), "nothing was written");
        }
    }

    @Test
    void aMoveBetweenTwoFoldersOrTwoPrefixesOfOneBucketStillMoves() throws Exception {
        String bucket = EmptyBackends.S3.create(dir);
        for (String[] pair : new String[][] {
                {"file://" + Files.createDirectories(dir.resolve("one")), "file://" + Files.createDirectories(dir.resolve("two"))},
                {bucket, bucket + "-other"}}) {
            EmptyBackends kind = pair[0].startsWith("s3:") ? EmptyBackends.S3 : EmptyBackends.FILE;
            try (StateBackend from = open(kind, pair[0]); StateBackend to = open(kind, pair[1])) {
                from.write(IDS.get(0), document(0), null);
                Transfer move = new Transfer(from, to, Transfer.Mode.MOVE, Transfer.OnConflict.FAIL,
                        Transfer.Content.AS_STORED, new Journal(dir.resolve("journal")));
                Transfer.Result result = move.run(move.select(IDS.get(0), Rename.identity()), 1, (d, t, r) -> { }).get(0);
                assertEquals(Transfer.Outcome.MOVED, result.outcome(), result.detail());
                assertFalse(from.read(IDS.get(0)).exists());
                assertTrue(to.read(IDS.get(0)).exists());
            }
        }
    }

    /**
     * Stores three states through {@code sourceUri}, then moves them, one ID and then by pattern,
     * to {@code targetUri} under their own IDs: refused, every state still there as it was.
     */
    private void assertMoveOntoItselfRefused(EmptyBackends kind, String sourceUri, String targetUri) {
        try (StateBackend from = open(kind, sourceUri); StateBackend to = open(kind, targetUri)) {
            for (int i = 0; i < IDS.size(); i++) {
                from.write(IDS.get(i), document(i), null);
            }
            List<StoredState> before = IDS.stream().map(from::read).toList();
            Transfer move = new Transfer(from, to, Transfer.Mode.MOVE, Transfer.OnConflict.FAIL,
                    Transfer.Content.AS_STORED, new Journal(dir.resolve("journal")));

            Transfer.Item one = new Transfer.Item(IDS.get(0), IDS.get(0));
            Transfer.Planned planned = move.plan(one);
            assertEquals(Transfer.Outcome.FAILED, planned.expected(), planned.detail());
            assertTrue(planned.detail().contains("same state"), planned.detail());
            IllegalArgumentException single = assertThrows(IllegalArgumentException.class,
                    () -> move.run(List.of(one), 1, (d, t, r) -> { }));
            assertTrue(single.getMessage().contains("same storage"), single.getMessage());

            IllegalArgumentException many = assertThrows(IllegalArgumentException.class,
                    () -> move.run(move.select("*", Rename.identity()), 4, (d, t, r) -> { }));
            assertTrue(many.getMessage().contains("same storage"), many.getMessage());
            assertTrue(many.getMessage().contains("(" + IDS.size() + " of " + IDS.size() + " IDs)"), many.getMessage());

            for (int i = 0; i < IDS.size(); i++) {
                StoredState now = from.read(IDS.get(i));
                assertTrue(now.exists(), IDS.get(i) + " must still be there after a move onto itself");
                assertEquals(before.get(i).version(), now.version(), IDS.get(i) + " unchanged");
            }
        }
    }

    private static StateBackend open(EmptyBackends kind, String uri) {
        return Backends.open(uri, kind.options());
    }

    private static StateDocument document(int n) {
        try {
            return StateDocument.completeWrite(Json.parseObject("{\"singer_state\": {\"bookmarks\": {\"s\": {\"n\": " + n + "}}}}"));
        } catch (JsonSyntaxError e) {
            throw new IllegalStateException(e);
        }
    }
}
