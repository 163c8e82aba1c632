package dev.cairn.ui.inspect;

import dev.cairn.state.PrettyText;
import dev.cairn.ui.Texts;
import dev.cairn.ui.task.TaskContext;
import dev.cairn.ui.theme.Icon;
import dev.cairn.ui.theme.Styles;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * One document on screen: a search bar (Ctrl+F), a copy button, a note for documents that are not
 * what they seem, and the viewer — a RichTextFX area for moderate sizes, the virtualised line view
 * for big ones.
 */
public final class JsonPane extends BorderPane {

    private final FindBar find = new FindBar(() -> this.shown == null ? null : this.shown.text().text(), this::showHit, this::focusViewer);
    private final Label info = new Label();
    private final Label note = new Label();
    private final StackPane body = new StackPane();
    private ShownDocument shown;
    private Node viewer;

    public JsonPane() {
        getStyleClass().add(Styles.JSON_PANE);
        Button copy = iconButton(Icon.COPY, Texts.get("json.copy"));
        copy.setOnAction(e -> copyAll());
        info.getStyleClass().add(Styles.MUTED);
        // the size line gives way first, whole on hover: a large document's ("72,010 lines · 2.0 MB ·
        // large document: read-only fast view") pushed the find field, the arrows and the copy
        // button past the inspector's edge
        info.setMinWidth(0);
        Styles.wholeTextAsTooltip(info);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox bar = new HBox(6, info, spacer);
        bar.getChildren().addAll(find.nodes());
        bar.getChildren().add(copy);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.getStyleClass().add(Styles.PANE_HEADER);
        note.getStyleClass().add(Styles.NOTICE);
        note.setWrapText(true);
        note.setMaxWidth(Double.MAX_VALUE);
        note.managedProperty().bind(note.visibleProperty());
        note.setVisible(false);
        setTop(new VBox(bar, note));
        setCenter(body);
    }

    static Button iconButton(Icon icon, String tooltip) {
        Button button = new Button();
        button.setGraphic(icon.node());
        button.setTooltip(new Tooltip(tooltip));
        button.getStyleClass().add(Styles.ICON_BUTTON);
        button.setAccessibleText(tooltip);
        return button;
    }

    public void showLoading(String what) {
        shown = null;
        viewer = null;
        ProgressIndicator spinner = new ProgressIndicator();
        spinner.setMaxSize(32, 32);
        Label label = new Label(what);
        label.getStyleClass().add(Styles.PLACEHOLDER);
        VBox box = new VBox(8, spinner, label);
        box.setAlignment(Pos.CENTER);
        body.getChildren().setAll(box);
        info.setText("");
        note.setVisible(false);
    }

    public void showPlaceholder(String text) {
        shown = null;
        viewer = null;
        Label label = new Label(text);
        label.getStyleClass().add(Styles.PLACEHOLDER);
        label.setWrapText(true);
        body.getChildren().setAll(label);
        info.setText("");
        note.setVisible(false);
    }

    public void show(ShownDocument document) {
        shown = document;
        find.reset();
        note.setText(document.note() == null ? "" : document.note());
        note.setVisible(document.note() != null);
        note.pseudoClassStateChanged(Styles.PROBLEM, document.problem());
        PrettyText text = document.text();
        if (document.isMessage()) {
            // the note says it all: no "1 line · 0 B" under it, no empty viewer
            info.setText("");
            viewer = null;
            body.getChildren().clear();
            return;
        }
        info.setText(String.format("%,d %s · %s%s", text.rowCount(), text.rowCount() == 1 ? "line" : "lines", size(text.length()),
                document.isLarge() ? " · large document: read-only fast view" : ""));
        if (document.isLarge() && viewer instanceof JsonLinesView) {
            // the full document replacing its preview: same viewer, same scroll position
            ((JsonLinesView) viewer).setSource(RowSource.of(text));
            return;
        }
        viewer = document.isLarge()
                ? new JsonLinesView(RowSource.of(text))
                : new JsonCodeView(text, document.prepared());
        if (document.isLarge() && text.errorRow() >= 0) {
            ((JsonLinesView) viewer).showHit(text.errorRow(), text.errorColumn(), text.errorColumn() + 1);
        }
        body.getChildren().setAll(viewer);
    }

    /**
     * Builds and renders both viewers once on a tiny document off screen: the first styled paint
     * after start costs up to a second of cold JIT and CSS (TOOLCHAIN.md), better paid before the
     * user opens a state. Call on the FX thread once the window shows.
     */
    public static void warmUp() {
        PrettyText small = PrettyText.ofText("{\n  \"singer_state\": {\n    \"bookmarks\": {}\n  }\n}");
        // the panes are made in a styled scene, as in the window: made before it, their line numbers
        // were styled as the scene took them, without the stylesheet (four CSS warnings at every start)
        VBox box = new VBox();
        Scene scene = new Scene(box, 400, 300);
        scene.getStylesheets().add(JsonPane.class.getResource(Styles.STYLESHEET).toExternalForm());
        JsonPane code = new JsonPane();
        JsonPane lines = new JsonPane();
        box.getChildren().addAll(code, lines);
        code.show(new ShownDocument(small, StyledJson.of(small, TaskContext.NONE), "warming up", false));
        lines.show(new ShownDocument(small, null, null, false));
        box.applyCss();
        box.layout();
        box.snapshot(null, null);
    }

    static String size(long chars) {
        if (chars < 1024) {
            return chars + " B";
        }
        if (chars < 1024 * 1024) {
            return String.format("%.1f KB", chars / 1024.0);
        }
        return String.format("%.1f MB", chars / (1024.0 * 1024));
    }

    public ShownDocument shown() {
        return shown;
    }

    /** The line under the document: "1,204 lines · 48 KB". */
    public Label info() {
        return info;
    }

    public Node viewer() {
        return viewer;
    }

    public void focusSearch() {
        find.focus();
    }

    public FindBar findBar() {
        return find;
    }

    private void focusViewer() {
        if (viewer instanceof JsonCodeView) {
            ((JsonCodeView) viewer).area().requestFocus();
        } else if (viewer != null) {
            viewer.requestFocus();
        }
    }

    /** Shows a match of the find bar: selected in the viewer; says its line. */
    private String showHit(int offset, int length) {
        PrettyText text = shown.text();
        int row = text.rowOf(offset);
        int column = offset - text.rowStart(row);
        int end = Math.min(column + length, text.rowEnd(row) - text.rowStart(row));
        if (viewer instanceof JsonCodeView) {
            ((JsonCodeView) viewer).showHit(row, column, end);
        } else if (viewer instanceof JsonLinesView) {
            ((JsonLinesView) viewer).showHit(row, column, end);
        }
        return String.format("line %,d", text.lineNumber(row));
    }

    public void copyAll() {
        if (shown == null) {
            return;
        }
        ClipboardContent content = new ClipboardContent();
        content.putString(shown.text().text());
        Clipboard.getSystemClipboard().setContent(content);
        find.status().setText(Texts.get("json.copied"));
    }
}
