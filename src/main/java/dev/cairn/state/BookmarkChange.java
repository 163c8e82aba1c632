package dev.cairn.state;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Where one stream (or SDK partition) resumes, before and after a checkpoint: what a watch of a
 * running sync shows of each new checkpoint, read off {@link Bookmarks} rows.
 *
 * @param before the replication value before, null for a stream or partition the checkpoint added
 * @param after the replication value after, null for one it removed
 */
public record BookmarkChange(Kind kind, String stream, String partition, JsonNode before, JsonNode after) {

    /** Whether the row is new, gone, or resumes elsewhere. */
    public enum Kind { ADDED, REMOVED, CHANGED }

    /**
     * The rows of {@code after} that are new or whose replication value differs from {@code
     * before}'s, in {@code after}'s order, then those of {@code before} that {@code after} lacks.
     * Either state may be anything {@link Bookmarks#of} takes.
     */
    public static List<BookmarkChange> between(JsonNode before, JsonNode after) {
        Map<String, Bookmark> were = new LinkedHashMap<>();
        for (Bookmark row : Bookmarks.of(before)) {
            were.put(key(row), row);
        }
        List<BookmarkChange> changes = new ArrayList<>();
        for (Bookmark row : Bookmarks.of(after)) {
            Bookmark was = were.remove(key(row));
            if (was == null) {
                changes.add(new BookmarkChange(Kind.ADDED, row.stream(), row.contextLabel(), null, row.replicationValue()));
            } else if (!Objects.equals(was.replicationValue(), row.replicationValue())) {
                changes.add(new BookmarkChange(Kind.CHANGED, row.stream(), row.contextLabel(), was.replicationValue(),
                        row.replicationValue()));
            }
        }
        for (Bookmark gone : were.values()) {
            changes.add(new BookmarkChange(Kind.REMOVED, gone.stream(), gone.contextLabel(), gone.replicationValue(), null));
        }
        return changes;
    }

    /** A stream and its partition's context, as one key. */
    private static String key(Bookmark row) {
        return row.context() == null ? row.stream() : row.stream() + "\u0000" + PythonJson.dumps(row.context());
    }

    /**
     * One line: {@code ~ orders: "2024-06-01" -> "2024-06-02"}, {@code + issues [org=meltano]: 7},
     * {@code - refunds}; values as compact JSON ({@code none} for a row without one).
     */
    public String line() {
        String where = partition.isEmpty() ? stream : stream + " [" + partition + "]";
        return switch (kind) {
            case ADDED -> "+ " + where + ": " + value(after);
            case REMOVED -> "- " + where;
            case CHANGED -> "~ " + where + ": " + value(before) + " -> " + value(after);
        };
    }

    private static String value(JsonNode value) {
        return value == null ? "none" : PythonJson.write(value, PythonJson.Style.COMPACT);
    }
}
