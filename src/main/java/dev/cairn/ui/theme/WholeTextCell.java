package dev.cairn.ui.theme;

import javafx.scene.control.OverrunStyle;
import javafx.scene.control.TableCell;

/**
 * A table cell of text that may be cut where its column is narrow — at its end, or in the middle
 * for state IDs, whose tap and target ends both tell — with the whole text as its tooltip.
 */
public final class WholeTextCell<S> extends TableCell<S, String> {

    public WholeTextCell(OverrunStyle overrun) {
        setTextOverrun(overrun);
        Styles.wholeTextAsTooltip(this);
    }

    @Override
    protected void updateItem(String item, boolean empty) {
        super.updateItem(item, empty);
        setText(empty ? null : item);
    }
}
