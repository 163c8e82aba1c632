package dev.cairn.ui.history;

import dev.cairn.ui.Fxml;
import dev.cairn.ops.Edit;
import dev.cairn.ops.Timeline;
import dev.cairn.ui.diff.DiffPanes;
import dev.cairn.ui.theme.Styles;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableBooleanValue;
import javafx.collections.ListChangeListener;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.SplitPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The timeline tab: the selected ID's runs and edits, newest first, Cairn's writes among them;
 * choose one line to compare it with the state stored now (and restore it), or two to compare them.
 */
public final class TimelineView extends BorderPane {

    private final ListView<Timeline.Item> list = new ListView<>();
    private final DiffPanes change = new DiffPanes();

    public TimelineView(TimelineViewModel model, Consumer<Edit> restore, ObservableBooleanValue writable) {
        getStyleClass().add(Styles.TIMELINE);
        Label message = new Label();
        message.getStyleClass().add(Styles.MUTED);
        message.setWrapText(true);
        message.setMaxWidth(Double.MAX_VALUE);
        message.textProperty().bind(model.messageProperty());
        Button restoreButton = new Button(Fxml.label("timeline.restore"));
        restoreButton.setId("timeline-restore");
        restoreButton.disableProperty().bind(model.restoreProperty().isNull().or(Bindings.not(writable)));
        restoreButton.setOnAction(e -> restore.accept(model.restoreProperty().get()));
        Label note = new Label();
        note.setId("timeline-note");
        note.getStyleClass().add(Styles.MUTED);
        note.setWrapText(true);
        note.textProperty().bind(model.noteProperty());
        HBox buttons = new HBox(8, restoreButton, note);
        buttons.setAlignment(Pos.CENTER_LEFT);
        VBox bar = new VBox(6, message, buttons);
        bar.getStyleClass().add(Styles.PANE_HEADER);
        setTop(bar);

        list.setId("timeline-list");
        list.setItems(model.items());
        list.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        list.setCellFactory(v -> new OutcomeCell<>(item -> {
            String outcome = TimelineViewModel.outcome(item, Instant.now());
            // RUNNING (stale) → outcome-running-stale, STATE_EDIT → outcome-state-edit
            return new OutcomeCell.Shown(outcome, Styles.OUTCOME + "-"
                    + outcome.toLowerCase(Locale.ROOT).replaceAll("[^a-z]+", "-").replaceAll("-$", ""),
                    TimelineViewModel.describe(item));
        }));
        list.getSelectionModel().getSelectedItems().addListener((ListChangeListener<Timeline.Item>) c ->
                model.choose(List.copyOf(list.getSelectionModel().getSelectedItems())));
        Label empty = new Label(Fxml.label("timeline.empty"));
        empty.getStyleClass().add(Styles.PLACEHOLDER);
        list.setPlaceholder(empty);
        Button more = new Button(Fxml.label("timeline.more"));
        more.setId("timeline-more");
        more.setMaxWidth(Double.MAX_VALUE);
        more.visibleProperty().bind(model.moreProperty());
        more.managedProperty().bind(more.visibleProperty());
        more.setOnAction(e -> model.loadMore());
        VBox listBox = new VBox(list, more);
        VBox.setVgrow(list, Priority.ALWAYS);

        model.comparisonProperty().addListener((o, a, b) -> {
            if (b == null) {
                change.show(null);
            } else {
                change.show(b.diff(), b.left(), b.right());
            }
        });
        VBox changeBox = new VBox(change);
        VBox.setVgrow(change, Priority.ALWAYS);
        SplitPane split = new SplitPane(listBox, changeBox);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.4);
        setCenter(split);
    }

    public ListView<Timeline.Item> list() {
        return list;
    }

    public DiffPanes change() {
        return change;
    }
}
