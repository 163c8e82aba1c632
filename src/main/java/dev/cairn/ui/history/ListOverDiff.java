package dev.cairn.ui.history;

import dev.cairn.ui.diff.DiffPanes;
import dev.cairn.ui.theme.Styles;
import javafx.beans.value.ObservableStringValue;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.SplitPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The layout the History and Timeline tabs share: a header (what the list holds, then the actions
 * on what is chosen in it) over a list split above the side-by-side diff of the chosen line.
 */
public abstract class ListOverDiff<T> extends BorderPane {

    private final ListView<T> list = new ListView<>();
    private final DiffPanes change = new DiffPanes();

    /**
     * @param below the list's own controls under it (none: {@code null})
     * @param listShare the share of the height the list starts with
     */
    protected ListOverDiff(String styleClass, ObservableStringValue message, String empty, Node below, double listShare,
                           Node... actions) {
        getStyleClass().add(styleClass);
        Label said = new Label();
        said.getStyleClass().add(Styles.MUTED);
        said.setWrapText(true);
        said.setMaxWidth(Double.MAX_VALUE);
        said.textProperty().bind(message);
        HBox buttons = new HBox(8, actions);
        for (Node action : actions) {
            // a button keeps its whole label; a note beside the buttons wraps in the width left
            if (action instanceof Button button) {
                button.setMinWidth(Region.USE_PREF_SIZE);
            } else {
                HBox.setHgrow(action, Priority.ALWAYS);
            }
        }
        buttons.setAlignment(Pos.CENTER_LEFT);
        VBox bar = new VBox(6, said, buttons);
        bar.getStyleClass().add(Styles.PANE_HEADER);
        setTop(bar);

        Label placeholder = new Label(empty);
        placeholder.getStyleClass().add(Styles.PLACEHOLDER);
        list.setPlaceholder(placeholder);
        VBox listBox = below == null ? new VBox(list) : new VBox(list, below);
        VBox.setVgrow(list, Priority.ALWAYS);
        VBox changeBox = new VBox(change);
        VBox.setVgrow(change, Priority.ALWAYS);
        SplitPane split = new SplitPane(listBox, changeBox);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(listShare);
        setCenter(split);
    }

    public ListView<T> list() {
        return list;
    }

    public DiffPanes change() {
        return change;
    }
}
