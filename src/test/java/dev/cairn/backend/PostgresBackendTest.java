package dev.cairn.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.backend.systemdb.PostgresUri;
import dev.cairn.state.Json;
import dev.cairn.state.PythonJson;
import dev.cairn.state.StateDocument;
import dev.cairn.testing.Fixtures;
import dev.cairn.testing.Race;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/** The PostgreSQL system database against a real server, in a fresh schema chosen as Meltano users choose one. */
@Tag("server")
class PostgresBackendTest {

    /** Meltano's DDL for PostgreSQL (reference §1.2). */
    static final String STATE_DDL = "CREATE TABLE state (\n"
            + "\tstate_id VARCHAR(900) NOT NULL, \n"
            + "\tpartial_state VARCHAR, \n"
            + "\tcompleted_state VARCHAR, \n"
            + "\tupdated_at TIMESTAMP WITHOUT TIME ZONE, \n"
            + "\tPRIMARY KEY (state_id), \n"
            + "\tUNIQUE (state_id)\n"
            + ")";

    String uri;
    StateBackend backend;

    @BeforeEach
    void open() throws Exception {
        uri = TestPostgres.freshSchemaUri();
        sql(STATE_DDL);
        backend = Backends.open(uri, BackendOptions.defaults());
    }

    @AfterEach
    void close() {
        backend.close();
    }

    private Connection connect() throws Exception {
        return PostgresUri.parse(uri).connect();
    }

    private void sql(String statement) throws Exception {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute(statement);
        }
    }

    private void insert(String id, String completed, String partial) throws Exception {
        try (Connection c = connect();
             PreparedStatement s = c.prepareStatement("INSERT INTO state (state_id, completed_state, partial_state) VALUES (?, ?, ?)")) {
            s.setString(1, id);
            s.setString(2, completed);
            s.setString(3, partial);
            s.executeUpdate();
        }
    }

    /** completed_state, partial_state, updated_at as stored, or null without a row. */
    private Object[] row(String id) throws Exception {
        try (Connection c = connect();
             PreparedStatement s = c.prepareStatement("SELECT completed_state, partial_state, updated_at FROM state WHERE state_id = ?")) {
            s.setString(1, id);
            try (ResultSet r = s.executeQuery()) {
                return r.next() ? new Object[] {r.getString(1), r.getString(2), r.getObject(3, LocalDateTime.class)} : null;
            }
        }
    }

    /** The listed IDs, sorted: the order is the server's collation's, which differs between servers. */
    private List<String> ids(String pattern) {
        return backend.list(pattern).stream().map(ListedState::stateId).sorted().collect(Collectors.toList());
    }

    private static StateDocument complete(String json) throws Exception {
        return StateDocument.completeWrite(Json.parseObject(json));
    }

    @Test
    void opensEveryUriFormMeltanoUsersWrite() throws Exception {
        insert("dev:a", "{}", "{}");
        String plain = uri.replace("postgresql+psycopg://", "postgresql://");
        for (String form : List.of(plain, uri.replace("postgresql+psycopg://", "postgresql+psycopg2://"))) {
            try (StateBackend b = Backends.open(form, BackendOptions.defaults())) {
                assertEquals(List.of("dev:a"), b.list((String) null).stream().map(ListedState::stateId).collect(Collectors.toList()), form);
                assertFalse(b.displayUri().isEmpty());
            }
        }
        PostgresUri pg = PostgresUri.parse(uri);
        String jdbc = pg.jdbcUrl() + "?user=" + pg.user() + "&options=" + pg.properties().getProperty("options").replace("=", "%3D");
        try (StateBackend b = Backends.open(jdbc, BackendOptions.defaults())) {
            assertTrue(b.read("dev:a").exists(), jdbc);
        }
    }

    @Test
    void theSchemaInSearchPathIsTheOneUsed() throws Exception {
        // a state table in another schema must not be seen
        insert("dev:mine", "{}", "{}");
        String other = TestPostgres.freshSchemaUri();
        try (Connection c = PostgresUri.parse(other).connect(); Statement s = c.createStatement()) {
            s.execute(STATE_DDL);
            s.execute("INSERT INTO state (state_id, completed_state, partial_state) VALUES ('dev:theirs', '{}', '{}')");
        }
        assertEquals(List.of("dev:mine"), ids(null));
    }

    @Test
    void writesMeltanosExactTextAndTimestamps() throws Exception {
        var doc = Json.parseObject("{\"singer_state\": {\"bookmarks\": {\"s\": {\"v\": 1e-05, \"big\": 1e+16, \"city\": \"M\\u00fcnchen \\ud83d\\ude80\"}}}}");
        Version created = backend.write("dev:new-to-target", StateDocument.completeWrite(doc), Version.ABSENT);
        Object[] row = row("dev:new-to-target");
        assertEquals("{\"singer_state\": {\"bookmarks\": {\"s\": {\"v\": 1e-05, \"big\": 1e+16, \"city\": \"M\\u00fcnchen \\ud83d\\ude80\"}}}}", row[0]);
        assertEquals(PythonJson.dumps(doc), row[0]);
        assertEquals("{}", row[1]);
        assertNull(row[2], "Meltano's first insert leaves updated_at NULL");
        assertEquals(created, backend.read("dev:new-to-target").version());
        Map<String, Instant> times = new HashMap<>();
        backend.updateTimes(times::put);
        assertTrue(times.containsKey("dev:new-to-target") && times.get("dev:new-to-target") == null, times.toString());

        LocalDateTime before = LocalDateTime.now().minusSeconds(1);
        backend.write("dev:new-to-target", complete("{\"singer_state\": {\"x\": 2}}"), created);
        LocalDateTime stamped = (LocalDateTime) row("dev:new-to-target")[2];
        assertTrue(stamped.isAfter(before) && stamped.isBefore(LocalDateTime.now().plusSeconds(1)),
                "an update stamps the naive local time, as SQLAlchemy's row switch does: " + stamped);
        backend.updateTimes(times::put);
        assertEquals(stamped.atZone(ZoneId.systemDefault()).toInstant(), times.get("dev:new-to-target"),
                "the update time is that local time");
    }

    @Test
    void fixtureRowsRoundTripByteForByte() throws Exception {
        Map<String, String[]> fixture = fixtureRows();
        for (Map.Entry<String, String[]> e : fixture.entrySet()) {
            insert(e.getKey(), e.getValue()[0], e.getValue()[1]);
        }
        for (Map.Entry<String, String[]> e : fixture.entrySet()) {
            StoredState state = backend.read(e.getKey());
            backend.write(e.getKey(), state.document(), state.version());
            Object[] after = row(e.getKey());
            assertEquals(e.getValue()[0], after[0], e.getKey());
            assertEquals(e.getValue()[1], after[1], e.getKey());
            assertEquals(state.version(), backend.read(e.getKey()).version(), e.getKey());
        }
        assertNull(row(Fixtures.I)[1], "a NULL partial stays SQL NULL");
    }

    @TempDir
    Path tmp;

    /** The nine state rows of the fixture SQLite system DB, as Meltano wrote them. */
    private Map<String, String[]> fixtureRows() throws Exception {
        String sqlite = Fixtures.systemDb(tmp);
        Map<String, String[]> rows = new LinkedHashMap<>();
        try (Connection c = DriverManager.getConnection("jdbc:" + sqlite.replace("sqlite:///", "sqlite:"));
             Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT state_id, completed_state, partial_state FROM state")) {
            while (r.next()) {
                rows.put(r.getString(1), new String[] {r.getString(2), r.getString(3)});
            }
        }
        assertEquals(9, rows.size());
        return rows;
    }

    @Test
    void aRacingWriterCausesAConflictCarryingWhatTheyWrote() throws Exception {
        insert("dev:a", "{\"singer_state\": {\"v\": 1}}", "{}");
        StoredState read = backend.read("dev:a");
        sql("UPDATE state SET completed_state = '{\"singer_state\": {\"theirs\": 1}}' WHERE state_id = 'dev:a'");
        ConflictException e = assertThrows(ConflictException.class,
                () -> backend.write("dev:a", complete("{\"singer_state\": {\"mine\": 1}}"), read.version()));
        assertEquals("{\"singer_state\": {\"theirs\": 1}}", PythonJson.dumps(e.current().document().completed().value()));
        assertEquals("{\"singer_state\": {\"theirs\": 1}}", row("dev:a")[0]);
        assertThrows(ConflictException.class, () -> backend.delete("dev:a", read.version()));
        assertNotNull(row("dev:a"));
    }

    @Test
    void aWriterWaitsForAnOpenTransactionAndThenSeesItsChange() throws Exception {
        insert("dev:a", "{\"singer_state\": {\"v\": 1}}", "{}");
        StoredState read = backend.read("dev:a");
        try (Connection other = connect()) {
            other.setAutoCommit(false);
            try (Statement s = other.createStatement()) {
                s.executeUpdate("UPDATE state SET completed_state = '{\"singer_state\": {\"v\": 2}}' WHERE state_id = 'dev:a'");
            }
            CompletableFuture<Version> mine = CompletableFuture.supplyAsync(
                    () -> backend.write("dev:a", StateDocument.completeWrite(Json.object()), read.version()));
            TestPostgres.awaitBlockedBy(other, 1, Duration.ofSeconds(30));
            assertFalse(mine.isDone(), "the row lock holds our write until the other transaction ends");
            other.commit();
            Exception e = assertThrows(Exception.class, () -> mine.get(10, TimeUnit.SECONDS));
            assertTrue(e.getCause() instanceof ConflictException, String.valueOf(e.getCause()));
        }
        assertEquals("{\"singer_state\": {\"v\": 2}}", row("dev:a")[0]);
    }

    @Test
    void twoCreatorsCannotBothWin() throws Exception {
        try (Connection other = connect()) {
            other.setAutoCommit(false);
            try (Statement s = other.createStatement()) {
                s.executeUpdate("INSERT INTO state (state_id, completed_state, partial_state) VALUES ('dev:new', '{\"theirs\": 1}', '{}')");
            }
            CompletableFuture<Version> mine = CompletableFuture.supplyAsync(
                    () -> backend.write("dev:new", StateDocument.completeWrite(Json.object()), Version.ABSENT));
            TestPostgres.awaitBlockedBy(other, 1, Duration.ofSeconds(30));
            assertFalse(mine.isDone(), "our insert waits on their uncommitted key");
            other.commit();
            Exception e = assertThrows(Exception.class, () -> mine.get(10, TimeUnit.SECONDS));
            assertTrue(e.getCause() instanceof ConflictException, String.valueOf(e.getCause()));
            assertTrue(((ConflictException) e.getCause()).current().exists());
        }
        assertEquals("{\"theirs\": 1}", row("dev:new")[0]);
    }

    @Test
    void manyRacingWritersFromOneReadExactlyOneWins() throws Exception {
        insert("dev:race", "{}", "{}");
        assertEquals(1, Race.writersWinning(backend, "dev:race", 6));
        assertEquals(1, Race.writersWinning(backend, "dev:created-by-racers", 6), "creators race too");
    }

    @Test
    void aRowLockHeldTooLongFailsInsteadOfHanging() throws Exception {
        insert("dev:a", "{}", "{}");
        try (StateBackend impatient = Backends.open(uri, BackendOptions.defaults().withLockWait(Duration.ofMillis(300)));
             Connection other = connect()) {
            other.setAutoCommit(false);
            try (Statement s = other.createStatement()) {
                s.executeQuery("SELECT 1 FROM state WHERE state_id = 'dev:a' FOR UPDATE").close();
            }
            StoredState read = impatient.read("dev:a");
            long t0 = System.nanoTime();
            BackendException e = assertThrows(BackendException.class,
                    () -> impatient.write("dev:a", StateDocument.EMPTY, read.version()));
            assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(5));
            assertTrue(e.getMessage().contains("lock"), e.getMessage());
            other.rollback();
            // the pool recovers: the next write goes through
            impatient.write("dev:a", StateDocument.EMPTY, read.version());
        }
    }

    @Test
    void patternsUsePostgresLikeAsMeltanoDoes() throws Exception {
        for (String id : List.of("dev:tap-a-to-b", "Dev:tap-x-to-y", "devXtap", "dev_tap", "dev%tap", "dev?tap", "prod:tap-a-to-b")) {
            insert(id, "{}", "{}");
        }
        assertEquals(List.of("dev%tap", "dev:tap-a-to-b", "dev?tap", "devXtap", "dev_tap"), ids("dev*"),
                "PostgreSQL's LIKE is case-sensitive");
        assertEquals(List.of("dev%tap", "dev?tap", "devXtap", "dev_tap"), ids("dev_tap"), "'_' is a LIKE wildcard");
        assertEquals(List.of("dev_tap"), ids("dev\\_tap"), "a backslash escapes, as PostgreSQL's LIKE does by default");
        assertEquals(List.of("dev?tap"), ids("dev?tap"), "'?' is literal in LIKE");
        assertEquals(List.of("dev%tap", "dev:tap-a-to-b", "dev?tap", "devXtap", "dev_tap"), ids("dev%"));
        assertEquals(List.of(), ids("tap*"));
        assertEquals(7, ids(null).size());
    }

    @Test
    void listingAHundredThousandIdsStreamsThem() throws Exception {
        sql("INSERT INTO state (state_id, completed_state, partial_state)"
                + " SELECT 'dev:tap-' || lpad(g::text, 6, '0') || '-to-target', repeat('x', 2000), '{}'"
                + " FROM generate_series(1, 100000) g");
        AtomicInteger seen = new AtomicInteger();
        long t0 = System.nanoTime();
        backend.list(null, listed -> seen.incrementAndGet());
        assertEquals(100_000, seen.get());
        assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(30));
        AtomicInteger matched = new AtomicInteger();
        backend.list("dev:tap-0999*", listed -> matched.incrementAndGet());
        assertEquals(100, matched.get());
    }

    @Test
    void deleteRemovesTheRow() throws Exception {
        insert("dev:a", "{}", "{}");
        backend.delete("dev:a", backend.read("dev:a").version());
        assertNull(row("dev:a"));
        assertFalse(backend.read("dev:a").exists());
    }

    @Test
    void readOnlyBackendsRefuseWrites() throws Exception {
        insert("dev:a", "{}", "{}");
        try (StateBackend ro = Backends.open(uri, BackendOptions.defaults().withReadOnly(true))) {
            StoredState a = ro.read("dev:a");
            assertTrue(a.exists());
            assertThrows(ReadOnlyException.class, () -> ro.write("dev:a", a.document(), a.version()));
        }
    }

    @Test
    void aSchemaWithoutAStateTableIsRefused() {
        String empty = TestPostgres.freshSchemaUri();
        BackendException e = assertThrows(BackendException.class, () -> Backends.open(empty, BackendOptions.defaults()));
        assertTrue(e.getMessage().contains("not a Meltano system database"), e.getMessage());
    }

    /** Every call naming a state ID with a NUL, which PostgreSQL text cannot hold, is refused in one line before it is sent. */
    @Test
    void anIdWithANulIsRefusedBeforeItReachesTheServer() throws Exception {
        String id = "dev:a\u0000b";
        StateDocument doc = complete("{\"singer_state\": {}}");
        RunLog runs = (RunLog) backend; // a database without a runs table, whose runs() is empty: its queries refuse the ID all the same
        List<Executable> calls = List.of(() -> backend.read(id),
                () -> backend.write(id, doc, null), () -> backend.delete(id, null), () -> backend.lockStatus(id),
                () -> runs.history(id, null, 10, false), () -> runs.run(id, UUID.randomUUID()));
        for (Executable call : calls) {
            BackendException e = assertThrows(BackendException.class, call);
            assertEquals("a state ID in " + backend.displayUri() + " must be storable: PostgreSQL text holds no NUL character",
                    e.getMessage());
        }
    }

    /** A role that may not read the state table is told so, not that the database is not Meltano's. */
    @Test
    void aStateTableTheRoleMayNotReadIsNotTakenForAMissingOne() throws Exception {
        String role = "cairn_no_grant_" + ProcessHandle.current().pid();
        String schema = uri.substring(uri.indexOf("search_path%3D") + "search_path%3D".length());
        sql("CREATE ROLE " + role + " LOGIN");
        try {
            sql("GRANT USAGE ON SCHEMA " + schema + " TO " + role);
            String asRole = uri.replace("postgres@", role + "@");
            BackendException e = assertThrows(BackendException.class, () -> Backends.open(asRole, BackendOptions.defaults()));
            assertTrue(e.getMessage().endsWith(": ERROR: permission denied for table state"), e.getMessage());
        } finally {
            sql("DROP OWNED BY " + role);
            sql("DROP ROLE " + role);
        }
    }

    @Test
    void aFailedLoginNeverShowsThePassword() {
        String wrong = uri.replace("postgres@", "cairn_nobody:Wr0ngSecret@");
        BackendException e = assertThrows(BackendException.class, () -> Backends.open(wrong, BackendOptions.defaults()));
        assertFalse(e.getMessage().contains("Wr0ngSecret"), e.getMessage());
        for (Throwable t = e; t != null; t = t.getCause()) {
            assertFalse(String.valueOf(t.getMessage()).contains("Wr0ngSecret"), t.toString());
        }
    }
}
