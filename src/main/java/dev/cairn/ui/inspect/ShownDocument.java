package dev.cairn.ui.inspect;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cairn.state.PythonJson;
import dev.cairn.state.StatePart;
import dev.cairn.ui.task.TaskContext;
import java.io.Writer;
import java.util.function.Consumer;

/**
 * One document ready for a {@link JsonPane}: its rows, and for moderate sizes the RichTextFX
 * document built off the FX thread ({@code null} for big documents, shown virtualised). A note
 * explains a document that is not what it seems (NULL, corrupt, what Meltano fails with).
 */
public record ShownDocument(JsonText text, StyledJson prepared, String note, boolean problem) {

    /**
     * Builds the view of a JSON value off the FX thread, handing a preview of its first rows to
     * {@code preview} as soon as the document turns out to be large, so a big state shows its first
     * screen while the rest is still being written out. A cancelled task stops while writing: a
     * newer selection does not wait behind seconds of an older one's printing.
     */
    public static ShownDocument of(JsonNode value, String note, boolean problem, TaskContext context,
                                   Consumer<ShownDocument> preview) {
        if (value == null) {
            JsonText text = JsonText.ofPretty("null");
            return new ShownDocument(text, StyledJson.ofModerate(text, context), note, problem);
        }
        StringBuilder out = new StringBuilder(1 << 16);
        PythonJson.write(value, PythonJson.Style.INDENT2, new PreviewWriter(out, StyledJson.MAX_ROWS + 1, context,
                head -> preview.accept(new ShownDocument(JsonText.ofPretty(head), null, note, problem))));
        JsonText text = JsonText.ofPretty(out.toString());
        return new ShownDocument(text, StyledJson.ofModerate(text, context), note, problem);
    }

    /** Collects the text and, once, hands on the first {@code rows} complete rows. */
    private static final class PreviewWriter extends Writer {
        private final StringBuilder out;
        private final int rows;
        private final Consumer<String> head;
        private final TaskContext context;
        private int newlines;
        private boolean sent;

        PreviewWriter(StringBuilder out, int rows, TaskContext context, Consumer<String> head) {
            this.out = out;
            this.rows = rows;
            this.context = context;
            this.head = head;
        }

        @Override
        public void write(char[] buffer, int offset, int length) {
            context.checkCancelled();
            int start = out.length();
            out.append(buffer, offset, length);
            if (sent) {
                return;
            }
            for (int i = start; i < out.length(); i++) {
                if (out.charAt(i) == '\n' && ++newlines == rows) {
                    sent = true;
                    head.accept(out.substring(0, i));
                    return;
                }
            }
        }

        @Override
        public void write(String text, int offset, int length) {
            context.checkCancelled();
            int start = out.length();
            out.append(text, offset, offset + length);
            if (!sent) {
                out.setLength(start);
                write(text.substring(offset, offset + length).toCharArray(), 0, length);
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }

    /** Builds the view of a stored part: pretty JSON, NULL, or the raw text of a corrupt one. */
    public static ShownDocument of(StatePart part, TaskContext context) {
        if (part.isCorrupt()) {
            JsonText text = JsonText.raw(part.rawText(), part.syntaxError());
            return new ShownDocument(text, StyledJson.ofModerate(text, context), "Not valid JSON: " + part.syntaxError().reason()
                    + " at line " + part.syntaxError().line() + ", column " + part.syntaxError().column()
                    + ". Meltano fails reading this state.", true);
        }
        if (part.isNull()) {
            JsonText text = JsonText.ofPretty("null");
            return new ShownDocument(text, StyledJson.ofModerate(text, context), "NULL: nothing is stored in this column/key.", false);
        }
        return of(part.value(), null, false, context, preview -> { });
    }

    public static ShownDocument message(String note, boolean problem) {
        JsonText text = JsonText.ofPretty("");
        return new ShownDocument(text, null, note, problem);
    }

    public boolean isLarge() {
        return prepared == null;
    }
}
