package dev.cairn.testing;

import dev.cairn.backend.TestPostgres;
import dev.cairn.backend.systemdb.MeltanoSchema;
import dev.cairn.backend.systemdb.PostgresUri;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * Fills a Meltano system database with many states and their {@code runs} rows, as a project
 * with thousands of pipelines leaves it: a completed run per ID, every hundredth ID running now
 * (live heartbeat) and every three-hundredth one a dead run (stale heartbeat).
 */
public final class BigSystemDb {

    private BigSystemDb() {}

    /** The ID of the {@code i}-th state added. */
    public static String id(int i) {
        return "prod:tap-" + i + "-to-target-snowflake";
    }

    /** Whether the {@code i}-th ID has a RUNNING row with a live heartbeat. */
    public static boolean running(int i) {
        return i % 100 == 0;
    }

    /** Whether the {@code i}-th ID has a RUNNING row whose heartbeat stopped long ago. */
    public static boolean staleRun(int i) {
        return i % 300 == 150;
    }

    /** A new SQLite system DB in the folder holding {@code count} such states; returns its URI. */
    public static String sqlite(Path dir, int count) throws SQLException {
        Path db = dir.resolve("meltano.db");
        MeltanoSchema.createSqlite(db);
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db)) {
            fill(c, true, count);
        }
        return "sqlite:///" + db;
    }

    /** A new schema of the test PostgreSQL server holding {@code count} such states; returns its URI. */
    public static String postgres(int count) throws SQLException {
        String uri = TestPostgres.freshSchemaUri();
        try (Connection c = PostgresUri.parse(uri).connect()) {
            MeltanoSchema.createPostgres(c);
            fill(c, false, count);
        }
        return uri;
    }

    /** Adds {@code count} states with their runs rows in one transaction. */
    public static void fill(Connection c, boolean sqlite, int count) throws SQLException {
        boolean autoCommit = c.getAutoCommit();
        c.setAutoCommit(false);
        RunRows runs = new RunRows(c, sqlite);
        try (PreparedStatement s = c.prepareStatement(
                "INSERT INTO state (state_id, completed_state, partial_state, updated_at) VALUES (?, ?, ?, NULL)")) {
            for (int i = 0; i < count; i++) {
                s.setString(1, id(i));
                s.setString(2, "{\"singer_state\": {\"bookmarks\": {\"orders\": {\"replication_key\": \"updated_at\","
                        + " \"replication_key_value\": \"2024-06-01T00:00:" + String.format("%02d", i % 60) + "Z\"}}}}");
                s.setString(3, i % 7 == 0 ? "{\"singer_state\": {\"bookmarks\": {\"orders\": {\"replication_key_value\": 1}}}}" : "{}");
                s.addBatch();
                if (i % 1000 == 999) {
                    s.executeBatch();
                }
            }
            s.executeBatch();
        }
        for (int i = 0; i < count; i++) {
            if (running(i)) {
                runs.add(id(i), "RUNNING", RunRows.minutesAgo(3), 0, "{}", "cli", RunRows.minutesAgo(0));
            } else if (staleRun(i)) {
                runs.add(id(i), "RUNNING", RunRows.minutesAgo(600), 0, "{}", "cli", RunRows.minutesAgo(590));
            } else if (i % 10 == 1) {
                runs.add(id(i), "SUCCESS", RunRows.minutesAgo(60), 0, "{}", "cli", RunRows.minutesAgo(40));
            }
        }
        c.commit();
        c.setAutoCommit(autoCommit);
    }
}
