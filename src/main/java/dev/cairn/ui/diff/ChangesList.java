package dev.cairn.ui.diff;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cairn.state.Change;
import dev.cairn.state.PythonJson;
import dev.cairn.ui.theme.Styles;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import javafx.collections.FXCollections;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;

/**
 * The changes of a diff, one a line, in full: pointer · before → after. What a user came to check
 * (a bookmark's new value) is read here whole, however narrow the panes above; choosing a line
 * shows it in the panes.
 */
public final class ChangesList extends ListView<Change> {

    /** Longer values are cut, saying how long they are; a container is summarised past this. */
    static final int VALUE_CHARS = 300;

    public ChangesList(Consumer<Integer> reveal) {
        getStyleClass().add(Styles.CHANGES_LIST);
        setFixedCellSize(22);
        setCellFactory(list -> new ChangeCell());
        getSelectionModel().selectedIndexProperty().addListener((o, a, b) -> {
            if (b.intValue() >= 0) {
                reveal.accept(b.intValue());
            }
        });
    }

    public void show(List<Change> changes) {
        getSelectionModel().clearSelection();
        setItems(changes == null ? FXCollections.observableArrayList() : FXCollections.observableList(changes));
    }

    /** "/singer_state/bookmarks/issues/replication_key_value · "2024-05-01" → "2024-06-01"". */
    static String line(Change change) {
        switch (change.kind()) {
            case ADDED:
                return change.pointer() + " · added " + value(change.after());
            case REMOVED:
                return change.pointer() + " · removed " + value(change.before());
            default:
                return change.pointer() + " · " + value(change.before()) + " → " + value(change.after());
        }
    }

    /** A value as JSON, as Meltano prints it; a long one cut, a big container counted. */
    static String value(JsonNode value) {
        String json = value.isContainerNode() && value.size() > 20 ? null : PythonJson.dumps(value);
        if (json != null && json.length() <= VALUE_CHARS) {
            return json;
        }
        if (value.isObject()) {
            return String.format(Locale.ROOT, "{…%,d keys}", value.size());
        }
        if (value.isArray()) {
            return String.format(Locale.ROOT, "[…%,d items]", value.size());
        }
        return json.substring(0, VALUE_CHARS) + String.format(Locale.ROOT, "… (%,d characters)", json.length());
    }

    private static final class ChangeCell extends ListCell<Change> {
        @Override
        protected void updateItem(Change change, boolean empty) {
            super.updateItem(change, empty);
            if (empty || change == null) {
                setText(null);
                return;
            }
            setText(line(change));
        }
    }
}
