package dev.cairn.ui.bookmarks;

import dev.cairn.ui.Fxml;
import dev.cairn.state.Bookmark;
import dev.cairn.ui.bookmarks.BookmarksViewModel.Row;
import dev.cairn.ui.theme.ColumnWidths;
import dev.cairn.ui.theme.Styles;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.transformation.SortedList;
import javafx.geometry.Pos;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/** The bookmarks table: sortable by any column, filtered by text and by "flagged only". */
public final class BookmarksView extends BorderPane {

    private final TableView<Row> table = new TableView<>();
    private final TableColumn<Row, String> partition = column(Fxml.label("bookmarks.column.partition"), Row::partition);
    private final TableColumn<Row, String> flags = column(Fxml.label("bookmarks.column.flags"), Row::flags);
    private final HBox controls;

    public BookmarksView(BookmarksViewModel model) {
        getStyleClass().add(Styles.BOOKMARKS);
        TextField filter = new TextField();
        filter.setPromptText(Fxml.label("bookmarks.filter.prompt"));
        filter.setTooltip(new javafx.scene.control.Tooltip(Fxml.label("bookmarks.filter.tooltip")));
        filter.setPrefColumnCount(5);
        filter.setMinWidth(Region.USE_PREF_SIZE);
        filter.textProperty().bindBidirectional(model.filterProperty());
        HBox.setHgrow(filter, Priority.ALWAYS);
        CheckBox flagged = new CheckBox(Fxml.label("bookmarks.flagged"));
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
        table.getColumns().add(column(Fxml.label("bookmarks.column.stream"), Row::stream));
        table.getColumns().add(partition);
        table.getColumns().add(column(Fxml.label("bookmarks.column.value"), Row::value));
        flags.setCellFactory(c -> new FlagCell());
        table.getColumns().add(flags);
        table.getColumns().add(column(Fxml.label("bookmarks.column.key"), Row::key));
        table.getColumns().add(column(Fxml.label("bookmarks.column.inProgress"), Row::inProgress));
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        model.rows().addListener((javafx.collections.ListChangeListener<Row>) change -> fitColumns(model.rows()));
        SortedList<Row> sorted = new SortedList<>(model.visible());
        sorted.comparatorProperty().bind(table.comparatorProperty());
        table.setItems(sorted);
        Label empty = new Label(Fxml.label("bookmarks.empty"));
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
    private void fitColumns(java.util.List<Row> rows) {
        table.applyCss();
        javafx.scene.text.Font font = javafx.scene.text.Font.getDefault();
        javafx.scene.text.Text probe = new javafx.scene.text.Text();
        probe.setFont(font);
        java.util.Map<java.util.Set<Bookmark.Flag>, Double> chipWidths = new java.util.HashMap<>();
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
    private double drawnWidth(java.util.Set<Bookmark.Flag> set) {
        HBox chips = chips(set);
        chips.setManaged(false);
        getChildren().add(chips);
        chips.applyCss();
        double width = chips.prefWidth(-1);
        getChildren().remove(chips);
        return width;
    }

    /** The flags as coloured chips, the full flag on hover. */
    private static HBox chips(java.util.Set<Bookmark.Flag> set) {
        HBox chips = new HBox(4);
        for (Bookmark.Flag flag : set) {
            Label chip = new Label(BookmarksViewModel.shortLabel(flag));
            chip.setTooltip(new javafx.scene.control.Tooltip(BookmarksViewModel.label(flag)));
            chip.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
            chip.getStyleClass().addAll(Styles.FLAG, Styles.variant(Styles.FLAG, flag));
            chips.getChildren().add(chip);
        }
        return chips;
    }

    /**
     * Offers rewind and clear on the selected row (buttons and a context menu), enabled while
     * {@code enabled} holds.
     */
    public void installActions(java.util.function.Consumer<Bookmark> rewind, java.util.function.Consumer<Bookmark> clear,
                               javafx.beans.value.ObservableBooleanValue enabled) {
        javafx.scene.control.Button rewindButton = new javafx.scene.control.Button(Fxml.label("bookmarks.rewind"));
        rewindButton.setId("bookmark-rewind");
        javafx.scene.control.Button clearButton = new javafx.scene.control.Button(Fxml.label("bookmarks.clear"));
        clearButton.setId("bookmark-clear");
        javafx.beans.binding.BooleanBinding off = table.getSelectionModel().selectedItemProperty().isNull()
                .or(javafx.beans.binding.Bindings.createBooleanBinding(() -> !enabled.get(), enabled));
        rewindButton.disableProperty().bind(off);
        clearButton.disableProperty().bind(off);
        rewindButton.setOnAction(e -> rewind.accept(table.getSelectionModel().getSelectedItem().bookmark()));
        clearButton.setOnAction(e -> clear.accept(table.getSelectionModel().getSelectedItem().bookmark()));
        rewindButton.setMinWidth(Region.USE_PREF_SIZE);
        clearButton.setMinWidth(Region.USE_PREF_SIZE);
        controls.getChildren().addAll(rewindButton, clearButton);
        javafx.scene.control.MenuItem rewindItem = new javafx.scene.control.MenuItem(Fxml.label("bookmarks.rewind"));
        rewindItem.setOnAction(rewindButton.getOnAction());
        rewindItem.disableProperty().bind(off);
        javafx.scene.control.MenuItem clearItem = new javafx.scene.control.MenuItem(Fxml.label("bookmarks.clearItem"));
        clearItem.setOnAction(clearButton.getOnAction());
        clearItem.disableProperty().bind(off);
        table.setContextMenu(new javafx.scene.control.ContextMenu(rewindItem, clearItem));
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
