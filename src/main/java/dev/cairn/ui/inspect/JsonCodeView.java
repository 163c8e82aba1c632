package dev.cairn.ui.inspect;

import dev.cairn.state.PrettyText;
import dev.cairn.ui.theme.Styles;
import java.util.function.IntFunction;
import javafx.scene.Node;
import javafx.scene.control.Label;
import org.fxmisc.flowless.VirtualizedScrollPane;
import org.fxmisc.richtext.CodeArea;
import org.fxmisc.richtext.LineNumberFactory;

/** A RichTextFX code area for documents of moderate size, over a {@link StyledJson} built on a worker thread. */
public final class JsonCodeView extends VirtualizedScrollPane<CodeArea> {

    private final PrettyText text;

    public JsonCodeView(PrettyText text, StyledJson prepared) {
        super(new CodeArea(prepared.document));
        this.text = text;
        CodeArea area = getContent();
        area.getStyleClass().add(Styles.JSON_VIEW);
        area.setEditable(false);
        area.setUndoManager(null);
        // raw corrupt text comes in rows of at most 160 characters: wrapping them is cheap and shows the error
        area.setWrapText(text.isRaw());
        area.setParagraphGraphicFactory(text.isRaw() ? lineNumbers(text) : LineNumberFactory.get(area));
        if (text.errorRow() >= 0) {
            area.moveTo(text.errorRow(), Math.min(text.errorColumn(), area.getParagraphLength(text.errorRow())));
            area.requestFollowCaret();
        }
    }

    /**
     * Raw text's gutter: the number of the line a row starts, none beside the rest of a long line (as
     * {@link JsonLinesView} numbers it), all as wide as the row count's digits so that the rows line up.
     */
    private static IntFunction<Node> lineNumbers(PrettyText text) {
        String format = "%" + Integer.toString(text.rowCount()).length() + "s";
        return row -> {
            int line = row < text.rowCount() ? text.lineNumber(row) : 0;
            Label number = new Label(String.format(format, line > 0 ? Integer.toString(line) : ""));
            number.getStyleClass().add(Styles.CODE_LINE_NUMBER);
            return number;
        };
    }

    /** An editable area over a prepared document (the editor): line numbers, an undo history, no wrapping. */
    public static CodeArea editableArea(StyledJson prepared) {
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

    public PrettyText text() {
        return text;
    }
}
