package dev.cairn.ops;

import dev.cairn.ops.Journal.Entry;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * What the journal is asked: the writes to one ID, and the walk back through a backend's writes that
 * undo takes (the last undoable write, the writes of one operation still undoable).
 */
final class JournalQueries {

    private final JournalDatabase database;

    JournalQueries(JournalDatabase database) {
        this.database = database;
    }

    /** The writes to one state on one backend, newest first. */
    List<Entry> history(String backend, String stateId) {
        return database.read(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT " + JournalRows.COLUMNS
                    + " FROM writes WHERE backend = ? AND state_id = ? ORDER BY seq DESC")) {
                s.setString(1, backend);
                s.setString(2, stateId);
                return JournalRows.entries(c, s);
            }
        });
    }

    /**
     * The newest completed write to the backend (and ID, unless null) that is not itself an undo
     * and has not been undone yet; undoing repeatedly walks back through the writes.
     */
    Entry lastUndoable(String backend, String stateId) {
        return database.read(c -> {
            List<Undoable> undoable = undoable(c, backend, stateId);
            return undoable.isEmpty() ? null : JournalRows.entry(c, undoable.get(undoable.size() - 1).seq());
        });
    }

    /**
     * The writes of the group to the backend that are done and not undone yet, newest first: what
     * undoing the group there puts back. A write of the group undone on its own ({@code undo ID})
     * is not among them.
     */
    List<Entry> undoableInGroup(String backend, String group) {
        return database.read(c -> {
            List<Entry> entries = new ArrayList<>();
            for (Undoable u : undoable(c, backend, null)) {
                if (group.equals(u.group())) {
                    entries.add(0, JournalRows.entry(c, u.seq()));
                }
            }
            return entries;
        });
    }

    /** The backends other than {@code backend} on which writes of the group are still undoable, in the order written. */
    List<String> otherBackendsToUndo(String group, String backend) {
        return database.read(c -> {
            List<String> written = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement("SELECT backend FROM writes WHERE group_id = ? AND backend <> ?"
                    + " AND status = 'DONE' GROUP BY backend ORDER BY MIN(seq)")) {
                s.setString(1, group);
                s.setString(2, backend);
                try (ResultSet r = s.executeQuery()) {
                    while (r.next()) {
                        written.add(r.getString(1));
                    }
                }
            }
            List<String> undoable = new ArrayList<>();
            for (String other : written) {
                if (undoable(c, other, null).stream().anyMatch(u -> group.equals(u.group()))) {
                    undoable.add(other);
                }
            }
            return undoable;
        });
    }

    /** The writes to the backend (and ID, unless null) still {@code STARTED}, oldest first. */
    List<Entry> started(String backend, String stateId) {
        return database.read(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT " + JournalRows.COLUMNS + " FROM writes WHERE backend = ?"
                    + " AND status = 'STARTED'" + (stateId == null ? "" : " AND state_id = ?") + " ORDER BY seq")) {
                s.setString(1, backend);
                if (stateId != null) {
                    s.setString(2, stateId);
                }
                return JournalRows.entries(c, s);
            }
        });
    }

    /**
     * The walk back through the backend's writes (to one ID, unless null), oldest first: every
     * completed write that is not an undo, less those an undo has put back. It needs versions only:
     * documents are read for the entries picked from it.
     */
    private static List<Undoable> undoable(Connection c, String backend, String stateId) throws SQLException {
        String sql = "SELECT seq, state_id, undo, version_before, version_after, group_id FROM writes"
                + " WHERE backend = ? AND status = 'DONE'" + (stateId == null ? "" : " AND state_id = ?") + " ORDER BY seq";
        List<Undoable> undoable = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, backend);
            if (stateId != null) {
                s.setString(2, stateId);
            }
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    Undoable w = new Undoable(r.getLong(1), r.getString(2), r.getString(4), r.getString(5), r.getString(6));
                    if (r.getBoolean(3)) {
                        // an undo starts from the version the write it undoes left behind
                        undoable.removeIf(u -> u.stateId().equals(w.stateId()) && w.versionBefore().equals(u.versionAfter()));
                    } else {
                        undoable.add(w);
                    }
                }
            }
        }
        return undoable;
    }

    private record Undoable(long seq, String stateId, String versionBefore, String versionAfter, String group) {}
}
