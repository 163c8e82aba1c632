package dev.cairn.backend.systemdb;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.LocalDateTime;

/** What differs between the databases Meltano keeps its system DB in. */
interface Dialect {

    /** The statement that reads a row inside the write transaction, locking it where the database can. */
    String selectForUpdate();

    /** Binds {@code updated_at} as Meltano's SQLAlchemy column type stores a naive local time. */
    void bindUpdatedAt(PreparedStatement statement, int index, LocalDateTime localNow) throws SQLException;

    /** Whether a failed insert means another writer created the row first. */
    boolean isDuplicateKey(SQLException e);

    /** Rows fetched per round trip when streaming a listing. */
    int fetchSize();
}
