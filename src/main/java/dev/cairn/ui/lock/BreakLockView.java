package dev.cairn.ui.lock;

import dev.cairn.ui.Fxml;
import dev.cairn.ui.Texts;
import javafx.beans.binding.Bindings;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.BorderPane;

/** The form that breaks a stale Meltano lock ({@code BreakLock.fxml}): it names the ID, the backend and the lock. */
public final class BreakLockView extends BorderPane {

    @FXML private Label title;
    @FXML private Label target;
    @FXML private Label detail;
    @FXML private Label problem;
    @FXML private Button cancel;
    @FXML private Button confirm;

    public BreakLockView(BreakLockViewModel model) {
        Fxml.load(this, "BreakLock");
        // the texts are the ID's shown: set again each time the form opens
        title.textProperty().bind(Bindings.createStringBinding(() -> Texts.get("breakLock.title", model.stateId()),
                model.showingProperty()));
        target.textProperty().bind(Bindings.createStringBinding(() -> Texts.get("breakLock.target", model.backendUri()),
                model.showingProperty()));
        detail.textProperty().bind(Bindings.createStringBinding(model::lockDetail, model.showingProperty()));
        confirm.textProperty().bind(Bindings.createStringBinding(() -> Texts.get("breakLock.confirm", model.stateId()),
                model.showingProperty()));
        problem.textProperty().bind(model.problemProperty());
        confirm.disableProperty().bind(model.busyProperty());
        confirm.setOnAction(e -> model.confirm());
        cancel.setOnAction(e -> model.close());
    }
}
