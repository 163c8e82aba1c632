package dev.cairn.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.state.Json;
import dev.cairn.state.PythonJson;
import dev.cairn.state.StateDocument;
import dev.cairn.testing.Race;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * What every Meltano cloud backend (S3, Azure, …) must do, against its real server: each subclass
 * opens a fresh bucket or container with the prefix {@code state} and reaches its objects behind the
 * backend's back.
 */
@Tag("unit")
abstract class CloudBackendContractTest {

    StateBackend backend;

    /** A fresh, empty bucket or container; returns the backend URI with the prefix {@code state}. */
    abstract String freshUri();

    /** The URI of a bucket or container that does not exist, named {@code no-such-container-here}. */
    abstract String missingUri();

    abstract BackendOptions options();

    /** Writes an object straight to the server. */
    abstract void put(String key, String content);

    /** The object's text, or {@code null} when there is none. */
    abstract String object(String key);

    /** Every key in the bucket or container, sorted. */
    abstract List<String> keys();

    /** The server's own version of the object (its ETag). */
    abstract String nativeVersion(String key);

    abstract String contentType(String key);

    String uri;

    @BeforeEach
    void open() {
        uri = freshUri();
        backend = Backends.open(uri, options());
    }

    @AfterEach
    void close() {
        backend.close();
    }

    private List<String> ids(String pattern) {
        return backend.list(pattern).stream().map(ListedState::stateId).sorted().collect(Collectors.toList());
    }

    private static StateDocument complete(String json) throws Exception {
        return StateDocument.completeWrite(Json.parseObject(json));
    }

    @Test
    void writesMeltanosStateJsonBytesWithItsContentType() throws Exception {
        var doc = Json.parseObject("{\"singer_state\": {\"bookmarks\": {\"orders\": {\"replication_key_value\": \"2024-06-01T00:00:00Z\", \"v\": 1e-05, \"city\": \"M\\u00fcnchen\"}}}}");
        Version written = backend.write("dev:tap-a-to-b", StateDocument.completeWrite(doc), Version.ABSENT);

        String key = "state/dev:tap-a-to-b/state.json";
        assertEquals("{\"completed\": " + PythonJson.dumps(doc) + ", \"partial\": {}}", object(key));
        assertEquals("{\"completed\": {\"singer_state\": {\"bookmarks\": {\"orders\": {\"replication_key_value\": \"2024-06-01T00:00:00Z\", \"v\": 1e-05, \"city\": \"M\\u00fcnchen\"}}}}, \"partial\": {}}",
                object(key));
        assertEquals("application/json", contentType(key));
        assertEquals(nativeVersion(key), written.token(), "the version is the object's ETag");
        assertEquals(written, backend.read("dev:tap-a-to-b").version());
        assertNull(object("state/dev:tap-a-to-b/lock"), "the lock is released after the write");
        assertEquals(List.of("state/dev:tap-a-to-b/state.json"), keys());
    }

    @Test
    void updateTimesAreTheStateObjectsTimesFromTheListing() throws Exception {
        Instant start = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        backend.write("dev:older", complete("{\"singer_state\": {}}"), Version.ABSENT);
        Thread.sleep(1100); // S3 and Azure give whole seconds
        backend.write("dev:newer", complete("{\"singer_state\": {}}"), Version.ABSENT);

        Map<String, Instant> times = new HashMap<>();
        backend.updateTimes(times::put);
        assertEquals(Set.of("dev:older", "dev:newer"), times.keySet());
        assertTrue(times.get("dev:newer").isAfter(times.get("dev:older")), times.toString());
        assertFalse(times.get("dev:older").isBefore(start.minusSeconds(2)), times + " against " + start);
    }

    @Test
    void readsWhatMeltanoWrote() {
        put("state/prod:tap-x-to-y/state.json",
                "{\"completed\": {\"singer_state\": {\"a\": 1}}, \"partial\": {\"singer_state\": {\"b\": 2}}}");
        StoredState read = backend.read("prod:tap-x-to-y");
        assertTrue(read.exists());
        assertEquals("{\"singer_state\": {\"a\": 1}}", PythonJson.dumps(read.document().completed().value()));
        assertEquals("{\"singer_state\": {\"b\": 2}}", PythonJson.dumps(read.document().partial().value()));
        assertFalse(backend.read("prod:nothing").exists());
        assertEquals(Version.ABSENT, backend.read("prod:nothing").version());
    }

    @Test
    void aRacingWriterCausesAConflictCarryingWhatTheyWrote() throws Exception {
        backend.write("dev:a", complete("{\"singer_state\": {\"v\": 1}}"), Version.ABSENT);
        StoredState read = backend.read("dev:a");
        put("state/dev:a/state.json", "{\"completed\": {\"singer_state\": {\"theirs\": 1}}, \"partial\": {}}");

        ConflictException e = assertThrows(ConflictException.class,
                () -> backend.write("dev:a", complete("{\"singer_state\": {\"mine\": 1}}"), read.version()));
        assertEquals("{\"singer_state\": {\"theirs\": 1}}", PythonJson.dumps(e.current().document().completed().value()));
        assertEquals("{\"completed\": {\"singer_state\": {\"theirs\": 1}}, \"partial\": {}}", object("state/dev:a/state.json"));
        assertThrows(ConflictException.class, () -> backend.delete("dev:a", read.version()));
        assertNull(object("state/dev:a/lock"), "a conflict releases the lock too");
    }

    @Test
    void creatingAStateSomeoneElseCreatedFirstIsAConflict() throws Exception {
        StoredState absent = backend.read("dev:new");
        put("state/dev:new/state.json", "{\"completed\": {}, \"partial\": {}}");
        assertThrows(ConflictException.class, () -> backend.write("dev:new", complete("{\"singer_state\": {}}"), absent.version()));
        assertEquals("{\"completed\": {}, \"partial\": {}}", object("state/dev:new/state.json"));
    }

    @Test
    void manyRacingWritersFromOneReadExactlyOneWins() throws Exception {
        backend.write("dev:race", complete("{\"singer_state\": {\"v\": 0}}"), Version.ABSENT);
        assertEquals(1, Race.writersWinning(backend, "dev:race", 5));
        assertEquals(1, Race.writersWinning(backend, "dev:created-by-racers", 5), "creators race too");
    }

    @Test
    void aHeldMeltanoLockBlocksWritesAndIsLeftAlone() throws Exception {
        backend.write("dev:a", complete("{\"singer_state\": {\"v\": 1}}"), Version.ABSENT);
        String lock = meltanoLockValue(Instant.now());
        put("state/dev:a/lock", lock);

        assertEquals(LockStatus.State.HELD, backend.lockStatus("dev:a").state());
        StoredState read = backend.read("dev:a");
        try (StateBackend impatient = Backends.open(uri, options().withLockWait(Duration.ofMillis(600)))) {
            assertThrows(LockedException.class,
                    () -> impatient.write("dev:a", complete("{\"singer_state\": {\"v\": 2}}"), read.version()));
            assertThrows(LockedException.class, () -> impatient.delete("dev:a", read.version()));
        }
        assertEquals(lock, object("state/dev:a/lock"), "Meltano's lock is not touched");
        assertEquals("{\"completed\": {\"singer_state\": {\"v\": 1}}, \"partial\": {}}", object("state/dev:a/state.json"));
    }

    /** Under a prefix, in one listing: the locks of the IDs asked, as each ID's lock says. */
    @Test
    void theLocksOfManyIdsComeFromOneListing() throws Exception {
        for (String id : List.of("dev:a", "dev:b", "dev:c")) {
            backend.write(id, complete("{}"), Version.ABSENT);
        }
        put("state/dev:a/lock", meltanoLockValue(Instant.now()));
        put("state/dev:b/lock", meltanoLockValue(Instant.now().minusSeconds(60)));
        Map<String, LockStatus> locks = backend.locks(List.of("dev:a", "dev:b", "dev:c"));
        assertEquals(Set.of("dev:a", "dev:b"), locks.keySet());
        assertEquals(LockStatus.State.HELD, locks.get("dev:a").state());
        assertEquals(LockStatus.State.STALE, locks.get("dev:b").state());
        assertEquals(backend.lockStatus("dev:b"), locks.get("dev:b"));
    }

    @Test
    void aStaleMeltanoLockIsBrokenAsMeltanoWould() throws Exception {
        backend.write("dev:a", complete("{\"singer_state\": {\"v\": 1}}"), Version.ABSENT);
        put("state/dev:a/lock", meltanoLockValue(Instant.now().minusSeconds(60)));
        assertEquals(LockStatus.State.STALE, backend.lockStatus("dev:a").state());
        StoredState read = backend.read("dev:a");
        backend.write("dev:a", complete("{\"singer_state\": {\"v\": 2}}"), read.version());
        assertNull(object("state/dev:a/lock"));
        assertEquals("{\"completed\": {\"singer_state\": {\"v\": 2}}, \"partial\": {}}", object("state/dev:a/state.json"));
    }

    @Test
    void deleteRemovesOnlyStateJson() throws Exception {
        backend.write("dev:a", complete("{\"singer_state\": {}}"), Version.ABSENT);
        put("state/dev:a/notes.txt", "kept");
        backend.delete("dev:a", backend.read("dev:a").version());
        assertNull(object("state/dev:a/state.json"));
        assertEquals(List.of("state/dev:a/notes.txt"), keys());
    }

    @Test
    void listsAndFiltersAsMeltanoDoes() {
        for (String id : List.of("dev:tap-a-to-b", "dev:tap-c-to-d", "Dev:tap-x-to-y", "prod:tap-a-to-b", "cicd:tap-g-to-h:feat/x")) {
            put("state/" + id + "/state.json", "{}");
        }
        put("state/dev:tap-a-to-b/lock", "1717225200.481233");
        assertEquals(List.of("Dev:tap-x-to-y", "cicd:tap-g-to-h:feat/x", "dev:tap-a-to-b", "dev:tap-c-to-d", "prod:tap-a-to-b"), ids(null));
        assertEquals(List.of("dev:tap-a-to-b", "dev:tap-c-to-d"), ids("dev:*"), "fnmatch is case-sensitive");
        assertEquals(List.of("dev:tap-a-to-b", "prod:tap-a-to-b"), ids("*:tap-a-to-b"));
        assertEquals(List.of("dev:tap-a-to-b"), ids("dev:tap-?-to-b"));
        assertEquals(List.of("cicd:tap-g-to-h:feat/x"), ids("cicd:*"), "'*' crosses '/'");

        ListedState slash = backend.list("cicd:*").get(0);
        assertFalse(slash.visibleToMeltano(), "Meltano lists only the last segment of an ID with '/'");
    }

    /** Keys with a leading '/' are left to {@code CloudLayoutTest}: S3Proxy's stores refuse them. */
    @Test
    void historicalLayoutsAreFoundAndExplained() {
        put("state/dev:now/state.json", "{}");
        put("state/state/dev:old/state.json", "{}");   // Meltano 2.10-2.20 wrote the prefix twice
        put("state-old/dev:other/state.json", "{}");   // listed by Meltano: its prefix has no trailing '/'
        put("elsewhere/dev:not-listed/state.json", "{}");
        Map<String, ListedState> listed = backend.list(null).stream()
                .collect(Collectors.toMap(ListedState::stateId, l -> l));
        assertEquals(3, listed.size(), listed.toString());
        assertTrue(listed.get("dev:now").visibleToMeltano());
        assertTrue(listed.get("state/dev:old").hiddenFromMeltano().contains("prefix written twice"));
        assertTrue(listed.get("state-old/dev:other/state.json").hiddenFromMeltano().contains("outside the prefix folder"));
        assertTrue(listed.values().stream().noneMatch(l -> l.stateId().contains("not-listed")));
    }

    @Test
    void listingPagesThroughMoreThanOneThousandObjects() throws Exception {
        int count = 1_100;
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> puts = IntStream.range(0, count)
                    .mapToObj(i -> pool.submit(() -> put(String.format("state/dev:tap-%05d-to-target/state.json", i), "{}")))
                    .collect(Collectors.toList());
            for (Future<?> f : puts) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(count, ids(null).size());
        assertEquals(100, ids("dev:tap-010*").size());
    }

    @Test
    void aMissingBucketOrContainerIsNamedInOneLine() {
        BackendException e = assertThrows(BackendException.class, () -> Backends.open(missingUri(), options()));
        assertTrue(e.getMessage().contains("no such"), e.getMessage());
        assertTrue(e.getMessage().contains("no-such-container-here"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    /** {@code str(datetime.now(timezone.utc).timestamp())}. */
    static String meltanoLockValue(Instant at) {
        return at.getEpochSecond() + "." + String.format("%06d", at.getNano() / 1000);
    }
}
