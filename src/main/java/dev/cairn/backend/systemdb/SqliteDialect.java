package dev.cairn.backend.systemdb;

import dev.cairn.backend.StateStorage;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
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

    /**
     * Meltano stamps {@code updated_at} with microseconds on every write but a row's first (which
     * leaves it NULL); the documents' byte lengths (read from the record header, not the text) tell
     * that first write and any writer that keeps the stamp.
     */
    @Override
    public String changeStamp() {
        return "coalesce(updated_at, '-') || ' ' || coalesce(octet_length(completed_state), -1) || ' '"
                + " || coalesce(octet_length(partial_state), -1)";
    }

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

    /** SQLite's text holds any string, a NUL character too. */
    @Override
    public String unstorable(String stateId) {
        return null;
    }

    /** SQLITE_ERROR from the statement's preparation, in SQLite's words: other codes are the file's trouble. */
    @Override
    public boolean isMissingTableOrColumn(SQLException e) {
        String message = String.valueOf(e.getMessage());
        return e.getErrorCode() == 1 && (message.contains("no such table: ") || message.contains("no such column: "));
    }

    /**
     * SQLite says "disk I/O error" where a WAL database's shared memory or a write cannot grow its
     * file: on a full disk (or a file-size limit) that is the only word of it.
     */
    @Override
    public String hint(SQLException e) {
        String message = String.valueOf(e.getMessage());
        return message.contains("[SQLITE_IOERR_SHMSIZE]") || message.contains("[SQLITE_IOERR_WRITE]")
                || message.contains("[SQLITE_IOERR_TRUNCATE]") ? "; is the disk that holds it full?" : "";
    }

    @Override
    public int fetchSize() {
        return 0;
    }

    /**
     * What a read of one state that comes meanwhile waits for at most: a page of 2,000 states read in
     * 6–13 ms warm here (100,000 states in 0.30–0.66 s at load 12–16, no slower than one unpaged
     * query's 0.34–0.56 s in the same conditions).
     */
    @Override
    public int scanPage() {
        return 2_000;
    }

    /** The main database's file as SQLite opened it, resolved to what it really is (a symlink, a hard link). */
    @Override
    public StateStorage storage(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
             ResultSet rows = s.executeQuery("SELECT file FROM pragma_database_list WHERE name = 'main'")) {
            if (!rows.next() || rows.getString(1) == null || rows.getString(1).isEmpty()) {
                throw new SQLException("SQLite names no file for the main database");
            }
            return StateStorage.LocalFile.of("sqlite", Path.of(rows.getString(1)));
        }
    }
}
