package dev.cairn.ui.inspect;

import dev.cairn.ui.theme.Styles;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import org.fxmisc.flowless.VirtualizedScrollPane;
import org.fxmisc.richtext.CodeArea;
import org.fxmisc.richtext.LineNumberFactory;
import org.fxmisc.richtext.model.ReadOnlyStyledDocument;
import org.fxmisc.richtext.model.ReadOnlyStyledDocumentBuilder;
import org.fxmisc.richtext.model.SegmentOps;
import org.fxmisc.richtext.model.SimpleEditableStyledDocument;
import org.fxmisc.richtext.model.StyleSpans;
import org.fxmisc.richtext.model.StyleSpansBuilder;

/**
 * A RichTextFX code area for documents of moderate size. Its styled document is built whole on a
 * worker thread ({@link #prepare}), one paragraph per row with one {@code StyleSpans} each, so the
 * FX thread only wraps it in an area (TOOLCHAIN.md: building on a worker keeps the FX block to
 * ~0.2 s where {@code replaceText} + {@code setStyleSpans} freezes for seconds).
 */
public final class JsonCodeView extends VirtualizedScrollPane<CodeArea> {

    /** Above this many rows documents open in {@link JsonLinesView} instead. */
    public static final int MAX_ROWS = 60_000;

    private final JsonText text;

    /** A styled document ready to be shown; build it off the FX thread. */
    public static final class Prepared {
        private final SimpleEditableStyledDocument<Collection<String>, Collection<String>> document;

        private Prepared(SimpleEditableStyledDocument<Collection<String>, Collection<String>> document) {
            this.document = document;
        }
    }

    public static Prepared prepare(JsonText text) {
        RowSource rows = RowSource.of(text);
        ReadOnlyStyledDocumentBuilder<Collection<String>, String, Collection<String>> builder =
                new ReadOnlyStyledDocumentBuilder<>(SegmentOps.styledTextOps(), Collections.emptyList(), text.rowCount());
        for (int row = 0; row < text.rowCount(); row++) {
            String line = text.row(row);
            builder.addParagraph(line, spans(line, rows.marks(row)));
        }
        ReadOnlyStyledDocument<Collection<String>, String, Collection<String>> doc = builder.build();
        return new Prepared(new SimpleEditableStyledDocument<>(doc));
    }

    /** The style spans of one pretty-printed line (exact: no JSON token spans a newline). */
    public static StyleSpans<Collection<String>> spans(String line, List<JsonLexer.Token> marks) {
        StyleSpansBuilder<Collection<String>> spans = new StyleSpansBuilder<>();
        List<JsonLexer.Run> runs = JsonLexer.runs(line, marks);
        for (JsonLexer.Run run : runs) {
            spans.add(run.styleClasses(), run.end() - run.start());
        }
        if (runs.isEmpty()) {
            spans.add(Collections.emptyList(), 0);
        }
        return spans.create();
    }

    public JsonCodeView(JsonText text, Prepared prepared) {
        super(new CodeArea(prepared.document));
        this.text = text;
        CodeArea area = getContent();
        area.getStyleClass().add(Styles.JSON_VIEW);
        area.setEditable(false);
        area.setUndoManager(null);
        // raw corrupt text comes in rows of at most 160 characters: wrapping them is cheap and shows the error
        area.setWrapText(text.isRaw());
        area.setParagraphGraphicFactory(LineNumberFactory.get(area));
        if (text.errorRow() >= 0) {
            area.moveTo(text.errorRow(), Math.min(text.errorColumn(), area.getParagraphLength(text.errorRow())));
            area.requestFollowCaret();
        }
    }

    /** An editable area over a prepared document (the editor): line numbers, an undo history, no wrapping. */
    public static CodeArea editableArea(Prepared prepared) {
        CodeArea area = new CodeArea(prepared.document);
        area.getStyleClass().add(Styles.JSON_VIEW);
        area.setParagraphGraphicFactory(LineNumberFactory.get(area));
        return area;
    }

    public CodeArea area() {
        return getContent();
    }

    /** Selects a search hit (row, columns) and scrolls to it. */
    public void showHit(int row, int start, int end) {
        CodeArea area = getContent();
        area.selectRange(row, start, row, end);
        area.requestFollowCaret();
    }

    public JsonText text() {
        return text;
    }
}
