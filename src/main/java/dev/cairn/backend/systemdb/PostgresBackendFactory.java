package dev.cairn.backend.systemdb;

import dev.cairn.backend.BackendFactory;
import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.StateBackend;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;

/**
 * Opens a PostgreSQL system database from Meltano's {@code database_uri}
 * ({@code postgresql+psycopg://user:password@host:5432/db?options=-csearch_path%3Dschema}) or a JDBC URL.
 */
public final class PostgresBackendFactory implements BackendFactory {

    private static final int POOL_SIZE = 4;
    /** SQLSTATE invalid_password. */
    private static final String INVALID_PASSWORD = "28P01";

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
        Properties props = pg.properties();
        if (options.readOnly()) {
            // every statement in a read-only transaction, autocommit or not
            props.setProperty("readOnly", "true");
            props.setProperty("readOnlyMode", "always");
        }
        String lockTimeout = "SET lock_timeout = " + Math.max(1, options.lockWait().toMillis());
        ConnectionPool pool = new ConnectionPool(() -> open(pg, props, lockTimeout), POOL_SIZE);
        try {
            return new SystemDbBackend(pg.displayUri(), pool, new PostgresDialect());
        } catch (RuntimeException e) {
            pool.close();
            throw e;
        }
    }

    /** A connection whose row locks give up after the backend's lock wait, instead of hanging behind a stuck writer. */
    private static Connection open(PostgresUri pg, Properties props, String lockTimeout) throws SQLException {
        Connection c;
        try {
            c = pg.connect(props);
        } catch (SQLException e) {
            if (INVALID_PASSWORD.equals(e.getSQLState())) {
                throw new SQLException(e.getMessage() + (pg.passwordSource() == null
                        ? " (no password in the URI, PGPASSWORD or the password file)"
                        : " (password from " + pg.passwordSource() + ")"), e.getSQLState(), e);
            }
            throw e;
        }
        try (Statement s = c.createStatement()) {
            s.execute(lockTimeout);
        } catch (SQLException e) {
            c.close();
            throw e;
        }
        return c;
    }
}
