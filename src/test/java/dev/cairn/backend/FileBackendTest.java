package dev.cairn.backend;

import static dev.cairn.testing.Fixtures.*;
import static org.junit.jupiter.api.Assertions.*;

import dev.cairn.state.Json;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StateHealth;
import dev.cairn.testing.Fixtures;
import dev.cairn.testing.Race;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("unit")
class FileBackendTest {

    @TempDir
    Path dir;
    Path root;
    StateBackend backend;

    @BeforeEach
    void open() {
        String uri = Fixtures.fileBackend(dir);
        root = Path.of(uri.substring("file://".length()));
        backend = Backends.open(uri, BackendOptions.defaults().withLockWait(Duration.ofMillis(600)));
    }

    @AfterEach
    void close() {
        backend.close();
    }

    private String file(String id) throws Exception {
        return Files.readString(root.resolve(id).resolve("state.json"), StandardCharsets.UTF_8);
    }

    private void lock(String id, String content) throws Exception {
        Files.createDirectories(root.resolve(id));
        Files.writeString(root.resolve(id).resolve("lock"), content);
    }

    @Test
    void listsAsMeltanoAndFlagsTheNestedId() {
        List<ListedState> listed = backend.list((String) null);
        assertEquals(List.of(G, E, F, D, H, A, B, C, I), listed.stream().map(ListedState::stateId).collect(Collectors.toList()));
        Map<String, ListedState> byId = listed.stream().collect(Collectors.toMap(ListedState::stateId, l -> l));
        assertFalse(byId.get(E).visibleToMeltano());
        assertTrue(byId.get(A).visibleToMeltano());
        assertEquals(List.of(B, C), backend.list("prod:*").stream().map(ListedState::stateId).collect(Collectors.toList()));
        assertEquals(List.of(), backend.list("PROD:*"), "glob is case-sensitive here");
        assertEquals(List.of(E), backend.list("cicd:*/*").stream().map(ListedState::stateId).collect(Collectors.toList()),
                "a pattern with '/' globs one more level, as Python's glob does");
    }

    @Test
    void updateTimesAreEachStateFilesModificationTime() throws Exception {
        Instant older = Instant.parse("2024-05-01T08:00:00Z");
        Instant newer = Instant.parse("2024-06-01T09:30:00.250Z");
        Files.setLastModifiedTime(root.resolve(A).resolve("state.json"), FileTime.from(older));
        Files.setLastModifiedTime(root.resolve(E).resolve("state.json"), FileTime.from(newer));
        lock(A, "1717225200.481233"); // a lock written later is no change of the state

        Map<String, Instant> times = new HashMap<>();
        backend.updateTimes(times::put);
        assertEquals(older, times.get(A));
        assertEquals(newer, times.get(E), "the nested ID too");
        assertEquals(Set.of(A, B, C, D, E, F, G, H, I), times.keySet());
        List<ListedState> listed = new ArrayList<>();
        Map<String, Instant> withTimes = new HashMap<>();
        backend.listWithTimes(null, (id, at) -> {
            listed.add(id);
            withTimes.put(id.stateId(), at);
        });
        assertEquals(backend.list(null), listed, "the listing, hidden IDs' reasons included");
        assertEquals(times, withTimes, "with the times updateTimes gives");
    }

    @Test
    void readsAllStatesSeveralAtOnceAndHandsThemOnInListingOrder() throws Exception {
        for (int i = 0; i < 40; i++) {
            Path folder = Files.createDirectories(root.resolve("dev:tap-" + i + "-to-target-x"));
            Files.writeString(folder.resolve("state.json"), "{\"completed\": {\"singer_state\": {\"n\": " + i + "}}}");
        }
        List<String> listed = backend.list((String) null).stream().map(ListedState::stateId).collect(Collectors.toList());
        List<StoredState> all = new ArrayList<>();
        backend.readAll(null, all::add);
        assertEquals(listed, all.stream().map(StoredState::stateId).collect(Collectors.toList()));
        for (StoredState stored : all) {
            StoredState one = backend.read(stored.stateId());
            assertEquals(one.document(), stored.document(), stored.stateId());
            assertEquals(one.version(), stored.version(), stored.stateId());
        }
    }

    @Test
    void readsEachFixtureAsMeltanoDoes() {
        assertEquals(StateHealth.HEALTHY, StateHealth.of(backend.read(A).document()));
        assertEquals(StateHealth.HEALTHY, StateHealth.of(backend.read(E).document()));
        assertEquals(StateHealth.EMPTY, StateHealth.of(backend.read(D).document()));
        assertEquals(StateHealth.CORRUPT_JSON, StateHealth.of(backend.read(F).document()));
        assertEquals(StateHealth.NO_SINGER_STATE, StateHealth.of(backend.read(H).document()));
        assertEquals(StateHealth.NULL_DOCUMENT, StateHealth.of(backend.read(I).document()));
        assertFalse(backend.read("dev:none").exists());
    }

    @Test
    void rewritingWhatWasReadGivesIdenticalBytes() throws Exception {
        for (String id : List.of(A, B, C, D, E, G, H, I)) {
            String before = file(id);
            StoredState s = backend.read(id);
            backend.write(id, s.document(), s.version());
            assertEquals(before, file(id), id);
        }
    }

    @Test
    void writesMeltanosBytesAndReleasesTheLock() throws Exception {
        var doc = Json.parseObject("{\"singer_state\": {\"bookmarks\": {\"o\": {\"replication_key_value\": \"2024-06-01T00:00:00Z\"}}}}");
        backend.write("dev:new", StateDocument.completeWrite(doc), Version.ABSENT);
        assertEquals("{\"completed\": {\"singer_state\": {\"bookmarks\": {\"o\": {\"replication_key_value\": \"2024-06-01T00:00:00Z\"}}}}, \"partial\": {}}",
                file("dev:new"));
        assertFalse(Files.exists(root.resolve("dev:new/lock")));
        try (Stream<Path> files = Files.list(root.resolve("dev:new"))) {
            assertEquals(List.of("state.json"), files.map(p -> p.getFileName().toString()).collect(Collectors.toList()),
                    "no temporary file is left behind");
        }
    }

    @Test
    void aRewriteKeepsTheFilesModeAndANewFileGetsWhatPythonsOpenGives() throws Exception {
        Path a = root.resolve(A).resolve("state.json");
        Files.setPosixFilePermissions(a, PosixFilePermissions.fromString("rw-rw-r--"));
        StoredState s = backend.read(A);
        backend.write(A, StateDocument.completeWrite(Json.parseObject("{\"singer_state\": {}}")), s.version());
        assertEquals("rw-rw-r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(a)));
        backend.write(A, s.document(), null);
        assertEquals("rw-rw-r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(a)), "also without a version");

        Path opened = Files.createFile(dir.resolve("opened-as-python-would")); // mode 0666 & ~umask
        backend.write("dev:new", s.document(), Version.ABSENT);
        backend.write("dev:new-unconditionally", s.document(), null);
        for (String id : List.of("dev:new", "dev:new-unconditionally")) {
            assertEquals(Files.getPosixFilePermissions(opened), Files.getPosixFilePermissions(root.resolve(id).resolve("state.json")), id);
        }
    }

    @Test
    void noSymbolicLinkInsideTheRootIsFollowedForReadsListsOrWrites() throws Exception {
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
        String theirs = "{\"completed\": {\"singer_state\": {\"theirs\": 1}}, \"partial\": {}}";
        Files.writeString(elsewhere.resolve("state.json"), theirs);
        Files.createSymbolicLink(root.resolve("link"), elsewhere);
        Files.createSymbolicLink(root.resolve("alias"), root.resolve(A));
        Files.createDirectories(root.resolve("file-link"));
        Files.createSymbolicLink(root.resolve("file-link/state.json"), elsewhere.resolve("state.json"));
        var doc = StateDocument.completeWrite(Json.parseObject("{\"singer_state\": {\"mine\": 1}}"));
        for (String id : List.of("link", "alias", "file-link")) {
            BackendException read = assertThrows(BackendException.class, () -> backend.read(id), id);
            assertTrue(read.getMessage().contains("is a symbolic link"), read.getMessage());
            BackendException write = assertThrows(BackendException.class, () -> backend.write(id, doc, null), id);
            assertFalse(write.getMessage().contains("lock on " + id + " may be left"),
                    "a folder's refused lock write left nothing: " + write.getMessage());
            assertThrows(BackendException.class, () -> backend.delete(id, null), id);
        }
        assertEquals(theirs, Files.readString(elsewhere.resolve("state.json")), "nothing outside the root was written");
        assertEquals(List.of("state.json"), sortedNames(elsewhere), "nor a lock left there");
        assertTrue(Files.exists(root.resolve(A).resolve("state.json")));
        assertTrue(backend.list((String) null).stream().map(ListedState::stateId).noneMatch(id -> id.contains("link") || id.equals("alias")),
                "links are not listed either");
    }

    private static List<String> sortedNames(Path folder) throws Exception {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
        }
    }

    /** The locks of many IDs in one listing: the same as asking each ID's lock, free ones left out. */
    @Test
    void theLocksOfManyIdsAreWhatEachIdsLockSays() throws Exception {
        lock(A, Long.toString(Instant.now().getEpochSecond()));
        List<String> ids = backend.list((String) null).stream().map(ListedState::stateId).collect(Collectors.toList());
        Map<String, LockStatus> each = new HashMap<>();
        ids.forEach(id -> {
            LockStatus status = backend.lockStatus(id);
            if (status.state() != LockStatus.State.FREE) {
                each.put(id, status);
            }
        });
        assertEquals(Set.of(A, C), each.keySet(), "a held lock and the fixture's stale one");
        assertEquals(each, backend.locks(ids));
        assertEquals(Map.of(), backend.locks(List.of(B, D)), "only the IDs asked");
    }

    @Test
    void aStaleLockIsBrokenAsMeltanoWould() throws Exception {
        assertEquals(LockStatus.State.STALE, backend.lockStatus(C).state(), "the fixture lock is from 2024");
        StoredState c = backend.read(C);
        backend.write(C, c.document(), c.version());
        assertFalse(Files.exists(root.resolve(C).resolve("lock")));
    }

    @Test
    void aHeldLockMakesWritesFailAfterABoundedWait() throws Exception {
        double now = System.currentTimeMillis() / 1000.0;
        lock(A, Double.toString(now));
        assertTrue(backend.lockStatus(A).isHeld());
        StoredState a = backend.read(A);
        long start = System.nanoTime();
        LockedException e = assertThrows(LockedException.class, () -> backend.write(A, a.document(), a.version()));
        assertTrue(e.getMessage().contains("locked by a running pipeline since"), e.getMessage());
        assertTrue(Duration.ofNanos(System.nanoTime() - start).toMillis() >= 500);
        assertEquals(Double.toString(now), Files.readString(root.resolve(A).resolve("lock")), "someone else's lock is left alone");
    }

    @Test
    void ofWritersRacingFromTheSameReadExactlyOneWins() throws Exception {
        try (StateBackend patient = Backends.open("file://" + root, BackendOptions.defaults())) {
            assertEquals(1, Race.writersWinning(patient, A, 8));
            assertEquals(1, Race.writersWinning(patient, "dev:created-by-racers", 8), "creation races too");
        }
    }

    @Test
    void onlyStaleLocksCanBeBroken() throws Exception {
        backend.breakStaleLock(C);
        assertFalse(Files.exists(root.resolve(C).resolve("lock")));
        lock(A, Double.toString(System.currentTimeMillis() / 1000.0));
        assertThrows(LockedException.class, () -> backend.breakStaleLock(A));
        assertTrue(Files.exists(root.resolve(A).resolve("lock")));
    }

    @Test
    void theLockIsReleasedWhenAWriteFails() throws Exception {
        StoredState a = backend.read(A);
        Files.writeString(root.resolve(A).resolve("state.json"), "{\"completed\": {}, \"partial\": {}}");
        assertThrows(ConflictException.class, () -> backend.write(A, a.document(), a.version()));
        assertFalse(Files.exists(root.resolve(A).resolve("lock")));
        assertEquals("{\"completed\": {}, \"partial\": {}}", file(A));
    }

    @Test
    void lockContentIsMeltanosEpochFloat() throws Exception {
        // While the write holds the lock, a racing reader sees Meltano's format; check it through status.
        lock(B, "1717225200.481233");
        LockStatus status = backend.lockStatus(B);
        assertEquals(LockStatus.State.STALE, status.state());
        assertEquals(1717225200L, status.since().getEpochSecond());
        assertEquals(481233000, status.since().getNano());
    }

    @Test
    void deleteRemovesTheIdFolder() {
        backend.delete(D, backend.read(D).version());
        assertFalse(Files.exists(root.resolve(D)));
        backend.delete(E, backend.read(E).version());
        assertFalse(Files.exists(root.resolve(E)));
    }

    @Test
    void windowsLayoutReadsBase64Folders() throws Exception {
        String uri = Fixtures.windowsFileBackend(dir);
        try (StateBackend windows = Backends.open(uri, BackendOptions.defaults().withSetting("file.layout", "windows"))) {
            assertEquals(9, windows.list((String) null).size());
            assertTrue(windows.list((String) null).stream().allMatch(ListedState::visibleToMeltano));
            assertEquals(List.of(E), windows.list("cicd:*").stream().map(ListedState::stateId).collect(Collectors.toList()));
            assertEquals(backend.read(C).document(), windows.read(C).document());
            StoredState a = windows.read(A);
            windows.write(A, a.document(), a.version());
            assertEquals(file(A), Files.readString(Path.of(uri.substring(7)).resolve("ZGV2OnRhcC1wb3N0Z3Jlcy10by10YXJnZXQtc25vd2ZsYWtl/state.json")));
        }
    }

    @Test
    void relativeFileUrisAreRefused() {
        BackendException e = assertThrows(BackendException.class, () -> Backends.open("file://relative/dir", BackendOptions.defaults()));
        assertTrue(e.getMessage().contains("absolute"));
    }
}
