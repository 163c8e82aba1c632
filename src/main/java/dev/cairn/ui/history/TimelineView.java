package dev.cairn.ui.history;

import dev.cairn.ops.Edit;
import dev.cairn.ops.Timeline;
import dev.cairn.ui.Texts;
import dev.cairn.ui.theme.Styles;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableBooleanValue;
import javafx.collections.ListChangeListener;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SelectionMode;

/**
 * The timeline tab: the selected ID's runs and edits, newest first, Cairn's writes among them;
 * choose one line to compare it with the state stored now (and restore it), or two to compare them.
 */
public final class TimelineView extends ListOverDiff<Timeline.Item> {

    public TimelineView(TimelineViewModel model, Consumer<Edit> restore, ObservableBooleanValue writable) {
        super(Styles.TIMELINE, model.messageProperty(), Texts.get("timeline.empty"), moreButton(model), 0.4,
                restoreButton(model, restore, writable), note(model));
        list().setId("timeline-list");
        list().setItems(model.items());
        list().getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        list().setCellFactory(v -> new OutcomeCell<>(item -> {
            String outcome = TimelineViewModel.outcome(item, Instant.now());
            // RUNNING (stale) → outcome-running-stale, STATE_EDIT → outcome-state-edit
            return new OutcomeCell.Shown(outcome, Styles.OUTCOME + "-"
                    + outcome.toLowerCase(Locale.ROOT).replaceAll("[^a-z]+", "-").replaceAll("-$", ""),
                    TimelineViewModel.describe(item));
        }));
        list().getSelectionModel().getSelectedItems().addListener((ListChangeListener<Timeline.Item>) c ->
                model.choose(List.copyOf(list().getSelectionModel().getSelectedItems())));
        model.comparisonProperty().addListener((o, a, b) -> {
            if (b == null) {
                change().show(null);
            } else {
                change().show(b.diff(), b.left(), b.right());
            }
        });
    }

    private static Button restoreButton(TimelineViewModel model, Consumer<Edit> restore, ObservableBooleanValue writable) {
        Button restoreButton = new Button(Texts.get("timeline.restore"));
        restoreButton.setId("timeline-restore");
        restoreButton.disableProperty().bind(model.restoreProperty().isNull().or(Bindings.not(writable)));
        restoreButton.setOnAction(e -> restore.accept(model.restoreProperty().get()));
        return restoreButton;
    }

    private static Label note(TimelineViewModel model) {
        Label note = new Label();
        note.setId("timeline-note");
        note.getStyleClass().addAll(Styles.MUTED, Styles.TWO_LINES);
        note.setWrapText(true);
        note.textProperty().bind(model.noteProperty());
        // two lines kept whether or not there is a note, so the list under it stays put as lines
        // are chosen; a longer note is whole in its tooltip
        Styles.wholeTextAsTooltip(note);
        return note;
    }

    private static Button moreButton(TimelineViewModel model) {
        Button more = new Button(Texts.get("timeline.more"));
        more.setId("timeline-more");
        more.setMaxWidth(Double.MAX_VALUE);
        more.visibleProperty().bind(model.moreProperty());
        more.managedProperty().bind(more.visibleProperty());
        more.setOnAction(e -> model.loadMore());
        return more;
    }
}
