package dev.cairn.ui.history;

import dev.cairn.ops.Journal;
import dev.cairn.ui.Texts;
import dev.cairn.ui.theme.Styles;
import java.util.Locale;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableBooleanValue;
import javafx.scene.control.Button;

/** The history tab: Cairn's writes to the selected ID, newest first, the change each made, undo and restore. */
public final class HistoryView extends ListOverDiff<Journal.Entry> {

    public HistoryView(HistoryViewModel model, Consumer<Journal.Entry> undo, Consumer<Journal.Entry> restore,
                       ObservableBooleanValue writable) {
        super(Styles.HISTORY, model.messageProperty(), Texts.get("history.empty"), null, 0.3,
                undoButton(model, undo, writable), restoreButton(model, restore, writable));
        list().setId("history-list");
        list().setItems(model.entries());
        list().setCellFactory(v -> new OutcomeCell<>(entry -> new OutcomeCell.Shown(
                entry.status().name().toLowerCase(Locale.ROOT), Styles.variant(Styles.OUTCOME, entry.status()),
                HistoryViewModel.describe(entry))));
        list().getSelectionModel().selectedItemProperty().addListener((o, a, b) -> {
            if (b != null) {
                model.selectedProperty().set(b);
            }
        });
        model.selectedProperty().addListener((o, a, b) -> list().getSelectionModel().select(b));
        model.diffProperty().addListener((o, a, b) -> change().show(b, "before", "after"));
    }

    private static Button undoButton(HistoryViewModel model, Consumer<Journal.Entry> undo, ObservableBooleanValue writable) {
        Button undoButton = new Button(Texts.get("write.undo"));
        undoButton.setId("history-undo");
        undoButton.disableProperty().bind(Bindings.createBooleanBinding(() -> {
            Journal.Entry e = model.selectedProperty().get();
            return e == null || !e.isDone() || !model.isLatest(e) || !writable.get();
        }, model.selectedProperty(), model.entries(), writable));
        undoButton.setOnAction(e -> undo.accept(model.selectedProperty().get()));
        return undoButton;
    }

    private static Button restoreButton(HistoryViewModel model, Consumer<Journal.Entry> restore, ObservableBooleanValue writable) {
        Button restoreButton = new Button(Texts.get("history.restore"));
        restoreButton.setId("history-restore");
        restoreButton.disableProperty().bind(Bindings.createBooleanBinding(() -> model.selectedProperty().get() == null
                || !writable.get(), model.selectedProperty(), writable));
        restoreButton.setOnAction(e -> restore.accept(model.selectedProperty().get()));
        return restoreButton;
    }
}
