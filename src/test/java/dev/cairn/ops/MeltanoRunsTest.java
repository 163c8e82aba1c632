package dev.cairn.ops;

import static org.junit.jupiter.api.Assertions.*;

import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.CommandWrite;
import dev.cairn.backend.ConflictException;
import dev.cairn.backend.MeltanoRun;
import dev.cairn.backend.ReadOnlyException;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.TestPostgres;
import dev.cairn.backend.Version;
import dev.cairn.backend.systemdb.MeltanoSchema;
import dev.cairn.backend.systemdb.PostgresUri;
import dev.cairn.state.Json;
import dev.cairn.state.StateDocument;
import dev.cairn.testing.EmptyBackends;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The {@code runs} rows Meltano's state commands leave ({@code StateService.add_state}: a
 * {@code Job(job_name=state_id, state=STATE_EDIT, started_at=ended_at=now)} saved with the payload
 * and its flags), read back from real SQLite and PostgreSQL system databases column by column.
 */
@Tag("server")
class MeltanoRunsTest {

    /** A document with what Python's json.dumps writes its own way: a non-ASCII character and a big float. */
    private static final String INPUT = "{\"singer_state\":{\"bookmarks\":{\"s\":{\"city\":\"München\",\"x\":1e16}}}}";
    private static final String INPUT_DUMPS = "{\"singer_state\": {\"bookmarks\": {\"s\": {\"city\": \"M\\u00fcnchen\", \"x\": 1e+16}}}}";
    private static final DateTimeFormatter SQLALCHEMY_SQLITE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS");
    private static final Pattern UUID7_HEX = Pattern.compile("[0-9a-f]{12}7[0-9a-f]{3}[89ab][0-9a-f]{15}");

    @TempDir
    Path dir;

    /** A system database Cairn writes to, and a way to read its runs table as stored. */
    enum Db {
        SQLITE, POSTGRES;

        String create(Path dir) throws SQLException {
            if (this == SQLITE) {
                Path file = dir.resolve("meltano.db");
                MeltanoSchema.createSqlite(file);
                return "sqlite:///" + file;
            }
            String uri = TestPostgres.freshSchemaUri();
            try (Connection c = PostgresUri.parse(uri).connect()) {
                MeltanoSchema.createPostgres(c);
            }
            return uri;
        }

        Connection connect(String uri) throws SQLException {
            return this == SQLITE
                    ? DriverManager.getConnection("jdbc:sqlite:" + uri.substring("sqlite:///".length()))
                    : PostgresUri.parse(uri).connect();
        }
    }

    /** One runs row as stored: times and run ID normalised from each database's own types. */
    record Row(long id, String jobName, String state, LocalDateTime startedAt, LocalDateTime endedAt, String payload,
               int payloadFlags, UUID runId, String trigger, LocalDateTime lastHeartbeatAt) {}

    private static List<Row> runs(Db db, String uri, String jobName) throws SQLException {
        List<Row> rows = new ArrayList<>();
        try (Connection c = db.connect(uri); PreparedStatement s = c.prepareStatement("SELECT id, job_name, state,"
                + " started_at, ended_at, payload, payload_flags, run_id, \"trigger\", last_heartbeat_at FROM runs"
                + " WHERE job_name = ? ORDER BY id")) {
            s.setString(1, jobName);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    rows.add(new Row(r.getLong(1), r.getString(2), r.getString(3), time(db, r, 4), time(db, r, 5),
                            r.getString(6), r.getInt(7), runId(db, r), r.getString(9), time(db, r, 10)));
                }
            }
        }
        return rows;
    }

    private static LocalDateTime time(Db db, ResultSet r, int column) throws SQLException {
        if (db == Db.POSTGRES) {
            return r.getObject(column, LocalDateTime.class);
        }
        String text = r.getString(column);
        if (text == null) {
            return null;
        }
        // SQLAlchemy's SQLite DATETIME text, microseconds always written
        assertTrue(text.matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d{6}"), text);
        return LocalDateTime.parse(text, SQLALCHEMY_SQLITE);
    }

    private static UUID runId(Db db, ResultSet r) throws SQLException {
        if (db == Db.POSTGRES) {
            return r.getObject(8, UUID.class);
        }
        String hex = r.getString(8);
        assertTrue(UUID7_HEX.matcher(hex).matches(), "CHAR(32): lower-case hex without dashes, a version 7 UUID: " + hex);
        return UUID.fromString(hex.replaceFirst("(.{8})(.{4})(.{4})(.{4})(.{12})", "$1-$2-$3-$4-$5"));
    }

    /** Checks one row against what Meltano's add_state writes for a command run between two instants. */
    private static void assertStateEdit(Row row, String stateId, String payload, int flags, Instant before, Instant after) {
        assertEquals(stateId, row.jobName());
        assertEquals("STATE_EDIT", row.state());
        LocalDateTime from = LocalDateTime.ofInstant(before, ZoneOffset.UTC).withNano(before.getNano() / 1000 * 1000);
        LocalDateTime to = LocalDateTime.ofInstant(after, ZoneOffset.UTC);
        assertFalse(row.startedAt().isBefore(from) || row.startedAt().isAfter(to),
                "started_at is now in naive UTC: " + row.startedAt() + " not in " + from + " … " + to);
        assertEquals(row.startedAt(), row.endedAt(), "started_at = ended_at");
        assertEquals(0, row.startedAt().getNano() % 1000, "microseconds, as Python's datetime");
        assertEquals(payload, row.payload());
        assertEquals(flags, row.payloadFlags());
        assertEquals(7, row.runId().version());
        long millis = row.runId().getMostSignificantBits() >>> 16;
        assertTrue(millis >= before.toEpochMilli() && millis <= after.toEpochMilli(), "uuid7 time: " + millis);
        assertEquals(System.getenv("MELTANO_JOB_TRIGGER"), row.trigger(), "Job.trigger defaults to MELTANO_JOB_TRIGGER");
        assertNull(row.lastHeartbeatAt(), "a state edit never heartbeats");
    }

    private Journal journal() {
        return new Journal(dir.resolve("journal"));
    }

    @ParameterizedTest
    @EnumSource(Db.class)
    void setAndMergeLeaveMeltanosRowsInTheSameDatabaseAsTheState(Db db) throws Exception {
        String uri = db.create(dir);
        try (StateBackend backend = Backends.open(uri, BackendOptions.defaults())) {
            Instant t0 = Instant.now();
            WriteCommand.plan(backend, "dev:a", Edit.set(Json.parseObject(INPUT))).execute(journal());
            Instant t1 = Instant.now();
            WriteCommand.plan(backend, "dev:a", Edit.merge(Json.parseObject("{\"singer_state\": {\"b\": 2}}"))).execute(journal());
            Instant t2 = Instant.now();
            List<Row> rows = runs(db, uri, "dev:a");
            assertEquals(2, rows.size(), rows.toString());
            assertStateEdit(rows.get(0), "dev:a", INPUT_DUMPS, 1, t0, t1);
            assertStateEdit(rows.get(1), "dev:a", "{\"singer_state\": {\"b\": 2}}", 2, t1, t2);
            assertTrue(rows.get(1).id() > rows.get(0).id(), "ids from the table's own sequence");
            assertNotEquals(rows.get(0).runId(), rows.get(1).runId());

            WriteCommand.plan(backend, "dev:a", Edit.clear()).execute(journal());
            WriteCommand.plan(backend, "dev:b", Edit.setPartial(Json.parseObject(INPUT))).execute(journal());
            assertEquals(2, runs(db, uri, "dev:a").size(), "meltano state clear adds no row");
            assertEquals(List.of(), runs(db, uri, "dev:b"), "no Meltano command writes a partial state alone");
        }
    }

    /**
     * Meltano reads state from the {@code state} table alone, and the row is history: a database
     * without a {@code runs} table (hand-made, pruned) gets the state, and the write says it got no row.
     */
    @ParameterizedTest
    @EnumSource(Db.class)
    void withoutARunsTableTheStateIsWrittenAndTheMissingRowIsSaid(Db db) throws Exception {
        String uri = EmptyBackends.valueOf(db.name()).createWithoutRunsTable(dir);
        try (StateBackend backend = Backends.open(uri, BackendOptions.defaults())) {
            MeltanoRun run = MeltanoRun.stateEdit("dev:a", MeltanoRun.Payload.complete(Json.parseObject(INPUT)));
            CommandWrite written = backend.write("dev:a", StateDocument.completeWrite(Json.parseObject(INPUT)), Version.ABSENT, run);
            assertTrue(written.noRunsTable());
            assertEquals(written.version(), backend.read("dev:a").version(), "the state is written");
            assertTrue(backend.runs().isEmpty(), "no runs to show, nor to add a row to");

            WriteCommand merge = WriteCommand.plan(backend, "dev:a", Edit.merge(Json.parseObject("{\"singer_state\": {\"b\": 2}}")));
            merge.execute(journal());
            assertTrue(merge.writtenWithoutRunsRow());
            assertEquals(Optional.of("No runs row was added for dev:a because the system database has no runs table."),
                    merge.runsRowNote());
            assertEquals(Json.parse("{\"b\": 2}"), backend.read("dev:a").document().partial().value().get("singer_state"));
        }
        String withRuns = db.create(Files.createDirectories(dir.resolve("with-runs")));
        try (StateBackend backend = Backends.open(withRuns, BackendOptions.defaults())) {
            WriteCommand set = WriteCommand.plan(backend, "dev:a", Edit.set(Json.parseObject(INPUT)));
            set.execute(journal());
            assertFalse(set.writtenWithoutRunsRow());
            assertEquals(Optional.empty(), set.runsRowNote());
        }
    }

    @ParameterizedTest
    @EnumSource(Db.class)
    void aRefusedWriteLeavesNoRow(Db db) throws Exception {
        String uri = db.create(dir);
        try (StateBackend backend = Backends.open(uri, BackendOptions.defaults())) {
            WriteCommand stale = WriteCommand.plan(backend, "dev:a", Edit.set(Json.parseObject(INPUT)));
            backend.write("dev:a", StateDocument.completeWrite(Json.parseObject("{\"singer_state\": {}}")), null);
            assertThrows(ConflictException.class, () -> stale.execute(journal()));
            assertEquals(List.of(), runs(db, uri, "dev:a"), "the row is in the state's transaction, rolled back with it");
        }
    }

    @Test
    void aReadOnlyBackendRefusesAMeltanoCommandsWriteAndItsRow() throws Exception {
        String uri = Db.SQLITE.create(dir);
        try (StateBackend backend = Backends.open(uri, BackendOptions.defaults().withReadOnly(true))) {
            WriteCommand set = WriteCommand.plan(backend, "dev:a", Edit.set(Json.parseObject(INPUT)));
            assertThrows(ReadOnlyException.class, () -> set.execute(journal()));
        }
        assertEquals(List.of(), runs(Db.SQLITE, uri, "dev:a"));
    }

    @Test
    void copyAndMoveLeaveTheSetRowOfTheEffectiveStateOnTheDestinationOnly() throws Exception {
        Db db = Db.SQLITE;
        String uri = db.create(dir);
        try (StateBackend backend = Backends.open(uri, BackendOptions.defaults())) {
            backend.write("dev:src", StateDocument.of(Json.parse("{\"singer_state\": {\"a\": 1, \"b\": 1}}"),
                    Json.parse("{\"singer_state\": {\"b\": 2}}")), null);
            Instant t0 = Instant.now();
            Transfer move = new Transfer(backend, backend, Transfer.Mode.MOVE, Transfer.OnConflict.FAIL,
                    Transfer.Content.EFFECTIVE, journal());
            assertEquals(Transfer.Outcome.MOVED, move.run(List.of(new Transfer.Item("dev:src", "dev:dst")), 1, (d, n, r) -> { })
                    .get(0).outcome());
            Instant t1 = Instant.now();
            List<Row> rows = runs(db, uri, "dev:dst");
            assertEquals(1, rows.size());
            assertStateEdit(rows.get(0), "dev:dst", "{\"singer_state\": {\"a\": 1, \"b\": 2}}", 1, t0, t1);
            assertEquals(List.of(), runs(db, uri, "dev:src"), "move clears the source as `clear` does: no row");

            Transfer asStored = new Transfer(backend, backend, Transfer.Mode.COPY, Transfer.OnConflict.FAIL,
                    Transfer.Content.AS_STORED, journal());
            asStored.run(List.of(new Transfer.Item("dev:dst", "dev:backup")), 1, (d, n, r) -> { });
            assertTrue(backend.read("dev:backup").exists());
            assertEquals(List.of(), runs(db, uri, "dev:backup"), "no Meltano command stores both documents as they are");
        }
    }
}
