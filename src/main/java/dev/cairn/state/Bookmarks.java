package dev.cairn.state;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.state.Bookmark.Flag;
import dev.cairn.state.Bookmark.InProgress;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The bookmarks of a Singer state, a row per stream and per SDK partition (reference §7). Singer
 * SDK taps keep {@code replication_key}/{@code replication_key_value}; singer-python taps keep what
 * they like: {@code lsn} or {@code xmin} (pipelinewise), a single key of their own such as
 * {@code {"updated_at": …}}, or a bare value per stream (tap-gitlab).
 */
public final class Bookmarks {

    /** Keys that describe a stream's sync rather than say where it resumes. */
    private static final Set<String> NOT_A_POSITION = Set.of(
            "replication_key", "replication_key_value", "version", "last_replication_method",
            "initial_full_table_complete", "lsn", "xmin", "progress_markers", "replication_key_signpost",
            "starting_replication_value", "partitions", "context");

    /**
     * Where pipelinewise database taps resume without a replication key: the WAL position of a
     * LOG_BASED stream, the {@code xmin} of an interrupted FULL_TABLE sync.
     */
    private static final List<String> LOG_POSITIONS = List.of("lsn", "xmin");

    private Bookmarks() {}

    /**
     * The rows of an effective state: a document with {@code singer_state}, or a bare Singer state
     * ({@code {"bookmarks": …}}, as {@code state set --no-validate} may store). Streams and
     * partitions come in stored order; no bookmarks, no rows.
     */
    public static List<Bookmark> of(JsonNode effectiveState) {
        return of(effectiveState, stream -> true);
    }

    /** The rows {@link #of(JsonNode)} makes of the streams named so, alone. */
    public static List<Bookmark> of(JsonNode effectiveState, Predicate<String> streams) {
        SingerState state = SingerState.in(effectiveState);
        String currentlySyncing = state == null ? null : state.currentlySyncing();
        List<Bookmark> rows = new ArrayList<>();
        walk(state, streams, true, (name, context, pointer, entry) -> rows.add(row(name, context, pointer, entry, name.equals(currentlySyncing))));
        return rows.isEmpty() ? List.of() : Collections.unmodifiableList(rows);
    }

    /**
     * The {@link Bookmark#replicationValue} of every row {@link #of(JsonNode)} makes, in its order
     * ({@code null} where a row has none), without making the rows: a comparison of two states
     * wants only the newest date-time of every stream, and the rows' pointers and flags (a
     * date-time parse each) were most of the time it spent on bookmarks.
     */
    public static void replicationValues(JsonNode effectiveState, Consumer<JsonNode> values) {
        walk(SingerState.in(effectiveState), stream -> true, false,
                (name, context, pointer, entry) -> values.accept(entry.isObject() ? position(entry).value() : entry));
    }

    /** A row's place: its stream, its partition's context ({@code null} for a stream's own row), its pointer, its entry. */
    private interface RowVisitor {
        void row(String stream, JsonNode context, String pointer, JsonNode entry);
    }

    /**
     * Every row's place in the state's stored order, the streams named so alone; with
     * {@code pointers} false, every pointer {@code null}.
     */
    private static void walk(SingerState state, Predicate<String> streams, boolean pointers, RowVisitor visitor) {
        JsonNode bookmarks = state == null ? null : state.bookmarks();
        if (bookmarks == null) {
            return;
        }
        for (Map.Entry<String, JsonNode> stream : bookmarks.properties()) {
            String name = stream.getKey();
            if (!streams.test(name)) {
                continue;
            }
            JsonNode entry = stream.getValue();
            String pointer = pointers ? JsonPointers.child(state.bookmarksPointer(), name) : null;
            JsonNode partitions = entry.isObject() ? entry.get("partitions") : null;
            if (partitions == null || !partitions.isArray() || partitions.isEmpty()) {
                visitor.row(name, null, pointer, entry);
                continue;
            }
            if (entry.size() > 1) {
                visitor.row(name, null, pointer, entry);
            }
            String partitionsPointer = pointers ? JsonPointers.child(pointer, "partitions") : null;
            for (int i = 0; i < partitions.size(); i++) {
                JsonNode partition = partitions.get(i);
                JsonNode context = partition.isObject() ? partition.get("context") : null;
                visitor.row(name, context, pointers ? JsonPointers.child(partitionsPointer, i) : null, partition);
            }
        }
    }

    /**
     * Where the tap resumes, stream by stream, for a one-line header: "issues: updated_at =
     * 2024-06-01T00:00:00Z; commits: full refresh; pull_requests: 1,200 partitions", naming at most
     * {@code limit} streams and counting the rest. Null when the state has no bookmarks.
     */
    public static String resumePoints(JsonNode effectiveState, int limit) {
        SingerState state = SingerState.in(effectiveState);
        JsonNode streams = state == null ? null : state.bookmarks();
        if (streams == null || streams.isEmpty()) {
            return null;
        }
        List<String> parts = new ArrayList<>();
        for (Map.Entry<String, JsonNode> stream : streams.properties()) {
            if (parts.size() == limit) {
                int more = streams.size() - limit;
                parts.add(String.format(Locale.ROOT, "%,d more stream%s", more, more == 1 ? "" : "s"));
                break;
            }
            JsonNode entry = stream.getValue();
            JsonNode partitions = entry.isObject() ? entry.get("partitions") : null;
            if (partitions != null && partitions.isArray() && !partitions.isEmpty()) {
                parts.add(String.format(Locale.ROOT, "%s: %,d partition%s", stream.getKey(), partitions.size(), partitions.size() == 1 ? "" : "s"));
                continue;
            }
            Bookmark row = row(stream.getKey(), null, "", entry, false);
            JsonNode value = row.replicationValue();
            String at = value == null || value.isNull() ? "full refresh"
                    : (row.replicationKey() == null ? "" : row.replicationKey() + " = ") + (value.isTextual() ? value.textValue() : PythonJson.dumps(value));
            parts.add(stream.getKey() + ": " + at);
        }
        return String.join("; ", parts);
    }

    private static Bookmark row(String stream, JsonNode context, String pointer, JsonNode entry, boolean syncing) {
        InProgress inProgress = entry.isObject() ? inProgress(entry) : null;
        Position position = entry.isObject() ? position(entry) : new Position(null, entry);
        JsonNode value = position.value();
        Set<Flag> flags = EnumSet.noneOf(Flag.class);
        if (inProgress != null) {
            flags.add(Flag.IN_PROGRESS);
        }
        if (value == null || value.isNull()) {
            flags.add(Flag.NO_BOOKMARK);
        } else if (position.key() != null && namesTimestamp(position.key())
                && !(value.isTextual() && IsoDateTime.parses(value.textValue()))) {
            flags.add(Flag.NOT_A_TIMESTAMP);
        }
        if (syncing) {
            flags.add(Flag.CURRENTLY_SYNCING);
        }
        return new Bookmark(stream, context, position.key(), value, pointer, flags, inProgress);
    }

    /** A bookmark's key and value; either may be {@code null}. */
    private record Position(String key, JsonNode value) {}

    /**
     * What a stream resumes from. Several keys of a tap's own (a MySQL binlog file and position,
     * say) are shown together, as one object without a key name.
     */
    private static Position position(JsonNode entry) {
        if (entry.has("replication_key_value")) {
            return new Position(replicationKey(entry), entry.get("replication_key_value"));
        }
        for (String key : LOG_POSITIONS) {
            JsonNode value = entry.get(key);
            if (value != null && !value.isNull()) {
                return new Position(key, value);
            }
        }
        ObjectNode own = Json.object();
        for (Map.Entry<String, JsonNode> field : entry.properties()) {
            if (!NOT_A_POSITION.contains(field.getKey())) {
                own.set(field.getKey(), field.getValue());
            }
        }
        if (own.isEmpty()) {
            return new Position(replicationKey(entry), null);
        }
        if (own.size() == 1) {
            Map.Entry<String, JsonNode> only = own.properties().iterator().next();
            return new Position(only.getKey(), only.getValue());
        }
        return new Position(null, own);
    }

    /** The stream's replication key; while a first sync runs, only the progress markers name it. */
    private static String replicationKey(JsonNode entry) {
        JsonNode key = entry.get("replication_key");
        if (key == null) {
            JsonNode markers = entry.get("progress_markers");
            key = markers == null ? null : markers.get("replication_key");
        }
        return key != null && key.isTextual() ? key.textValue() : null;
    }

    private static InProgress inProgress(JsonNode entry) {
        JsonNode markers = entry.get("progress_markers");
        JsonNode signpost = entry.get("replication_key_signpost");
        JsonNode startingValue = entry.get("starting_replication_value");
        if (markers == null && signpost == null && startingValue == null) {
            return null;
        }
        return new InProgress(markers == null ? null : markers.get("replication_key_value"), signpost, startingValue);
    }

    /** Names taps give timestamp columns: {@code updated_at}, {@code updatedAt}, {@code lastModifiedDate}, … */
    private static boolean namesTimestamp(String key) {
        String name = key.toLowerCase(Locale.ROOT);
        return name.endsWith("_at") || name.contains("date") || name.contains("time")
                || name.contains("updated") || name.contains("created") || name.contains("modified");
    }
}
