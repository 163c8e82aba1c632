package dev.cairn.backend.blob;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.backend.BackendException;
import dev.cairn.state.Json;
import dev.cairn.state.JsonSyntaxError;
import dev.cairn.state.PythonJson;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StatePart;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** The bytes of a {@code state.json}: {@code json.dumps({"completed": …, "partial": …})} (reference §4.2). */
final class StateFile {

    private StateFile() {}

    /**
     * Reads a {@code state.json} as Meltano does: missing keys are {@code {}}, {@code null} is NULL.
     * Text that is not a JSON object becomes a corrupt completed part holding the whole file.
     */
    static StateDocument parse(byte[] data) {
        String text = new String(data, StandardCharsets.UTF_8);
        // Meltano's own files are plain JSON: cut them into their two parts without a tree, so that each
        // is parsed only when asked for, and both may be parsed at once (StateDocument.parseParts)
        Map<String, String> members = Json.memberTexts(text);
        if (members != null) {
            return new StateDocument(part(members, "completed"), part(members, "partial"));
        }
        JsonNode root;
        try {
            root = Json.parse(text);
        } catch (JsonSyntaxError e) {
            return new StateDocument(StatePart.corrupt(text, e), StatePart.emptyObject());
        }
        if (!root.isObject()) {
            JsonSyntaxError notObject = new JsonSyntaxError(
                    "state.json holds a " + Json.typeName(root) + ", not an object", 1, 1, 0);
            return new StateDocument(StatePart.corrupt(text, notObject), StatePart.emptyObject());
        }
        return new StateDocument(part(root, "completed"), part(root, "partial"));
    }

    private static StatePart part(Map<String, String> members, String key) {
        String text = members.get(key);
        return text == null ? StatePart.emptyObject() : StatePart.unparsed(text);
    }

    private static StatePart part(JsonNode root, String key) {
        return root.has(key) ? StatePart.of(root.get(key)) : StatePart.emptyObject();
    }

    static byte[] bytes(String stateId, StateDocument document) {
        if (document.isCorrupt()) {
            throw new BackendException("cannot write " + stateId + ": a document in it is not valid JSON;"
                    + " replace the whole state instead");
        }
        ObjectNode file = Json.object();
        file.set("completed", document.completed().valueOrJsonNull());
        file.set("partial", document.partial().valueOrJsonNull());
        return PythonJson.dumps(file).getBytes(StandardCharsets.US_ASCII);
    }
}
