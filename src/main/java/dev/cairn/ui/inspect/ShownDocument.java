package dev.cairn.ui.inspect;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cairn.state.StatePart;

/**
 * One document ready for a {@link JsonPane}: its rows, and for moderate sizes the RichTextFX
 * document built off the FX thread ({@code null} for big documents, shown virtualised). A note
 * explains a document that is not what it seems (NULL, corrupt, what Meltano fails with).
 */
public record ShownDocument(JsonText text, JsonCodeView.Prepared prepared, String note, boolean problem) {

    /** Builds the view of a JSON value; call off the FX thread. */
    public static ShownDocument of(JsonNode value, String note, boolean problem) {
        JsonText text = JsonText.pretty(value);
        return new ShownDocument(text, prepare(text), note, problem);
    }

    /** Builds the view of a stored part: pretty JSON, NULL, or the raw text of a corrupt one. */
    public static ShownDocument of(StatePart part) {
        if (part.isCorrupt()) {
            JsonText text = JsonText.raw(part.rawText(), part.syntaxError());
            return new ShownDocument(text, prepare(text), "Not valid JSON: " + part.syntaxError().reason()
                    + " at line " + part.syntaxError().line() + ", column " + part.syntaxError().column()
                    + ". Meltano fails reading this state.", true);
        }
        if (part.isNull()) {
            JsonText text = JsonText.ofPretty("null");
            return new ShownDocument(text, prepare(text), "NULL: nothing is stored in this column/key.", false);
        }
        return of(part.value(), null, false);
    }

    public static ShownDocument message(String note, boolean problem) {
        JsonText text = JsonText.ofPretty("");
        return new ShownDocument(text, null, note, problem);
    }

    private static JsonCodeView.Prepared prepare(JsonText text) {
        return text.rowCount() <= JsonCodeView.MAX_ROWS ? JsonCodeView.prepare(text) : null;
    }

    public boolean isLarge() {
        return prepared == null;
    }
}
