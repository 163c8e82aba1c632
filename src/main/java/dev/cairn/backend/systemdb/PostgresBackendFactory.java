package dev.cairn.backend.systemdb;

import dev.cairn.backend.BackendFactory;
import dev.cairn.backend.BackendKind;
import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.StateBackend;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;

/**
 * Opens a PostgreSQL system database from Meltano's {@code database_uri}
 * ({@code postgresql+psycopg://user:password@host:5432/db?options=-csearch_path%3Dschema}) or a JDBC URL.
 */
public final class PostgresBackendFactory implements BackendFactory {

    private static final BackendKind KIND = new BackendKind("postgresql", "A PostgreSQL system database",
            List.of("postgresql", "postgresql+psycopg", "jdbc:postgresql"), "postgresql://user@host:5432/meltano",
            PostgresBackendFactory::problem, List.of(), false);

    @Override
    public BackendKind kind() {
        return KIND;
    }

    @Override
    public boolean accepts(String uri) {
        return PostgresUri.accepts(uri);
    }

    /** Read as a URI only: parsing it as {@link PostgresUri} reads {@code .pgpass}, which is I/O. */
    public static String problem(String uri) {
        try {
            URI parsed = new URI(uri.replaceFirst("^(jdbc:)?[A-Za-z0-9+]+:", "postgresql:"));
            return parsed.getHost() == null ? "A PostgreSQL URI needs a host: postgresql://user@host:5432/db" : null;
        } catch (URISyntaxException e) {
            return "Not a valid URI: " + e.getReason();
        }
    }

    @Override
    public StateBackend open(String uri, BackendOptions options) {
        PostgresUri pg = PostgresUri.parse(uri);
        PostgresPool pool = PostgresPool.open(pg, options);
        try {
            return new SystemDbBackend(pg.displayUri(), pool, new PostgresDialect());
        } catch (RuntimeException e) {
            pool.close();
            throw e;
        }
    }
}
