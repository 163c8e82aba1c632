package dev.cairn.ui.write;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StateError;

/** The two views a write is previewed in: the documents as stored, and the effective state the tap gets. */
public final class StoredJson {

    private StoredJson() {}

    /** The documents as stored ({@link StateDocument#storedJson()}); null for no state. */
    public static JsonNode stored(StateDocument document) {
        return document == null ? null : document.storedJson();
    }

    /** What {@code meltano state get} reports: a deleted state reads as {@code {}}. */
    public static JsonNode effective(StateDocument document) throws StateError {
        return (document == null ? StateDocument.EMPTY : document).effective();
    }
}
