package dev.cairn.ui.connect;

import java.util.Locale;
import javafx.css.PseudoClass;

/** Which environment a connection points at; each has its colour, production is painted loudest. */
public enum Environment {
    DEV("dev"), STAGING("staging"), PROD("prod"), OTHER("other");

    private final String label;
    private final PseudoClass pseudoClass;

    Environment(String label) {
        this.label = label;
        this.pseudoClass = PseudoClass.getPseudoClass("env-" + label);
    }

    public String label() {
        return label;
    }

    /** {@code :env-dev}, {@code :env-staging}, {@code :env-prod}, {@code :env-other}. */
    public PseudoClass pseudoClass() {
        return pseudoClass;
    }

    public static Environment parse(String text) {
        if (text == null) {
            return OTHER;
        }
        for (Environment env : values()) {
            if (env.label.equals(text.toLowerCase(Locale.ROOT))) {
                return env;
            }
        }
        return OTHER;
    }

    @Override
    public String toString() {
        return label;
    }
}
