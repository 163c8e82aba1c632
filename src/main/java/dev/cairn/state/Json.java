package dev.cairn.state;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Reads JSON the way Python's {@code json.loads} does, which is how Meltano reads every state: key
 * order kept, integers of any size exact, {@code NaN}/{@code Infinity} accepted, a repeated key keeps
 * its first position and its last value, trailing data rejected.
 */
public final class Json {

    private static final ObjectMapper MAPPER = JsonMapper.builder(
                    JsonFactory.builder()
                            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
                            .streamReadConstraints(StreamReadConstraints.builder()
                                    .maxStringLength(Integer.MAX_VALUE)
                                    .maxNumberLength(100_000)
                                    .maxNestingDepth(100_000)
                                    .build())
                            .build())
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .disable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
            .build();

    private Json() {}

    /** Parses one JSON value; {@code null} never comes back (a JSON {@code null} is a NullNode). */
    public static JsonNode parse(String text) throws JsonSyntaxError {
        try {
            JsonNode node = MAPPER.readTree(text);
            if (node == null || node.isMissingNode()) {
                throw new JsonSyntaxError("Expecting value", 1, 1, 0);
            }
            return node;
        } catch (JsonProcessingException e) {
            throw syntaxError(e);
        }
    }

    /** Parses text that must hold a JSON object, as Meltano's state inputs must. */
    public static ObjectNode parseObject(String text) throws JsonSyntaxError {
        JsonNode node = parse(text);
        if (!node.isObject()) {
            throw new JsonSyntaxError("expected a JSON object, found " + typeName(node), 1, 1, 0);
        }
        return (ObjectNode) node;
    }

    public static ObjectNode object() {
        return JsonNodeFactory.instance.objectNode();
    }

    /** The name Python gives the value's type, as Meltano's error messages say it. */
    public static String typeName(JsonNode node) {
        if (node == null || node.isNull()) {
            return "NoneType";
        }
        if (node.isObject()) {
            return "dict";
        }
        if (node.isArray()) {
            return "list";
        }
        if (node.isTextual()) {
            return "str";
        }
        if (node.isBoolean()) {
            return "bool";
        }
        if (node.isIntegralNumber()) {
            return "int";
        }
        return "float";
    }

    private static JsonSyntaxError syntaxError(JsonProcessingException e) {
        JsonLocation at = e.getLocation();
        int line = at == null ? 1 : Math.max(1, at.getLineNr());
        int column = at == null ? 1 : Math.max(1, at.getColumnNr());
        long offset = at == null ? 0 : Math.max(0, at.getCharOffset());
        return new JsonSyntaxError(e.getOriginalMessage(), line, column, offset);
    }
}
