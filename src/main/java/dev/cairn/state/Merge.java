package dev.cairn.state;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Map;

/**
 * Meltano's {@code merge(src, dest)} (reference §3.1): for each key of {@code src} in order, a dict
 * value recurses into {@code dest[key]} (created as {@code {}} when absent), anything else replaces
 * {@code dest[key]}. Lists are replaced whole, {@code null} overwrites, new keys are appended. Where
 * Python raises, this throws {@link MergeError} naming the JSON path.
 */
public final class Merge {

    private Merge() {}

    /**
     * Returns {@code merge(src, dest)} without touching either argument. Either may be {@code null}
     * for Python's {@code None}; the result is {@code null} only when {@code dest} is and
     * {@code src} is an empty object (Meltano prints {@code null} then).
     */
    public static JsonNode merge(JsonNode src, JsonNode dest) throws MergeError {
        if (src == null || src.isNull() || !src.isObject()) {
            throw new MergeError("", "'" + Json.typeName(src) + "' object has no attribute 'items'");
        }
        JsonNode target = dest == null ? null : dest.deepCopy();
        mergeInto((ObjectNode) src, target, new StringBuilder());
        return target;
    }

    private static void mergeInto(ObjectNode src, JsonNode dest, StringBuilder path) throws MergeError {
        int pathLength = path.length();
        for (Iterator<Map.Entry<String, JsonNode>> it = src.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            String key = field.getKey();
            JsonNode value = field.getValue();
            path.append('/').append(JsonPointers.escape(key));
            if (dest == null || !dest.isObject()) {
                throw new MergeError(path.toString(), "cannot set a key inside a " + describe(dest));
            }
            ObjectNode target = (ObjectNode) dest;
            if (value.isObject()) {
                JsonNode node = target.get(key);
                if (node == null) {
                    node = target.putObject(key);
                }
                if (!node.isObject() && !value.isEmpty()) {
                    throw new MergeError(path.toString(), "cannot merge an object onto a " + describe(node));
                }
                mergeInto((ObjectNode) value, node, path);
            } else {
                target.set(key, value.deepCopy());
            }
            path.setLength(pathLength);
        }
    }

    private static String describe(JsonNode node) {
        if (node == null || node.isNull()) {
            return "null";
        }
        if (node.isArray()) {
            return "list";
        }
        if (node.isTextual()) {
            return "string";
        }
        if (node.isBoolean()) {
            return "boolean";
        }
        return "number";
    }
}
