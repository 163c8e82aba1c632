package dev.cairn.backend.systemdb;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;
import dev.cairn.backend.BackendException;
import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Transport;
import java.io.EOFException;
import java.net.SocketTimeoutException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.Optional;
import java.util.Properties;
import org.postgresql.Driver;

/**
 * PostgreSQL connections from a HikariCP pool: opened outside any lock, checked before they are
 * handed out, and dropped when the server ended them (HikariCP evicts a connection whose statement
 * failed with a connection error, e.g. after {@code pg_terminate_backend}). A connection that cannot
 * be made fails with one line naming the server and the real cause. The system database and the
 * PostgreSQL extension's table ({@code backend.extension}) both get theirs here.
 */
public final class PostgresPool implements ConnectionSource {

    /** Enough for a bulk copy's workers and a listing at once. */
    private static final int SIZE = 4;
    /** HikariCP's floor for its timeouts. */
    private static final Duration HIKARI_MIN = Duration.ofMillis(250);
    private static final Duration VALIDATION_TIMEOUT = Duration.ofSeconds(5);
    /** SQLSTATE invalid_password. */
    private static final String INVALID_PASSWORD = "28P01";
    /** SQLSTATE protocol_violation: what pgjdbc reports when the peer hangs up during the handshake. */
    private static final String PROTOCOL_VIOLATION = "08P01";

    /** A port that takes the connection and drops it: a proxy or firewall in front of a host that is down, or not PostgreSQL. */
    private static final String HUNG_UP = "the server closed the connection without answering as PostgreSQL does";

    private final PostgresUri pg;
    private final Duration connectTimeout;
    private final Duration borrowTimeout;
    private final HikariDataSource pool;

    /**
     * @param props pgjdbc properties, with the connect, login and socket timeouts set
     * @param initSql run on every new connection
     * @param connectTimeout how long making a connection may take, {@code 0}: no limit
     * @param borrowTimeout how long a caller waits for a connection, opening one included
     */
    PostgresPool(PostgresUri pg, Properties props, String initSql, Duration connectTimeout, Duration borrowTimeout) {
        this.pg = pg;
        this.connectTimeout = connectTimeout;
        this.borrowTimeout = borrowTimeout;
        HikariConfig config = new HikariConfig();
        config.setPoolName("cairn-postgres");
        config.setDriverClassName(Driver.class.getName());
        config.setJdbcUrl(pg.jdbcUrl());
        config.setDataSourceProperties(props);
        config.setConnectionInitSql(initSql);
        config.setMaximumPoolSize(SIZE);
        config.setMinimumIdle(1);
        config.setConnectionTimeout(atLeastHikariMin(borrowTimeout));
        config.setValidationTimeout(atLeastHikariMin(connectTimeout.isZero() || connectTimeout.compareTo(VALIDATION_TIMEOUT) > 0
                ? VALIDATION_TIMEOUT : connectTimeout));
        try {
            // makes one connection now (HikariCP's fail-fast start): a wrong host or password fails here
            pool = new HikariDataSource(config);
        } catch (HikariPool.PoolInitializationException e) {
            throw cannotConnect(e.getCause() != null ? e.getCause() : e);
        }
    }

    /** A pool for the database the URI names, with the backend's timeouts and lock wait; the read-only ones refuse writes. */
    public static PostgresPool open(PostgresUri pg, BackendOptions options) {
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
        return new PostgresPool(pg, props, lockTimeout, connect, borrow);
    }

    /** pgjdbc's timeouts are whole seconds, 0 for none: a fraction rounds up, so that a short limit stays a limit. */
    private static String seconds(Duration d) {
        return Long.toString(d.toNanosPart() == 0 ? d.toSeconds() : d.toSeconds() + 1);
    }

    private static long atLeastHikariMin(Duration d) {
        return d.isZero() ? 0 : Math.max(HIKARI_MIN.toMillis(), d.toMillis());
    }

    @Override
    public <T> T use(Work<T> work) throws SQLException {
        if (pool.isClosed()) {
            throw new BackendException("the backend is closed");
        }
        Connection c;
        try {
            c = pool.getConnection();
        } catch (SQLTransientConnectionException e) {
            if (e.getCause() == null) {
                throw new BackendException("no connection to " + pg.host() + ":" + pg.port() + " came free in "
                        + borrowTimeout.toSeconds() + " s: all " + SIZE + " are busy", e);
            }
            // HikariCP's "not available" carries the last failure to connect, if that is why
            throw cannotConnect(e.getCause());
        } catch (SQLException e) {
            throw cannotConnect(e);
        }
        try (c) {
            return work.run(c);
        }
    }

    @Override
    public void close() {
        pool.close();
    }

    private BackendException cannotConnect(Throwable error) {
        return new BackendException("cannot connect to " + pg.host() + ":" + pg.port() + ": " + reason(error), error);
    }

    private String reason(Throwable error) {
        Optional<String> unreachable = Transport.reason(error);
        if (unreachable.isPresent()) {
            return unreachable.get();
        }
        for (Throwable t = error; t != null; t = t.getCause()) {
            if (t instanceof SocketTimeoutException) {
                return noAnswer();
            }
            if (t instanceof EOFException) {
                return HUNG_UP;
            }
        }
        if (!(error instanceof SQLException e)) {
            return String.valueOf(error.getMessage());
        }
        if (INVALID_PASSWORD.equals(e.getSQLState())) {
            return e.getMessage() + (pg.passwordSource() == null
                    ? " (no password in the URI, PGPASSWORD or the password file)"
                    : " (password from " + pg.passwordSource() + ")");
        }
        if (PROTOCOL_VIOLATION.equals(e.getSQLState())) {
            // pgjdbc's "error while setting up the SSL connection": the peer hung up on the SSL request
            return HUNG_UP;
        }
        if (e.getCause() == null && "08001".equals(e.getSQLState()) && !connectTimeout.isZero()) {
            // pgjdbc's loginTimeout: no answer to the start of the handshake
            return noAnswer();
        }
        return e.getMessage();
    }

    /** The socket timeout is longer than the login timeout, so a silence while connecting is always the latter. */
    private String noAnswer() {
        return "no answer in " + connectTimeout.toSeconds() + " s";
    }
}
