package dev.cairn.backend.systemdb;

import dev.cairn.backend.StateStorage;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * PostgreSQL. The write transaction reads the row {@code FOR UPDATE}, so a second writer waits for
 * the first to commit and then compares against what the first wrote; two writers creating the same
 * ID meet at the primary key, and the loser's insert fails as a duplicate.
 */
final class PostgresDialect implements Dialect {

    /** SQLSTATE unique_violation. */
    private static final String UNIQUE_VIOLATION = "23505";
    /** SQLSTATE undefined_table, undefined_column. */
    private static final String UNDEFINED_TABLE = "42P01";
    private static final String UNDEFINED_COLUMN = "42703";

    /** The row version's transaction ID: every UPDATE (and Meltano's row switch is one) makes a new version. */
    @Override
    public String changeStamp() {
        return "xmin::text";
    }

    @Override
    public String selectForUpdate() {
        return "SELECT completed_state, partial_state FROM state WHERE state_id = ? FOR UPDATE";
    }

    @Override
    public void bindDateTime(PreparedStatement statement, int index, LocalDateTime naive) throws SQLException {
        // TIMESTAMP WITHOUT TIME ZONE, as SQLAlchemy's TIMESTAMP column holds Meltano's naive times
        statement.setObject(index, naive);
    }

    /** The native uuid column. */
    @Override
    public void bindRunId(PreparedStatement statement, int index, UUID runId) throws SQLException {
        statement.setObject(index, runId);
    }

    @Override
    public boolean isDuplicateKey(SQLException e) {
        return UNIQUE_VIOLATION.equals(e.getSQLState());
    }

    @Override
    public String unstorable(String stateId) {
        return stateId.indexOf('\u0000') < 0 ? null : "PostgreSQL text holds no NUL character";
    }

    @Override
    public boolean isMissingTableOrColumn(SQLException e) {
        return UNDEFINED_TABLE.equals(e.getSQLState()) || UNDEFINED_COLUMN.equals(e.getSQLState());
    }

    @Override
    public int fetchSize() {
        return 1000;
    }

    @Override
    public int scanPage() {
        return 0;
    }

    /**
     * Asks the server which server, database and {@code state} table the connection reached: the
     * host name in the URI ({@code localhost}, {@code 127.0.0.1}, an alias) does not tell.
     */
    @Override
    public StateStorage storage(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
             ResultSet rows = s.executeQuery("SELECT pg_postmaster_start_time(), COALESCE(inet_server_port(), 0), d.oid,"
                     + " COALESCE(to_regclass('state')::oid, 0) FROM pg_database d WHERE d.datname = current_database()")) {
            if (!rows.next()) {
                throw new SQLException("the server does not list the connection's own database");
            }
            return new StateStorage.PostgresDatabase(rows.getObject(1, OffsetDateTime.class).toInstant(), rows.getInt(2),
                    rows.getLong(3), rows.getLong(4));
        }
    }
}
