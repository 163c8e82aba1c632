package dev.cairn.ui;

import java.io.IOException;
import java.io.UncheckedIOException;
import javafx.fxml.FXMLLoader;

/**
 * Loads a form's layout: {@code Name.fxml} beside the view's class in the mirrored resources
 * package, with the view as its {@code fx:root} and controller, and its texts ({@code %key}) from
 * the one bundle of the window's texts ({@link Texts}).
 */
public final class Fxml {

    private Fxml() {}

    /** Builds {@code view}'s children from {@code name}.fxml and injects its {@code @FXML} fields. */
    public static void load(Object view, String name) {
        FXMLLoader loader = new FXMLLoader(view.getClass().getResource(name + ".fxml"), Texts.BUNDLE);
        loader.setRoot(view);
        loader.setController(view);
        try {
            loader.load();
        } catch (IOException e) {
            throw new UncheckedIOException("the layout " + name + ".fxml of " + view.getClass().getName() + " did not load", e);
        }
    }
}
