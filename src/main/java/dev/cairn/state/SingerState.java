package dev.cairn.state;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Where a document keeps its Singer state: under {@code singer_state}, as Meltano stores it, or at
 * the top level, as a state set with {@code --no-validate} may be.
 *
 * @param pointer where the Singer state is in the document
 * @param value the Singer state, an object
 */
record SingerState(String pointer, JsonNode value) {

    /** The Singer state of a document, or {@code null} if it has none. */
    static SingerState in(JsonNode document) {
        if (document == null || !document.isObject()) {
            return null;
        }
        if (document.has("singer_state")) {
            JsonNode state = document.get("singer_state");
            return state.isObject() ? new SingerState("/singer_state", state) : null;
        }
        return document.has("bookmarks") ? new SingerState("", document) : null;
    }

    /** The bookmarks by stream, or {@code null} when they are missing or not an object. */
    JsonNode bookmarks() {
        JsonNode bookmarks = value.get("bookmarks");
        return bookmarks != null && bookmarks.isObject() ? bookmarks : null;
    }

    String bookmarksPointer() {
        return pointer + "/bookmarks";
    }

    /** The stream singer-python taps name as being synced when the state was written, or {@code null}. */
    String currentlySyncing() {
        JsonNode stream = value.get("currently_syncing");
        return stream != null && stream.isTextual() ? stream.textValue() : null;
    }
}
