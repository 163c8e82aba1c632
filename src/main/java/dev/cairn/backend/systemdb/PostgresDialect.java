package dev.cairn.backend.systemdb;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.util.UUID;

/**
 * PostgreSQL. The write transaction reads the row {@code FOR UPDATE}, so a second writer waits for
 * the first to commit and then compares against what the first wrote; two writers creating the same
 * ID meet at the primary key, and the loser's insert fails as a duplicate.
 */
final class PostgresDialect implements Dialect {

    /** SQLSTATE unique_violation. */
    private static final String UNIQUE_VIOLATION = "23505";

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
    public int fetchSize() {
        return 1000;
    }

    @Override
    public int scanPage() {
        return 0;
    }
}
