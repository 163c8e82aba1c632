package dev.cairn.ops;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/** {@code journal.db} files as an older Cairn made them, for the tests that open them. */
final class OldJournals {

    /** The columns of {@code writes} a journal made before groups ends with. */
    static final String BEFORE_GROUPS = "error TEXT";

    /** The columns of {@code writes} a journal made before kinds ends with. */
    static final String BEFORE_KINDS = "error TEXT, group_id TEXT";

    private OldJournals() {
    }

    /** Makes {@code journal.db} in {@code folder} with that schema, holding the rows the {@code inserts} add. */
    static void create(Path folder, String lastColumns, String... inserts) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + folder.resolve("journal.db"));
             Statement s = c.createStatement()) {
            s.execute("CREATE TABLE documents (hash TEXT PRIMARY KEY, size INTEGER NOT NULL, deflated BLOB NOT NULL)");
            s.execute("CREATE TABLE writes (seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, time TEXT NOT NULL,"
                    + " backend TEXT NOT NULL, state_id TEXT NOT NULL, action TEXT NOT NULL, verb TEXT NOT NULL,"
                    + " undo INTEGER NOT NULL,"
                    + " before_completed TEXT, before_partial TEXT, after_completed TEXT, after_partial TEXT,"
                    + " version_before TEXT NOT NULL, status TEXT NOT NULL, version_after TEXT, " + lastColumns + ")");
            for (String insert : inserts) {
                s.execute(insert);
            }
        }
    }

    /** The insert of a completed clear of {@code stateId} on {@code backend}, journalled as {@code id}. */
    static String clear(String id, String backend, String stateId) {
        return "INSERT INTO writes (id, time, backend, state_id, action, verb, undo, version_before, status, version_after)"
                + " VALUES ('" + id + "', '2026-11-01T10:00:00Z', '" + backend + "', '" + stateId + "', 'Clear state of " + stateId
                + " on " + backend + "', 'Clear state', 0, 'v-" + stateId + "', 'DONE', 'absent')";
    }
}
