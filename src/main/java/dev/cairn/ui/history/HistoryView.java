package dev.cairn.ui.history;

import dev.cairn.ui.Fxml;
import dev.cairn.ops.Journal;
import dev.cairn.ui.diff.DiffPanes;
import dev.cairn.ui.theme.Styles;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableBooleanValue;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.SplitPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/** The history tab: Cairn's writes to the selected ID, newest first, the change each made, undo and restore. */
public final class HistoryView extends BorderPane {

    private final ListView<Journal.Entry> list = new ListView<>();
    private final DiffPanes change = new DiffPanes();

    public HistoryView(HistoryViewModel model, Consumer<Journal.Entry> undo, Consumer<Journal.Entry> restore,
                       ObservableBooleanValue writable) {
        getStyleClass().add(Styles.HISTORY);
        Label message = new Label();
        message.getStyleClass().add(Styles.MUTED);
        message.setWrapText(true);
        message.textProperty().bind(model.messageProperty());
        message.setMaxWidth(Double.MAX_VALUE);
        Button undoButton = new Button(Fxml.label("write.undo"));
        undoButton.setId("history-undo");
        undoButton.disableProperty().bind(Bindings.createBooleanBinding(() -> {
            Journal.Entry e = model.selectedProperty().get();
            return e == null || !e.isDone() || !model.isLatest(e) || !writable.get();
        }, model.selectedProperty(), model.entries(), writable));
        undoButton.setOnAction(e -> undo.accept(model.selectedProperty().get()));
        Button restoreButton = new Button(Fxml.label("history.restore"));
        restoreButton.setId("history-restore");
        restoreButton.disableProperty().bind(Bindings.createBooleanBinding(() -> model.selectedProperty().get() == null
                || !writable.get(), model.selectedProperty(), writable));
        restoreButton.setOnAction(e -> restore.accept(model.selectedProperty().get()));
        HBox buttons = new HBox(8, undoButton, restoreButton);
        buttons.setAlignment(Pos.CENTER_LEFT);
        VBox bar = new VBox(6, message, buttons);
        bar.getStyleClass().add(Styles.PANE_HEADER);
        setTop(bar);

        list.setId("history-list");
        list.setItems(model.entries());
        list.setCellFactory(v -> new OutcomeCell<>(entry -> new OutcomeCell.Shown(
                entry.status().name().toLowerCase(java.util.Locale.ROOT), Styles.variant(Styles.OUTCOME, entry.status()),
                HistoryViewModel.describe(entry))));
        list.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> {
            if (b != null) {
                model.selectedProperty().set(b);
            }
        });
        model.selectedProperty().addListener((o, a, b) -> list.getSelectionModel().select(b));
        Label empty = new Label(Fxml.label("history.empty"));
        empty.getStyleClass().add(Styles.PLACEHOLDER);
        list.setPlaceholder(empty);
        model.diffProperty().addListener((o, a, b) -> change.show(b, "before", "after"));
        VBox changeBox = new VBox(change);
        VBox.setVgrow(change, Priority.ALWAYS);
        SplitPane split = new SplitPane(list, changeBox);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.3);
        setCenter(split);
    }

    public ListView<Journal.Entry> list() {
        return list;
    }
}
