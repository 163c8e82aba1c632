package dev.cairn.state;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.List;

/**
 * Changes to one stream's or one partition's bookmark, made in the stored documents so that the
 * effective state changes as asked. A partial document overrides the completed one key by key and
 * replaces lists whole, so a bookmark is changed wherever it is stored: in the completed document,
 * and in the partial one where it overrides it.
 */
public final class BookmarkEdits {

    /** Keys the Singer SDK writes while a sync runs; stale once a bookmark is set by hand. */
    public static final List<String> IN_PROGRESS_KEYS =
            List.of("progress_markers", "replication_key_signpost", "starting_replication_value");

    private BookmarkEdits() {}

    /** Removes a stream's bookmark, so that the next run syncs it from the start. */
    public static StateDocument withoutStream(StateDocument state, String stream) throws StateError {
        return edit(state, document -> {
            ObjectNode bookmarks = bookmarks(document);
            if (bookmarks != null) {
                bookmarks.remove(stream);
            }
        });
    }

    /** Removes one partition of a stream (matched by its {@code context}). */
    public static StateDocument withoutPartition(StateDocument state, String stream, JsonNode context) throws StateError {
        return edit(state, document -> {
            ArrayNode partitions = partitions(document, stream);
            if (partitions != null) {
                for (Iterator<JsonNode> it = partitions.elements(); it.hasNext(); ) {
                    if (JsonEquality.same(context, it.next().get("context"))) {
                        it.remove();
                    }
                }
            }
        });
    }

    /**
     * Sets a stream's (or a partition's, when {@code context} is not null) replication value, and
     * drops the in-progress markers of an interrupted run next to it.
     */
    public static StateDocument rewound(StateDocument state, String stream, JsonNode context, JsonNode value)
            throws StateError {
        JsonNode effective = state.effective();
        boolean present = context == null ? entry(effective, stream) != null : target(effective, stream, context) != null;
        if (!present) {
            throw new StateError(StateError.Kind.MERGE, "no bookmark for stream " + stream
                    + (context == null ? "" : " and partition " + context), "");
        }
        return edit(state, document -> {
            JsonNode bookmark = target(document, stream, context);
            if (bookmark != null) {
                set((ObjectNode) bookmark, value);
            } else if (context == null && entry(document, stream) != null) {
                // legacy taps keep a bare value per stream: {"project_1_issues": "2020-01-01"}
                bookmarks(document).set(stream, value);
            }
        });
    }

    private static void set(ObjectNode bookmark, JsonNode value) {
        bookmark.set("replication_key_value", value);
        IN_PROGRESS_KEYS.forEach(bookmark::remove);
    }

    // --- navigation -----------------------------------------------------------------------

    private static ObjectNode bookmarks(JsonNode document) {
        if (document == null || !document.isObject()) {
            return null;
        }
        JsonNode singer = document.has("singer_state") ? document.get("singer_state") : document;
        JsonNode bookmarks = singer.get("bookmarks");
        return bookmarks instanceof ObjectNode ? (ObjectNode) bookmarks : null;
    }

    private static ArrayNode partitions(JsonNode document, String stream) {
        ObjectNode bookmarks = bookmarks(document);
        JsonNode entry = bookmarks == null ? null : bookmarks.get(stream);
        JsonNode partitions = entry == null ? null : entry.get("partitions");
        return partitions instanceof ArrayNode ? (ArrayNode) partitions : null;
    }

    private static JsonNode entry(JsonNode document, String stream) {
        ObjectNode bookmarks = bookmarks(document);
        return bookmarks == null ? null : bookmarks.get(stream);
    }

    /** The object holding the stream's or partition's bookmark, or null. */
    private static JsonNode target(JsonNode document, String stream, JsonNode context) {
        JsonNode entry = entry(document, stream);
        if (context == null) {
            return entry instanceof ObjectNode ? entry : null;
        }
        ArrayNode partitions = partitions(document, stream);
        if (partitions != null) {
            for (JsonNode p : partitions) {
                if (p.isObject() && JsonEquality.same(context, p.get("context"))) {
                    return p;
                }
            }
        }
        return null;
    }

    // --- applying to both documents -------------------------------------------------------

    private interface Change {
        void apply(JsonNode document);
    }

    private static StateDocument edit(StateDocument state, Change change) throws StateError {
        state.effective(); // refuse states Meltano cannot read: the effect of an edit on them is unknowable
        JsonNode completed = copy(state.completed());
        JsonNode partial = copy(state.partial());
        change.apply(completed);
        change.apply(partial);
        return new StateDocument(StatePart.of(completed), StatePart.of(partial));
    }

    private static JsonNode copy(StatePart part) {
        return part.value() == null ? null : part.value().deepCopy();
    }
}
