package dev.cairn.state;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import java.util.Map;

/**
 * Equality of JSON values as Python's {@code json.dumps} would tell them apart: key order does not
 * matter, but an int and a float do ({@code 1} vs {@code 1.0}). Jackson's own {@code equals} is
 * unusable here because it tells an {@code IntNode} from a {@code LongNode} of the same number,
 * and edits may produce either.
 */
final class JsonEquality {

    private JsonEquality() {}

    /** Java {@code null} and a missing node stand for JSON {@code null}. */
    static boolean same(JsonNode a, JsonNode b) {
        a = orNull(a);
        b = orNull(b);
        if (a == b) {
            return true;
        }
        if (kind(a) != kind(b)) {
            return false;
        }
        switch (kind(a)) {
            case OBJECT: return sameObject(a, b);
            case ARRAY: return sameArray(a, b);
            case INT: return sameInt(a, b);
            case FLOAT: return sameFloat(a, b);
            case STRING: return a.textValue().equals(b.textValue());
            case BOOLEAN: return a.booleanValue() == b.booleanValue();
            case NULL: return true;
            default: return a.equals(b);
        }
    }

    /** A hash consistent with {@link #same}, so values can key a hash map. */
    static int hash(JsonNode value) {
        value = orNull(value);
        switch (kind(value)) {
            case OBJECT: {
                int h = 1;
                // Summed, so that key order does not matter.
                for (Map.Entry<String, JsonNode> field : value.properties()) {
                    h += field.getKey().hashCode() ^ hash(field.getValue());
                }
                return h;
            }
            case ARRAY: {
                int h = 2;
                for (JsonNode item : value) {
                    h = 31 * h + hash(item);
                }
                return h;
            }
            case INT: return value.canConvertToLong() ? Long.hashCode(value.longValue()) : value.bigIntegerValue().hashCode();
            case FLOAT: return Double.hashCode(value.doubleValue());
            case STRING: return value.textValue().hashCode();
            case BOOLEAN: return value.booleanValue() ? 3 : 4;
            case NULL: return 0;
            default: return value.hashCode();
        }
    }

    /** The kinds Python's json module tells apart. */
    enum Kind { OBJECT, ARRAY, INT, FLOAT, STRING, BOOLEAN, NULL, OTHER }

    static Kind kind(JsonNode value) {
        switch (value.getNodeType()) {
            case OBJECT: return Kind.OBJECT;
            case ARRAY: return Kind.ARRAY;
            case NUMBER: return value.isIntegralNumber() ? Kind.INT : Kind.FLOAT;
            case STRING: return Kind.STRING;
            case BOOLEAN: return Kind.BOOLEAN;
            case NULL:
            case MISSING: return Kind.NULL;
            default: return Kind.OTHER;
        }
    }

    static JsonNode orNull(JsonNode value) {
        return value == null || value.isMissingNode() ? NullNode.instance : value;
    }

    private static boolean sameObject(JsonNode a, JsonNode b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (Map.Entry<String, JsonNode> field : a.properties()) {
            JsonNode other = b.get(field.getKey());
            if (other == null || !same(field.getValue(), other)) {
                return false;
            }
        }
        return true;
    }

    private static boolean sameArray(JsonNode a, JsonNode b) {
        int n = a.size();
        if (n != b.size()) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (!same(a.get(i), b.get(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean sameInt(JsonNode a, JsonNode b) {
        if (a.canConvertToLong() && b.canConvertToLong()) {
            return a.longValue() == b.longValue();
        }
        return a.bigIntegerValue().equals(b.bigIntegerValue());
    }

    /** Bitwise, so that {@code NaN} equals itself and {@code -0.0} differs from {@code 0.0}, as their text does. */
    private static boolean sameFloat(JsonNode a, JsonNode b) {
        return Double.doubleToLongBits(a.doubleValue()) == Double.doubleToLongBits(b.doubleValue());
    }
}
