package dev.cairn.ui.inspect;

import dev.cairn.state.PrettyText;
import dev.cairn.state.StatePart;
import dev.cairn.ui.Texts;
import dev.cairn.ui.task.TaskContext;

/**
 * One document ready for a {@link JsonPane}: its rows, and for moderate sizes the RichTextFX
 * document built off the FX thread ({@code null} for big documents, shown virtualised). A note
 * explains a document that is not what it seems (NULL, corrupt, what Meltano fails with).
 */
public record ShownDocument(PrettyText text, StyledJson prepared, String note, boolean problem) {

    /**
     * The view of a text off the FX thread: for moderate sizes its RichTextFX document is built here,
     * big ones are shown virtualised. A cancelled task stops while styling.
     */
    public static ShownDocument of(PrettyText text, String note, boolean problem, TaskContext context) {
        return new ShownDocument(text, StyledJson.ofModerate(text, context), note, problem);
    }

    /** The first rows of a big document, shown while the rest is still being written out. */
    public static ShownDocument head(PrettyText head, String note, boolean problem) {
        return new ShownDocument(head, null, note, problem);
    }

    /** The view of a stored part's text (from {@link dev.cairn.state.RenderedState}): pretty JSON, NULL, or a corrupt part's raw text. */
    public static ShownDocument of(StatePart part, PrettyText text, TaskContext context) {
        if (part.isCorrupt()) {
            return of(text, Texts.get("inspector.document.corrupt", part.syntaxError().reason(),
                    String.valueOf(part.syntaxError().line()), String.valueOf(part.syntaxError().column())), true, context);
        }
        return of(text, part.isNull() ? Texts.get("inspector.document.null") : null, false, context);
    }

    public static ShownDocument message(String note, boolean problem) {
        PrettyText text = PrettyText.ofText("");
        return new ShownDocument(text, null, note, problem);
    }

    /** A note with no document under it (reading, no state, what Meltano fails with). */
    public boolean isMessage() {
        return prepared == null && text.length() == 0;
    }

    /** Shown in the virtualised viewer: a big document, or the first rows of one. */
    public boolean isLarge() {
        return prepared == null && !isMessage();
    }
}
