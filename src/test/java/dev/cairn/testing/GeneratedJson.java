package dev.cairn.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;
import java.util.Random;

/**
 * Seeded random JSON values of every kind Python's json module tells apart (big integers, floats
 * of every magnitude, strings with any UTF-16 unit including surrogate pairs, empty and deeply
 * nested objects and lists), with keys from a small alphabet so that two values share keys.
 */
public final class GeneratedJson {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String[] KEYS = {"singer_state", "bookmarks", "partitions", "context", "a", "b", "é", "\uD83D\uDE80", ""};

    private GeneratedJson() {}

    public static JsonNode value(Random random, int depth) {
        switch (random.nextInt(depth >= 8 ? 6 : 9)) {
            case 0: return NODES.nullNode();
            case 1: return NODES.booleanNode(random.nextBoolean());
            case 2: return NODES.numberNode(random.nextLong() >> random.nextInt(64));
            case 3: return NODES.numberNode(new BigInteger(random.nextInt(200) + 1, random).negate());
            case 4: return NODES.numberNode(Double.longBitsToDouble(random.nextLong()) % 1e30 * Math.pow(10, random.nextInt(40) - 20));
            case 5: return NODES.textNode(string(random));
            case 6:
            case 7: return object(random, depth + 1);
            default:
                ArrayNode list = NODES.arrayNode();
                for (int i = random.nextInt(4); i > 0; i--) {
                    list.add(value(random, depth + 1));
                }
                return list;
        }
    }

    public static ObjectNode object(Random random, int depth) {
        ObjectNode object = NODES.objectNode();
        for (int i = random.nextInt(5); i > 0; i--) {
            object.set(KEYS[random.nextInt(KEYS.length)], value(random, depth + 1));
        }
        return object;
    }

    private static String string(Random random) {
        StringBuilder s = new StringBuilder();
        for (int i = random.nextInt(12); i > 0; i--) {
            int kind = random.nextInt(4);
            s.append(kind == 0 ? (char) random.nextInt(0x80) : kind == 1 ? (char) (0x80 + random.nextInt(0xd800 - 0x80))
                    : kind == 2 ? "\uD83D\uDE80" : "\"\\/\n");
        }
        return s.toString();
    }
}
