package dev.cairn.state;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;

/**
 * One stored document of a state (its completed or its partial part) as the backend holds it: a
 * JSON value, NULL (SQL NULL, or {@code null} in {@code state.json}), or text that is not JSON.
 */
public final class StatePart {

    public static final StatePart NULL = new StatePart(null, null, null);

    private final JsonNode value;
    private final String rawText;
    private final JsonSyntaxError syntaxError;

    private StatePart(JsonNode value, String rawText, JsonSyntaxError syntaxError) {
        this.value = value;
        this.rawText = rawText;
        this.syntaxError = syntaxError;
    }

    /** A parsed value; a JSON {@code null} or Java {@code null} is {@link #NULL}. */
    public static StatePart of(JsonNode value) {
        return value == null || value.isNull() ? NULL : new StatePart(value, null, null);
    }

    public static StatePart emptyObject() {
        return of(Json.object());
    }

    /** Parses stored text as Meltano's {@code json.loads} would; {@code null} text is NULL. */
    public static StatePart parse(String text) {
        if (text == null) {
            return NULL;
        }
        try {
            return of(Json.parse(text));
        } catch (JsonSyntaxError e) {
            return new StatePart(null, text, e);
        }
    }

    public static StatePart corrupt(String rawText, JsonSyntaxError error) {
        return new StatePart(null, rawText, error);
    }

    public boolean isNull() {
        return value == null && syntaxError == null;
    }

    public boolean isCorrupt() {
        return syntaxError != null;
    }

    /** The parsed value; {@code null} when NULL or corrupt. */
    public JsonNode value() {
        return value;
    }

    /** The value as JSON, with NULL as a JSON null; corrupt parts have none. */
    public JsonNode valueOrJsonNull() {
        return value == null ? NullNode.instance : value;
    }

    /** The text as stored, for a corrupt part. */
    public String rawText() {
        return rawText;
    }

    public JsonSyntaxError syntaxError() {
        return syntaxError;
    }

    /** An object with at least one key (Meltano's {@code bool(dict)}). */
    public boolean isNonEmptyObject() {
        return value != null && value.isObject() && !value.isEmpty();
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof StatePart)) {
            return false;
        }
        StatePart other = (StatePart) o;
        return java.util.Objects.equals(value, other.value) && java.util.Objects.equals(rawText, other.rawText);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(value, rawText);
    }

    @Override
    public String toString() {
        if (isCorrupt()) {
            return "corrupt(" + syntaxError.getMessage() + ")";
        }
        return value == null ? "NULL" : PythonJson.dumps(value);
    }
}
