package dev.cairn.state;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
     *
     * <p>The result shares every subtree the merge does not change with the arguments (only the
     * objects along the partial's paths are new), so the effective state of a large document costs
     * little more than its partial. Documents are values: none of the three may be modified after.
     */
    public static JsonNode merge(JsonNode src, JsonNode dest) throws MergeError {
        if (src == null || src.isNull() || !src.isObject()) {
            throw new MergeError("", "'" + Json.typeName(src) + "' object has no attribute 'items'");
        }
        return merged((ObjectNode) src, dest, new StringBuilder());
    }

    private static JsonNode merged(ObjectNode src, JsonNode dest, StringBuilder path) throws MergeError {
        if (src.isEmpty()) {
            return dest; // Python's loop does not run: dest comes back as it is, whatever it is
        }
        if (dest == null || !dest.isObject()) {
            path.append('/').append(JsonPointers.escape(src.properties().iterator().next().getKey()));
            throw new MergeError(path.toString(), "cannot set a key inside a " + describe(dest));
        }
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        out.setAll((ObjectNode) dest);
        int pathLength = path.length();
        for (Map.Entry<String, JsonNode> field : src.properties()) {
            String key = field.getKey();
            JsonNode value = field.getValue();
            path.append('/').append(JsonPointers.escape(key));
            if (value.isObject()) {
                JsonNode node = out.get(key);
                if (node == null) {
                    node = JsonNodeFactory.instance.objectNode();
                }
                if (!node.isObject() && !value.isEmpty()) {
                    throw new MergeError(path.toString(), "cannot merge an object onto a " + describe(node));
                }
                out.set(key, merged((ObjectNode) value, node, path));
            } else {
                out.set(key, value);
            }
            path.setLength(pathLength);
        }
        return out;
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
