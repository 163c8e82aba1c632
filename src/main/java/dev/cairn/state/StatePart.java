package dev.cairn.state;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import java.util.Objects;

/**
 * One stored document of a state (its completed or its partial part) as the backend holds it: a
 * JSON value, NULL (SQL NULL, or {@code null} in {@code state.json}), or text that is not JSON.
 *
 * <p>A part made with {@link #unparsed} builds its tree only when the value is asked for: the
 * health scan of every stored state needs only the part's {@link Shape}, which a streaming pass
 * over the text gives without a tree.
 */
public final class StatePart {

    public static final StatePart NULL = new StatePart(new Parsed(null, null, null));

    /** The outline the health badges need: which kind of value, empty or not, with {@code singer_state} or not. */
    enum Shape {
        NULL, CORRUPT, EMPTY_OBJECT, OBJECT, OBJECT_WITH_SINGER_STATE, EMPTY_ARRAY, OTHER;

        boolean isNonEmptyObject() {
            return this == OBJECT || this == OBJECT_WITH_SINGER_STATE;
        }

        /** How {@code meltano state list} colours an effective state of this shape. */
        StateHealth health() {
            switch (this) {
                case OBJECT_WITH_SINGER_STATE: return StateHealth.HEALTHY;
                case NULL:
                case EMPTY_OBJECT:
                case EMPTY_ARRAY: return StateHealth.EMPTY;
                case CORRUPT: return StateHealth.CORRUPT_JSON;
                default: return StateHealth.NO_SINGER_STATE;
            }
        }

        static Shape of(JsonNode value) {
            if (value == null) {
                return NULL;
            }
            if (value.isObject()) {
                return value.isEmpty() ? EMPTY_OBJECT : value.has("singer_state") ? OBJECT_WITH_SINGER_STATE : OBJECT;
            }
            return value.isArray() && value.isEmpty() ? EMPTY_ARRAY : OTHER;
        }
    }

    /** The part once read: a value, NULL (all null), or corrupt text with its error. */
    private record Parsed(JsonNode value, String rawText, JsonSyntaxError syntaxError) { }

    /** The stored text while it is not parsed yet, then its {@link Parsed} (which drops the text unless corrupt). */
    private volatile Object content;
    private volatile Shape shape;

    private StatePart(Object content) {
        this.content = content;
    }

    /** A parsed value; a JSON {@code null} or Java {@code null} is {@link #NULL}. */
    public static StatePart of(JsonNode value) {
        return value == null || value.isNull() ? NULL : new StatePart(new Parsed(value, null, null));
    }

    public static StatePart emptyObject() {
        return of(Json.object());
    }

    /** Parses stored text as Meltano's {@code json.loads} would; {@code null} text is NULL. */
    public static StatePart parse(String text) {
        StatePart part = unparsed(text);
        part.parsed();
        return part;
    }

    /**
     * The stored text, parsed as {@link #parse} does when its value is first asked for, on the
     * thread that asks: for bulk reads whose consumers may need no tree (the health scan).
     */
    public static StatePart unparsed(String text) {
        return text == null ? NULL : new StatePart(text);
    }

    public static StatePart corrupt(String rawText, JsonSyntaxError error) {
        return new StatePart(new Parsed(null, rawText, error));
    }

    /** Two threads may both parse the first time: they compute equal values, and either is kept. */
    private Parsed parsed() {
        Object known = content;
        if (known instanceof Parsed) {
            return (Parsed) known;
        }
        String text = (String) known;
        Parsed parsed;
        try {
            JsonNode value = Json.parse(text);
            parsed = new Parsed(value.isNull() ? null : value, null, null);
        } catch (JsonSyntaxError e) {
            parsed = new Parsed(null, text, e);
        }
        content = parsed;
        return parsed;
    }

    /**
     * Takes the tree of a part stored as the same text instead of building one of its own: the two
     * sides of a comparison mostly hold equal partial text beside completed text that differs, and
     * both merges would parse it. Callers do not change a part's tree (the merge already shares its
     * subtrees), so both may hold one.
     */
    void shareTreeOf(StatePart sameText) {
        content = sameText.parsed();
    }

    /** The stored text while no tree has been built from it, else {@code null}. */
    String unparsedText() {
        Object c = content;
        return c instanceof String ? (String) c : null;
    }

    /** The part's shape, from its tree if it has one, else from one streaming pass over the text. */
    Shape shape() {
        Shape known = shape;
        if (known == null) {
            Object c = content;
            if (c instanceof Parsed) {
                Parsed parsed = (Parsed) c;
                known = parsed.syntaxError() != null ? Shape.CORRUPT : Shape.of(parsed.value());
            } else {
                known = Json.scanShape((String) c);
                if (known == Shape.CORRUPT) {
                    parsed(); // keeps the error the tree parser reports, for the messages
                }
            }
            shape = known;
        }
        return known;
    }

    public boolean isNull() {
        return shape() == Shape.NULL;
    }

    public boolean isCorrupt() {
        return shape() == Shape.CORRUPT;
    }

    /** The parsed value; {@code null} when NULL or corrupt. */
    public JsonNode value() {
        return parsed().value();
    }

    /** The value as JSON, with NULL as a JSON null; corrupt parts have none. */
    public JsonNode valueOrJsonNull() {
        JsonNode value = value();
        return value == null ? NullNode.instance : value;
    }

    /** The text as stored, for a corrupt part. */
    public String rawText() {
        return isCorrupt() ? parsed().rawText() : null;
    }

    /**
     * The part as text that {@link #parse} turns back into it: the raw text of a corrupt part,
     * {@code null} for NULL, else the JSON as Meltano writes it ({@code json.dumps}).
     */
    public String storedText() {
        return isCorrupt() ? rawText() : isNull() ? "null" : PythonJson.dumps(value());
    }

    public JsonSyntaxError syntaxError() {
        return isCorrupt() ? parsed().syntaxError() : null;
    }

    /** An object with at least one key (Meltano's {@code bool(dict)}). */
    public boolean isNonEmptyObject() {
        return shape().isNonEmptyObject();
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof StatePart)) {
            return false;
        }
        StatePart other = (StatePart) o;
        return Objects.equals(value(), other.value()) && Objects.equals(rawText(), other.rawText());
    }

    @Override
    public int hashCode() {
        return Objects.hash(value(), rawText());
    }

    @Override
    public String toString() {
        if (isCorrupt()) {
            return "corrupt(" + syntaxError().getMessage() + ")";
        }
        return value() == null ? "NULL" : PythonJson.dumps(value());
    }
}
