package dev.cairn.ui.diff;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cairn.state.Change;
import dev.cairn.state.PythonJson;
import dev.cairn.ui.Texts;
import dev.cairn.ui.theme.Styles;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import javafx.collections.FXCollections;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.MenuItem;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;

/**
 * The changes of a diff, one a line, in full: pointer · before → after. What a user came to check
 * (a bookmark's new value) is read here whole, however narrow the panes above: a change wider than
 * the list wraps (never scrolls sideways out of view), the whole of it is on hover and Ctrl+C or the
 * context menu copies it; choosing a line shows it in the panes.
 */
public final class ChangesList extends ListView<Change> {

    /** Longer values are cut, saying how long they are; a container is summarised past this. */
    static final int VALUE_CHARS = 300;

    public ChangesList(Consumer<Integer> reveal) {
        getStyleClass().addAll(Styles.CHANGES_LIST, Styles.WHOLE_VALUES);
        setCellFactory(list -> new ChangeCell());
        MenuItem copy = new MenuItem(Texts.get("diff.copyChange"));
        copy.setOnAction(e -> copySelected());
        setContextMenu(new ContextMenu(copy));
        setOnKeyPressed(e -> {
            if (COPY.match(e)) {
                copySelected();
                e.consume();
            }
        });
        getSelectionModel().selectedIndexProperty().addListener((o, a, b) -> {
            if (b.intValue() >= 0) {
                reveal.accept(b.intValue());
            }
        });
    }

    private static final KeyCombination COPY = new KeyCodeCombination(KeyCode.C, KeyCombination.SHORTCUT_DOWN);

    private void copySelected() {
        Change change = getSelectionModel().getSelectedItem();
        if (change != null) {
            ClipboardContent content = new ClipboardContent();
            content.putString(line(change));
            Clipboard.getSystemClipboard().setContent(content);
        }
    }

    public void show(List<Change> changes) {
        getSelectionModel().clearSelection();
        setItems(changes == null ? FXCollections.observableArrayList() : FXCollections.observableList(changes));
    }

    /** "/singer_state/bookmarks/issues/replication_key_value · "2024-05-01" → "2024-06-01"". */
    static String line(Change change) {
        // the root's pointer is "": a line of its own would start with " · "
        String where = change.pointer().isEmpty() ? Texts.get("diff.wholeState") : change.pointer();
        switch (change.kind()) {
            case ADDED:
                return where + " · added " + value(change.after());
            case REMOVED:
                return where + " · removed " + value(change.before());
            default:
                return where + " · " + value(change.before()) + " → " + value(change.after());
        }
    }

    /** A value as JSON, as Meltano prints it; a long one cut, a big container counted. */
    static String value(JsonNode value) {
        String json = value.isContainerNode() && value.size() > 20 ? null : PythonJson.dumps(value);
        if (json != null && json.length() <= VALUE_CHARS) {
            return json;
        }
        if (value.isObject()) {
            return String.format(Locale.ROOT, value.size() == 1 ? "{…%,d key}" : "{…%,d keys}", value.size());
        }
        if (value.isArray()) {
            return String.format(Locale.ROOT, value.size() == 1 ? "[…%,d item]" : "[…%,d items]", value.size());
        }
        return json.substring(0, VALUE_CHARS) + String.format(Locale.ROOT, "… (%,d characters)", json.length());
    }

    private static final class ChangeCell extends ListCell<Change> {
        ChangeCell() {
            setWrapText(true);
            // as wide as the list, never wider: a long change wraps instead of scrolling out of view
            setPrefWidth(0);
            Styles.wholeTextAsTooltip(this);
        }

        @Override
        protected void updateItem(Change change, boolean empty) {
            super.updateItem(change, empty);
            setText(empty || change == null ? null : line(change));
        }
    }
}
