package dev.cairn.ui.theme;

import javafx.scene.Parent;

/** Light or dark: one stylesheet, the dark tokens switched on by the {@code :dark} pseudo-class on the root. */
public enum Theme {
    LIGHT, DARK;

    public void applyTo(Parent root) {
        root.pseudoClassStateChanged(Styles.DARK, this == DARK);
    }

    public Theme toggled() {
        return this == LIGHT ? DARK : LIGHT;
    }
}
