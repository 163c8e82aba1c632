package dev.cairn.bench;

import dev.cairn.ui.app.App;
import javafx.application.Application;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;

/**
 * The yardstick of {@code startup}: the same JVM and toolkit showing a window of the app's size
 * with one label in it, nothing of Cairn's, marked as {@link StartupProbe} marks the app's first
 * window. What {@code startup} takes beyond it is Cairn's own.
 */
public final class StartupFloor {

    private StartupFloor() {}

    public static void main(String[] args) {
        StartupProbe.reportFirstWindow();
        Application.launch(EmptyWindow.class);
    }

    /** A window with one label. */
    public static final class EmptyWindow extends Application {
        @Override
        public void start(Stage stage) {
            stage.setScene(new Scene(new StackPane(new Label("Cairn")), App.WIDTH, App.HEIGHT));
            stage.show();
        }
    }
}
