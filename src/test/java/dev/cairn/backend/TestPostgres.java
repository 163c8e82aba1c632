package dev.cairn.backend;

import dev.cairn.backend.systemdb.PostgresUri;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
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
