package dev.cairn.ui.theme;

import javafx.scene.layout.Region;
import javafx.scene.shape.SVGPath;

/** Every icon in the app: a shape painted with the text colour token (see {@code .icon} in cairn.css). */
public enum Icon {
    CONNECT("M10 2h4v6h-4zM4 10h16v3a8 8 0 0 1-16 0zM11 21h2v3h-2z"),
    REFRESH("M12 4a8 8 0 1 0 7.7 10h-2.1A6 6 0 1 1 12 6c1.7 0 3.1.7 4.2 1.8L13 11h7V4l-2.4 2.4A8 8 0 0 0 12 4z"),
    CLOSE("M6 4.6L12 10.6 18 4.6 19.4 6 13.4 12 19.4 18 18 19.4 12 13.4 6 19.4 4.6 18 10.6 12 4.6 6z"),
    COPY("M8 2h12v14h-2V4H8zM4 6h12v16H4zm2 2v12h8V8z"),
    SEARCH("M10 2a8 8 0 0 1 6.3 12.9l5.4 5.4-1.4 1.4-5.4-5.4A8 8 0 1 1 10 2zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12z"),
    UP("M12 6l8 8-1.4 1.4L12 8.8l-6.6 6.6L4 14z"),
    DOWN("M12 18l-8-8 1.4-1.4 6.6 6.6 6.6-6.6L20 10z"),
    LOCK("M7 10V7a5 5 0 0 1 10 0v3h2v12H5V10zm2 0h6V7a3 3 0 0 0-6 0z"),
    DATABASE("M12 2c5 0 8 1.6 8 3.5v13C20 20.4 17 22 12 22s-8-1.6-8-3.5v-13C4 3.6 7 2 12 2zm0 2C8 4 6 5 6 5.5S8 7 12 7s6-1 6-1.5S16 4 12 4z"),
    FOLDER("M2 5h8l2 2h10v13H2z"),
    CLOUD("M7 19a5 5 0 0 1-.9-9.9A7 7 0 0 1 19.5 10 4.5 4.5 0 0 1 18 19z"),
    // a ring with its left half filled: the right half is cut out, winding the other way
    THEME("M12 2a10 10 0 1 1 0 20a10 10 0 1 1 0-20zm0 2v16a8 8 0 0 0 0-16z"),
    DIFF("M7 3h2v4h4v2H9v4H7V9H3V7h4zM3 17h10v2H3zM15 3h2v18h-2zM19 3h2v18h-2z"),
    WARNING("M12 2l11 20H1zm-1 7v6h2V9zm0 8v2h2v-2z"),
    // a double arrow across: the inspector takes the window's width
    WIDEN("M1 12l6-6v4h10V6l6 6-6 6v-4H7v4z");

    private final String path;

    Icon(String path) {
        this.path = path;
    }

    public Region node() {
        SVGPath shape = new SVGPath();
        shape.setContent(path);
        Region region = new Region();
        region.setShape(shape);
        region.getStyleClass().addAll(Styles.ICON, Styles.variant(Styles.ICON, this));
        return region;
    }
}
