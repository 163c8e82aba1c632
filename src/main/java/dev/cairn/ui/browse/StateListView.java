package dev.cairn.ui.browse;

import dev.cairn.ui.Texts;
import dev.cairn.ui.theme.Styles;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableBooleanValue;
import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * The state IDs of the current backend: filter field (substring or Meltano pattern), badge counts
 * that filter when pressed, and the virtualised list. Binds to one {@link StateListViewModel} at a
 * time; switching backends unbinds the previous one.
 */
public final class StateListView extends BorderPane {

    private final TextField filter = new TextField();
    private final ChipRow badgeBar = new ChipRow();
    private final ListView<StateIdEntry> list = new ListView<>();
    /** Narrower than this, the list's badges are compact: room for an ID of ~45 characters and two badges. */
    public static final double COMPACT_BELOW = 480;
    private final BooleanProperty compact = new SimpleBooleanProperty(this, "compact");

    private final Label count = new Label();
    /** A combo box, not a choice box: its cells can be disabled, as Recently updated is where the backend has no times. */
    private final ComboBox<IdOrder> order = new ComboBox<>();
    private static final String ORDER_HELP = Texts.get("list.order.help");
    private final ProgressIndicator spinner = new ProgressIndicator();
    private static final String NO_BACKEND = Texts.get("list.noBackend");
    private final Label placeholder = new Label(NO_BACKEND);
    private StateListViewModel model;
    /** Why the bound backend cannot order by update time, or null. */
    private String recentUnavailable;
    private final ChangeListener<Object> countsListener = (obs, old, now) -> updateBadgeBar();
    private final ChangeListener<Number> revisionListener = (obs, old, now) -> list.refresh();
    private final ChangeListener<StateIdEntry> modelSelection = (obs, old, now) -> {
        if (list.getSelectionModel().getSelectedItem() != now) {
            if (now == null) {
                list.getSelectionModel().clearSelection();
            } else {
                list.getSelectionModel().select(now);
                list.scrollTo(Math.max(0, list.getSelectionModel().getSelectedIndex() - 5));
            }
        }
    };
    // refiltering replaces the list's items, which drops the ListView's selection: show the model's again
    private final ListChangeListener<StateIdEntry> visibleListener =
            change -> modelSelection.changed(null, null, model.selectedProperty().get());
    private final ChangeListener<Boolean> loadingListener = (obs, old, now) -> spinner.setVisible(now);
    private final ChangeListener<String> recentListener = (obs, old, now) -> showRecentAvailability(now);

    public StateListView() {
        getStyleClass().add(Styles.STATE_LIST);
        filter.setPromptText(Texts.get("list.filter.prompt"));
        filter.setTooltip(new Tooltip(Texts.get("list.filter.tooltip")));
        filter.getStyleClass().add(Styles.FILTER_FIELD);
        filter.setOnKeyPressed(e -> {
            if (model == null) {
                return;
            }
            if (e.getCode() == KeyCode.DOWN || e.getCode() == KeyCode.UP) {
                model.selectNext(e.getCode() == KeyCode.DOWN ? 1 : -1);
                list.requestFocus();
                e.consume();
            } else if (e.getCode() == KeyCode.ESCAPE) {
                filter.clear();
            }
        });
        spinner.setMaxSize(16, 16);
        spinner.setVisible(false);
        count.getStyleClass().add(Styles.MUTED);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox.setHgrow(filter, Priority.ALWAYS);
        order.getItems().setAll(IdOrder.values());
        order.setId("id-order");
        order.setMinWidth(Region.USE_PREF_SIZE);
        order.setTooltip(new Tooltip(ORDER_HELP));
        showRecentAvailability(null);
        count.setMinWidth(Region.USE_PREF_SIZE);
        order.setDisable(true);
        HBox countRow = new HBox(6, count, spacer, spinner, order);
        countRow.setAlignment(Pos.CENTER_LEFT);
        badgeBar.getStyleClass().add(Styles.BADGE_BAR);
        VBox top = new VBox(6, filter, badgeBar, countRow);
        top.getStyleClass().add(Styles.PANE_HEADER);
        setTop(top);
        list.setCellFactory(v -> new EntryCell(v, compact, entry -> model == null ? null : model.updateTimeText(entry)));
        // badges shrink to their short labels where the list is too narrow for typical IDs and them
        compact.bind(list.widthProperty().lessThan(COMPACT_BELOW));
        compact.addListener((o, a, b) -> list.refresh());
        list.setFixedCellSize(26);
        placeholder.getStyleClass().add(Styles.PLACEHOLDER);
        placeholder.setWrapText(true);
        list.setPlaceholder(new StackPane(placeholder));
        list.getSelectionModel().selectedItemProperty().addListener((obs, old, now) -> {
            if (model != null && now != null) {
                model.selectedProperty().set(now);
            }
        });
        // several IDs (Shift, Ctrl) for the actions on many: the inspector shows the one clicked last
        list.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        list.getSelectionModel().getSelectedItems().addListener((ListChangeListener<StateIdEntry>) change -> {
            if (model != null) {
                model.chosen().setAll(list.getSelectionModel().getSelectedItems().stream().filter(Objects::nonNull).toList());
            }
        });
        setCenter(list);
    }

    public void bind(StateListViewModel next) {
        if (model != null) {
            filter.textProperty().unbindBidirectional(model.filterTextProperty());
            order.valueProperty().unbindBidirectional(model.orderProperty());
            model.countsProperty().removeListener(countsListener);
            model.badgeFilterProperty().removeListener(countsListener);
            model.badgeRevisionProperty().removeListener(revisionListener);
            model.selectedProperty().removeListener(modelSelection);
            model.visible().removeListener(visibleListener);
            model.loadingProperty().removeListener(loadingListener);
            model.recentUnavailableProperty().removeListener(recentListener);
            count.textProperty().unbind();
            placeholder.textProperty().unbind();
        }
        model = next;
        if (next != null) {
            next.chosen().clear();
        }
        if (next == null) {
            list.setItems(null);
            filter.setText("");
            filter.setDisable(true);
            order.setDisable(true);
            showRecentAvailability(null);
            badgeBar.chips().clear();
            count.setText("");
            spinner.setVisible(false);
            placeholder.setText(NO_BACKEND);
            return;
        }
        filter.setDisable(false);
        filter.textProperty().bindBidirectional(next.filterTextProperty());
        order.setDisable(false);
        order.valueProperty().bindBidirectional(next.orderProperty());
        placeholder.textProperty().bind(next.placeholderProperty());
        list.setItems(next.visible());
        next.countsProperty().addListener(countsListener);
        next.badgeFilterProperty().addListener(countsListener);
        next.badgeRevisionProperty().addListener(revisionListener);
        next.selectedProperty().addListener(modelSelection);
        next.visible().addListener(visibleListener);
        next.loadingProperty().addListener(loadingListener);
        next.recentUnavailableProperty().addListener(recentListener);
        showRecentAvailability(next.recentUnavailableProperty().get());
        spinner.setVisible(next.loadingProperty().get());
        count.textProperty().bind(Bindings.createStringBinding(
                next::countText, next.visible(),
                next.countsProperty()));
        modelSelection.changed(null, null, next.selectedProperty().get());
        updateBadgeBar();
    }

    public void setPlaceholder(String text) {
        placeholder.setText(text);
    }

    private void updateBadgeBar() {
        List<ToggleButton> shown = new ArrayList<>();
        if (model == null) {
            badgeBar.chips().clear();
            return;
        }
        Map<Badge, Integer> counts = model.countsProperty().get();
        for (Badge badge : Badge.values()) {
            Integer n = counts.get(badge);
            // the active filter's chip stays when no ID has its badge any more, or the filter could not be turned off
            if ((n == null || n == 0) && model.badgeFilterProperty().get() != badge) {
                continue;
            }
            n = n == null ? 0 : n;
            ToggleButton chip = new ToggleButton(badge.label() + " " + String.format("%,d", n));
            chip.setMnemonicParsing(false);
            chip.getStyleClass().addAll(Styles.BADGE, Styles.BADGE_COUNT, badge.styleClass());
            chip.setTooltip(new Tooltip(Texts.get("list.chip.tooltip", badge.help())));
            chip.setSelected(model.badgeFilterProperty().get() == badge);
            chip.setOnAction(e -> model.badgeFilterProperty().set(chip.isSelected() ? badge : null));
            shown.add(chip);
        }
        badgeBar.chips().setAll(shown);
    }

    /** Where Recently updated cannot be had, its entry is disabled and the order's tooltip says why. */
    private void showRecentAvailability(String unavailable) {
        recentUnavailable = unavailable;
        order.setCellFactory(v -> new OrderCell()); // new cells: the drop-down's present ones would keep the old state
        order.getTooltip().setText(unavailable == null ? ORDER_HELP
                : ORDER_HELP + ".\n\nRecently updated is not available here: " + unavailable);
    }

    /** A cell of the order's drop-down: Recently updated disabled, with the reason, where it is not available. */
    private final class OrderCell extends ListCell<IdOrder> {
        @Override
        protected void updateItem(IdOrder item, boolean empty) {
            super.updateItem(item, empty);
            setText(empty || item == null ? null : item.toString());
            String why = item == IdOrder.RECENT ? recentUnavailable : null;
            setDisable(why != null);
            setTooltip(why == null ? null : new Tooltip(why));
        }
    }

    public TextField filterField() {
        return filter;
    }

    public ListView<StateIdEntry> listView() {
        return list;
    }

    public void focusFilter() {
        filter.requestFocus();
        filter.selectAll();
    }

    private static final class EntryCell extends ListCell<StateIdEntry> {
        private final Label id = new Label();
        private final HBox badgeBox = new HBox(4);
        private final HBox row = new HBox(6, id, badgeBox);
        private final ObservableBooleanValue compact;
        private final Function<StateIdEntry, String> updateTimeText;

        EntryCell(ListView<StateIdEntry> owner, ObservableBooleanValue compact,
                  Function<StateIdEntry, String> updateTimeText) {
            this.compact = compact;
            this.updateTimeText = updateTimeText;
            id.getStyleClass().add(Styles.STATE_ID);
            id.setMinWidth(40);
            id.setMaxWidth(Double.MAX_VALUE);
            HBox.setHgrow(id, Priority.ALWAYS);
            badgeBox.setAlignment(Pos.CENTER_RIGHT);
            badgeBox.setMinWidth(Region.USE_PREF_SIZE);
            row.setAlignment(Pos.CENTER_LEFT);
            // a cell lays its graphic out at the graphic's preferred width: tie that to the list's
            // width (not the cell's, which would feed back), so long IDs end in an ellipsis and the
            // badges stay in view; a zero preferred cell width keeps the list from scrolling sideways
            row.setMinWidth(0);
            row.prefWidthProperty().bind(owner.widthProperty().subtract(34));
            row.setMaxWidth(Region.USE_PREF_SIZE);
            setPrefWidth(0);
            setContentDisplay(ContentDisplay.GRAPHIC_ONLY);
        }

        @Override
        protected void updateItem(StateIdEntry entry, boolean empty) {
            super.updateItem(entry, empty);
            setText(null);
            if (empty || entry == null) {
                setGraphic(null);
                return;
            }
            id.setText(entry.stateId());
            String updated = updateTimeText.apply(entry);
            String spelling = entry.spelling();
            id.setTooltip(new Tooltip(entry.stateId() + (spelling == null ? "" : "\n" + spelling)
                    + (updated == null ? "" : "\n" + updated)));
            badgeBox.getChildren().setAll(BadgeLabels.of(entry.badges(), compact.get()));
            setGraphic(row);
        }
    }
}
