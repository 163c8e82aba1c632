package dev.cairn.ui.main;

import dev.cairn.ui.Texts;
import dev.cairn.ui.task.UserError;
import dev.cairn.ui.theme.Icon;
import dev.cairn.ui.theme.Styles;
import javafx.beans.property.ObjectProperty;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.ToggleButton;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * An error shown in the window: the sentence, a details toggle with the technical text and a link
 * to the log, a close button.
 */
public final class ErrorBanner extends VBox {

    public ErrorBanner(ObjectProperty<UserError> error, Runnable openLog) {
        getStyleClass().add(Styles.ERROR_BANNER);
        Label message = new Label();
        message.setWrapText(true);
        message.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(message, Priority.ALWAYS);
        ToggleButton detailsToggle = new ToggleButton(Texts.get("error.details"));
        detailsToggle.setMinWidth(Region.USE_PREF_SIZE);
        Button dismiss = new Button();
        dismiss.setGraphic(Icon.CLOSE.node());
        dismiss.getStyleClass().add(Styles.ICON_BUTTON);
        dismiss.setAccessibleText(Texts.get("error.dismiss"));
        dismiss.setOnAction(e -> error.set(null));
        HBox row = new HBox(8, Icon.WARNING.node(), message, detailsToggle, dismiss);
        row.setAlignment(Pos.CENTER_LEFT);
        TextArea details = new TextArea();
        details.getStyleClass().add(Styles.ERROR_DETAILS);
        details.setEditable(false);
        details.setPrefRowCount(8);
        Hyperlink log = new Hyperlink(Texts.get("main.help.openLog"));
        log.setId("error-open-log");
        log.setOnAction(e -> openLog.run());
        details.managedProperty().bind(details.visibleProperty());
        VBox more = new VBox(4, details, log);
        more.visibleProperty().bind(detailsToggle.selectedProperty());
        more.managedProperty().bind(more.visibleProperty());
        getChildren().addAll(row, more);
        managedProperty().bind(visibleProperty());
        // as tall as its text: it lies over the window's top rather than filling it
        setMaxHeight(Region.USE_PREF_SIZE);
        Runnable update = () -> {
            UserError e = error.get();
            setVisible(e != null);
            message.setText(e == null ? "" : e.message());
            details.setText(e == null ? "" : e.details());
            detailsToggle.setSelected(false);
            // the log link is behind Details too, so the toggle shows even when there is no technical text
            details.setVisible(e != null && !e.details().isEmpty());
            detailsToggle.setVisible(e != null);
        };
        error.addListener((obs, old, now) -> update.run());
        update.run();
    }
}
