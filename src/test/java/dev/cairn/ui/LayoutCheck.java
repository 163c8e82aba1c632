package dev.cairn.ui;

import dev.cairn.ui.theme.Styles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.BoundingBox;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Control;
import javafx.scene.control.IndexedCell;
import javafx.scene.control.Labeled;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.control.skin.TableHeaderRow;
import javafx.scene.layout.StackPane;
import javafx.scene.text.Text;
import javax.imageio.ImageIO;

/**
 * What a user would see cut off in a laid-out scene graph: every shown {@link Labeled} (button,
 * label, tab, column header) whose text is drawn other than it is set (an overrun ellipsis, or
 * underscores eaten as mnemonics) or is partly hidden by what holds it (tabs scrolled out of their
 * header, a line wider than its list), an empty field whose placeholder does not fit, and any two
 * shown texts that overlap. A text cut on purpose with the whole of it as its tooltip (long IDs and
 * URIs) is not a problem, nor a value in a table or list cell (its column can be widened; its
 * header is checked) unless the list promises whole values ({@link Styles#WHOLE_VALUES}: changes,
 * copy results). Layers of a {@link StackPane} (a sheet over the inspector, a banner over the list)
 * may cover one another.
 */
public final class LayoutCheck {

    private LayoutCheck() {}

    /** Call on the FX thread after layout; each problem names the text and where it is. */
    public static List<String> problems(Parent root) {
        List<Labeled> shown = new ArrayList<>();
        List<TextField> fields = new ArrayList<>();
        collect(root, shown, fields);
        List<String> problems = new ArrayList<>();
        List<Bounds> bounds = new ArrayList<>();
        for (Labeled labeled : shown) {
            String drawn = drawnText(labeled);
            String set = labeled.getText();
            if (drawn != null && !drawn.equals(set) && !cutOnPurpose(labeled, set)) {
                problems.add("\"" + set + "\" reads \"" + drawn + "\" (" + describe(labeled) + ")");
            } else if (partlyHidden(labeled) && !cutOnPurpose(labeled, set) && !scrolledSideways(labeled)) {
                problems.add("\"" + set + "\" is partly hidden (" + describe(labeled) + ")");
            }
            bounds.add(textBounds(labeled));
        }
        for (TextField field : fields) {
            if (placeholderCut(field)) {
                problems.add("the placeholder \"" + field.getPromptText() + "\" does not fit its field (" + describe(field) + ")");
            }
        }
        for (int i = 0; i < shown.size(); i++) {
            for (int j = i + 1; j < shown.size(); j++) {
                Bounds a = bounds.get(i);
                Bounds b = bounds.get(j);
                if (a != null && b != null && overlap(a, b) && !layered(shown.get(i), shown.get(j))) {
                    problems.add("\"" + shown.get(i).getText() + "\" overlaps \"" + shown.get(j).getText() + "\" ("
                            + describe(shown.get(i)) + " / " + describe(shown.get(j)) + ")");
                }
            }
        }
        return problems;
    }

    /**
     * Writes what a laid-out scene graph shows as a PNG (to look at what a check saw); call on the
     * FX thread.
     */
    public static void render(Parent root, Path png) {
        try {
            Files.createDirectories(png.getParent());
            ImageIO.write(Screenshots.toBufferedImage(root.snapshot(null, null)), "png", png.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void collect(Node node, List<Labeled> out, List<TextField> fields) {
        if (!node.isVisible() || node.getOpacity() == 0) {
            return;
        }
        if (node instanceof Labeled labeled && (!(node instanceof IndexedCell) || inWholeValues(node)) && labeled.getText() != null
                && !labeled.getText().isEmpty() && labeled.getWidth() > 0 && inView(labeled)) {
            out.add(labeled);
        }
        if (node instanceof TextField field && field.getWidth() > 0 && inView(field)) {
            fields.add(field);
        }
        if (node instanceof Parent parent) {
            List<Node> children = parent.getChildrenUnmodifiable();
            for (int i = 0; i < children.size(); i++) {
                if (!(node.getClass() == StackPane.class && covered(children.get(i), children.subList(i + 1, children.size())))) {
                    collect(children.get(i), out, fields);
                }
            }
        }
    }

    /** A layer of a stack under a later one as large: a sheet over the inspector hides it. */
    private static boolean covered(Node layer, List<Node> above) {
        return above.stream().anyMatch(n -> n.isVisible() && n.getLayoutBounds().getWidth() >= layer.getLayoutBounds().getWidth()
                && n.getLayoutBounds().getHeight() >= layer.getLayoutBounds().getHeight());
    }

    /** The skin's text node: what the user reads. */
    private static String drawnText(Labeled labeled) {
        for (Node child : labeled.getChildrenUnmodifiable()) {
            if (child instanceof Text text && child.getStyleClass().contains("text")) {
                return text.isVisible() ? text.getText() : "";
            }
        }
        return null;
    }

    private static boolean inWholeValues(Node node) {
        for (Node n = node; n != null; n = n.getParent()) {
            if (n.getStyleClass().contains(Styles.WHOLE_VALUES)) {
                return true;
            }
        }
        return false;
    }

    /**
     * In a list's row or a table's header that scrolls sideways: the user scrolls to it (a value
     * of a list that promises whole values is checked all the same).
     */
    private static boolean scrolledSideways(Node node) {
        if (inWholeValues(node)) {
            return false;
        }
        for (Node n = node; n != null; n = n.getParent()) {
            if (n instanceof IndexedCell || n instanceof TableHeaderRow) {
                return true;
            }
        }
        return false;
    }

    /** Its drawn text reaches sideways past a clip above it: scrolled out of a tab header, wider than its list. */
    private static boolean partlyHidden(Labeled labeled) {
        for (Node child : labeled.getChildrenUnmodifiable()) {
            if (child instanceof Text text && child.getStyleClass().contains("text") && text.isVisible()) {
                Bounds whole = text.localToScene(text.getLayoutBounds());
                Bounds seen = clipped(text, whole);
                return seen != null && seen.getWidth() < whole.getWidth() - 1;
            }
        }
        return false;
    }

    /** An empty field's placeholder wider than the room for text inside its padding. */
    private static boolean placeholderCut(TextField field) {
        String prompt = field.getPromptText();
        if (prompt == null || prompt.isEmpty() || (field.getText() != null && !field.getText().isEmpty())) {
            return false;
        }
        Text measure = new Text(prompt);
        measure.setFont(field.getFont());
        double room = field.getWidth() - field.snappedLeftInset() - field.snappedRightInset();
        return measure.getLayoutBounds().getWidth() > room + 1;
    }

    private static boolean cutOnPurpose(Labeled labeled, String set) {
        Tooltip tip = labeled.getTooltip();
        return tip != null && tip.getText() != null && tip.getText().contains(set);
    }

    /** The drawn text's bounds in the scene, clipped by the clips above it; null when nothing of it shows. */
    private static Bounds textBounds(Labeled labeled) {
        for (Node child : labeled.getChildrenUnmodifiable()) {
            if (child instanceof Text text && child.getStyleClass().contains("text") && text.isVisible()) {
                return clipped(text, text.localToScene(text.getLayoutBounds()));
            }
        }
        return null;
    }

    private static Bounds clipped(Node node, Bounds bounds) {
        double minX = bounds.getMinX();
        double minY = bounds.getMinY();
        double maxX = bounds.getMaxX();
        double maxY = bounds.getMaxY();
        for (Node n = node.getParent(); n != null; n = n.getParent()) {
            if (n.getClip() != null) {
                Bounds clip = n.localToScene(n.getClip().getBoundsInParent());
                minX = Math.max(minX, clip.getMinX());
                minY = Math.max(minY, clip.getMinY());
                maxX = Math.min(maxX, clip.getMaxX());
                maxY = Math.min(maxY, clip.getMaxY());
            }
        }
        return maxX - minX < 1 || maxY - minY < 1 ? null : new BoundingBox(minX, minY, maxX - minX, maxY - minY);
    }

    /** Virtual-flow cells scrolled out of their viewport are laid out but not seen. */
    private static boolean inView(Control labeled) {
        return clipped(labeled, labeled.localToScene(labeled.getLayoutBounds())) != null;
    }

    private static boolean overlap(Bounds a, Bounds b) {
        // a pixel of anti-aliasing is not an overlap
        return a.getMinX() < b.getMaxX() - 1 && b.getMinX() < a.getMaxX() - 1
                && a.getMinY() < b.getMaxY() - 1 && b.getMinY() < a.getMaxY() - 1;
    }

    /**
     * One is inside the other (a chip in a cell), or their nearest common parent is a plain
     * {@link StackPane}: layers on purpose. (Controls' own stacks, such as the tab header area,
     * are subclasses and are checked.)
     */
    private static boolean layered(Node a, Node b) {
        for (Node n = b; n != null; n = n.getParent()) {
            if (isAncestor(n, a)) {
                return n == a || n == b || n.getClass() == StackPane.class;
            }
        }
        return false;
    }

    private static boolean isAncestor(Node ancestor, Node node) {
        for (Node n = node; n != null; n = n.getParent()) {
            if (n == ancestor) {
                return true;
            }
        }
        return false;
    }

    private static String describe(Node node) {
        StringBuilder path = new StringBuilder();
        for (Node n = node; n != null && path.length() < 160; n = n.getParent()) {
            String name = n.getId() != null ? "#" + n.getId() : n.getClass().getSimpleName();
            path.insert(0, path.length() == 0 ? name : name + " > ");
        }
        return path.toString();
    }
}
