package dev.cairn.ui.edit;

import dev.cairn.ui.edit.RewindViewModel.Kind;
import dev.cairn.ui.theme.Styles;
import dev.cairn.ui.write.WriteSheet;
import javafx.beans.binding.Bindings;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/** The rewind form: the value to resume a stream (or partition) from, a date and time picker for timestamps. */
public final class RewindView extends BorderPane {

    public RewindView(RewindViewModel model, Runnable submit) {
        getStyleClass().addAll(Styles.SHEET, Styles.FORM);
        Label title = new Label();
        title.getStyleClass().add(Styles.TITLE);
        title.textProperty().bind(Bindings.createStringBinding(() -> "Rewind " + model.what(), model.showingProperty()));
        Label current = new Label();
        current.textProperty().bind(Bindings.createStringBinding(() -> "Current replication value: " + model.currentValue()
                + ". The next run resumes from the value set here; an interrupted run's markers on it are dropped.",
                model.showingProperty()));
        current.setWrapText(true);
        current.getStyleClass().add(Styles.MUTED);
        VBox header = new VBox(6, title, current);
        header.getStyleClass().add(Styles.PANE_HEADER);
        setTop(header);

        ChoiceBox<Kind> kind = new ChoiceBox<>();
        kind.getItems().setAll(Kind.values());
        kind.valueProperty().bindBidirectional(model.kindProperty());
        DatePicker date = new DatePicker();
        date.setId("rewind-date");
        date.valueProperty().bindBidirectional(model.dateProperty());
        TextField time = new TextField();
        time.setId("rewind-time");
        time.setPromptText("13:45:00");
        time.setPrefColumnCount(14);
        time.textProperty().bindBidirectional(model.timeProperty());
        TextField zone = new TextField();
        zone.setId("rewind-zone");
        zone.setPromptText("+00:00");
        zone.setPrefColumnCount(6);
        zone.textProperty().bindBidirectional(model.zoneProperty());
        HBox timestamp = new HBox(8, date, time, zone);
        timestamp.setAlignment(Pos.CENTER_LEFT);
        TextField text = new TextField();
        text.setId("rewind-text");
        text.setPrefColumnCount(40);
        text.textProperty().bindBidirectional(model.textProperty());
        showWhen(timestamp, model.kindProperty().isEqualTo(Kind.TIMESTAMP));
        showWhen(text, model.kindProperty().isNotEqualTo(Kind.TIMESTAMP));
        GridPane grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(8);
        grid.addRow(0, new Label("Value kind"), kind);
        grid.addRow(1, new Label("Resume from"), new VBox(timestamp, text));
        Label problem = new Label();
        problem.getStyleClass().add(Styles.DANGER_TEXT);
        problem.textProperty().bind(model.problemProperty());
        VBox body = new VBox(10, grid, problem);
        body.getStyleClass().add(Styles.SHEET_BODY);
        setCenter(body);

        Button cancel = new Button("Cancel");
        cancel.setCancelButton(true);
        cancel.setOnAction(e -> model.close());
        Button preview = new Button("Preview rewind");
        preview.setId("rewind-preview");
        preview.getStyleClass().add(Styles.PRIMARY);
        preview.disableProperty().bind(model.problemProperty().isNotEmpty());
        preview.setOnAction(e -> submit.run());
        setBottom(WriteSheet.buttonBar(null, cancel, preview));
    }

    private static void showWhen(Node node, javafx.beans.value.ObservableBooleanValue condition) {
        node.visibleProperty().bind(condition);
        node.managedProperty().bind(node.visibleProperty());
    }
}
