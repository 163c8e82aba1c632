package dev.cairn.backend.systemdb;

import dev.cairn.backend.StateStorage;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.util.UUID;

/** What differs between the databases Meltano keeps its system DB in. */
interface Dialect {

    /** The statement that reads a row inside the write transaction, locking it where the database can. */
    String selectForUpdate();

    /**
     * An SQL expression over a {@code state} row that changes with every write of the row, cheaper
     * than reading its documents: what {@link SystemDbBackend#changeStamp} selects.
     */
    String changeStamp();

    /** Binds a naive datetime ({@code updated_at}, the {@code runs} times) as SQLAlchemy's DateTime column stores it. */
    void bindDateTime(PreparedStatement statement, int index, LocalDateTime naive) throws SQLException;

    /** Binds a {@code runs.run_id} as Meltano's GUID type stores it. */
    void bindRunId(PreparedStatement statement, int index, UUID runId) throws SQLException;

    /** Whether a failed insert means another writer created the row first. */
    boolean isDuplicateKey(SQLException e);

    /** Why the database's text cannot hold this state ID, or null when it can. */
    String unstorable(String stateId);

    /** Whether a failed statement failed only because a table or column it names is not in the database. */
    boolean isMissingTableOrColumn(SQLException e);

    /** What the database's words for this failure leave unsaid that the user needs, as a clause; empty: nothing. */
    default String hint(SQLException e) {
        return "";
    }

    /** Rows fetched per round trip when streaming a listing. */
    int fetchSize();

    /**
     * States a scan of every state reads per turn with the connection, giving it back between turns
     * where one connection serves everyone (SQLite); 0 where a scan streams on a connection of its
     * own (a pool's).
     */
    int scanPage();

    /** What the connection's {@code state} table is stored in, as the database reports it. */
    StateStorage storage(Connection c) throws SQLException;
}
