package dev.cairn.bench;

import dev.cairn.backend.TestPostgres;
import dev.cairn.backend.TestS3;
import dev.cairn.backend.systemdb.MeltanoSchema;
import dev.cairn.backend.systemdb.PostgresUri;
import dev.cairn.bench.BenchData.BigState;
import dev.cairn.bench.BenchData.Row;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Random;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

/**
 * Puts the benchmark's states into real backends the fastest way each offers (PostgreSQL's COPY,
 * one SQLite transaction, S3 objects straight into the server's store), in the layout Meltano uses.
 */
public final class Seed {

    /** S3 key prefix, as {@code s3://bucket/meltano/state}. */
    static final String S3_PREFIX = "meltano/state";

    private Seed() {}

    /** A new schema on the test PostgreSQL server holding the rows; returns its Meltano-style URI. */
    public static String postgres(List<Row> rows) throws SQLException, IOException {
        String uri = TestPostgres.freshSchemaUri();
        try (Connection c = PostgresUri.parse(uri).connect()) {
            MeltanoSchema.createPostgres(c);
            CopyIn copy = c.unwrap(PGConnection.class).getCopyAPI().copyIn(
                    "COPY state (state_id, completed_state, partial_state) FROM STDIN WITH (FORMAT csv)");
            StringBuilder csv = new StringBuilder(1 << 20);
            for (int i = 0; i < rows.size(); i++) {
                Row row = rows.get(i);
                csv.append(quoted(row.stateId())).append(',').append(quoted(row.completed())).append(',')
                        .append(quoted(row.partial())).append('\n');
                if (csv.length() > (1 << 20) || i == rows.size() - 1) {
                    byte[] chunk = csv.toString().getBytes(StandardCharsets.UTF_8);
                    copy.writeToCopy(chunk, 0, chunk.length);
                    csv.setLength(0);
                }
            }
            copy.endCopy();
            try (var s = c.createStatement()) {
                s.execute("ANALYZE state");
            }
        }
        return uri;
    }

    /** CSV field; an unquoted empty field is COPY's NULL. */
    private static String quoted(String value) {
        return value == null ? "" : '"' + value.replace("\"", "\"\"") + '"';
    }

    /** A new SQLite system database holding the rows; returns its Meltano URI. */
    public static String sqlite(Path dir, String name, List<Row> rows) throws SQLException {
        Path db = dir.resolve(name + ".db");
        MeltanoSchema.createSqlite(db);
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db)) {
            c.setAutoCommit(false);
            try (PreparedStatement s = c.prepareStatement(
                    "INSERT INTO state (state_id, completed_state, partial_state) VALUES (?, ?, ?)")) {
                for (Row row : rows) {
                    s.setString(1, row.stateId());
                    s.setString(2, row.completed());
                    s.setString(3, row.partial());
                    s.addBatch();
                }
                s.executeBatch();
            }
            c.commit();
        }
        return "sqlite:///" + db.toAbsolutePath();
    }

    /** SQLAlchemy's naive UTC text in SQLite. */
    private static final DateTimeFormatter SQLITE_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS");

    /**
     * A new SQLite system database whose {@code runs} table holds {@code count} rows of the jobs, a
     * run every few minutes, as Meltano's pipelines and state commands leave them: most complete
     * checkpoints (the job's stored state as payload), some failed runs with a partial checkpoint
     * and an {@code error}, some runs that stored nothing. Every 50th row is a run of the first job,
     * which cycles through ten runs: a complete checkpoint, partial ones moving one stream, state
     * edits, runs without state; its complete checkpoints among its newest 60 runs carry the big
     * state. Returns the database's Meltano URI.
     */
    static String runs(Path dir, String name, List<Row> jobs, int count, BigState big) throws SQLException {
        Path db = dir.resolve(name + ".db");
        MeltanoSchema.createSqlite(db);
        Random random = new Random(Bench.SEED);
        LocalDateTime start = LocalDateTime.of(2023, 1, 1, 0, 0);
        int heavyRuns = (count + 49) / 50;
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db)) {
            c.setAutoCommit(false);
            try (PreparedStatement s = c.prepareStatement("INSERT INTO runs (job_name, state, started_at, ended_at, payload,"
                    + " payload_flags, run_id, \"trigger\", last_heartbeat_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                for (int i = 0; i < count; i++) {
                    boolean heavy = i % 50 == 0;
                    Row job = heavy ? jobs.get(0) : jobs.get(1 + random.nextInt(jobs.size() - 1));
                    String state;
                    int flags;
                    String payload;
                    int kind = heavy ? (i / 50) % 10 : random.nextInt(10);
                    String moved = "{\"singer_state\": {\"bookmarks\": {\"repositories\": {\"replication_key\": \"updated_at\","
                            + " \"replication_key_value\": \"" + start.plusMinutes(7L * i) + ":00Z\"}}}";
                    if (kind == 0 || !heavy && kind < 8) {
                        state = "SUCCESS";
                        flags = 1;
                        payload = heavy && i / 50 >= heavyRuns - 60 ? big.completedText()
                                : job.completed() == null ? "{}" : job.completed();
                    } else if (kind < 5 || kind == 8) {
                        state = "FAIL";
                        flags = 2;
                        payload = moved + ", \"error\": \"Loader failed\"}";
                    } else if (kind < 7) {
                        state = "STATE_EDIT";
                        flags = 2;
                        payload = moved + "}";
                    } else {
                        state = "SUCCESS";
                        flags = 0;
                        payload = "{}";
                    }
                    LocalDateTime started = start.plusMinutes(7L * i);
                    LocalDateTime ended = started.plusSeconds(state.equals("STATE_EDIT") ? 0 : 30 + random.nextInt(600));
                    s.setString(1, job.stateId());
                    s.setString(2, state);
                    s.setString(3, SQLITE_TIME.format(started));
                    s.setString(4, SQLITE_TIME.format(ended));
                    s.setString(5, payload);
                    s.setInt(6, flags);
                    s.setString(7, Long.toHexString(random.nextLong() | Long.MIN_VALUE) + Long.toHexString(random.nextLong() | Long.MIN_VALUE));
                    s.setString(8, state.equals("STATE_EDIT") ? null : "schedule");
                    s.setString(9, state.equals("STATE_EDIT") ? null : SQLITE_TIME.format(ended));
                    s.addBatch();
                    if (i % 1000 == 999) {
                        s.executeBatch();
                    }
                }
                s.executeBatch();
            }
            c.commit();
        }
        return "sqlite:///" + db.toAbsolutePath();
    }

    /** A new bucket on the test S3 server holding the rows as Meltano's state.json objects; returns its URI. */
    public static String s3(List<Row> rows) {
        String bucket = TestS3.freshBucket();
        for (Row row : rows) {
            TestS3.putDirect(bucket, S3_PREFIX + "/" + row.stateId() + "/state.json", stateJson(row));
        }
        return "s3://" + bucket + "/" + S3_PREFIX;
    }

    /** A folder of {@code <id>/state.json} files, as Meltano's file backend keeps them; returns its URI. */
    public static String files(Path dir, List<Row> rows) throws IOException {
        Path root = Files.createDirectories(dir);
        for (Row row : rows) {
            Path folder = Files.createDirectories(root.resolve(row.stateId()));
            Files.write(folder.resolve("state.json"), stateJson(row));
        }
        return "file://" + root.toAbsolutePath();
    }

    /** {@code json.dumps({"completed": …, "partial": …})} from the stored texts; a corrupt row stays corrupt. */
    static byte[] stateJson(Row row) {
        String text = "{\"completed\": " + (row.completed() == null ? "null" : row.completed())
                + ", \"partial\": " + (row.partial() == null ? "null" : row.partial()) + "}";
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
