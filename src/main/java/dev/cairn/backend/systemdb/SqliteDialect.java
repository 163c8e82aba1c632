package dev.cairn.backend.systemdb;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.UUID;

/**
 * SQLite. Connections run their transactions as BEGIN IMMEDIATE, so a write transaction holds the
 * database's write lock from its first read: the row it compares cannot change before it writes.
 */
final class SqliteDialect implements Dialect {

    /** SQLAlchemy's SQLite DATETIME storage format. */
    private static final DateTimeFormatter SQLALCHEMY_DATETIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS");

    @Override
    public String selectForUpdate() {
        return "SELECT completed_state, partial_state FROM state WHERE state_id = ?";
    }

    @Override
    public void bindDateTime(PreparedStatement statement, int index, LocalDateTime naive) throws SQLException {
        statement.setString(index, SQLALCHEMY_DATETIME.format(naive));
    }

    /** CHAR(32): the UUID's 32 lower-case hex digits, no dashes. */
    @Override
    public void bindRunId(PreparedStatement statement, int index, UUID runId) throws SQLException {
        statement.setString(index, runId.toString().replace("-", ""));
    }

    @Override
    public boolean isDuplicateKey(SQLException e) {
        return e.getErrorCode() == 19 || String.valueOf(e.getMessage()).contains("UNIQUE constraint failed");
    }

    @Override
    public int fetchSize() {
        return 0;
    }

    /** A page takes a few milliseconds to read: the wait of a read of one state that comes meanwhile. */
    @Override
    public int scanPage() {
        return 2_000;
    }
}
