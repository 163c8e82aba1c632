package dev.cairn.ops;

import static dev.cairn.testing.Fixtures.*;
import static org.junit.jupiter.api.Assertions.*;

import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.ListedState;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.backend.Version;
import dev.cairn.state.Json;
import dev.cairn.state.StateDocument;
import dev.cairn.testing.EmptyBackends;
import dev.cairn.testing.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Copies and moves between real backends: SQLite files, PostgreSQL, S3 (S3Proxy) and file folders. */
class TransferTest {

    private static final List<String> READABLE = List.of(A, B, C, D, E, G, H, I);

    @TempDir
    Path dir;

    private Journal journal() {
        return new Journal(dir.resolve("journal"));
    }

    private List<Transfer.Result> copyAll(StateBackend from, StateBackend to, List<String> ids) {
        Transfer t = new Transfer(from, to, Transfer.Mode.COPY, Transfer.OnConflict.FAIL, journal());
        List<Transfer.Item> items = ids.stream().map(id -> new Transfer.Item(id, id)).collect(Collectors.toList());
        return t.run(items, 8, (done, total, r) -> { });
    }

    /** The column texts of a SQLite fixture-layout database. */
    private static Map<String, List<String>> rows(Path db) throws Exception {
        Map<String, List<String>> rows = new LinkedHashMap<>();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT state_id, completed_state, partial_state FROM state ORDER BY state_id")) {
            while (r.next()) {
                rows.put(r.getString(1), java.util.Arrays.asList(r.getString(2), r.getString(3)));
            }
        }
        return rows;
    }

    @Test
    void everyFixtureTravelsSqlitePostgresS3AzureFileAndBackByteForByte() throws Exception {
        String fixtureUri = Fixtures.systemDb(dir);
        Path fixtureFiles = Path.of(Fixtures.fileBackend(dir).substring("file://".length()));
        try (StateBackend sqlite = Backends.open(fixtureUri, BackendOptions.defaults());
             StateBackend pg = EmptyBackends.POSTGRES.open(dir);
             StateBackend s3 = EmptyBackends.S3.open(dir);
             StateBackend azure = EmptyBackends.AZURE.open(dir);
             StateBackend files = EmptyBackends.FILE.open(dir);
             StateBackend back = EmptyBackends.SQLITE.open(dir)) {
            List<String> all = new ArrayList<>(READABLE);
            all.add(F);
            assertTrue(copyAll(sqlite, pg, all).stream().allMatch(Transfer.Result::succeeded),
                    "the system DB keeps even corrupt text as it is");
            for (String id : all) {
                assertEquals(sqlite.read(id).version(), pg.read(id).version(), "same column texts in PostgreSQL: " + id);
            }
            List<Transfer.Result> toS3 = copyAll(pg, s3, all);
            Transfer.Result corrupt = toS3.get(toS3.size() - 1);
            assertEquals(Transfer.Outcome.FAILED, corrupt.outcome(), "a corrupt document has no state.json form");
            assertTrue(corrupt.detail().contains("not valid JSON"), corrupt.detail());
            assertTrue(toS3.subList(0, READABLE.size()).stream().allMatch(Transfer.Result::succeeded));
            assertTrue(copyAll(s3, azure, READABLE).stream().allMatch(Transfer.Result::succeeded));
            assertTrue(copyAll(azure, files, READABLE).stream().allMatch(Transfer.Result::succeeded));
            for (String id : READABLE) {
                assertEquals(Files.readString(fixtureFiles.resolve(id).resolve("state.json"), StandardCharsets.UTF_8),
                        Files.readString(Path.of(files.displayUri().substring("file://".length())).resolve(id).resolve("state.json"),
                                StandardCharsets.UTF_8), "state.json as Meltano writes it: " + id);
            }
            assertTrue(copyAll(files, back, READABLE).stream().allMatch(Transfer.Result::succeeded));
            Map<String, List<String>> original = rows(dir.resolve("meltano.db"));
            original.remove(F);
            Path backDb = Path.of(back.displayUri().substring("sqlite:///".length()));
            assertEquals(original, rows(backDb));
        }
    }

    private static void seed(StateBackend backend, int count) throws Exception {
        List<Transfer.Item> none = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String id = "dev:tap-" + (i % 7) + "-to-target-" + i;
            backend.write(id, StateDocument.of(Json.parse("{\"singer_state\": {\"bookmarks\": {\"s" + i
                    + "\": {\"replication_key\": \"updated_at\", \"replication_key_value\": \"2024-06-01T00:00:" + (i % 60) + "Z\"}}}}"),
                    Json.parse(i % 10 == 0 ? "{\"singer_state\": {\"bookmarks\": {\"p\": " + i + "}}}" : "{}")), Version.ABSENT);
        }
    }

    private static List<String> ids(StateBackend backend) {
        return backend.list((String) null).stream().map(ListedState::stateId).sorted().collect(Collectors.toList());
    }

    @Test
    void thousandIdBulkCopiesBetweenEveryPairOfBackends() throws Exception {
        int count = 1000;
        Map<EmptyBackends, StateBackend> sources = new LinkedHashMap<>();
        try {
            for (EmptyBackends kind : EmptyBackends.values()) {
                StateBackend b = kind.open(dir);
                sources.put(kind, b);
            }
            seed(sources.get(EmptyBackends.SQLITE), count);
            for (EmptyBackends kind : List.of(EmptyBackends.POSTGRES, EmptyBackends.S3, EmptyBackends.AZURE, EmptyBackends.FILE)) {
                Transfer fill = new Transfer(sources.get(EmptyBackends.SQLITE), sources.get(kind), Transfer.Mode.COPY,
                        Transfer.OnConflict.FAIL, journal());
                fill.run(fill.select(null, Rename.identity()), 16, (d, t, r) -> { });
            }
            List<String> expected = ids(sources.get(EmptyBackends.SQLITE));
            assertEquals(count, expected.size());
            for (EmptyBackends from : EmptyBackends.values()) {
                for (EmptyBackends to : EmptyBackends.values()) {
                    if (from == to) {
                        continue;
                    }
                    long started = System.nanoTime();
                    try (StateBackend target = to.open(dir)) {
                        Transfer t = new Transfer(sources.get(from), target, Transfer.Mode.COPY, Transfer.OnConflict.FAIL, journal());
                        AtomicInteger progress = new AtomicInteger();
                        List<Transfer.Result> results = t.run(t.select("dev:*", Rename.identity()), 16,
                                (done, total, r) -> progress.accumulateAndGet(done, Math::max));
                        assertEquals(count, results.size(), from + " -> " + to);
                        assertEquals(count, progress.get());
                        assertTrue(results.stream().allMatch(r -> r.outcome() == Transfer.Outcome.COPIED), from + " -> " + to);
                        assertEquals(expected, ids(target), from + " -> " + to);
                        String probe = "dev:tap-3-to-target-10";
                        assertEquals(sources.get(from).read(probe).document(), target.read(probe).document());
                    }
                    System.err.printf("bulk copy of %d IDs %s -> %s: %d ms%n", count, from, to, (System.nanoTime() - started) / 1_000_000);
                }
            }
        } finally {
            sources.values().forEach(StateBackend::close);
        }
    }

    @Test
    void anInterruptedBulkCopyRerunFinishesWithNothingDuplicatedOrLost() throws Exception {
        try (StateBackend source = EmptyBackends.SQLITE.open(dir); StateBackend target = EmptyBackends.S3.open(dir)) {
            seed(source, 400);
            Transfer first = new Transfer(source, target, Transfer.Mode.MOVE, Transfer.OnConflict.FAIL, journal());
            List<Transfer.Item> items = first.select(null, Rename.parse("dev:*=prod:*"));
            List<Transfer.Result> interrupted = first.run(items, 4, (done, total, r) -> {
                if (done == total / 2) {
                    first.cancel();
                }
            });
            long cancelled = interrupted.stream().filter(r -> r.outcome() == Transfer.Outcome.CANCELLED).count();
            assertTrue(cancelled > 0 && cancelled < 400, "cancelled " + cancelled);
            assertEquals(400 - cancelled, ids(target).size());
            assertEquals(cancelled, ids(source).size(), "each moved state left its source; the others stayed");

            Transfer again = new Transfer(source, target, Transfer.Mode.MOVE, Transfer.OnConflict.FAIL, journal());
            List<Transfer.Result> rest = again.run(again.select(null, Rename.parse("dev:*=prod:*")), 4, (d, t, r) -> { });
            assertEquals(cancelled, rest.size());
            assertTrue(rest.stream().allMatch(r -> r.outcome() == Transfer.Outcome.MOVED));
            assertEquals(400, ids(target).size());
            assertTrue(ids(target).stream().allMatch(id -> id.startsWith("prod:")));
            assertEquals(List.of(), ids(source));
        }
    }

    @Test
    void aRerunAfterACopyFailedHalfWayTreatsIdenticalDestinationsAsDone() throws Exception {
        try (StateBackend source = EmptyBackends.FILE.open(dir); StateBackend target = EmptyBackends.POSTGRES.open(dir)) {
            seed(source, 50);
            List<String> firstHalf = ids(source).subList(0, 25);
            copyAll(source, target, firstHalf);
            Transfer t = new Transfer(source, target, Transfer.Mode.COPY, Transfer.OnConflict.FAIL, journal());
            List<Transfer.Result> results = t.run(t.select(null, Rename.identity()), 8, (d, n, r) -> { });
            assertEquals(25, results.stream().filter(r -> r.outcome() == Transfer.Outcome.SKIPPED).count());
            assertEquals(25, results.stream().filter(r -> r.outcome() == Transfer.Outcome.COPIED).count());
            assertEquals(ids(source), ids(target));
        }
    }

    @Test
    void aDestinationChangedDuringTheCopyIsAConflictNotAnOverwrite() throws Exception {
        try (StateBackend source = Backends.open(Fixtures.systemDb(dir), BackendOptions.defaults());
             StateBackend target = EmptyBackends.S3.open(dir)) {
            Transfer t = new Transfer(source, target, Transfer.Mode.COPY, Transfer.OnConflict.OVERWRITE, journal());
            Transfer.Planned planned = t.plan(new Transfer.Item(A, A));
            assertEquals(Transfer.Outcome.COPIED, planned.expected());
            target.write(A, StateDocument.completeWrite(Json.parseObject("{\"singer_state\": {\"pipeline\": 1}}")), Version.ABSENT);
            StoredState theirs = target.read(A);
            assertThrows(dev.cairn.backend.ConflictException.class, () -> WriteCommand.plan(target,
                    Edit.restore(planned.source().document(), "Copy"), planned.target()).execute(journal()));
            assertEquals(theirs.version(), target.read(A).version());
        }
    }

    @Test
    void copyingAStateOntoItselfIsRefused() throws Exception {
        try (StateBackend a = Backends.open(Fixtures.systemDb(dir), BackendOptions.defaults())) {
            Transfer t = new Transfer(a, a, Transfer.Mode.MOVE, Transfer.OnConflict.OVERWRITE, journal());
            List<Transfer.Result> r = t.run(List.of(new Transfer.Item(A, A)), 1, (d, n, x) -> { });
            assertEquals(Transfer.Outcome.FAILED, r.get(0).outcome());
            assertTrue(a.read(A).exists());
        }
    }
}
