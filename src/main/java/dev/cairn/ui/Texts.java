package dev.cairn.ui;

import java.text.MessageFormat;
import java.util.ResourceBundle;

/**
 * The window's texts: the one bundle {@code dev/cairn/ui/cairn.properties}, read by the FXML
 * layouts ({@code %key}) and by code ({@link #get}). Its keys are checked against their users by
 * {@code BundleKeysTest}.
 */
public final class Texts {

    static final ResourceBundle BUNDLE = ResourceBundle.getBundle("dev.cairn.ui.cairn");

    private Texts() {}

    /** The text under {@code key}, a MessageFormat pattern, with its {@code {0}}-style arguments filled in. */
    public static String get(String key, Object... args) {
        return MessageFormat.format(BUNDLE.getString(key), args);
    }
}
