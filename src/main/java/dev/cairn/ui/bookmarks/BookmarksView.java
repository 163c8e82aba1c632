package dev.cairn.ui.bookmarks;

import dev.cairn.state.Bookmark;
import dev.cairn.ui.Texts;
import dev.cairn.ui.bookmarks.BookmarksViewModel.Row;
import dev.cairn.ui.theme.ColumnWidths;
import dev.cairn.ui.theme.Styles;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ObservableBooleanValue;
import javafx.collections.ListChangeListener;
import javafx.collections.transformation.SortedList;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import javafx.scene.text.Text;

/** The bookmarks table: sortable by any column, filtered by text and by "flagged only". */
public final class BookmarksView extends BorderPane {

    private final TableView<Row> table = new TableView<>();
    private final TableColumn<Row, String> partition = column(Texts.get("bookmarks.column.partition"), Row::partition);
    private final TableColumn<Row, String> flags = column(Texts.get("bookmarks.column.flags"), Row::flags);
    private final HBox controls;

    public BookmarksView(BookmarksViewModel model) {
        getStyleClass().add(Styles.BOOKMARKS);
        TextField filter = new TextField();
        filter.setPromptText(Texts.get("bookmarks.filter.prompt"));
        filter.setTooltip(new Tooltip(Texts.get("bookmarks.filter.tooltip")));
        filter.setPrefColumnCount(5);
        filter.setMinWidth(Region.USE_PREF_SIZE);
        filter.textProperty().bindBidirectional(model.filterProperty());
        HBox.setHgrow(filter, Priority.ALWAYS);
        CheckBox flagged = new CheckBox(Texts.get("bookmarks.flagged"));
        flagged.setMinWidth(Region.USE_PREF_SIZE);
        flagged.selectedProperty().bindBidirectional(model.flaggedOnlyProperty());
        Label message = new Label();
        message.getStyleClass().add(Styles.MUTED);
        message.textProperty().bind(model.messageProperty());
        controls = new HBox(8, filter, flagged);
        controls.setAlignment(Pos.CENTER_LEFT);
        VBox top = new VBox(6, controls, message);
        top.getStyleClass().add(Styles.PANE_HEADER);
        setTop(top);

        table.getStyleClass().add(Styles.BOOKMARKS_TABLE);
        // what a user came to check first, each column as wide as its content: values are never cut,
        // the table scrolls sideways instead; the flags before the key, so a 1024 px window shows them
        table.getColumns().add(column(Texts.get("bookmarks.column.stream"), Row::stream));
        table.getColumns().add(partition);
        table.getColumns().add(column(Texts.get("bookmarks.column.value"), Row::value));
        flags.setCellFactory(c -> new FlagCell());
        table.getColumns().add(flags);
        table.getColumns().add(column(Texts.get("bookmarks.column.key"), Row::key));
        table.getColumns().add(column(Texts.get("bookmarks.column.inProgress"), Row::inProgress));
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        model.rows().addListener((ListChangeListener<Row>) change -> fitColumns(model.rows()));
        SortedList<Row> sorted = new SortedList<>(model.visible());
        sorted.comparatorProperty().bind(table.comparatorProperty());
        table.setItems(sorted);
        Label empty = new Label(Texts.get("bookmarks.empty"));
        empty.getStyleClass().add(Styles.PLACEHOLDER);
        table.setPlaceholder(empty);
        setCenter(table);
    }

    /** Rows measured to size the columns: enough to see the widths of a state's values, cheap on 100k rows. */
    private static final int ROWS_MEASURED = 2_000;
    /** Cell padding and the sort arrow beside a header. */
    private static final double CELL_PADDING = 28;
    /** Past this a column starts cut (a rare, very long value); dragging its edge widens it. */
    private static final double MAX_COLUMN = 480;

    private static TableColumn<Row, String> column(String title, Function<Row, String> value) {
        TableColumn<Row, String> column = new TableColumn<>(title);
        column.setCellValueFactory(cell -> new ReadOnlyStringWrapper(value.apply(cell.getValue())));
        column.setUserData(value);
        return ColumnWidths.keepHeader(column);
    }

    /**
     * Each column as wide as its header and its widest cell among the first rows, in the table's font
     * (the flags as their chips are drawn); the Partition column only where a row has one.
     */
    @SuppressWarnings("unchecked")
    private void fitColumns(List<Row> rows) {
        table.applyCss();
        Font font = Font.getDefault();
        Text probe = new Text();
        probe.setFont(font);
        Map<Set<Bookmark.Flag>, Double> chipWidths = new HashMap<>();
        for (TableColumn<Row, ?> column : table.getColumns()) {
            Function<Row, String> value = (Function<Row, String>) column.getUserData();
            probe.setText(column.getText());
            double widest = probe.getLayoutBounds().getWidth();
            for (int i = 0; i < Math.min(rows.size(), ROWS_MEASURED); i++) {
                Row row = rows.get(i);
                if (column == flags) {
                    widest = Math.max(widest, chipWidths.computeIfAbsent(row.bookmark().flags(), this::drawnWidth));
                } else {
                    probe.setText(value.apply(row));
                    widest = Math.max(widest, probe.getLayoutBounds().getWidth());
                }
            }
            column.setPrefWidth(Math.min(MAX_COLUMN, Math.ceil(widest + CELL_PADDING)));
        }
        // a state without SDK partitions would keep an empty column where the flags fit at 1024 px
        partition.setVisible(rows.stream().anyMatch(row -> !row.partition().isEmpty()));
    }

    /** How wide a row's chips are drawn, in the stylesheet's font and padding (laid out nowhere, removed at once). */
    private double drawnWidth(Set<Bookmark.Flag> set) {
        HBox chips = chips(set);
        chips.setManaged(false);
        getChildren().add(chips);
        chips.applyCss();
        double width = chips.prefWidth(-1);
        getChildren().remove(chips);
        return width;
    }

    /** The flags as coloured chips, the full flag on hover. */
    private static HBox chips(Set<Bookmark.Flag> set) {
        HBox chips = new HBox(4);
        for (Bookmark.Flag flag : set) {
            Label chip = new Label(BookmarksViewModel.shortLabel(flag));
            chip.setTooltip(new Tooltip(BookmarksViewModel.label(flag)));
            chip.setMinWidth(Region.USE_PREF_SIZE);
            chip.getStyleClass().addAll(Styles.FLAG, Styles.variant(Styles.FLAG, flag));
            chips.getChildren().add(chip);
        }
        return chips;
    }

    /**
     * Offers rewind and clear on the selected row (buttons and a context menu), enabled while
     * {@code enabled} holds.
     */
    public void installActions(Consumer<Bookmark> rewind, Consumer<Bookmark> clear,
                               ObservableBooleanValue enabled) {
        Button rewindButton = new Button(Texts.get("bookmarks.rewind"));
        rewindButton.setId("bookmark-rewind");
        Button clearButton = new Button(Texts.get("bookmarks.clear"));
        clearButton.setId("bookmark-clear");
        BooleanBinding off = table.getSelectionModel().selectedItemProperty().isNull()
                .or(Bindings.createBooleanBinding(() -> !enabled.get(), enabled));
        rewindButton.disableProperty().bind(off);
        clearButton.disableProperty().bind(off);
        rewindButton.setOnAction(e -> rewind.accept(table.getSelectionModel().getSelectedItem().bookmark()));
        clearButton.setOnAction(e -> clear.accept(table.getSelectionModel().getSelectedItem().bookmark()));
        rewindButton.setMinWidth(Region.USE_PREF_SIZE);
        clearButton.setMinWidth(Region.USE_PREF_SIZE);
        controls.getChildren().addAll(rewindButton, clearButton);
        MenuItem rewindItem = new MenuItem(Texts.get("bookmarks.rewind"));
        rewindItem.setOnAction(rewindButton.getOnAction());
        rewindItem.disableProperty().bind(off);
        MenuItem clearItem = new MenuItem(Texts.get("bookmarks.clearItem"));
        clearItem.setOnAction(clearButton.getOnAction());
        clearItem.disableProperty().bind(off);
        table.setContextMenu(new ContextMenu(rewindItem, clearItem));
    }

    public TableView<Row> table() {
        return table;
    }

    /** Flags as coloured chips. */
    private static final class FlagCell extends TableCell<Row, String> {
        @Override
        protected void updateItem(String item, boolean empty) {
            super.updateItem(item, empty);
            setText(null);
            Row row = empty || getTableRow() == null ? null : getTableRow().getItem();
            setGraphic(row == null || row.bookmark().flags().isEmpty() ? null : chips(row.bookmark().flags()));
        }
    }
}
