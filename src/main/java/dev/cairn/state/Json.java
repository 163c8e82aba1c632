package dev.cairn.state;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.IOException;
import java.util.LinkedHashMap;

/**
 * Reads JSON the way Python's {@code json.loads} does, which is how Meltano reads every state: key
 * order kept, integers of any size exact, {@code NaN}/{@code Infinity} accepted, a repeated key keeps
 * its first position and its last value, trailing data rejected.
 */
public final class Json {

    /**
     * How deep a document may nest. Python's {@code json}, which Meltano reads and writes states
     * with, stops at 1,000 levels (a {@code RecursionError}, measured on CPython 3.11); Cairn refuses
     * deeper text when it reads it, in one line, so that no part of it (validation, merge, diff, the
     * writer, the window) walks a deeper tree than that.
     */
    public static final int MAX_DEPTH = 1_000;

    private static final ObjectMapper MAPPER = JsonMapper.builder(
                    JsonFactory.builder()
                            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
                            .streamReadConstraints(StreamReadConstraints.builder()
                                    .maxStringLength(Integer.MAX_VALUE)
                                    .maxNumberLength(100_000)
                                    .maxNestingDepth(MAX_DEPTH)
                                    .build())
                            .build())
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .disable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
            .nodeFactory(new SmallObjects())
            .build();

    /**
     * Nodes sized for states, which hold hundreds of thousands of small objects (a partition is a
     * context, a key and a value; a context two or three keys) and repeat short strings (replication
     * keys, organisations, stream names) in each: objects start with room for four members instead of
     * sixteen, and a short string just read is the same node as the last one equal to it that fell
     * in its slot. Text nodes never change, so sharing one between places is sharing a value.
     */
    private static final class SmallObjects extends JsonNodeFactory {
        private static final long serialVersionUID = 1L;
        private static final int SHORT = 32;
        /** Recent short strings by {@link #slot}; threads may overwrite each other's slots, which only costs a miss. */
        private final transient TextNode[] recent = new TextNode[4096];

        @Override
        public ObjectNode objectNode() {
            return new ObjectNode(this, new LinkedHashMap<>(4));
        }

        @Override
        public TextNode textNode(String text) {
            int n;
            if (text == null || (n = text.length()) > SHORT || n == 0) {
                return super.textNode(text);
            }
            int slot = slot(text, n);
            TextNode known = recent[slot];
            if (known != null && known.textValue().equals(text)) {
                return known;
            }
            TextNode made = super.textNode(text);
            recent[slot] = made;
            return made;
        }

        /**
         * A slot from the length and four of the characters: every string just read is new, so its
         * {@code hashCode} would walk all of it first, over a quarter of parsing a 10 MB state (56
         * against 40 ms). Strings alike in those (timestamps) share slots, where they were unique anyway.
         */
        private int slot(String text, int n) {
            int h = n;
            h = h * 31 + text.charAt(0);
            h = h * 31 + text.charAt(n >> 2);
            h = h * 31 + text.charAt(n >> 1);
            h = h * 31 + text.charAt(n - 1);
            return (h ^ h >>> 12) & (recent.length - 1);
        }
    }

    /** Reads one value where the parser stands, leaving what follows it to the caller. */
    private static final ObjectReader SUBTREE = MAPPER.reader().without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

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

    /**
     * What {@link #parse} would make of the text, in outline, without building the tree: one
     * pass that checks the whole syntax (as strictly as {@code parse}) and looks only at the root and
     * its keys. Plain JSON takes {@link ShapeScanner}'s quick pass; the rest a streaming parser's.
     */
    static StatePart.Shape scanShape(String text) {
        StatePart.Shape plain = ShapeScanner.scan(text);
        if (plain != null) {
            return plain;
        }
        try (JsonParser p = MAPPER.createParser(text)) {
            JsonToken root = p.nextToken();
            if (root == null) {
                return StatePart.Shape.CORRUPT;
            }
            StatePart.Shape shape;
            switch (root) {
                case VALUE_NULL: shape = StatePart.Shape.NULL; break;
                case START_OBJECT: shape = scanObject(p); break;
                case START_ARRAY: shape = scanArray(p); break;
                default:
                    checkNumber(p, root);
                    shape = StatePart.Shape.OTHER;
            }
            return p.nextToken() == null ? shape : StatePart.Shape.CORRUPT; // trailing data, as parse rejects it
        } catch (IOException e) {
            return StatePart.Shape.CORRUPT;
        }
    }

    private static StatePart.Shape scanObject(JsonParser p) throws IOException {
        boolean empty = true;
        boolean singerState = false;
        JsonToken t;
        while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
            empty = false;
            singerState |= "singer_state".equals(p.currentName());
            skipValue(p, p.nextToken());
        }
        if (t != JsonToken.END_OBJECT) {
            throw new IOException("unexpected " + t);
        }
        return empty ? StatePart.Shape.EMPTY_OBJECT
                : singerState ? StatePart.Shape.OBJECT_WITH_SINGER_STATE : StatePart.Shape.OBJECT;
    }

    private static StatePart.Shape scanArray(JsonParser p) throws IOException {
        JsonToken t = p.nextToken();
        if (t == JsonToken.END_ARRAY) {
            return StatePart.Shape.EMPTY_ARRAY;
        }
        skipValue(p, t);
        int depth = 1;
        while (depth > 0) {
            t = p.nextToken();
            depth += depthChange(t);
            checkNumber(p, t);
        }
        return StatePart.Shape.OTHER;
    }

    /**
     * The value of {@code text} as {@code merge(src, value)} reads it, built without what {@code src}
     * replaces: under every key where {@code src} holds a non-object (lists are replaced whole) the
     * stored value is read past, its syntax checked, and a JSON {@code null} keeps its place. Merging
     * {@code src} onto the result gives what merging it onto the whole value gives, without ever
     * holding the parts of a big completed state that its partial checkpoint replaces. The result
     * is no document of its own: it is for that merge only.
     *
     * @return the value, or {@code null} when the text is not one JSON value ({@link #parse} tells why)
     */
    static JsonNode parseForMerge(String text, ObjectNode src) {
        try (JsonParser p = MAPPER.createParser(text)) {
            if (p.nextToken() == null) {
                return null;
            }
            JsonNode value = underMerge(p, src);
            return p.nextToken() == null ? value : null; // trailing data, as parse rejects it
        } catch (IOException e) {
            return null;
        }
    }

    private static JsonNode underMerge(JsonParser p, ObjectNode src) throws IOException {
        if (p.currentToken() != JsonToken.START_OBJECT || src.isEmpty()) {
            return SUBTREE.readTree(p);
        }
        ObjectNode out = object();
        JsonToken t;
        while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            JsonNode replacing = src.get(key);
            JsonToken first = p.nextToken();
            if (replacing == null) {
                out.replace(key, SUBTREE.readTree(p));
            } else if (replacing.isObject()) {
                out.replace(key, underMerge(p, (ObjectNode) replacing));
            } else {
                skipValue(p, first);
                out.replace(key, NullNode.getInstance());
            }
        }
        if (t != JsonToken.END_OBJECT) {
            throw new IOException("unexpected " + t);
        }
        return out;
    }

    /** Reads past one value starting at {@code first}: every token of it, so its syntax is checked. */
    private static void skipValue(JsonParser p, JsonToken first) throws IOException {
        int depth = depthChange(first);
        checkNumber(p, first);
        while (depth > 0) {
            JsonToken t = p.nextToken();
            depth += depthChange(t);
            checkNumber(p, t);
        }
    }

    private static int depthChange(JsonToken t) throws IOException {
        if (t == null) {
            throw new IOException("unexpected end of input");
        }
        return t.isStructStart() ? 1 : t.isStructEnd() ? -1 : 0;
    }

    /** A number too long for the tree reader's limits fails there only when its value is read: read it too. */
    private static void checkNumber(JsonParser p, JsonToken t) throws IOException {
        if (t.isNumeric() && p.getTextLength() > 1000) {
            p.getNumberValue();
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
        String reason = e instanceof StreamConstraintsException && e.getOriginalMessage().contains("nesting depth")
                ? "nested more than " + MAX_DEPTH + " levels deep, which Meltano (Python's json) cannot read"
                : plainReason(e.getOriginalMessage());
        return new JsonSyntaxError(reason, line, column, offset);
    }

    /**
     * Jackson's reason in the user's words: without the parser features it could be configured with
     * ({@code `DeserializationFeature...`}, {@code StreamReadFeature} source hints), which name
     * Cairn's code, not the user's file.
     */
    static String plainReason(String reason) {
        if (reason == null) {
            return null;
        }
        if (reason.startsWith("Trailing token")) {
            return "extra data after the JSON value";
        }
        int hint = reason.indexOf("Feature");
        int tick = reason.indexOf('`');
        hint = hint < 0 ? tick : tick < 0 ? hint : Math.min(hint, tick);
        if (hint < 0) {
            return reason;
        }
        String head = reason.substring(0, hint);
        int cut = Math.max(head.lastIndexOf(": "), Math.max(head.lastIndexOf("; "), head.lastIndexOf(" (")));
        return cut <= 0 ? reason : head.substring(0, cut).strip();
    }
}
