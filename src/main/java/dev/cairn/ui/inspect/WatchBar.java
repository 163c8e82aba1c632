package dev.cairn.ui.inspect;

import dev.cairn.ui.Texts;
import dev.cairn.ui.theme.Styles;
import javafx.beans.binding.Bindings;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/** The inspector's Watch toggle, what the watch is doing on one line, and each checkpoint's changes in a small list under it. */
public final class WatchBar extends VBox {

    /** Rows of changes in view; the list scrolls for more. */
    private static final int ROWS = 3;

    private final ListView<String> changes = new ListView<>();

    public WatchBar(WatchViewModel model) {
        super(4);
        getStyleClass().add(Styles.WATCH_BAR);
        ToggleButton toggle = new ToggleButton(Texts.get("watch.toggle"));
        toggle.setId("inspector-watch");
        toggle.setTooltip(new Tooltip(Texts.get("watch.tooltip")));
        toggle.setMinWidth(Region.USE_PREF_SIZE);
        toggle.selectedProperty().bindBidirectional(model.watchingProperty());
        Label status = new Label();
        status.setId("watch-status");
        status.getStyleClass().add(Styles.MUTED);
        status.setMaxWidth(Double.MAX_VALUE);
        status.setMinWidth(0);
        HBox.setHgrow(status, Priority.ALWAYS);
        status.textProperty().bind(model.statusProperty());
        Styles.wholeTextAsTooltip(status);
        HBox line = new HBox(8, toggle, status);
        line.setAlignment(Pos.CENTER_LEFT);
        changes.setId("watch-changes");
        changes.setCellFactory(v -> new ListCell<>() {
            @Override
            protected void updateItem(String line, boolean empty) {
                super.updateItem(line, empty);
                setText(empty ? null : line);
                setTooltip(empty || line == null ? null : new Tooltip(line));
            }
        });
        changes.setItems(model.changes());
        changes.setFixedCellSize(20);
        changes.setPrefHeight(20 * ROWS + 4);
        changes.setMinHeight(Region.USE_PREF_SIZE);
        changes.visibleProperty().bind(Bindings.isNotEmpty(model.changes()));
        changes.managedProperty().bind(changes.visibleProperty());
        getChildren().addAll(line, changes);
    }

    public ListView<String> changes() {
        return changes;
    }
}
