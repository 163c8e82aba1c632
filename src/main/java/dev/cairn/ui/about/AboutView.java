package dev.cairn.ui.about;

import dev.cairn.ui.Texts;
import dev.cairn.ui.theme.Styles;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TitledPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/** Help → About: versions, Cairn's files (click to open the folder), its licence, the bundled libraries' licences. */
public final class AboutView extends VBox {

    public AboutView(AboutViewModel model) {
        super(10);
        getStyleClass().add(Styles.ABOUT);
        Label version = label("about-version", model.version());
        version.getStyleClass().add(Styles.TITLE);
        Label java = label("about-java", model.java());
        Label javaFx = label("about-javafx", model.javaFx());
        GridPane places = new GridPane();
        places.setHgap(10);
        places.setVgap(2);
        int row = 0;
        for (AboutViewModel.Place place : model.places()) {
            Hyperlink link = new Hyperlink(place.path().toString());
            link.setId("about-place-" + row);
            link.setTooltip(new Tooltip(Texts.get("about.open.tooltip", place.folder())));
            link.setOnAction(e -> model.open(place));
            places.addRow(row++, new Label(place.label()), link);
        }
        TableView<AboutViewModel.Library> licences = new TableView<>(FXCollections.observableArrayList(model.libraries()));
        licences.setId("about-licences");
        licences.getColumns().add(column(Texts.get("about.column.library"), 260, AboutViewModel.Library::name));
        licences.getColumns().add(column(Texts.get("about.column.version"), 300, AboutViewModel.Library::coordinates));
        licences.getColumns().add(column(Texts.get("about.column.licence"), 220, AboutViewModel.Library::licence));
        licences.setPrefHeight(260);
        VBox.setVgrow(licences, Priority.ALWAYS);
        Label bundled = new Label(Texts.get("about.libraries", model.libraries().size()));
        bundled.getStyleClass().add(Styles.SUBTITLE);
        TextArea licenceText = new TextArea(model.licenceText());
        licenceText.setEditable(false);
        licenceText.setPrefRowCount(12);
        TitledPane licence = new TitledPane(Texts.get("about.licence"), licenceText);
        licence.setId("about-licence");
        licence.setExpanded(false);
        getChildren().addAll(version, java, javaFx, places, licence, bundled, licences);
    }

    private static Label label(String id, String text) {
        Label label = new Label(text);
        label.setId(id);
        return label;
    }

    private static TableColumn<AboutViewModel.Library, String> column(String title, double width,
            Function<AboutViewModel.Library, String> value) {
        TableColumn<AboutViewModel.Library, String> column = new TableColumn<>(title);
        column.setPrefWidth(width);
        column.setCellValueFactory(cell -> new ReadOnlyStringWrapper(value.apply(cell.getValue())));
        return column;
    }
}
