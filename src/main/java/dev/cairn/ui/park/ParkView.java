package dev.cairn.ui.park;

import dev.cairn.ui.Fxml;
import dev.cairn.ui.Texts;
import dev.cairn.ui.park.ParkViewModel.Stage;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableBooleanValue;
import javafx.fxml.FXML;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;

/** The park and unpark form ({@code Park.fxml}): what the action does to which IDs on which backend, then how it went, with undo. */
public final class ParkView extends BorderPane {

    @FXML private Label title;
    @FXML private Label target;
    @FXML private Label detail;
    @FXML private TextField typed;
    @FXML private Label message;
    @FXML private Button cancel;
    @FXML private Button undo;
    @FXML private Button confirm;

    public ParkView(ParkViewModel model) {
        Fxml.load(this, "Park");
        title.textProperty().bind(model.titleProperty());
        target.textProperty().bind(Bindings.createStringBinding(() -> model.target() == null ? ""
                : Texts.get("park.target", model.target().backend().displayUri()), model.titleProperty()));
        detail.textProperty().bind(model.detailProperty());
        message.textProperty().bind(model.messageProperty());
        typed.textProperty().bindBidirectional(model.typedProperty());
        typed.promptTextProperty().bind(Bindings.createStringBinding(
                () -> Texts.get("park.typed.prompt", model.requiredTypingProperty().get()), model.requiredTypingProperty()));
        showWhen(typed, model.requiredTypingProperty().isNotEmpty().and(model.stageProperty().isEqualTo(Stage.READY)));
        confirm.textProperty().bind(Bindings.createStringBinding(() -> model.action() == null ? ""
                : Texts.get("park.confirm." + model.action().name()), model.titleProperty()));
        // offered until the action is done (and again after a refusal)
        showWhen(confirm, model.stageProperty().isNotEqualTo(Stage.DONE).and(model.stageProperty().isNotEqualTo(Stage.UNDONE)));
        confirm.disableProperty().bind(model.canConfirmProperty().not());
        confirm.setOnAction(e -> model.confirm());
        showWhen(undo, model.stageProperty().isEqualTo(Stage.DONE));
        undo.setOnAction(e -> model.undo());
        cancel.textProperty().bind(Bindings.createStringBinding(() -> Texts.get(
                model.stageProperty().get() == Stage.DONE || model.stageProperty().get() == Stage.UNDONE ? "form.close" : "form.cancel"),
                model.stageProperty()));
        cancel.disableProperty().bind(model.stageProperty().isEqualTo(Stage.WORKING));
        cancel.setOnAction(e -> model.close());
    }

    private static void showWhen(Node node, ObservableBooleanValue condition) {
        node.visibleProperty().bind(condition);
        node.managedProperty().bind(node.visibleProperty());
    }
}
