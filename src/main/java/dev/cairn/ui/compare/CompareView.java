package dev.cairn.ui.compare;

import dev.cairn.ops.compare.IdComparison.Status;
import dev.cairn.ui.Texts;
import dev.cairn.ui.browse.ChipRow;
import dev.cairn.ui.compare.CompareViewModel.Direction;
import dev.cairn.ui.compare.CompareViewModel.Order;
import dev.cairn.ui.compare.CompareViewModel.Row;
import dev.cairn.ui.compare.CompareViewModel.Stage;
import dev.cairn.ui.theme.Styles;
import dev.cairn.ui.theme.WholeTextCell;
import dev.cairn.ui.write.WriteTarget;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.control.cell.CheckBoxTableCell;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/**
 * Compare backends… over the window (built in code: its rows come from the data): the two sides and
 * the rename, the comparison's progress with Compare and Cancel, a chip per status with its count,
 * the ID filter and the order, the table of every ID (checkbox, ID, status badge, which side is
 * ahead, what differs), the selected ID's diff under it (the diff view, given by the window), and
 * the checked rows' copy either way.
 */
public final class CompareView extends BorderPane {

    private final CompareViewModel model;
    private final TableView<Row> table = new TableView<>();
    private final ToggleGroup chips = new ToggleGroup();

    /** @param diff the view of the model's diff ({@code DiffView}), shown under the table */
    public CompareView(CompareViewModel model, Node diff) {
        this.model = model;
        getStyleClass().addAll(Styles.SHEET, Styles.COMPARE_SHEET);
        setId("compare-sheet");

        Label title = new Label();
        title.setId("compare-title");
        title.getStyleClass().add(Styles.TITLE);
        title.setMinWidth(Region.USE_PREF_SIZE);
        title.textProperty().bind(Bindings.createStringBinding(() -> Texts.get("compare.title", model.hereNameProperty().get()),
                model.hereNameProperty()));
        ChoiceBox<WriteTarget> there = new ChoiceBox<>(model.others());
        there.setId("compare-there");
        there.valueProperty().bindBidirectional(model.thereProperty());
        there.setConverter(new StringConverter<>() {
            @Override
            public String toString(WriteTarget t) {
                return t == null ? "" : t.name() + " · " + t.environment().label();
            }

            @Override
            public WriteTarget fromString(String s) {
                return null;
            }
        });
        there.setMinWidth(120);
        Label renameLabel = new Label(Texts.get("compare.rename"));
        renameLabel.setMinWidth(Region.USE_PREF_SIZE);
        TextField rename = new TextField();
        rename.setId("compare-rename");
        rename.setPromptText(Texts.get("compare.rename.prompt"));
        rename.setPrefColumnCount(12);
        rename.textProperty().bindBidirectional(model.renameProperty());
        rename.setOnAction(e -> model.compare());
        BooleanBinding busy = model.stageProperty().isEqualTo(Stage.COMPARING);
        Button compare = Styles.button("compare-run", Texts.get("compare.run"), model::compare);
        compare.visibleProperty().bind(busy.not());
        compare.managedProperty().bind(compare.visibleProperty());
        Button cancel = Styles.button("compare-cancel", Texts.get("compare.cancel"), model::cancel);
        cancel.visibleProperty().bind(busy);
        cancel.managedProperty().bind(cancel.visibleProperty());
        HBox sides = new HBox(8, title, there, renameLabel, rename, compare, cancel);
        sides.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(rename, Priority.ALWAYS);
        Label status = new Label();
        status.setId("compare-status");
        status.setMinWidth(0);
        status.setMaxWidth(Double.MAX_VALUE);
        status.textProperty().bind(model.statusProperty());
        Styles.wholeTextAsTooltip(status);
        HBox.setHgrow(status, Priority.ALWAYS);
        ProgressBar progress = new ProgressBar(ProgressBar.INDETERMINATE_PROGRESS);
        progress.setPrefWidth(120);
        progress.visibleProperty().bind(busy);
        progress.managedProperty().bind(progress.visibleProperty());
        HBox statusRow = new HBox(8, status, progress);
        statusRow.setAlignment(Pos.CENTER_LEFT);
        VBox header = new VBox(6, sides, statusRow);
        header.getStyleClass().add(Styles.PANE_HEADER);
        setTop(header);

        ChipRow chipRow = new ChipRow();
        chipRow.chips().add(chip("compare-chip-all", null));
        for (Status s : Status.values()) {
            chipRow.chips().add(chip("compare-chip-" + s.label(), s));
        }
        chips.selectedToggleProperty().addListener((o, was, now) -> {
            if (now == null) {
                chips.selectToggle(was); // one chip is always lit: "All" shows every ID
            } else {
                model.statusFilterProperty().set((Status) now.getUserData());
            }
        });
        chips.selectToggle(chips.getToggles().get(0));
        model.statusFilterProperty().addListener((o, was, now) -> chips.getToggles().stream()
                .filter(t -> t.getUserData() == now).findFirst().ifPresent(chips::selectToggle));

        TextField filter = new TextField();
        filter.setId("compare-filter");
        filter.setPromptText(Texts.get("compare.filter.prompt"));
        filter.textProperty().bindBidirectional(model.filterTextProperty());
        HBox.setHgrow(filter, Priority.ALWAYS);
        ChoiceBox<Order> order = new ChoiceBox<>();
        order.setId("compare-order");
        order.getItems().setAll(Order.values());
        order.valueProperty().bindBidirectional(model.orderProperty());
        order.setConverter(labels("compare.order."));
        order.setMinWidth(Region.USE_PREF_SIZE);
        MenuButton checkAll = new MenuButton(Texts.get("compare.checkAll"));
        checkAll.setId("compare-check-all");
        checkAll.setMinWidth(Region.USE_PREF_SIZE);
        for (Status s : Status.values()) {
            MenuItem item = new MenuItem(s.label());
            item.setId("compare-check-" + s.label());
            item.setOnAction(e -> model.checkAll(s));
            checkAll.getItems().add(item);
        }
        Button uncheck = Styles.button("compare-uncheck", Texts.get("compare.uncheckAll"), model::uncheckAll);
        HBox filterRow = new HBox(8, filter, order, checkAll, uncheck);
        filterRow.setAlignment(Pos.CENTER_LEFT);

        table.setId("compare-table");
        table.getStyleClass().add(Styles.WHOLE_VALUES);
        table.setItems(model.shown());
        table.setEditable(true);
        Label empty = new Label(Texts.get("compare.placeholder"));
        empty.getStyleClass().add(Styles.PLACEHOLDER);
        table.setPlaceholder(empty);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        TableColumn<Row, Boolean> check = new TableColumn<>();
        check.setId("compare-column-check");
        check.setCellValueFactory(c -> c.getValue().checkedProperty());
        check.setCellFactory(CheckBoxTableCell.forTableColumn(check));
        check.setEditable(true);
        fixed(check, 34);
        TableColumn<Row, String> id = text("compare.column.id", r -> r.hereId().equals(r.thereId()) ? r.hereId()
                : r.hereId() + " → " + r.thereId(), 300);
        id.setCellFactory(c -> new WholeTextCell<>(OverrunStyle.CENTER_ELLIPSIS));
        TableColumn<Row, Row> badge = new TableColumn<>(Texts.get("compare.column.status"));
        badge.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue()));
        badge.setCellFactory(c -> new StatusCell());
        fixed(badge, 118);
        TableColumn<Row, String> ahead = text("compare.column.ahead", model::aheadBy, 150);
        TableColumn<Row, String> detail = text("compare.column.detail", Row::detail, 260);
        table.getColumns().add(check);
        table.getColumns().add(id);
        table.getColumns().add(badge);
        table.getColumns().add(ahead);
        table.getColumns().add(detail);
        table.getSelectionModel().selectedItemProperty().addListener((o, was, now) -> model.selectedProperty().set(now));
        model.selectedProperty().addListener((o, was, now) -> {
            if (table.getSelectionModel().getSelectedItem() != now) {
                table.getSelectionModel().select(now);
            }
        });
        VBox.setVgrow(table, Priority.ALWAYS);
        table.setMinHeight(90);
        VBox list = new VBox(6, chipRow, filterRow, table);
        SplitPane body = new SplitPane(list, diff);
        body.setOrientation(Orientation.VERTICAL);
        body.setDividerPositions(0.5); // at 700 px: eight rows, and the diff's panes over its list of changes
        body.getStyleClass().add(Styles.SHEET_BODY);
        setCenter(body);

        Label notice = new Label();
        notice.setId("compare-notice");
        notice.getStyleClass().add(Styles.NOTICE);
        notice.setMinWidth(0);
        notice.textProperty().bind(model.noticeProperty());
        Styles.wholeTextAsTooltip(notice);
        notice.visibleProperty().bind(model.noticeProperty().isNotEmpty());
        HBox.setHgrow(notice, Priority.ALWAYS);
        notice.setMaxWidth(Double.MAX_VALUE);
        Button toThere = Styles.button("compare-copy-there", Texts.get("compare.copyToThere"), () -> model.copy(Direction.TO_THERE));
        toThere.textProperty().bind(Bindings.createStringBinding(() -> Texts.get("compare.copyToThere",
                model.checkedCountProperty().get(), model.thereName()), model.checkedCountProperty(), model.thereProperty()));
        toThere.setTooltip(new Tooltip(Texts.get("compare.copy.tooltip")));
        Button toHere = Styles.button("compare-copy-here", Texts.get("compare.copyToHere"), () -> model.copy(Direction.TO_HERE));
        toHere.textProperty().bind(Bindings.createStringBinding(() -> Texts.get("compare.copyToHere",
                model.checkedCountProperty().get(), model.hereNameProperty().get()), model.checkedCountProperty(),
                model.hereNameProperty()));
        toHere.setTooltip(new Tooltip(Texts.get("compare.copy.tooltip")));
        BooleanBinding nothing = model.checkedCountProperty().isEqualTo(0).or(busy);
        toThere.disableProperty().bind(nothing.or(model.readOnlyTarget(Direction.TO_THERE)));
        toHere.disableProperty().bind(nothing.or(model.readOnlyTarget(Direction.TO_HERE)));
        Button close = Styles.button("compare-close", Texts.get("compare.close"), model::close);
        HBox buttons = new HBox(8, notice, toHere, toThere, close);
        buttons.getStyleClass().add(Styles.SHEET_BUTTONS);
        buttons.setAlignment(Pos.CENTER_LEFT);
        setBottom(buttons);
    }

    private ToggleButton chip(String id, Status status) {
        ToggleButton chip = new ToggleButton();
        chip.setId(id);
        chip.setUserData(status);
        chip.setToggleGroup(chips);
        chip.setMnemonicParsing(false);
        chip.setMinWidth(Region.USE_PREF_SIZE);
        chip.getStyleClass().addAll(Styles.BADGE, Styles.BADGE_COUNT);
        if (status != null) {
            chip.getStyleClass().add(Styles.variant(Styles.COMPARE_STATUS, status)); // "All" in the badges' neutral colours
        }
        chip.textProperty().bind(Bindings.createStringBinding(() -> {
            Map<Status, Integer> n = model.countsProperty().get();
            if (status == null) {
                return Texts.get("compare.chip.all", n.values().stream().mapToInt(Integer::intValue).sum());
            }
            return Texts.get("compare.chip", status.label(), n.getOrDefault(status, 0));
        }, model.countsProperty()));
        return chip;
    }

    private static <T extends Enum<T>> StringConverter<T> labels(String prefix) {
        return new StringConverter<>() {
            @Override
            public String toString(T value) {
                return value == null ? "" : Texts.get(prefix + value.name().toLowerCase(Locale.ROOT));
            }

            @Override
            public T fromString(String s) {
                return null;
            }
        };
    }

    private static void fixed(TableColumn<Row, ?> column, double width) {
        column.setPrefWidth(width);
        column.setMinWidth(width);
        column.setMaxWidth(width);
        column.setSortable(false);
        column.setReorderable(false);
    }

    private static TableColumn<Row, String> text(String key, Function<Row, String> value, double width) {
        TableColumn<Row, String> column = new TableColumn<>(Texts.get(key));
        column.setCellValueFactory(c -> new ReadOnlyStringWrapper(value.apply(c.getValue())));
        column.setCellFactory(c -> new WholeTextCell<>(OverrunStyle.ELLIPSIS));
        column.setPrefWidth(width);
        column.setMinWidth(Math.min(width, 90));
        // the order is the model's (the Order choice), so that it is the same wherever the rows are shown
        column.setSortable(false);
        column.setReorderable(false);
        return column;
    }


    /** The status as a badge. */
    private static final class StatusCell extends TableCell<Row, Row> {
        @Override
        protected void updateItem(Row row, boolean empty) {
            super.updateItem(row, empty);
            setText(null);
            if (empty || row == null) {
                setGraphic(null);
                return;
            }
            Label badge = new Label(row.status().label());
            badge.getStyleClass().addAll(Styles.BADGE, Styles.variant(Styles.COMPARE_STATUS, row.status()));
            badge.setMinWidth(Region.USE_PREF_SIZE);
            setGraphic(badge);
        }
    }

    public TableView<Row> table() {
        return table;
    }
}
