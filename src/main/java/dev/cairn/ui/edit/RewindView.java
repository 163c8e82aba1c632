package dev.cairn.ui.edit;

import dev.cairn.ui.Fxml;
import dev.cairn.ui.edit.RewindViewModel.Kind;
import javafx.beans.binding.Bindings;
import javafx.fxml.FXML;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;

/** The rewind form ({@code Rewind.fxml}): the value to resume a stream (or partition) from, a date and time picker for timestamps. */
public final class RewindView extends BorderPane {

    @FXML private Label title;
    @FXML private Label current;
    @FXML private ChoiceBox<Kind> kind;
    @FXML private HBox timestamp;
    @FXML private DatePicker date;
    @FXML private TextField time;
    @FXML private TextField zone;
    @FXML private TextField text;
    @FXML private Label problem;
    @FXML private Button cancel;
    @FXML private Button preview;

    public RewindView(RewindViewModel model, Runnable submit) {
        Fxml.load(this, "Rewind");
        title.textProperty().bind(Bindings.createStringBinding(() -> Fxml.label("rewind.title", model.what()),
                model.showingProperty()));
        current.textProperty().bind(Bindings.createStringBinding(() -> Fxml.label("rewind.current", model.currentValue()),
                model.showingProperty()));
        kind.getItems().setAll(Kind.values());
        kind.valueProperty().bindBidirectional(model.kindProperty());
        date.valueProperty().bindBidirectional(model.dateProperty());
        time.textProperty().bindBidirectional(model.timeProperty());
        zone.textProperty().bindBidirectional(model.zoneProperty());
        text.textProperty().bindBidirectional(model.textProperty());
        showWhen(timestamp, model.kindProperty().isEqualTo(Kind.TIMESTAMP));
        showWhen(text, model.kindProperty().isNotEqualTo(Kind.TIMESTAMP));
        problem.textProperty().bind(model.problemProperty());
        cancel.setOnAction(e -> model.close());
        preview.disableProperty().bind(model.problemProperty().isNotEmpty());
        preview.setOnAction(e -> submit.run());
    }

    private static void showWhen(Node node, javafx.beans.value.ObservableBooleanValue condition) {
        node.visibleProperty().bind(condition);
        node.managedProperty().bind(node.visibleProperty());
    }
}
