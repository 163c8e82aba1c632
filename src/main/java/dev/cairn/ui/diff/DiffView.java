package dev.cairn.ui.diff;

import dev.cairn.ui.inspect.JsonLinesView;
import dev.cairn.ui.inspect.RowSource;
import dev.cairn.ui.theme.Icon;
import dev.cairn.ui.theme.Styles;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
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
    private final JsonLinesView left = new JsonLinesView(RowSource.of(dev.cairn.ui.inspect.JsonText.ofPretty("")));
    private final JsonLinesView right = new JsonLinesView(RowSource.of(dev.cairn.ui.inspect.JsonText.ofPretty("")));
    private final Label summary = new Label();
    private final Label position = new Label();
    private final Label leftTitle = new Label();
    private final Label rightTitle = new Label();
    private boolean synced;

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
        otherId.setPromptText("state ID to compare with");
        otherId.setPrefColumnCount(26);
        otherId.textProperty().bindBidirectional(model.otherIdProperty());
        otherId.setOnAction(e -> model.recompute());
        showOnlyIn(otherId, DiffViewModel.Mode.OTHER_ID);
        Button previous = new Button();
        previous.setGraphic(Icon.UP.node());
        previous.setTooltip(new Tooltip("Previous change"));
        previous.setAccessibleText("Previous change");
        previous.setOnAction(e -> model.step(-1));
        Button next = new Button();
        next.setGraphic(Icon.DOWN.node());
        next.setTooltip(new Tooltip("Next change"));
        next.setAccessibleText("Next change");
        next.setOnAction(e -> model.step(1));
        summary.getStyleClass().add(Styles.DIFF_SUMMARY);
        summary.textProperty().bind(model.messageProperty());
        position.getStyleClass().add(Styles.MUTED);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox controls = new HBox(8, mode, backend, otherId, spacer, position, previous, next);
        controls.setAlignment(Pos.CENTER_LEFT);
        VBox top = new VBox(6, controls, summary);
        top.getStyleClass().add(Styles.PANE_HEADER);
        setTop(top);

        leftTitle.textProperty().bind(model.leftTitleProperty());
        rightTitle.textProperty().bind(model.rightTitleProperty());
        leftTitle.getStyleClass().add(Styles.SUBTITLE);
        rightTitle.getStyleClass().add(Styles.SUBTITLE);
        GridPane grid = new GridPane();
        grid.setHgap(6);
        grid.add(leftTitle, 0, 0);
        grid.add(rightTitle, 1, 0);
        grid.add(left, 0, 1);
        grid.add(right, 1, 1);
        for (Node n : new Node[] {left, right}) {
            GridPane.setHgrow(n, Priority.ALWAYS);
            GridPane.setVgrow(n, Priority.ALWAYS);
        }
        javafx.scene.layout.ColumnConstraints half = new javafx.scene.layout.ColumnConstraints();
        half.setPercentWidth(50);
        grid.getColumnConstraints().addAll(half, half);
        setCenter(grid);

        model.diffProperty().addListener((o, a, b) -> show(b));
        model.hunkProperty().addListener((o, a, b) -> reveal());
        left.skinProperty().addListener((o, a, b) -> syncScrolling());
        right.skinProperty().addListener((o, a, b) -> syncScrolling());
        show(model.diffProperty().get());
    }

    private void showOnlyIn(Node node, DiffViewModel.Mode mode) {
        node.visibleProperty().bind(model.modeProperty().isEqualTo(mode));
        node.managedProperty().bind(node.visibleProperty());
    }

    private void show(AlignedDiff diff) {
        if (diff == null) {
            left.setSource(RowSource.of(dev.cairn.ui.inspect.JsonText.ofPretty("")));
            right.setSource(RowSource.of(dev.cairn.ui.inspect.JsonText.ofPretty("")));
            position.setText("");
            return;
        }
        left.setSource(diff.side(true));
        right.setSource(diff.side(false));
        reveal();
    }

    private void reveal() {
        AlignedDiff diff = model.diffProperty().get();
        int row = model.currentRow();
        if (diff == null || row < 0) {
            position.setText(diff == null ? "" : "no changes");
            return;
        }
        position.setText("change " + (model.hunkProperty().get() + 1) + " of " + diff.hunkStarts().length);
        left.getSelectionModel().clearAndSelect(row);
        right.getSelectionModel().clearAndSelect(row);
        left.scrollToCentered(row);
        right.scrollToCentered(row);
    }

    /** Both panes have the same rows: keep their scroll positions equal. */
    private void syncScrolling() {
        if (synced) {
            return;
        }
        VirtualFlow<?> l = flow(left);
        VirtualFlow<?> r = flow(right);
        if (l != null && r != null) {
            synced = true;
            l.positionProperty().addListener((o, a, b) -> {
                if (Math.abs(r.getPosition() - b.doubleValue()) > 1e-9) {
                    r.setPosition(b.doubleValue());
                }
            });
            r.positionProperty().addListener((o, a, b) -> {
                if (Math.abs(l.getPosition() - b.doubleValue()) > 1e-9) {
                    l.setPosition(b.doubleValue());
                }
            });
        }
    }

    private static VirtualFlow<?> flow(JsonLinesView view) {
        if (view.getSkin() instanceof javafx.scene.control.skin.ListViewSkin) {
            Node n = view.lookup(".virtual-flow");
            return n instanceof VirtualFlow ? (VirtualFlow<?>) n : null;
        }
        return null;
    }

    public JsonLinesView leftPane() {
        return left;
    }

    public JsonLinesView rightPane() {
        return right;
    }
}
