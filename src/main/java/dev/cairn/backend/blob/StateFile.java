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

/** The bytes of a {@code state.json}: {@code json.dumps({"completed": …, "partial": …})} (reference §4.2). */
final class StateFile {

    private StateFile() {}

    /**
     * Reads a {@code state.json} as Meltano does: missing keys are {@code {}}, {@code null} is NULL.
     * Text that is not a JSON object becomes a corrupt completed part holding the whole file.
     */
    static StateDocument parse(byte[] data) {
        int[] cut = cut(data);
        if (cut != null) {
            // both parts parsed at once (on two cores), not the whole file as one tree
            StateDocument document = new StateDocument(part(data, cut, COMPLETED), part(data, cut, PARTIAL));
            document.parseParts();
            if (!document.isCorrupt()) {
                return document;
            }
            // a part that does not parse: the whole file is what Meltano fails on, and what the message quotes
        }
        String text = new String(data, StandardCharsets.UTF_8);
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

    private static final int COMPLETED = 0;
    private static final int PARTIAL = 2;

    /**
     * Where the values of {@code completed} and {@code partial} lie in a file whose top level is one
     * object with unescaped keys (Meltano's always is): start and end offsets, -1 for a key that is
     * absent, the last of a repeated key winning as in Python. Inside the values only quotes and
     * brackets are followed; their syntax is checked when each is parsed. {@code null}: the whole
     * tree decides. Structural bytes are ASCII, which no byte of a multi-byte UTF-8 character is.
     */
    private static int[] cut(byte[] d) {
        int[] at = {-1, -1, -1, -1};
        int i = space(d, 0);
        if (i == d.length || d[i] != '{') {
            return null;
        }
        i = space(d, i + 1);
        if (i < d.length && d[i] == '}') {
            return space(d, i + 1) == d.length ? at : null;
        }
        while (i < d.length && d[i] == '"') {
            int key = i + 1;
            int k = key;
            while (k < d.length && d[k] != '"' && d[k] != '\\') {
                k++;
            }
            if (k == d.length || d[k] == '\\') {
                return null;
            }
            int slot = is(d, key, k, "completed") ? COMPLETED : is(d, key, k, "partial") ? PARTIAL : -1;
            i = space(d, k + 1);
            if (i == d.length || d[i] != ':') {
                return null;
            }
            int start = space(d, i + 1);
            i = endOfValue(d, start);
            if (i < 0) {
                return null;
            }
            if (slot >= 0) {
                at[slot] = start;
                at[slot + 1] = i;
            }
            i = space(d, i);
            if (i == d.length) {
                return null;
            }
            if (d[i] == '}') {
                return space(d, i + 1) == d.length ? at : null;
            }
            if (d[i] != ',') {
                return null;
            }
            i = space(d, i + 1);
        }
        return null;
    }

    /** Just past the value starting at {@code i}: a matched bracket, a string's closing quote, or a scalar's end; -1 if unmatched. */
    private static int endOfValue(byte[] d, int i) {
        int depth = 0;
        for (; i < d.length; i++) {
            byte b = d[i];
            if (b == '"') {
                i++;
                while (i < d.length && d[i] != '"') {
                    i += d[i] == '\\' ? 2 : 1;
                }
                if (i >= d.length) {
                    return -1;
                }
                if (depth == 0) {
                    return i + 1;
                }
            } else if (b == '{' || b == '[') {
                depth++;
            } else if (b == '}' || b == ']') {
                if (depth == 0) {
                    return i;
                }
                if (--depth == 0) {
                    return i + 1;
                }
            } else if (depth == 0 && (b == ',' || b == ' ' || b == '\n' || b == '\r' || b == '\t')) {
                return i;
            }
        }
        return depth == 0 ? i : -1;
    }

    private static int space(byte[] d, int i) {
        while (i < d.length && (d[i] == ' ' || d[i] == '\n' || d[i] == '\r' || d[i] == '\t')) {
            i++;
        }
        return i;
    }

    private static boolean is(byte[] d, int from, int to, String key) {
        if (to - from != key.length()) {
            return false;
        }
        for (int j = 0; j < key.length(); j++) {
            if (d[from + j] != key.charAt(j)) {
                return false;
            }
        }
        return true;
    }

    private static StatePart part(byte[] data, int[] cut, int slot) {
        int start = cut[slot];
        return start < 0 ? StatePart.emptyObject()
                : StatePart.unparsed(new String(data, start, cut[slot + 1] - start, StandardCharsets.UTF_8));
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
