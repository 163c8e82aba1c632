package dev.cairn.ops;

import java.util.Locale;

/**
 * What a journalled write did, as a field the journal stores beside the words it shows: one kind per
 * {@link Edit} record, and {@link #UNDO} for a write that put back what an earlier one replaced.
 * Stored by {@link #key}, which stays when the wording of the verb changes.
 */
public enum WriteKind {
    SET, SET_PARTIAL, MERGE, CLEAR_PARTIAL, CLEAR, CLEAR_BOOKMARK, REWIND_BOOKMARK, REWIND, RESTORE_CHECKPOINT,
    COPY, MOVE, MOVED_TO, UNPARKED_TO, MERGE_UNDER, RESTORE_PARKED, RESTORE_BEFORE, IMPORT, RESTORE, PLANNED, UNDO;

    /** The kind as the journal and its export store it: "clear-partial". */
    public String key() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The kind stored as {@code key}; null for none (a write journalled before kinds were) or one a newer Cairn wrote. */
    public static WriteKind ofKey(String key) {
        if (key == null) {
            return null;
        }
        for (WriteKind kind : values()) {
            if (kind.key().equals(key)) {
                return kind;
            }
        }
        return null;
    }
}
