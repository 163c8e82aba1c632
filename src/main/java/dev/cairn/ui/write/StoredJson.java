package dev.cairn.ui.write;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.state.Json;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StateError;
import dev.cairn.state.StatePart;

/** The two views a write is previewed in: the documents as stored, and the effective state the tap gets. */
public final class StoredJson {

    private StoredJson() {}

    /**
     * {@code {"completed": …, "partial": …}} as stored, a corrupt part as its raw text so that even
     * a repair of unreadable JSON shows what changes; null for no state.
     */
    public static JsonNode stored(StateDocument document) {
        if (document == null) {
            return null;
        }
        ObjectNode out = Json.object();
        out.set("completed", part(document.completed()));
        out.set("partial", part(document.partial()));
        return out;
    }

    private static JsonNode part(StatePart part) {
        if (part.isCorrupt()) {
            return out().textNode(part.rawText());
        }
        return part.isNull() ? out().nullNode() : part.value();
    }

    private static com.fasterxml.jackson.databind.node.JsonNodeFactory out() {
        return com.fasterxml.jackson.databind.node.JsonNodeFactory.instance;
    }

    /** What {@code meltano state get} reports: a deleted state reads as {@code {}}. */
    public static JsonNode effective(StateDocument document) throws StateError {
        return (document == null ? StateDocument.EMPTY : document).effective();
    }
}
