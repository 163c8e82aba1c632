package dev.cairn.backend;

import static dev.cairn.testing.Fixtures.*;
import static org.junit.jupiter.api.Assertions.*;

import dev.cairn.state.Json;
import dev.cairn.state.PythonJson;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StateHealth;
import dev.cairn.testing.Fixtures;
import dev.cairn.testing.Race;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("unit")
class SqliteBackendTest {

    @TempDir
    Path dir;
    String uri;
    StateBackend backend;

    @BeforeEach
    void open() {
        uri = Fixtures.systemDb(dir);
        backend = Backends.open(uri, BackendOptions.defaults());
    }

    @AfterEach
    void close() {
        backend.close();
    }

    private String[] row(String id) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("meltano.db"));
             Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT completed_state, partial_state, updated_at FROM state WHERE state_id = '" + id + "'")) {
            return r.next() ? new String[] {r.getString(1), r.getString(2), r.getString(3)} : null;
        }
    }

    private void sql(String statement) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("meltano.db"));
             Statement s = c.createStatement()) {
            s.executeUpdate(statement);
        }
    }

    @Test
    void listsEveryFixtureRowIncludingBrokenOnes() {
        List<String> ids = backend.list((String) null).stream().map(ListedState::stateId).collect(Collectors.toList());
        assertEquals(List.of(A, B, C, D, E, F, G, H, I), ids, "the table's order, as Meltano lists");
    }

    @Test
    void patternsUseSqlLikeAsMeltanoDoes() {
        assertEquals(List.of(B, C), ids("prod:*"));
        assertEquals(List.of(B, C), ids("PROD:*"), "SQLite's LIKE ignores ASCII case");
        assertEquals(List.of(A, D, F, H), ids("dev_*"), "'_' is a LIKE wildcard");
        assertEquals(List.of(), ids("dev?*"), "'?' is literal in LIKE");
    }

    @Test
    void updateTimesAreMeltanosUpdatedAtReadInLocalTimeWithoutTheNullOnes() throws Exception {
        Map<String, Instant> times = new HashMap<>();
        backend.updateTimes(times::put);
        ZoneId here = ZoneId.systemDefault();
        assertEquals(LocalDateTime.parse("2024-06-01T10:00:03.512847").atZone(here).toInstant(), times.get(A));
        assertEquals(LocalDateTime.parse("2024-06-01T11:11:11.111111").atZone(here).toInstant(), times.get(H));
        assertEquals(Set.of(A, B, C, D, E, F, G, H, I), times.keySet());
        assertNull(times.get(B), "NULL: Meltano inserted it and never replaced it");

        Instant before = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        StoredState b = backend.read(B);
        backend.write(B, b.document(), b.version());
        backend.updateTimes(times::put);
        Instant written = times.get(B);
        assertNotNull(written, "a replaced row is stamped, as Meltano's row switch stamps it");
        assertFalse(written.isBefore(before), written + " before " + before);
    }

    /** One query gives what list and updateTimes give apart. */
    @Test
    void listingWithTimesIsTheListingAndTheUpdateTimesAtOnce() {
        Map<String, Instant> times = new HashMap<>();
        backend.updateTimes(times::put);
        List<String> listed = new ArrayList<>();
        Map<String, Instant> withTimes = new HashMap<>();
        backend.listWithTimes(null, (id, at) -> {
            listed.add(id.stateId());
            withTimes.put(id.stateId(), at);
        });
        assertEquals(backend.list(null).stream().map(ListedState::stateId).toList(), listed);
        assertEquals(times, withTimes);
        List<String> prod = new ArrayList<>();
        backend.listWithTimes("prod:*", (id, at) -> prod.add(id.stateId()));
        assertEquals(ids("prod:*"), prod, "the pattern as list reads it");
    }

    private List<String> ids(String pattern) {
        return backend.list(pattern).stream().map(ListedState::stateId).collect(Collectors.toList());
    }

    @Test
    void readsEachFixtureAsMeltanoDoes() throws Exception {
        assertEquals(StateHealth.HEALTHY, StateHealth.of(backend.read(A).document()));
        assertEquals(StateHealth.HEALTHY, StateHealth.of(backend.read(B).document()));
        assertTrue(backend.read(C).document().hasPendingPartial());
        assertEquals(StateHealth.EMPTY, StateHealth.of(backend.read(D).document()));
        assertEquals(StateHealth.CORRUPT_JSON, StateHealth.of(backend.read(F).document()));
        assertTrue(backend.read(F).document().completed().rawText().endsWith("\"replication_key_val"));
        assertEquals(StateHealth.NO_SINGER_STATE, StateHealth.of(backend.read(H).document()));
        assertEquals(StateHealth.NULL_DOCUMENT, StateHealth.of(backend.read(I).document()));
        assertFalse(backend.read("no:such-id").exists());
        assertEquals(Version.ABSENT, backend.read("no:such-id").version());
    }

    @Test
    void writingWhatWasReadKeepsTheExactText() throws Exception {
        for (String id : List.of(A, B, C, D, E, F, G, H, I)) {
            String[] before = row(id);
            StoredState state = backend.read(id);
            backend.write(id, state.document(), state.version());
            String[] after = row(id);
            assertEquals(before[0], after[0], id);
            assertEquals(before[1], after[1], id);
            assertEquals(state.version(), backend.read(id).version());
        }
    }

    @Test
    void writesMeltanosTextAndTimestamps() throws Exception {
        var doc = Json.parseObject("{\"singer_state\": {\"bookmarks\": {\"s\": {\"v\": 1e-05, \"city\": \"M\\u00fcnchen\"}}}}");
        backend.write("dev:new-to-target", StateDocument.completeWrite(doc), Version.ABSENT);
        String[] created = row("dev:new-to-target");
        assertEquals("{\"singer_state\": {\"bookmarks\": {\"s\": {\"v\": 1e-05, \"city\": \"M\\u00fcnchen\"}}}}", created[0]);
        assertEquals("{}", created[1]);
        assertNull(created[2], "Meltano's first insert leaves updated_at NULL");
        StoredState read = backend.read("dev:new-to-target");
        backend.write("dev:new-to-target", StateDocument.completeWrite(doc), read.version());
        assertTrue(row("dev:new-to-target")[2].matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d{6}"));
    }

    @Test
    void nullPartsAreStoredAsSqlNull() throws Exception {
        StoredState i = backend.read(I);
        backend.write(I, i.document(), i.version());
        assertNull(row(I)[1]);
    }

    @Test
    void ofWritersRacingFromTheSameReadExactlyOneWins() throws Exception {
        assertEquals(1, Race.writersWinning(backend, A, 8));
        assertEquals(1, Race.writersWinning(backend, "dev:created-by-racers", 8), "creation races too");
    }

    @Test
    void aRacingWriterCausesAConflictAndLosesNothing() throws Exception {
        StoredState read = backend.read(A);
        sql("UPDATE state SET completed_state = '{\"singer_state\": {\"theirs\": 1}}' WHERE state_id = '" + A + "'");
        ConflictException e = assertThrows(ConflictException.class,
                () -> backend.write(A, StateDocument.completeWrite(Json.parseObject("{\"singer_state\": {\"mine\": 1}}")), read.version()));
        assertEquals("{\"singer_state\": {\"theirs\": 1}}", PythonJson.dumps(e.current().document().completed().value()));
        assertEquals("{\"singer_state\": {\"theirs\": 1}}", row(A)[0]);
        assertThrows(ConflictException.class, () -> backend.delete(A, read.version()));
        assertNotNull(row(A));
    }

    @Test
    void creatingAStateSomeoneElseCreatedFirstIsAConflict() throws Exception {
        sql("INSERT INTO state (state_id, completed_state, partial_state) VALUES ('dev:x', '{}', '{}')");
        assertThrows(ConflictException.class,
                () -> backend.write("dev:x", StateDocument.EMPTY, Version.ABSENT));
    }

    @Test
    void deleteRemovesTheRow() throws Exception {
        backend.delete(D, backend.read(D).version());
        assertNull(row(D));
    }

    @Test
    void runningJobsShowAsLocks() {
        assertEquals(LockStatus.State.STALE, backend.lockStatus(C).state(), "fixture run 6 is RUNNING since 2024");
        assertEquals(LockStatus.State.FREE, backend.lockStatus(A).state());
    }

    /** A selected ID's run is read by one query for its job: the same row the whole set names for it. */
    @Test
    void oneJobsRunningRowIsTheOneTheWholeSetNames() {
        RunLog runs = backend.runs().orElseThrow();
        assertEquals(runs.runningByJob().get(C), runs.running(C).orElseThrow());
        assertTrue(runs.running(A).isEmpty());
    }

    @Test
    void aLivePipelineBlocksWritesAndADeadOneDoesNot() throws Exception {
        String now = LocalDateTime.now(ZoneOffset.UTC).toString().replace('T', ' ');
        sql("INSERT INTO runs (id, job_name, state, started_at, last_heartbeat_at, payload_flags) VALUES (7, '" + A
                + "', 'RUNNING', '" + now + "', '" + now + "', 0)");
        assertTrue(backend.lockStatus(A).isHeld());
        StoredState a = backend.read(A);
        LockedException e = assertThrows(LockedException.class, () -> backend.write(A, a.document(), a.version()));
        assertTrue(e.getMessage().contains("locked by a running pipeline"), e.getMessage());
        assertThrows(LockedException.class, () -> backend.breakStaleLock(A));
        StoredState c = backend.read(C);
        backend.write(C, c.document(), c.version());
    }

    @Test
    void readAllStreamsEveryState() {
        List<StoredState> all = new ArrayList<>();
        backend.readAll("dev:*", all::add);
        assertEquals(List.of(A, D, F, H), all.stream().map(StoredState::stateId).collect(Collectors.toList()));
    }

    /**
     * Whether there is a runs table is asked again while there is none, so one that Meltano's
     * migration adds to an open database is found; once seen it is not asked after again.
     */
    @Test
    void aRunsTableAddedWhileOpenIsFound() throws Exception {
        sql("ALTER TABLE runs RENAME TO runs_aside");
        assertTrue(backend.runs().isEmpty());
        sql("ALTER TABLE runs_aside RENAME TO runs");
        assertTrue(backend.runs().isPresent());
        sql("ALTER TABLE runs RENAME TO runs_aside");
        assertTrue(backend.runs().isPresent(), "a runs table seen is taken as there (Meltano never drops it)");
    }

    @Test
    void aDatabaseWithoutAStateTableIsRefused() throws Exception {
        Path other = dir.resolve("other.db");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + other); Statement s = c.createStatement()) {
            s.executeUpdate("CREATE TABLE runs (id INTEGER)");
        }
        BackendException e = assertThrows(BackendException.class, () -> Backends.open("sqlite:///" + other, BackendOptions.defaults()));
        assertTrue(e.getMessage().contains("not a Meltano system database"), e.getMessage());
        assertThrows(BackendException.class, () -> Backends.open("sqlite:///" + dir.resolve("missing.db"), BackendOptions.defaults()));
        assertFalse(Files.exists(dir.resolve("missing.db")), "Cairn never creates a database");
    }

    /**
     * SQLite's trouble with the file on the first read is what is reported, in SQLite's words and on
     * one line: neither is a missing table, and the database is Meltano's.
     */
    @Test
    void troubleWithTheFileIsNotTakenForAMissingTable() throws Exception {
        backend.close(); // the last connection: SQLite removes the WAL file
        Path wal = dir.resolve("meltano.db-wal");
        Files.createDirectory(wal); // SQLite cannot open the WAL file it needs to read
        assertOpenFails("(unable to open database file)", BackendOptions.defaults());
        Files.delete(wal);
        // another process holds the database for itself (EXCLUSIVE locking mode) past the busy timeout
        try (Connection holder = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("meltano.db"));
             Statement s = holder.createStatement()) {
            s.execute("PRAGMA locking_mode = EXCLUSIVE");
            s.execute("BEGIN EXCLUSIVE");
            assertOpenFails("(database is locked)", BackendOptions.defaults().withLockWait(Duration.ofSeconds(1)));
        }
    }

    private void assertOpenFails(String sqlitesWords, BackendOptions options) {
        BackendException e = assertThrows(BackendException.class, () -> Backends.open(uri, options));
        assertTrue(e.getMessage().startsWith(uri + ": [SQLITE_") && e.getMessage().endsWith(sqlitesWords), e.getMessage());
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    }

    @Test
    void readOnlyBackendsRefuseWrites() {
        try (StateBackend ro = Backends.open(uri, BackendOptions.defaults().withReadOnly(true))) {
            StoredState a = ro.read(A);
            assertThrows(ReadOnlyException.class, () -> ro.write(A, a.document(), a.version()));
            assertThrows(ReadOnlyException.class, () -> ro.delete(A, a.version()));
        }
    }

    @Test
    void unknownSchemesAreNamed() {
        BackendException e = assertThrows(BackendException.class, () -> Backends.open("ftp://x:secret@host/y", BackendOptions.defaults()));
        assertTrue(e.getMessage().contains("unknown backend URI"));
        assertFalse(e.getMessage().contains("secret"));
    }
}
