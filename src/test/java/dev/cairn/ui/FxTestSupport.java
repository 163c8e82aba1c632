package dev.cairn.ui;

import java.util.concurrent.TimeoutException;
import javafx.stage.Stage;
import org.testfx.api.FxToolkit;

/** Starts JavaFX once per test JVM, headless under Monocle, on a screen big enough for the window. */
public final class FxTestSupport {

    private FxTestSupport() {}

    public static Stage start() throws TimeoutException {
        // Monocle's headless screen defaults to 1280x800; the window is larger
        System.setProperty("monocle.headless.geometry", "1600x1000-32");
        System.setProperty("headless.geometry", "1600x1000-32");
        return FxToolkit.registerPrimaryStage();
    }
}
