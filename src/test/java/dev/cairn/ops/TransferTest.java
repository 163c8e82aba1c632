package dev.cairn.ops;

import static dev.cairn.testing.Fixtures.*;
import static org.junit.jupiter.api.Assertions.*;

import com.azure.core.util.BinaryData;
import com.fasterxml.jackson.databind.JsonNode;
import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.ConflictException;
import dev.cairn.backend.ForwardingBackend;
import dev.cairn.backend.ListedState;
import dev.cairn.backend.LockStatus;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.backend.TestAzurite;
import dev.cairn.backend.TestGcs;
import dev.cairn.backend.TestS3;
import dev.cairn.backend.Version;
import dev.cairn.backend.blob.KilledCairn;
import dev.cairn.ops.logging.Logs;
import dev.cairn.state.Json;
import dev.cairn.state.PythonJson;
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
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Copies and moves between real backends: SQLite files, PostgreSQL, S3 (S3Proxy) and file folders. */
@Tag("server")
class TransferTest {

    private static final List<String> READABLE = List.of(A, B, C, D, E, G, H, I);

    @TempDir
    Path dir;

    private Journal journal() {
        return new Journal(dir.resolve("journal"));
    }

    private List<Transfer.Result> copyAll(StateBackend from, StateBackend to, List<String> ids) {
        return copyAll(from, to, ids, Transfer.Content.EFFECTIVE);
    }

    private List<Transfer.Result> copyAll(StateBackend from, StateBackend to, List<String> ids, Transfer.Content content) {
        Transfer t = new Transfer(from, to, Transfer.Mode.COPY, Transfer.OnConflict.FAIL, content, journal());
        List<Transfer.Item> items = ids.stream().map(id -> new Transfer.Item(id, id)).collect(Collectors.toList());
        return t.run(items, 8, (done, total, r) -> { });
    }

    /** The column texts of a SQLite fixture-layout database. */
    private static Map<String, List<String>> rows(Path db) throws Exception {
        Map<String, List<String>> rows = new LinkedHashMap<>();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT state_id, completed_state, partial_state FROM state ORDER BY state_id")) {
            while (r.next()) {
                rows.put(r.getString(1), Arrays.asList(r.getString(2), r.getString(3)));
            }
        }
        return rows;
    }

    @Test
    void aRenameMappingTwoSourcesToOneDestinationIsRefused() throws Exception {
        try (StateBackend from = EmptyBackends.FILE.open(dir); StateBackend to = EmptyBackends.SQLITE.open(dir)) {
            StateDocument doc = StateDocument.completeWrite(Json.parseObject("{\"singer_state\": {}}"));
            from.write("a-bc", doc, null);
            from.write("ab-c", doc, null);
            Transfer copy = new Transfer(from, to, Transfer.Mode.COPY, Transfer.OnConflict.OVERWRITE, Transfer.Content.EFFECTIVE, journal());
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> copy.select("*", Rename.parse("*-*=**")));
            assertEquals("refused: a-bc and ab-c would both be copied to abc (the last one would win)", e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> copy.run(List.of(new Transfer.Item("a-bc", "abc"),
                    new Transfer.Item("ab-c", "abc")), 1, (d, t, r) -> { }));
            assertFalse(to.read("abc").exists());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"file", "s3", "azure", "gcs"})
    void aRerunRemovesTheLocksAKilledRunLeftOnWhatItHadAlreadyWritten(String kind) throws Exception {
        String bucket = kind.equals("azure") ? TestAzurite.freshContainer() : kind.equals("gcs") ? TestGcs.freshBucket()
                : TestS3.freshBucket();
        Path root = Files.createDirectories(dir.resolve("destination"));
        try (StateBackend from = EmptyBackends.SQLITE.open(dir);
             StateBackend to = kind.equals("file") ? Backends.open("file://" + root, BackendOptions.defaults())
                     : kind.equals("azure") ? Backends.open("azure://" + bucket + "/state", EmptyBackends.AZURE.options())
                     : kind.equals("gcs") ? Backends.open("gs://" + bucket + "/state", EmptyBackends.GCS.options())
                     : Backends.open("s3://" + bucket + "/state", EmptyBackends.s3Options())) {
            StateDocument doc = StateDocument.completeWrite(Json.parseObject("{\"singer_state\": {\"v\": 1}}"));
            from.write("dev:a", doc, null);
            from.write("dev:b", doc, null);
            assertTrue(copyAll(from, to, List.of("dev:a", "dev:b")).stream().allMatch(Transfer.Result::succeeded));
            for (String id : List.of("dev:a", "dev:b")) { // killed after storing, before releasing the lock
                byte[] lock = KilledCairn.lockContent().getBytes(StandardCharsets.US_ASCII);
                if (kind.equals("file")) {
                    Files.write(root.resolve(id).resolve("lock"), lock);
                } else if (kind.equals("azure")) {
                    TestAzurite.container(bucket).getBlobClient("state/" + id + "/lock")
                            .upload(BinaryData.fromBytes(lock), true);
                } else if (kind.equals("gcs")) {
                    TestGcs.put(TestGcs.client(), bucket, "state/" + id + "/lock", lock);
                } else {
                    TestS3.putDirect(bucket, "state/" + id + "/lock", lock);
                }
                assertEquals(LockStatus.State.STALE, to.lockStatus(id).state());
            }
            assertEquals(Transfer.Outcome.SKIPPED, copyAll(from, to, List.of("dev:a")).get(0).outcome());
            Transfer move = new Transfer(from, to, Transfer.Mode.MOVE, Transfer.OnConflict.FAIL, Transfer.Content.EFFECTIVE, journal());
            assertEquals(Transfer.Outcome.MOVED, move.run(List.of(new Transfer.Item("dev:b", "dev:b")), 1, (d, t, r) -> { })
                    .get(0).outcome());
            assertEquals(LockStatus.FREE, to.lockStatus("dev:a"));
            assertEquals(LockStatus.FREE, to.lockStatus("dev:b"));
        }
    }

    @Test
    void everyFixtureTravelsSqlitePostgresS3AzureGcsFileAndBackByteForByteWhenCopiedAsStored() throws Exception {
        String fixtureUri = Fixtures.systemDb(dir);
        Path fixtureFiles = Path.of(Fixtures.fileBackend(dir).substring("file://".length()));
        try (StateBackend sqlite = Backends.open(fixtureUri, BackendOptions.defaults());
             StateBackend pg = EmptyBackends.POSTGRES.open(dir);
             StateBackend s3 = EmptyBackends.S3.open(dir);
             StateBackend azure = EmptyBackends.AZURE.open(dir);
             StateBackend gcs = EmptyBackends.GCS.open(dir);
             StateBackend files = EmptyBackends.FILE.open(dir);
             StateBackend back = EmptyBackends.SQLITE.open(dir)) {
            List<String> all = new ArrayList<>(READABLE);
            all.add(F);
            assertTrue(copyAll(sqlite, pg, all, Transfer.Content.AS_STORED).stream().allMatch(Transfer.Result::succeeded),
                    "the system DB keeps even corrupt text as it is");
            for (String id : all) {
                assertEquals(sqlite.read(id).version(), pg.read(id).version(), "same column texts in PostgreSQL: " + id);
            }
            List<Transfer.Result> toS3 = copyAll(pg, s3, all, Transfer.Content.AS_STORED);
            Transfer.Result corrupt = toS3.get(toS3.size() - 1);
            assertEquals(Transfer.Outcome.FAILED, corrupt.outcome(), "a corrupt document has no state.json form");
            assertTrue(corrupt.detail().contains("not valid JSON"), corrupt.detail());
            assertTrue(toS3.subList(0, READABLE.size()).stream().allMatch(Transfer.Result::succeeded));
            assertTrue(copyAll(s3, azure, READABLE, Transfer.Content.AS_STORED).stream().allMatch(Transfer.Result::succeeded));
            assertTrue(copyAll(azure, gcs, READABLE, Transfer.Content.AS_STORED).stream().allMatch(Transfer.Result::succeeded));
            assertTrue(copyAll(gcs, files, READABLE, Transfer.Content.AS_STORED).stream().allMatch(Transfer.Result::succeeded));
            for (String id : READABLE) {
                assertEquals(Files.readString(fixtureFiles.resolve(id).resolve("state.json"), StandardCharsets.UTF_8),
                        Files.readString(Path.of(files.displayUri().substring("file://".length())).resolve(id).resolve("state.json"),
                                StandardCharsets.UTF_8), "state.json as Meltano writes it: " + id);
            }
            assertTrue(copyAll(files, back, READABLE, Transfer.Content.AS_STORED).stream().allMatch(Transfer.Result::succeeded));
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

    /** IDs of each bulk copy between two backends: 300 in the build, 1,000 with -Preliability. */
    static final int BULK_IDS = Integer.getInteger("cairn.reliability.bulk-ids", 300);

    /**
     * Bulk copies around a ring of every backend family, in {@link EmptyBackends}' order (SQLite →
     * PostgreSQL → S3 → Azure → GCS → file → SQLite): each family is read from once and written to once. A copy between two families
     * shares all its code with the others but the two backends' own reads and writes, so every pair
     * (30, each 300 IDs on the emulators) took minutes and found nothing the ring does not.
     */
    @Test
    void bulkCopiesAroundARingOfEveryBackend() throws Exception {
        int count = BULK_IDS;
        List<EmptyBackends> ring = List.of(EmptyBackends.values());
        Map<EmptyBackends, StateBackend> backends = new LinkedHashMap<>();
        try {
            for (EmptyBackends kind : ring) {
                backends.put(kind, kind.open(dir));
            }
            seed(backends.get(EmptyBackends.SQLITE), count);
            List<String> expected = ids(backends.get(EmptyBackends.SQLITE));
            assertEquals(count, expected.size());
            String probe = "dev:tap-3-to-target-10"; // seeded with a pending partial state
            JsonNode effective = backends.get(EmptyBackends.SQLITE).read(probe).document().effective();
            for (int i = 0; i < ring.size(); i++) {
                EmptyBackends from = ring.get(i);
                EmptyBackends to = ring.get((i + 1) % ring.size());
                // the last copy goes back to a new SQLite backend, not onto the seeded one
                StateBackend target = to == EmptyBackends.SQLITE ? to.open(dir) : backends.get(to);
                long started = System.nanoTime();
                try {
                    Transfer t = new Transfer(backends.get(from), target, Transfer.Mode.COPY, Transfer.OnConflict.FAIL,
                            Transfer.Content.EFFECTIVE, journal());
                    AtomicInteger progress = new AtomicInteger();
                    List<Transfer.Result> results = t.run(t.select("dev:*", Rename.identity()), 16,
                            (done, total, r) -> progress.accumulateAndGet(done, Math::max));
                    assertEquals(count, results.size(), from + " -> " + to);
                    assertEquals(count, progress.get());
                    assertTrue(results.stream().allMatch(r -> r.outcome() == Transfer.Outcome.COPIED), from + " -> " + to);
                    assertEquals(expected, ids(target), from + " -> " + to);
                    assertEquals(effective, target.read(probe).document().effective(), from + " -> " + to);
                    assertFalse(target.read(probe).document().hasPendingPartial(), "Meltano's copy stores the effective state");
                } finally {
                    if (target != backends.get(to)) {
                        target.close();
                    }
                }
                System.err.printf("bulk copy of %d IDs %s -> %s: %d ms%n", count, from, to, (System.nanoTime() - started) / 1_000_000);
            }
        } finally {
            backends.values().forEach(StateBackend::close);
            // a state and a lock per ID in Azurite's containers: the tests after this one get an Azurite of their own
            TestAzurite.restart();
        }
    }

    @Test
    void anInterruptedBulkCopyRerunFinishesWithNothingDuplicatedOrLost() throws Exception {
        try (StateBackend source = EmptyBackends.SQLITE.open(dir); StateBackend target = EmptyBackends.S3.open(dir)) {
            seed(source, 400);
            Transfer first = new Transfer(source, target, Transfer.Mode.MOVE, Transfer.OnConflict.FAIL, Transfer.Content.EFFECTIVE, journal());
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

            Transfer again = new Transfer(source, target, Transfer.Mode.MOVE, Transfer.OnConflict.FAIL, Transfer.Content.EFFECTIVE, journal());
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
            Transfer t = new Transfer(source, target, Transfer.Mode.COPY, Transfer.OnConflict.FAIL, Transfer.Content.EFFECTIVE, journal());
            List<Transfer.Result> results = t.run(t.select(null, Rename.identity()), 8, (d, n, r) -> { });
            assertEquals(25, results.stream().filter(r -> r.outcome() == Transfer.Outcome.SKIPPED).count());
            assertEquals(25, results.stream().filter(r -> r.outcome() == Transfer.Outcome.COPIED).count());
            assertEquals(ids(source), ids(target));
        }
    }

    @Test
    void aBulkCopyReadsOnlyTheDestinationsItsListingNamesAndReplansOneCreatedSinceTheListing() throws Exception {
        try (StateBackend source = EmptyBackends.SQLITE.open(dir); StateBackend s3 = EmptyBackends.S3.open(dir)) {
            seed(source, 20);
            List<String> all = ids(source);
            copyAll(source, s3, all.subList(0, 5)); // already there, identical
            String late = all.get(10); // written by someone else after the listing: the listing misses it
            s3.write(late, StateDocument.completeWrite(Json.parseObject("{\"singer_state\": {\"theirs\": 1}}")), Version.ABSENT);
            AtomicInteger reads = new AtomicInteger();
            StateBackend target = new ForwardingBackend(s3) {
                @Override
                public void list(String pattern, Consumer<ListedState> sink) {
                    super.list(pattern, listed -> {
                        if (!listed.stateId().equals(late)) {
                            sink.accept(listed);
                        }
                    });
                }

                @Override
                public StoredState read(String stateId) {
                    reads.incrementAndGet();
                    return super.read(stateId);
                }
            };
            Transfer t = new Transfer(source, target, Transfer.Mode.COPY, Transfer.OnConflict.SKIP, Transfer.Content.EFFECTIVE, journal());
            List<Transfer.Result> results = t.run(t.select(null, Rename.identity()), 4, (d, n, r) -> { });

            Map<String, Transfer.Outcome> outcomes = results.stream()
                    .collect(Collectors.toMap(r -> r.item().sourceId(), Transfer.Result::outcome));
            assertEquals(14, outcomes.values().stream().filter(o -> o == Transfer.Outcome.COPIED).count(), outcomes.toString());
            all.subList(0, 5).forEach(id -> assertEquals(Transfer.Outcome.SKIPPED, outcomes.get(id), id));
            assertEquals(Transfer.Outcome.SKIPPED, outcomes.get(late), "planned again on a read, not a conflict");
            assertEquals("{\"singer_state\": {\"theirs\": 1}}", PythonJson.dumps(s3.read(late).document().effective()));
            assertEquals(5 + 1, reads.get(), "only the listed destinations, and the one the listing missed, are read");
        }
    }

    @Test
    void aBulkCopyLogsOneSummaryLineInsteadOfALinePerId() throws Exception {
        try (StateBackend source = EmptyBackends.SQLITE.open(dir); StateBackend target = EmptyBackends.FILE.open(dir)) {
            seed(source, 30);
            long logStart = Files.exists(Logs.file()) ? Files.size(Logs.file()) : 0;
            Transfer t = new Transfer(source, target, Transfer.Mode.COPY, Transfer.OnConflict.FAIL, Transfer.Content.EFFECTIVE,
                    journal());
            assertTrue(t.run(t.select(null, Rename.identity()), 8, (d, n, r) -> { }).stream().allMatch(Transfer.Result::succeeded));
            byte[] log = Files.readAllBytes(Logs.file());
            List<String> lines = new String(log, (int) logStart, log.length - (int) logStart, StandardCharsets.UTF_8).lines()
                    .filter(line -> line.contains(target.displayUri()))
                    .collect(Collectors.toList());
            assertEquals(1, lines.size(), String.join("\n", lines));
            assertTrue(lines.get(0).matches(".* INFO .*Transfer - Copy of 30 IDs from \\S+ to \\S+ in \\d+ ms: 30 copied"
                    + " \\(journal \\S+journal\\.db\\)"), lines.get(0));
        }
    }

    @Test
    void aDestinationChangedDuringTheCopyIsAConflictNotAnOverwrite() throws Exception {
        try (StateBackend source = Backends.open(Fixtures.systemDb(dir), BackendOptions.defaults());
             StateBackend target = EmptyBackends.S3.open(dir)) {
            Transfer t = new Transfer(source, target, Transfer.Mode.COPY, Transfer.OnConflict.OVERWRITE, Transfer.Content.EFFECTIVE, journal());
            Transfer.Planned planned = t.plan(new Transfer.Item(A, A));
            assertEquals(Transfer.Outcome.COPIED, planned.expected());
            target.write(A, StateDocument.completeWrite(Json.parseObject("{\"singer_state\": {\"pipeline\": 1}}")), Version.ABSENT);
            StoredState theirs = target.read(A);
            assertThrows(ConflictException.class, () -> planned.copy().execute(journal()));
            assertEquals(theirs.version(), target.read(A).version());
        }
    }

    @Test
    void movingAStateOntoItselfIsRefused() throws Exception {
        try (StateBackend a = Backends.open(Fixtures.systemDb(dir), BackendOptions.defaults())) {
            Transfer t = new Transfer(a, a, Transfer.Mode.MOVE, Transfer.OnConflict.OVERWRITE, Transfer.Content.EFFECTIVE, journal());
            assertEquals(Transfer.Outcome.FAILED, t.plan(new Transfer.Item(A, A)).expected());
            assertThrows(IllegalArgumentException.class, () -> t.run(List.of(new Transfer.Item(A, A)), 1, (d, n, x) -> { }));
            assertTrue(a.read(A).exists());
        }
    }

    @Test
    void aPendingPartialIsCopiedAndMovedAsMeltanoStoresIt() throws Exception {
        String db = Fixtures.systemDb(dir);
        try (StateBackend sqlite = Backends.open(db, BackendOptions.defaults());
             StateBackend files = EmptyBackends.FILE.open(dir)) {
            assertTrue(sqlite.read(C).document().hasPendingPartial());
            Transfer copy = new Transfer(sqlite, sqlite, Transfer.Mode.COPY, Transfer.OnConflict.FAIL, Transfer.Content.EFFECTIVE, journal());
            Transfer.Planned planned = copy.plan(new Transfer.Item(C, "dev:copy"));
            assertEquals(Transfer.Outcome.COPIED, planned.expected());
            assertTrue(planned.detail().contains("pending partial state merged in"), planned.detail());
            assertEquals(Transfer.Outcome.COPIED, copy.run(List.of(new Transfer.Item(C, "dev:copy")), 1, (d, n, r) -> { }).get(0).outcome());
            assertEquals(Arrays.asList(EFFECTIVE_C, "{}"), rows(dir.resolve("meltano.db")).get("dev:copy"),
                    "completed_state = json.dumps(get_state(src)), partial_state = {}");
            assertEquals(Transfer.Outcome.SKIPPED, copy.run(List.of(new Transfer.Item(C, "dev:copy")), 1, (d, n, r) -> { }).get(0).outcome(),
                    "a re-run finds the destination done");

            Transfer move = new Transfer(sqlite, files, Transfer.Mode.MOVE, Transfer.OnConflict.FAIL, Transfer.Content.EFFECTIVE, journal());
            assertEquals(Transfer.Outcome.MOVED, move.run(List.of(new Transfer.Item(C, C)), 1, (d, n, r) -> { }).get(0).outcome());
            assertFalse(sqlite.read(C).exists());
            assertEquals("{\"completed\": " + EFFECTIVE_C + ", \"partial\": {}}",
                    Files.readString(Path.of(files.displayUri().substring("file://".length())).resolve(C).resolve("state.json")));
        }
    }

    @Test
    void sourcesMeltanoCannotCopyFailWithTheReasonUnlessCopiedAsStored() throws Exception {
        try (StateBackend sqlite = Backends.open(Fixtures.systemDb(dir), BackendOptions.defaults());
             StateBackend pg = EmptyBackends.POSTGRES.open(dir)) {
            List<String> unreadable = List.of(D, F, H, I);
            List<Transfer.Result> results = copyAll(sqlite, pg, unreadable);
            assertTrue(results.stream().allMatch(r -> r.outcome() == Transfer.Outcome.FAILED), results.toString());
            assertTrue(results.get(0).detail().contains("no top-level singer_state"), "D's state is {}: " + results.get(0));
            assertTrue(results.get(1).detail().contains("not valid JSON"), results.get(1).detail());
            assertTrue(results.get(2).detail().contains("no top-level singer_state"), results.get(2).detail());
            assertTrue(results.get(3).detail().contains("NULL"), results.get(3).detail());
            assertEquals(List.of(), ids(pg), "nothing was written");
            assertTrue(copyAll(sqlite, pg, unreadable, Transfer.Content.AS_STORED).stream().allMatch(Transfer.Result::succeeded));
            for (String id : unreadable) {
                assertEquals(sqlite.read(id).version(), pg.read(id).version(), "the same column texts: " + id);
            }
        }
    }
}
