package dev.cairn.ui.theme;

import javafx.scene.control.TableColumn;
import javafx.scene.text.Text;

/** Table columns never narrower than their header: a constrained table scrolls sideways instead of cutting "Partition" to "Par…". */
public final class ColumnWidths {

    /** The header's padding and room for the sort arrow; the text is measured in the default font, a little bigger for the stylesheet's. */
    private static final double HEADER_EXTRA = 28;

    private ColumnWidths() {}

    public static <S, T> TableColumn<S, T> keepHeader(TableColumn<S, T> column) {
        Text measure = new Text(column.getText());
        column.setMinWidth(Math.ceil(measure.getLayoutBounds().getWidth() * 1.1) + HEADER_EXTRA);
        return column;
    }
}
