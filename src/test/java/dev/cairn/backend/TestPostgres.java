package dev.cairn.backend;

import dev.cairn.backend.systemdb.PostgresUri;
import dev.cairn.testing.Waits;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The PostgreSQL server of this test JVM: the one {@code CAIRN_TEST_PG_URL} names (a Meltano-style
 * or JDBC URL), else an embedded server started on first use and stopped when the JVM exits. Each
 * test gets its own schema, selected the way Meltano users select one: {@code ?options=-csearch_path%3D…}.
 * A server that cannot start fails the tests; they are never skipped.
 */
public final class TestPostgres {

    private static final AtomicInteger SCHEMAS = new AtomicInteger();
    private static String serverUri;

    private TestPostgres() {}

    /** The server's URI in Meltano's form (no schema chosen). */
    public static synchronized String serverUri() {
        if (serverUri == null) {
            String external = System.getenv("CAIRN_TEST_PG_URL");
            serverUri = external != null && !external.isBlank() ? external : startEmbedded();
        }
        return serverUri;
    }

    /** A new, empty schema on the server; the returned URI selects it through {@code search_path}. */
    public static String freshSchemaUri() {
        String schema = "cairn_test_" + ProcessHandle.current().pid() + "_" + SCHEMAS.incrementAndGet();
        try (Connection c = PostgresUri.parse(serverUri()).connect(); Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + schema);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create a test schema on " + Redaction.redact(serverUri()), e);
        }
        String base = serverUri();
        return base + (base.contains("?") ? "&" : "?") + "options=-csearch_path%3D" + schema;
    }

    /**
     * Waits until {@code sessions} other sessions wait for a lock that {@code holder} holds (a row,
     * a key not yet committed): the server says who blocks whom, so a test need not guess how long
     * its writers take to get there.
     */
    public static void awaitBlockedBy(Connection holder, int sessions, Duration timeout) throws Exception {
        int pid;
        try (Statement s = holder.createStatement(); ResultSet r = s.executeQuery("SELECT pg_backend_pid()")) {
            r.next();
            pid = r.getInt(1);
        }
        // asked on a connection of its own: a session sees the activity of others as it was when its transaction began
        try (Connection c = PostgresUri.parse(serverUri()).connect();
             PreparedStatement blocked = c.prepareStatement("SELECT count(*) FROM pg_stat_activity WHERE ? = ANY(pg_blocking_pids(pid))")) {
            blocked.setInt(1, pid);
            Waits.until(() -> {
                try (ResultSet r = blocked.executeQuery()) {
                    r.next();
                    return r.getInt(1) >= sessions;
                }
            }, timeout, sessions + " sessions waiting for a lock of session " + pid);
        }
    }

    private static String startEmbedded() {
        long start = System.nanoTime();
        try {
            // the builder registers a shutdown hook that stops the server and removes its data
            EmbeddedPostgres pg = EmbeddedPostgres.builder().start();
            System.err.printf("test PostgreSQL started on port %d in %d ms%n", pg.getPort(),
                    (System.nanoTime() - start) / 1_000_000);
            return "postgresql+psycopg://postgres@127.0.0.1:" + pg.getPort() + "/postgres";
        } catch (IOException e) {
            throw new IllegalStateException("cannot start the embedded PostgreSQL for the tests"
                    + " (set CAIRN_TEST_PG_URL to use an existing server)", e);
        }
    }
}
