package dev.cairn.ui.diff;

import dev.cairn.ui.Texts;
import dev.cairn.ui.inspect.JsonLinesView;
import dev.cairn.ui.theme.Icon;
import dev.cairn.ui.theme.Styles;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * Two documents side by side, aligned row for row, scrolling together: changed lines and values
 * highlighted, filler rows opposite added or removed lines, next/previous change, and a summary.
 */
public final class DiffView extends BorderPane {

    private final DiffViewModel model;
    private final DiffPanes panes = new DiffPanes();
    private final Label summary = new Label();
    private final Label position = new Label();

    public DiffView(DiffViewModel model) {
        this.model = model;
        getStyleClass().add(Styles.DIFF_VIEW);
        ChoiceBox<DiffViewModel.Mode> mode = new ChoiceBox<>();
        mode.getItems().setAll(DiffViewModel.Mode.values());
        mode.valueProperty().bindBidirectional(model.modeProperty());
        ChoiceBox<DiffViewModel.BackendChoice> backend = new ChoiceBox<>(model.otherBackends());
        backend.valueProperty().bindBidirectional(model.otherBackendProperty());
        showOnlyIn(backend, DiffViewModel.Mode.OTHER_BACKEND);
        TextField otherId = new TextField();
        otherId.setPromptText(Texts.get("diff.otherId.prompt"));
        otherId.setPrefColumnCount(26);
        otherId.textProperty().bindBidirectional(model.otherIdProperty());
        otherId.setOnAction(e -> model.recompute());
        showOnlyIn(otherId, DiffViewModel.Mode.OTHER_ID);
        Button previous = new Button();
        previous.setGraphic(Icon.UP.node());
        previous.setTooltip(new Tooltip(Texts.get("diff.previous")));
        previous.setAccessibleText(Texts.get("diff.previous"));
        previous.setOnAction(e -> model.step(-1));
        Button next = new Button();
        next.setGraphic(Icon.DOWN.node());
        next.setTooltip(new Tooltip(Texts.get("diff.next")));
        next.setAccessibleText(Texts.get("diff.next"));
        next.setOnAction(e -> model.step(1));
        mode.setMinWidth(Region.USE_PREF_SIZE);
        summary.setWrapText(true);
        summary.getStyleClass().add(Styles.DIFF_SUMMARY);
        summary.textProperty().bind(model.messageProperty());
        position.getStyleClass().add(Styles.MUTED);
        position.setMinWidth(Region.USE_PREF_SIZE);
        HBox controls = new HBox(8, mode, backend, otherId);
        controls.setAlignment(Pos.CENTER_LEFT);
        // "change 3 of 12" and its arrows beside the summary: at 1024 px the choice of what to
        // compare takes the whole row
        HBox.setHgrow(summary, Priority.ALWAYS);
        summary.setMaxWidth(Double.MAX_VALUE);
        HBox summaryRow = new HBox(8, summary, position, previous, next);
        summaryRow.setAlignment(Pos.CENTER_LEFT);
        VBox top = new VBox(6, controls, summaryRow);
        top.getStyleClass().add(Styles.PANE_HEADER);
        setTop(top);

        panes.leftTitle().textProperty().bind(model.leftTitleProperty());
        panes.rightTitle().textProperty().bind(model.rightTitleProperty());
        setCenter(panes);

        model.diffProperty().addListener((o, a, b) -> show(b));
        // the first change is where a diff starts (at the panes' left edge); a step goes to the next one's value
        model.hunkProperty().addListener((o, a, b) -> {
            if (showPosition() && a.intValue() >= 0) {
                panes.reveal(model.currentRow());
            }
        });
        show(model.diffProperty().get());
    }

    private void showOnlyIn(Node node, DiffViewModel.Mode mode) {
        node.visibleProperty().bind(model.modeProperty().isEqualTo(mode));
        node.managedProperty().bind(node.visibleProperty());
    }

    private void show(AlignedDiff diff) {
        panes.show(null);
        if (diff == null) {
            position.setText("");
            return;
        }
        panes.show(diff);
        showPosition();
    }

    /** "change 3 of 12"; false when there is no change to be at. */
    private boolean showPosition() {
        AlignedDiff diff = model.diffProperty().get();
        if (diff == null || model.currentRow() < 0) {
            position.setText(""); // no change: the summary beside it says so
            return false;
        }
        position.setText(Texts.get("diff.position", model.hunkProperty().get() + 1, diff.hunkStarts().length));
        return true;
    }

    public JsonLinesView leftPane() {
        return panes.leftPane();
    }

    public JsonLinesView rightPane() {
        return panes.rightPane();
    }
}
