package dev.cairn.state;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;

/**
 * JSON values built from a fuzzer's input: every kind Python's json module tells apart (big
 * integers, floats including NaN and infinities, strings with any UTF-16 unit, nested objects and
 * lists), with keys from a small alphabet so that merges and diffs meet the same keys on both sides.
 */
final class FuzzedJson {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String[] KEYS = {"singer_state", "bookmarks", "partitions", "context", "a", "b", "replication_key_value", ""};
    private static final int MAX_DEPTH = 6;

    private FuzzedJson() {}

    static JsonNode value(FuzzedDataProvider data) {
        return value(data, 0);
    }

    static ObjectNode object(FuzzedDataProvider data) {
        return object(data, 0);
    }

    private static JsonNode value(FuzzedDataProvider data, int depth) {
        int kind = data.consumeInt(0, depth >= MAX_DEPTH ? 6 : 8);
        switch (kind) {
            case 0: return NODES.nullNode();
            case 1: return NODES.booleanNode(data.consumeBoolean());
            case 2: return NODES.numberNode(data.consumeLong());
            case 3: return NODES.numberNode(new BigInteger(1, data.consumeBytes(data.consumeInt(0, 24)))
                    .multiply(BigInteger.valueOf(data.consumeBoolean() ? 1 : -1)));
            case 4: return NODES.numberNode(data.consumeDouble());
            case 5: return NODES.textNode(data.consumeString(16));
            case 6: return NODES.textNode(key(data));
            case 7: return object(data, depth + 1);
            default: {
                ArrayNode array = NODES.arrayNode();
                int n = data.consumeInt(0, 4);
                for (int i = 0; i < n; i++) {
                    array.add(value(data, depth + 1));
                }
                return array;
            }
        }
    }

    private static ObjectNode object(FuzzedDataProvider data, int depth) {
        ObjectNode object = NODES.objectNode();
        int n = data.consumeInt(0, 5);
        for (int i = 0; i < n; i++) {
            object.set(key(data), value(data, depth + 1));
        }
        return object;
    }

    private static String key(FuzzedDataProvider data) {
        return data.consumeBoolean() ? KEYS[data.consumeInt(0, KEYS.length - 1)] : data.consumeString(6);
    }
}
