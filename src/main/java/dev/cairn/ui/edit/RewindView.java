package dev.cairn.ui.edit;

import dev.cairn.ui.Fxml;
import dev.cairn.ui.Texts;
import dev.cairn.ui.edit.RewindViewModel.By;
import dev.cairn.ui.edit.RewindViewModel.Kind;
import dev.cairn.ui.edit.RewindViewModel.Line;
import dev.cairn.ui.edit.RewindViewModel.Scope;
import dev.cairn.ui.edit.RewindViewModel.Stage;
import dev.cairn.ui.theme.Styles;
import dev.cairn.ui.write.PlanSaving;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.value.ObservableBooleanValue;
import javafx.fxml.FXML;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/**
 * The rewind form ({@code Rewind.fxml}): the value to resume a stream (or partition) from, a date and
 * time picker for timestamps; or, for the states selected in the ID list, where their bookmarks go
 * and the preview per state and stream, with confirm and undo.
 */
public final class RewindView extends BorderPane {

    @FXML private Label title;
    @FXML private Label current;
    @FXML private GridPane oneBookmark;
    @FXML private ChoiceBox<Kind> kind;
    @FXML private HBox timestamp;
    @FXML private DatePicker date;
    @FXML private TextField time;
    @FXML private TextField zone;
    @FXML private TextField text;
    @FXML private VBox states;
    @FXML private GridPane statesFields;
    @FXML private ChoiceBox<By> by;
    @FXML private TextField amount;
    @FXML private TextField streams;
    @FXML private Label message;
    @FXML private ListView<Line> lines;
    @FXML private Label markers;
    @FXML private TextField typed;
    @FXML private Label problem;
    @FXML private Button cancel;
    @FXML private Button back;
    @FXML private Button preview;
    @FXML private Button confirm;
    @FXML private Button savePlan;
    @FXML private Button undo;

    /** @param chooseFile asks where to save a plan of a rewind of several IDs ({@code Save as plan…}); empty when cancelled */
    public RewindView(RewindViewModel model, Runnable submit, Function<String, Optional<Path>> chooseFile) {
        Fxml.load(this, "Rewind");
        BooleanBinding many = model.scopeProperty().isEqualTo(Scope.STATES);
        title.textProperty().bind(Bindings.createStringBinding(() -> Texts.get("rewind.title", model.what()),
                model.showingProperty(), model.scopeProperty()));
        current.textProperty().bind(Bindings.createStringBinding(() -> many.get()
                        ? Texts.get("rewind.states.ids", model.currentValue()) : Texts.get("rewind.current", model.currentValue()),
                model.showingProperty(), model.scopeProperty()));
        kind.getItems().setAll(Kind.values());
        kind.valueProperty().bindBidirectional(model.kindProperty());
        date.valueProperty().bindBidirectional(model.dateProperty());
        time.textProperty().bindBidirectional(model.timeProperty());
        zone.textProperty().bindBidirectional(model.zoneProperty());
        text.textProperty().bindBidirectional(model.textProperty());
        showWhen(oneBookmark, many.not());
        showWhen(timestamp, model.kindProperty().isEqualTo(Kind.TIMESTAMP));
        showWhen(text, model.kindProperty().isNotEqualTo(Kind.TIMESTAMP));

        by.getItems().setAll(By.values());
        by.setConverter(new StringConverter<>() {
            @Override
            public String toString(By value) {
                return value == null ? "" : Texts.get("rewind.states.by." + value.name());
            }

            @Override
            public By fromString(String label) {
                return null;
            }
        });
        by.valueProperty().bindBidirectional(model.byProperty());
        amount.textProperty().bindBidirectional(model.amountProperty());
        amount.promptTextProperty().bind(Bindings.createStringBinding(
                () -> Texts.get("rewind.states.prompt." + model.byProperty().get().name()), model.byProperty()));
        streams.textProperty().bindBidirectional(model.streamsProperty());
        typed.textProperty().bindBidirectional(model.typedProperty());
        message.textProperty().bind(model.messageProperty());
        lines.setItems(model.lines());
        lines.setCellFactory(v -> new LineCell());
        showWhen(states, many);
        BooleanBinding editing = model.stageProperty().isEqualTo(Stage.EDITING);
        BooleanBinding previewing = model.stageProperty().isEqualTo(Stage.PREVIEW);
        statesFields.disableProperty().bind(editing.not());
        showWhen(lines, editing.not());
        showWhen(markers, model.markersDroppedProperty().and(editing.not()));
        showWhen(typed, previewing.and(model.requiredTypingProperty().isNotEmpty()));

        problem.textProperty().bind(model.problemProperty());
        cancel.textProperty().bind(Bindings.createStringBinding(() -> Texts.get(
                model.stageProperty().get() == Stage.DONE || model.stageProperty().get() == Stage.UNDONE ? "form.close" : "form.cancel"),
                model.stageProperty()));
        cancel.disableProperty().bind(model.stageProperty().isEqualTo(Stage.WRITING));
        cancel.setOnAction(e -> model.close());
        showWhen(back, many.and(previewing.or(model.stageProperty().isEqualTo(Stage.FAILED))));
        back.setOnAction(e -> model.backToFields());
        showWhen(preview, many.not().or(editing));
        preview.disableProperty().bind(model.problemProperty().isNotEmpty());
        preview.setOnAction(e -> {
            if (many.get()) {
                model.preview();
            } else {
                submit.run();
            }
        });
        showWhen(confirm, many.and(previewing));
        confirm.disableProperty().bind(model.canConfirmProperty().not());
        confirm.setOnAction(e -> model.confirm());
        showWhen(savePlan, many.and(previewing));
        savePlan.setOnAction(e -> chooseFile.apply(PlanSaving.FILE_NAME).ifPresent(model::savePlan));
        showWhen(undo, many.and(model.stageProperty().isEqualTo(Stage.DONE)));
        undo.setOnAction(e -> model.undo());
    }

    private static void showWhen(Node node, ObservableBooleanValue condition) {
        node.visibleProperty().bind(condition);
        node.managedProperty().bind(node.visibleProperty());
    }

    public ListView<Line> lines() {
        return lines;
    }

    /**
     * A preview line: the state's ID on a line of its own above its first bookmark's line, each
     * bookmark's change wrapped at the list's width (the cell's own text, which a list lays out
     * wrapped; a graphic it would not, and one over the text is centred on it).
     */
    private static final class LineCell extends ListCell<Line> {

        LineCell() {
            getStyleClass().add(Styles.REWIND_LINE);
            setWrapText(true);
            setPrefWidth(0);
        }

        @Override
        protected void updateItem(Line line, boolean empty) {
            super.updateItem(line, empty);
            setGraphic(null);
            if (empty || line == null) {
                setText(null);
                return;
            }
            int at = getIndex();
            boolean first = at == 0 || !getListView().getItems().get(at - 1).stateId().equals(line.stateId());
            setText((first ? line.stateId() + "\n" : "") + "    " + line.text());
        }
    }
}
