package dev.cairn.ui.edit;

import dev.cairn.ui.diff.DiffViewModel.BackendChoice;
import dev.cairn.ui.edit.MergeViewModel.Source;
import dev.cairn.ui.theme.Styles;
import dev.cairn.ui.write.WriteSheet;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Supplier;
import javafx.beans.binding.Bindings;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/** The merge form: the source of the document to merge; "Preview merge" hands it to the write preview. */
public final class MergeView extends BorderPane {

    public MergeView(MergeViewModel model, Runnable submit, Supplier<Optional<Path>> chooseFile) {
        getStyleClass().addAll(Styles.SHEET, Styles.FORM);
        Label title = new Label();
        title.getStyleClass().add(Styles.TITLE);
        title.textProperty().bind(Bindings.createStringBinding(() -> model.subject() == null ? ""
                : "Merge into the state of " + model.subject().stateId(), model.showingProperty()));
        Label explain = new Label("Meltano's merge (as `meltano state merge`): objects are merged key by key, anything else"
                + " — lists too — replaces what is there. The document goes into the partial state; the next step"
                + " previews the result, and nothing is written before you confirm it.");
        explain.setWrapText(true);
        explain.getStyleClass().add(Styles.MUTED);
        VBox header = new VBox(6, title, explain);
        header.getStyleClass().add(Styles.PANE_HEADER);
        setTop(header);

        ChoiceBox<Source> source = new ChoiceBox<>();
        source.setId("merge-source");
        source.getItems().setAll(Source.values());
        source.valueProperty().bindBidirectional(model.sourceProperty());
        TextArea pasted = new TextArea();
        pasted.setId("merge-pasted");
        pasted.getStyleClass().add(Styles.STATE_ID);
        pasted.setPromptText("{\"singer_state\": {\"bookmarks\": {\"users\": {\"replication_key\": \"updated_at\", "
                + "\"replication_key_value\": \"2024-06-01T00:00:00+00:00\"}}}}");
        pasted.textProperty().bindBidirectional(model.pastedProperty());
        VBox.setVgrow(pasted, Priority.ALWAYS);
        Label file = new Label();
        file.textProperty().bind(Bindings.createStringBinding(() -> model.fileProperty().get() == null ? "No file chosen"
                : model.fileProperty().get().toString(), model.fileProperty()));
        Button choose = new Button("Choose file…");
        choose.setOnAction(e -> chooseFile.get().ifPresent(model.fileProperty()::set));
        HBox fileRow = new HBox(8, choose, file);
        fileRow.setAlignment(Pos.CENTER_LEFT);
        TextField otherId = new TextField();
        otherId.setId("merge-other-id");
        otherId.setPromptText("state ID");
        otherId.setPrefColumnCount(40);
        otherId.textProperty().bindBidirectional(model.otherIdProperty());
        ChoiceBox<BackendChoice> backend = new ChoiceBox<>(model.backends());
        backend.valueProperty().bindBidirectional(model.otherBackendProperty());
        HBox backendRow = new HBox(8, new Label("Backend"), backend);
        backendRow.setAlignment(Pos.CENTER_LEFT);
        Label idLabel = new Label("ID (its effective state is merged)");
        VBox idRow = new VBox(4, idLabel, otherId);
        showFor(pasted, model, Source.PASTED);
        showFor(fileRow, model, Source.FILE);
        showFor(backendRow, model, Source.OTHER_BACKEND);
        idRow.visibleProperty().bind(model.sourceProperty().isEqualTo(Source.OTHER_ID)
                .or(model.sourceProperty().isEqualTo(Source.OTHER_BACKEND)));
        idRow.managedProperty().bind(idRow.visibleProperty());
        Label problem = new Label();
        problem.setId("merge-problem");
        problem.getStyleClass().add(Styles.DANGER_TEXT);
        problem.setWrapText(true);
        problem.textProperty().bind(model.problemProperty());
        VBox body = new VBox(8, source, pasted, fileRow, backendRow, idRow, problem);
        body.getStyleClass().add(Styles.SHEET_BODY);
        setCenter(body);

        Button cancel = new Button("Cancel");
        cancel.setCancelButton(true);
        cancel.setOnAction(e -> model.close());
        Button preview = new Button("Preview merge");
        preview.setId("merge-preview");
        preview.getStyleClass().add(Styles.PRIMARY);
        preview.setOnAction(e -> submit.run());
        setBottom(WriteSheet.buttonBar(null, cancel, preview));
    }

    private static void showFor(Node node, MergeViewModel model, Source source) {
        node.visibleProperty().bind(model.sourceProperty().isEqualTo(source));
        node.managedProperty().bind(node.visibleProperty());
    }
}
