package dev.cairn.ui;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ResourceBundle;
import javafx.fxml.FXMLLoader;

/**
 * Loads a form's layout: {@code Name.fxml} beside the view's class in the mirrored resources
 * package, with the view as its {@code fx:root} and controller, and its texts ({@code %key}) from
 * the one bundle of labels, {@code dev/cairn/ui/cairn.properties}.
 */
public final class Fxml {

    public static final ResourceBundle LABELS = ResourceBundle.getBundle("dev.cairn.ui.cairn");

    private Fxml() {}

    /** Builds {@code view}'s children from {@code name}.fxml and injects its {@code @FXML} fields. */
    public static void load(Object view, String name) {
        FXMLLoader loader = new FXMLLoader(view.getClass().getResource(name + ".fxml"), LABELS);
        loader.setRoot(view);
        loader.setController(view);
        try {
            loader.load();
        } catch (IOException e) {
            throw new UncheckedIOException("the layout " + name + ".fxml of " + view.getClass().getName() + " did not load", e);
        }
    }

    /** A label of the bundle, with {@code {0}}-style arguments filled in. */
    public static String label(String key, Object... args) {
        return java.text.MessageFormat.format(LABELS.getString(key), args);
    }
}
