package dev.cairn.ops;

import static org.junit.jupiter.api.Assertions.*;

import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.MeltanoRun;
import dev.cairn.backend.RunLog;
import dev.cairn.backend.RunRow;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.ops.MeltanoRunsTest.Db;
import dev.cairn.state.Json;
import dev.cairn.testing.RunRows;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** A state ID's history from realistic runs rows (pipeline runs and state edits) in SQLite and PostgreSQL. */
@Tag("server")
class TimelineTest {

    private static final String ID = "prod:tap-github-to-target-postgres";

    @TempDir
    Path dir;

    /** Inserts a pipeline run as Meltano's Job leaves it: naive UTC times, the run's last payload. */
    private static void run(Connection c, Db db, String state, int hoursAgo, int flags, String payload) throws Exception {
        LocalDateTime started = RunRows.minutesAgo(hoursAgo * 60L);
        new RunRows(c, db == Db.SQLITE).add(ID, state, started, flags, payload, "cron", started.plusMinutes(19));
    }

    private static String bookmarks(String issues, String pulls) {
        return "{\"singer_state\": {\"bookmarks\": {\"issues\": {\"replication_key_value\": \"" + issues + "\"}"
                + (pulls == null ? "" : ", \"pulls\": {\"replication_key_value\": \"" + pulls + "\"}") + "}}}";
    }

    @ParameterizedTest
    @EnumSource(Db.class)
    void newestFirstWithWhatEachCheckpointChangedReadingOnlyThePageShown(Db db) throws Exception {
        String uri = db.create(dir);
        try (Connection c = db.connect(uri)) {
            for (int i = 0; i < 40; i++) { // a long history of complete runs, older than the page
                run(c, db, "SUCCESS", 100 - i, MeltanoRun.Payload.STATE, bookmarks("2024-01-" + (10 + i % 20), null));
            }
            run(c, db, "SUCCESS", 10, MeltanoRun.Payload.STATE, bookmarks("2024-06-01", "2024-06-01"));
            run(c, db, "FAIL", 8, MeltanoRun.Payload.INCOMPLETE_STATE,
                    "{\"singer_state\": {\"bookmarks\": {\"pulls\": {\"replication_key_value\": \"2024-06-02\"}}}, \"error\": \"boom\"}");
            run(c, db, "SUCCESS", 6, 0, "{}");
            run(c, db, "RUNNING", 1, MeltanoRun.Payload.INCOMPLETE_STATE, bookmarks("2024-06-03", null));
        }
        try (StateBackend backend = Backends.open(uri, BackendOptions.defaults())) {
            WriteCommand.plan(backend, ID, Edit.set(Json.parseObject(bookmarks("2024-07-01", "2024-07-01")))).execute(
                    new Journal(dir.resolve("journal")));
            AtomicInteger rowsRead = new AtomicInteger();
            RunLog counting = counting(backend.runs().orElseThrow(), rowsRead);
            List<Timeline.Point> page = Timeline.page(counting, ID, 4);
            assertEquals(List.of("STATE_EDIT", "RUNNING", "SUCCESS", "FAIL"), page.stream().map(p -> p.run().state()).toList());
            assertEquals(List.of(Timeline.Checkpoint.COMPLETE, Timeline.Checkpoint.PARTIAL, Timeline.Checkpoint.NONE,
                    Timeline.Checkpoint.PARTIAL), page.stream().map(Timeline.Point::checkpoint).toList());
            assertEquals(List.of("2 streams changed; 1 other change", "1 stream changed", "", "1 stream changed; 1 other change"),
                    page.stream().map(Timeline.Point::change).toList(),
                    "each against the state the checkpoints before it left, partial ones merged onto it");
            assertEquals("cron", page.get(1).run().trigger());
            assertTrue(page.get(1).run().isStale(Instant.now()), "its last heartbeat was 41 minutes ago");
            assertEquals(5, rowsRead.get(), "the 4 rows shown and the complete checkpoint before them, none of the 40 older");
            RunRow failed = page.get(3).run();
            assertEquals(failed, counting.run(ID, UUID.fromString(failed.runId().length() == 32
                    ? failed.runId().replaceFirst("(.{8})(.{4})(.{4})(.{4})(.{12})", "$1-$2-$3-$4-$5") : failed.runId())).orElseThrow());
            assertEquals(Json.parse("{\"singer_state\": {\"bookmarks\": {\"issues\": {\"replication_key_value\": \"2024-06-01\"},"
                    + " \"pulls\": {\"replication_key_value\": \"2024-06-02\"}}}, \"error\": \"boom\"}"),
                    Timeline.stateAfter(counting, ID, failed), "a partial checkpoint merged onto the complete one before it");
        }
    }

    /** The real runs table, counting the rows its history queries return. */
    private static RunLog counting(RunLog runs, AtomicInteger rowsRead) {
        return new RunLog() {
            @Override
            public boolean hasRunsTable() {
                return runs.hasRunsTable();
            }

            @Override
            public boolean record(MeltanoRun run) {
                return runs.record(run);
            }

            @Override
            public List<RunRow> runningJobs() {
                return runs.runningJobs();
            }

            @Override
            public List<RunRow> history(String jobName, Long beforeId, int limit, boolean checkpointsOnly) {
                List<RunRow> rows = runs.history(jobName, beforeId, limit, checkpointsOnly);
                rowsRead.addAndGet(rows.size());
                return rows;
            }

            @Override
            public Optional<RunRow> run(String jobName, UUID runId) {
                return runs.run(jobName, runId);
            }

            @Override
            public List<RunRow> runsStartingWith(String jobName, String hexDigits, int limit) {
                return runs.runsStartingWith(jobName, hexDigits, limit);
            }

            @Override
            public void reconstructStates(String pattern, Consumer<StoredState> sink) {
                runs.reconstructStates(pattern, sink);
            }

            @Override
            public void close() {
                runs.close();
            }
        };
    }
}
