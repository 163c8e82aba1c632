package dev.cairn.backend.systemdb;

import dev.cairn.backend.BackendFactory;
import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.StateBackend;

/**
 * Opens a PostgreSQL system database from Meltano's {@code database_uri}
 * ({@code postgresql+psycopg://user:password@host:5432/db?options=-csearch_path%3Dschema}) or a JDBC URL.
 */
public final class PostgresBackendFactory implements BackendFactory {

    @Override
    public boolean accepts(String uri) {
        return PostgresUri.accepts(uri);
    }

    @Override
    public String schemes() {
        return "postgresql[+psycopg]://user@host:5432/db[?options=-csearch_path%3Dschema], jdbc:postgresql://…";
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
