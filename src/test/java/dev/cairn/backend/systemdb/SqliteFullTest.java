package dev.cairn.backend.systemdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.backend.BackendException;
import dev.cairn.backend.StoredState;
import dev.cairn.backend.Version;
import dev.cairn.state.Json;
import dev.cairn.state.StateDocument;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteConfig;

/** A system DB that runs out of space mid-write: one line saying so, and nothing half-written. */
@Tag("unit")
class SqliteFullTest {

    @TempDir
    Path dir;

    /** The backend on a database that may not grow: SQLite reports SQLITE_FULL as on a full disk. */
    private SystemDbBackend fullDatabase() throws Exception {
        Path file = dir.resolve("meltano.db");
        MeltanoSchema.createSqlite(file);
        SQLiteConfig config = new SQLiteConfig();
        config.setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
        return new SystemDbBackend("sqlite:///" + file, new SerializedConnection(() -> {
            Connection c = config.createConnection("jdbc:sqlite:" + file);
            try (Statement s = c.createStatement();
                 var pages = s.executeQuery("PRAGMA page_count")) {
                pages.next();
                // room for small states, not for a big one
                s.execute("PRAGMA max_page_count = " + (pages.getInt(1) + 2));
            }
            return c;
        }), new SqliteDialect());
    }

    private static StateDocument state(int bytes) throws Exception {
        return StateDocument.completeWrite(Json.parseObject("{\"singer_state\": {\"pad\": \"" + "x".repeat(bytes) + "\"}}"));
    }

    @Test
    void aFullDatabaseIsReportedAsSuchAndKeepsTheOldState() throws Exception {
        try (SystemDbBackend backend = fullDatabase()) {
            Version small = backend.write("id", state(10), Version.ABSENT);
            BackendException e = assertThrows(BackendException.class, () -> backend.write("id", state(100_000), small));
            assertTrue(e.getMessage().contains("database or disk is full"), e.getMessage());
            assertFalse(e.getMessage().contains("no transaction is active"), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
            StoredState now = backend.read("id");
            assertEquals(small, now.version(), "the state before the failed write");
            assertThrows(BackendException.class, () -> backend.write("new", state(100_000), Version.ABSENT));
            assertFalse(backend.read("new").exists(), "nothing half-written");
            backend.write("id", state(20), small); // and the connection still works
        }
    }
}
