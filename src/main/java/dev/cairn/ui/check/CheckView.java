package dev.cairn.ui.check;

import dev.cairn.ops.CheckUp;
import dev.cairn.ops.CheckUp.Finding;
import dev.cairn.ops.CheckUp.Severity;
import dev.cairn.ui.Texts;
import dev.cairn.ui.theme.Styles;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The check-up report over the inspector (built in code: its rows come from the data): the backend,
 * a status line, a chip per severity with its count, the findings (each one's whole sentence
 * wrapped, so nothing is cut off at the inspector's width) with Fix… where Cairn can fix it, and
 * Re-check, Cancel, Export…, Close.
 */
public final class CheckView extends BorderPane {

    private final CheckViewModel model;
    private final TableView<Finding> table = new TableView<>();
    private final ToggleGroup chips = new ToggleGroup();

    /**
     * @param saveFile asks where to save the report (the dialog service's save-file chooser), given a suggested name
     */
    public CheckView(CheckViewModel model, Function<String, Optional<Path>> saveFile) {
        this.model = model;
        getStyleClass().addAll(Styles.SHEET, Styles.CHECK_SHEET);
        setId("check-sheet");

        Label title = new Label();
        title.setId("check-title");
        title.getStyleClass().add(Styles.TITLE);
        title.setWrapText(true);
        title.setMinHeight(Region.USE_PREF_SIZE);
        Label uri = new Label();
        uri.setId("check-uri");
        uri.getStyleClass().add(Styles.MUTED);
        uri.setMinWidth(0);
        // as the sidebar's and the write sheet's: a URI's ends say which backend it is
        uri.setTextOverrun(OverrunStyle.CENTER_ELLIPSIS);
        Styles.wholeTextAsTooltip(uri);
        Label explain = new Label(Texts.get("check.explain"));
        explain.getStyleClass().add(Styles.MUTED);
        explain.setWrapText(true);
        explain.setMinHeight(Region.USE_PREF_SIZE);
        Label status = new Label();
        status.setId("check-status");
        status.setWrapText(true);
        status.setMinHeight(Region.USE_PREF_SIZE);
        status.textProperty().bind(model.statusProperty());
        Label notice = new Label();
        notice.setId("check-notice");
        notice.getStyleClass().add(Styles.NOTICE);
        notice.setWrapText(true);
        notice.setMinHeight(Region.USE_PREF_SIZE);
        notice.textProperty().bind(model.noticeProperty());
        notice.visibleProperty().bind(model.noticeProperty().isNotEmpty());
        notice.managedProperty().bind(notice.visibleProperty());
        model.showingProperty().addListener((o, was, now) -> {
            if (now) {
                title.setText(Texts.get("check.title", model.backendName()));
                uri.setText(model.backendUri());
            }
        });
        VBox header = new VBox(6, title, uri, explain);
        header.getStyleClass().add(Styles.PANE_HEADER);
        setTop(header);

        HBox chipRow = new HBox(4);
        chipRow.setAlignment(Pos.CENTER_LEFT);
        chipRow.getChildren().add(chip("check-chip-all", null));
        for (Severity s : Severity.values()) {
            chipRow.getChildren().add(chip("check-chip-" + s.label(), s));
        }
        chips.selectedToggleProperty().addListener((o, was, now) -> {
            if (now == null) {
                chips.selectToggle(was); // one chip is always lit: "All" shows every finding
            } else {
                model.filterProperty().set((Severity) now.getUserData());
            }
        });
        chips.selectToggle(chips.getToggles().get(0));
        model.filterProperty().addListener((o, was, now) -> chips.getToggles().stream()
                .filter(t -> t.getUserData() == now).findFirst().ifPresent(chips::selectToggle));

        table.setId("check-table");
        table.getStyleClass().add(Styles.WHOLE_VALUES);
        table.setItems(model.shown());
        table.setPlaceholder(new Label(Texts.get("check.placeholder")));
        // the badge and Fix… keep their widths; the finding takes the rest, its sentence wrapped
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_ALL_COLUMNS);
        TableColumn<Finding, Finding> severity = column("check.column.severity", 84);
        severity.setMaxWidth(84);
        severity.setCellFactory(c -> new SeverityCell());
        TableColumn<Finding, Finding> finding = column("check.column.finding", 200);
        finding.setCellFactory(c -> new FindingCell(finding));
        TableColumn<Finding, Finding> fix = column("check.column.fix", 64);
        fix.setMaxWidth(64);
        fix.setCellFactory(c -> new FixCell());
        // the rows' heights follow the sentences' wrapping at the new width
        finding.widthProperty().addListener(o -> table.refresh());
        table.getColumns().add(severity);
        table.getColumns().add(finding);
        table.getColumns().add(fix);
        VBox.setVgrow(table, Priority.ALWAYS);
        table.getSelectionModel().selectedItemProperty().addListener((o, was, now) -> model.selectedProperty().set(now));
        model.selectedProperty().addListener((o, was, now) -> {
            if (table.getSelectionModel().getSelectedItem() != now) {
                table.getSelectionModel().select(now);
            }
        });
        VBox body = new VBox(8, status, notice, chipRow, table);
        body.getStyleClass().add(Styles.SHEET_BODY);
        setCenter(body);

        Button recheck = Styles.button("check-recheck", Texts.get("check.recheck"), model::recheck);
        Button cancel = Styles.button("check-cancel", Texts.get("check.cancel"), model::cancel);
        cancel.visibleProperty().bind(model.stageProperty().isEqualTo(CheckViewModel.Stage.CHECKING));
        cancel.managedProperty().bind(cancel.visibleProperty());
        recheck.visibleProperty().bind(cancel.visibleProperty().not());
        recheck.managedProperty().bind(recheck.visibleProperty());
        Button export = Styles.button("check-export", Texts.get("check.export"),
                () -> saveFile.apply(model.suggestedFileName()).ifPresent(model::export));
        export.disableProperty().bind(model.stageProperty().isNotEqualTo(CheckViewModel.Stage.CHECKED));
        Button close = Styles.button("check-close", Texts.get("check.close"), model::close);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox buttons = new HBox(8, recheck, cancel, export, spacer, close);
        buttons.getStyleClass().add(Styles.SHEET_BUTTONS);
        buttons.setAlignment(Pos.CENTER_LEFT);
        setBottom(buttons);
    }

    private ToggleButton chip(String id, Severity severity) {
        ToggleButton chip = new ToggleButton();
        chip.setId(id);
        chip.setUserData(severity);
        chip.setToggleGroup(chips);
        chip.setMinWidth(Region.USE_PREF_SIZE);
        chip.getStyleClass().addAll(Styles.BADGE, Styles.BADGE_COUNT);
        if (severity != null) {
            chip.getStyleClass().add(severityClass(severity)); // "All" in the badges' neutral colours
        }
        chip.textProperty().bind(Bindings.createStringBinding(() -> {
            Map<Severity, Integer> n = model.countsProperty().get();
            if (severity == null) {
                return Texts.get("check.chip.all", n.values().stream().mapToInt(Integer::intValue).sum());
            }
            return Texts.get("check.chip." + severity.label(), n.getOrDefault(severity, 0));
        }, model.countsProperty()));
        return chip;
    }

    private static String severityClass(Severity severity) {
        return switch (severity) {
            case ERROR -> Styles.SEVERITY_ERROR;
            case WARNING -> Styles.SEVERITY_WARNING;
            case NOTICE -> Styles.SEVERITY_NOTICE;
        };
    }

    private static TableColumn<Finding, Finding> column(String key, double width) {
        TableColumn<Finding, Finding> column = new TableColumn<>(Texts.get(key));
        column.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue()));
        column.setPrefWidth(width);
        column.setMinWidth(width);
        column.setSortable(false);
        column.setReorderable(false);
        return column;
    }


    /** The severity as a badge. */
    private static final class SeverityCell extends TableCell<Finding, Finding> {
        @Override
        protected void updateItem(Finding f, boolean empty) {
            super.updateItem(f, empty);
            setText(null);
            if (empty || f == null) {
                setGraphic(null);
                return;
            }
            Label badge = new Label(f.severity().label());
            badge.getStyleClass().addAll(Styles.BADGE, severityClass(f.severity()));
            badge.setMinWidth(Region.USE_PREF_SIZE);
            setGraphic(badge);
            setAlignment(Pos.TOP_LEFT);
        }
    }

    /** The ID, the kind and the whole sentence, wrapped to the column's width. */
    private static final class FindingCell extends TableCell<Finding, Finding> {
        private final TableColumn<Finding, Finding> column;

        FindingCell(TableColumn<Finding, Finding> column) {
            this.column = column;
        }

        @Override
        protected void updateItem(Finding f, boolean empty) {
            super.updateItem(f, empty);
            setText(null);
            if (empty || f == null) {
                setGraphic(null);
                return;
            }
            Label id = wrapped(f.stateId() == null ? f.kind().label() : f.stateId());
            id.getStyleClass().add(Styles.STATE_ID);
            Label kind = wrapped(f.kind().label());
            kind.getStyleClass().add(Styles.MUTED);
            kind.setVisible(f.stateId() != null);
            kind.setManaged(f.stateId() != null);
            Label message = wrapped(f.message());
            VBox box = new VBox(2, id, kind, message);
            box.maxWidthProperty().bind(column.widthProperty().subtract(14));
            box.prefWidthProperty().bind(box.maxWidthProperty());
            setGraphic(box);
        }

        /** As tall as the sentence wrapped to the column's width (a wrapped label alone asks for one line). */
        @Override
        protected double computePrefHeight(double width) {
            if (getGraphic() == null) {
                return super.computePrefHeight(width);
            }
            double room = column.getWidth() - snappedLeftInset() - snappedRightInset();
            return snappedTopInset() + getGraphic().prefHeight(Math.min(room, getGraphic().maxWidth(-1))) + snappedBottomInset();
        }

        private static Label wrapped(String text) {
            Label label = new Label(text);
            label.setWrapText(true);
            label.setMinHeight(Region.USE_PREF_SIZE);
            label.setMaxWidth(Double.MAX_VALUE);
            return label;
        }
    }

    /** Fix… where Cairn can fix the finding. */
    private final class FixCell extends TableCell<Finding, Finding> {
        @Override
        protected void updateItem(Finding f, boolean empty) {
            super.updateItem(f, empty);
            setText(null);
            if (empty || f == null || f.fix() == null || f.stateId() == null) {
                setGraphic(null);
                return;
            }
            Button fix = new Button(Texts.get("check.fix"));
            fix.getStyleClass().add(Styles.CHECK_FIX);
            fix.setMinWidth(Region.USE_PREF_SIZE);
            fix.setTooltip(new Tooltip(Texts.get(f.fix() == CheckUp.Fix.CLEAR_PARTIAL
                    ? "check.fix.tooltip.clearPartial" : "check.fix.tooltip.breakLock", f.stateId())));
            fix.setOnAction(e -> {
                model.selectedProperty().set(f);
                model.fix(f);
            });
            setGraphic(fix);
            setAlignment(Pos.TOP_LEFT);
        }
    }

    public TableView<Finding> table() {
        return table;
    }
}
