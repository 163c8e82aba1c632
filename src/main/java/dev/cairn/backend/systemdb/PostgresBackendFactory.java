package dev.cairn.backend.systemdb;

import dev.cairn.backend.BackendFactory;
import dev.cairn.backend.BackendKind;
import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.StateBackend;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.List;
import java.util.Properties;

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
    private static String problem(String uri) {
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
        Properties props = pg.properties();
        if (options.readOnly()) {
            // every statement in a read-only transaction, autocommit or not
            props.setProperty("readOnly", "true");
            props.setProperty("readOnlyMode", "always");
        }
        // the URI's connect_timeout, as libpq (and so Meltano) honours it, else ours
        Duration connect = pg.connectTimeout() != null ? pg.connectTimeout() : options.connectTimeout();
        props.putIfAbsent("connectTimeout", seconds(connect)); // TCP connect
        props.putIfAbsent("loginTimeout", seconds(connect)); // connect, TLS and authentication
        // A writer waiting for a row lock hears nothing from the server until lock_timeout (the lock wait).
        props.putIfAbsent("socketTimeout", seconds(options.readTimeout().plus(options.lockWait())));
        // Row locks give up after the backend's lock wait, instead of hanging behind a stuck writer.
        String lockTimeout = "SET lock_timeout = " + Math.max(1, options.lockWait().toMillis());
        // A caller waits for a connection as long as opening one takes, or a holder's longest legitimate wait: a row lock.
        Duration borrow = connect.isZero() ? Duration.ZERO : connect.plus(options.lockWait());
        PostgresPool pool = new PostgresPool(pg, props, lockTimeout, connect, borrow);
        try {
            return new SystemDbBackend(pg.displayUri(), pool, new PostgresDialect());
        } catch (RuntimeException e) {
            pool.close();
            throw e;
        }
    }

    /** pgjdbc's timeouts are whole seconds, 0 for none: a fraction rounds up, so that a short limit stays a limit. */
    private static String seconds(Duration d) {
        return Long.toString(d.toNanosPart() == 0 ? d.toSeconds() : d.toSeconds() + 1);
    }
}
