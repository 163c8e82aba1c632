package dev.cairn.ui.history;

import dev.cairn.ui.theme.Styles;
import java.util.function.Function;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;

/** A line of the History and Timeline lists: an outcome chip (its text and style variant), then what happened. */
final class OutcomeCell<T> extends ListCell<T> {

    /** What a line shows: the chip's text, its {@code outcome-…} style class, the line's text. */
    record Shown(String outcome, String styleClass, String text) { }

    private final Function<T, Shown> show;

    OutcomeCell(Function<T, Shown> show) {
        this.show = show;
    }

    @Override
    protected void updateItem(T item, boolean empty) {
        super.updateItem(item, empty);
        setText(null);
        if (empty || item == null) {
            setGraphic(null);
            return;
        }
        Shown shown = show.apply(item);
        Label chip = new Label(shown.outcome());
        chip.getStyleClass().addAll(Styles.OUTCOME, shown.styleClass());
        chip.setMinWidth(Region.USE_PREF_SIZE);
        HBox row = new HBox(8, chip, new Label(shown.text()));
        row.setAlignment(Pos.CENTER_LEFT);
        setGraphic(row);
    }
}
