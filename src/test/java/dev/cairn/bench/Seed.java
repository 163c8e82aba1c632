package dev.cairn.bench;

import dev.cairn.backend.TestPostgres;
import dev.cairn.backend.TestS3;
import dev.cairn.backend.systemdb.MeltanoSchema;
import dev.cairn.backend.systemdb.PostgresUri;
import dev.cairn.bench.BenchData.Row;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

/**
 * Puts the benchmark's states into real backends the fastest way each offers (PostgreSQL's COPY,
 * one SQLite transaction, S3 objects straight into the server's store), in the layout Meltano uses.
 */
final class Seed {

    /** S3 key prefix, as {@code s3://bucket/meltano/state}. */
    static final String S3_PREFIX = "meltano/state";

    private Seed() {}

    /** A new schema on the test PostgreSQL server holding the rows; returns its Meltano-style URI. */
    static String postgres(List<Row> rows) throws SQLException, IOException {
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
    static String sqlite(Path dir, String name, List<Row> rows) throws SQLException {
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

    /** A new bucket on the test S3 server holding the rows as Meltano's state.json objects; returns its URI. */
    static String s3(List<Row> rows) {
        String bucket = TestS3.freshBucket();
        for (Row row : rows) {
            TestS3.putDirect(bucket, S3_PREFIX + "/" + row.stateId() + "/state.json", stateJson(row));
        }
        return "s3://" + bucket + "/" + S3_PREFIX;
    }

    /** A folder of {@code <id>/state.json} files, as Meltano's file backend keeps them; returns its URI. */
    static String files(Path dir, List<Row> rows) throws IOException {
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
