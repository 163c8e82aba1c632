package dev.cairn.ui.edit;

import dev.cairn.ui.Fxml;
import dev.cairn.ui.Texts;
import dev.cairn.ui.diff.DiffViewModel.BackendChoice;
import dev.cairn.ui.edit.MergeViewModel.Source;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Supplier;
import javafx.beans.binding.Bindings;
import javafx.fxml.FXML;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

/** The merge form ({@code Merge.fxml}): the source of the document to merge; "Preview merge" hands it to the write preview. */
public final class MergeView extends BorderPane {

    @FXML private Label title;
    @FXML private ChoiceBox<Source> source;
    @FXML private TextArea pasted;
    @FXML private HBox fileRow;
    @FXML private Button choose;
    @FXML private Label file;
    @FXML private HBox backendRow;
    @FXML private ChoiceBox<BackendChoice> backend;
    @FXML private VBox idRow;
    @FXML private TextField otherId;
    @FXML private Label problem;
    @FXML private Button cancel;
    @FXML private Button preview;

    public MergeView(MergeViewModel model, Runnable submit, Supplier<Optional<Path>> chooseFile) {
        Fxml.load(this, "Merge");
        title.textProperty().bind(Bindings.createStringBinding(() -> model.subject() == null ? ""
                : Texts.get("merge.title", model.subject().stateId()), model.showingProperty()));
        source.getItems().setAll(Source.values());
        source.valueProperty().bindBidirectional(model.sourceProperty());
        pasted.textProperty().bindBidirectional(model.pastedProperty());
        file.textProperty().bind(Bindings.createStringBinding(() -> model.fileProperty().get() == null
                ? Texts.get("merge.noFile") : model.fileProperty().get().toString(), model.fileProperty()));
        choose.setOnAction(e -> chooseFile.get().ifPresent(model.fileProperty()::set));
        otherId.textProperty().bindBidirectional(model.otherIdProperty());
        backend.setItems(model.backends());
        backend.valueProperty().bindBidirectional(model.otherBackendProperty());
        showFor(pasted, model, Source.PASTED);
        showFor(fileRow, model, Source.FILE);
        showFor(backendRow, model, Source.OTHER_BACKEND);
        idRow.visibleProperty().bind(model.sourceProperty().isEqualTo(Source.OTHER_ID)
                .or(model.sourceProperty().isEqualTo(Source.OTHER_BACKEND)));
        idRow.managedProperty().bind(idRow.visibleProperty());
        problem.textProperty().bind(model.problemProperty());
        cancel.setOnAction(e -> model.close());
        preview.setOnAction(e -> submit.run());
    }

    private static void showFor(Node node, MergeViewModel model, Source source) {
        node.visibleProperty().bind(model.sourceProperty().isEqualTo(source));
        node.managedProperty().bind(node.visibleProperty());
    }
}
