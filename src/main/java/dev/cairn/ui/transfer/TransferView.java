package dev.cairn.ui.transfer;

import dev.cairn.ops.Transfer;
import dev.cairn.ui.theme.Styles;
import dev.cairn.ui.write.WriteSheet;
import dev.cairn.ui.transfer.TransferViewModel.Row;
import dev.cairn.ui.transfer.TransferViewModel.Scope;
import dev.cairn.ui.transfer.TransferViewModel.Stage;
import dev.cairn.ui.write.WriteTarget;
import java.util.Locale;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/**
 * The copy / move form: what (one ID or a pattern, with an ID rewrite), where (an open backend and
 * the policy for destinations that exist), the plan as a table, then progress, cancel and a result
 * per ID. Production asks for the ID or the pattern to be typed before the run.
 */
public final class TransferView extends BorderPane {

    private final TableView<Row> table = new TableView<>();

    public TransferView(TransferViewModel model) {
        getStyleClass().addAll(Styles.SHEET, Styles.FORM);
        Label title = new Label();
        title.getStyleClass().add(Styles.TITLE);
        title.textProperty().bind(Bindings.createStringBinding(() -> "Copy or move states from "
                + (model.source() == null ? "" : model.source().name() + " (" + model.source().backend().displayUri() + ")"),
                model.showingProperty()));
        Label explain = new Label("Each destination gets what Meltano's copy stores: the source's effective state as its"
                + " completed state, unless both documents are kept as stored. It is written only if it is still as planned;"
                + " a move deletes a source only if it is still the version copied. Every write is journalled.");
        explain.setWrapText(true);
        explain.getStyleClass().add(Styles.MUTED);
        VBox header = new VBox(6, title, explain);
        header.getStyleClass().add(Styles.PANE_HEADER);
        setTop(header);

        ChoiceBox<Transfer.Mode> mode = new ChoiceBox<>();
        mode.setId("transfer-mode");
        mode.getItems().setAll(Transfer.Mode.values());
        mode.valueProperty().bindBidirectional(model.modeProperty());
        mode.setConverter(lowercase());
        ChoiceBox<Scope> scope = new ChoiceBox<>();
        scope.setId("transfer-scope");
        scope.getItems().setAll(Scope.values());
        scope.valueProperty().bindBidirectional(model.scopeProperty());
        TextField sourceId = field("transfer-source-id", "state ID", model.sourceIdProperty());
        TextField pattern = field("transfer-pattern", "dev:*", model.patternProperty());
        TextField targetId = field("transfer-target-id", "same ID", model.targetIdProperty());
        TextField rename = field("transfer-rename", "dev:*=prod:* (optional)", model.renameProperty());
        ChoiceBox<WriteTarget> destination = new ChoiceBox<>(model.destinations());
        destination.setId("transfer-destination");
        destination.valueProperty().bindBidirectional(model.destinationProperty());
        destination.setConverter(new StringConverter<>() {
            @Override
            public String toString(WriteTarget t) {
                return t == null ? "" : t.name() + " · " + t.environment().label() + (t.readOnly() ? " · read-only" : "");
            }

            @Override
            public WriteTarget fromString(String s) {
                return null;
            }
        });
        ChoiceBox<Transfer.OnConflict> onConflict = new ChoiceBox<>();
        onConflict.setId("transfer-on-conflict");
        onConflict.getItems().setAll(Transfer.OnConflict.values());
        onConflict.valueProperty().bindBidirectional(model.onConflictProperty());
        onConflict.setConverter(new StringConverter<>() {
            @Override
            public String toString(Transfer.OnConflict c) {
                if (c == null) {
                    return "";
                }
                switch (c) {
                    case SKIP: return "skip it";
                    case OVERWRITE: return "overwrite it";
                    default: return "report a conflict";
                }
            }

            @Override
            public Transfer.OnConflict fromString(String s) {
                return null;
            }
        });
        CheckBox preservePartial = new CheckBox("Keep both documents as stored, pending partial state included"
                + " (a backup or a migration; Meltano's copy writes the effective state as completed)");
        preservePartial.setId("transfer-preserve-partial");
        preservePartial.setWrapText(true);
        preservePartial.selectedProperty().bindBidirectional(model.preservePartialProperty());
        BooleanBinding one = model.scopeProperty().isEqualTo(Scope.ONE_ID);
        GridPane form = new GridPane();
        form.setHgap(10);
        form.setVgap(6);
        form.addRow(0, new Label("Action"), mode, new Label("Select"), scope);
        form.addRow(1, new Label("Source"), new HBox(sourceId, pattern), new Label("To backend"), destination);
        form.addRow(2, new Label("Destination"), new HBox(targetId, rename), new Label("Existing destination"), onConflict);
        form.add(preservePartial, 1, 3, 3, 1);
        showWhen(sourceId, one);
        showWhen(targetId, one);
        showWhen(pattern, one.not());
        showWhen(rename, one.not());
        Button plan = new Button("Preview");
        plan.setId("transfer-plan");
        plan.setOnAction(e -> model.plan());
        plan.disableProperty().bind(model.stageProperty().isEqualTo(Stage.RUNNING).or(model.stageProperty().isEqualTo(Stage.PLANNING)));
        Label message = new Label();
        message.setId("transfer-message");
        message.setWrapText(true);
        message.textProperty().bind(model.messageProperty());
        message.getStyleClass().add(Styles.SUBTITLE);
        HBox planRow = new HBox(10, plan, message);
        planRow.setAlignment(Pos.CENTER_LEFT);

        table.setId("transfer-results");
        table.getStyleClass().add(Styles.RESULTS_TABLE);
        table.setItems(model.rows());
        table.getColumns().add(column("Source ID", Row::sourceId, 270));
        table.getColumns().add(column("Destination ID", Row::targetId, 250));
        TableColumn<Row, String> result = column("Result", Row::status, 80);
        result.setCellFactory(c -> new OutcomeCell());
        table.getColumns().add(result);
        table.getColumns().add(column("Reason", Row::detail, 200));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        Label empty = new Label("Preview lists every ID with what will happen to it.");
        empty.getStyleClass().add(Styles.PLACEHOLDER);
        table.setPlaceholder(empty);
        VBox.setVgrow(table, Priority.ALWAYS);
        ProgressBar progress = new ProgressBar();
        progress.setId("transfer-progress");
        progress.setMaxWidth(Double.MAX_VALUE);
        progress.progressProperty().bind(model.progressProperty());
        progress.visibleProperty().bind(model.stageProperty().isEqualTo(Stage.RUNNING).or(model.stageProperty().isEqualTo(Stage.FINISHED)));
        Label whyNot = new Label();
        whyNot.getStyleClass().add(Styles.NOTICE);
        whyNot.pseudoClassStateChanged(Styles.PROBLEM, true);
        whyNot.setWrapText(true);
        whyNot.setMaxWidth(Double.MAX_VALUE);
        whyNot.textProperty().bind(model.whyNotProperty());
        showWhen(whyNot, model.whyNotProperty().isNotEmpty());
        VBox body = new VBox(8, form, whyNot, planRow, table, progress);
        body.getStyleClass().add(Styles.SHEET_BODY);
        setCenter(body);

        Label typingLabel = new Label();
        typingLabel.getStyleClass().add(Styles.DANGER_TEXT);
        typingLabel.textProperty().bind(Bindings.concat("Production: type ", model.requiredTypingProperty(), " to confirm"));
        TextField typing = field("transfer-typed", "", model.typedProperty());
        typing.promptTextProperty().bind(model.requiredTypingProperty());
        HBox typingRow = new HBox(8, typingLabel, typing);
        typingRow.setAlignment(Pos.CENTER_LEFT);
        showWhen(typingRow, model.requiredTypingProperty().isNotEmpty().and(model.stageProperty().isEqualTo(Stage.PLANNED)));
        Button close = new Button("Close");
        close.setId("transfer-close");
        close.setOnAction(e -> model.close());
        close.disableProperty().bind(model.stageProperty().isEqualTo(Stage.RUNNING));
        Button cancel = new Button("Cancel");
        cancel.setId("transfer-cancel");
        cancel.setOnAction(e -> model.cancel());
        cancel.setTooltip(new javafx.scene.control.Tooltip("Stops after the IDs in flight: what was done to them stays done"));
        showWhen(cancel, model.stageProperty().isEqualTo(Stage.RUNNING));
        Button run = new Button();
        run.setId("transfer-run");
        run.getStyleClass().add(Styles.PRIMARY);
        run.textProperty().bind(Bindings.createStringBinding(() -> {
            long n = model.rows().stream().filter(r -> r.outcome() == Transfer.Outcome.COPIED
                    || r.outcome() == Transfer.Outcome.MOVED).count();
            String verb = model.modeProperty().get() == Transfer.Mode.MOVE ? "Move " : "Copy ";
            return verb + n + (n == 1 ? " state" : " states");
        }, model.rows(), model.modeProperty()));
        run.disableProperty().bind(model.canRunProperty().not());
        showWhen(run, model.stageProperty().isNotEqualTo(Stage.FINISHED));
        run.setOnAction(e -> model.run());
        setBottom(WriteSheet.buttonBar(typingRow, cancel, close, run));
    }

    private static TextField field(String id, String prompt, javafx.beans.property.StringProperty value) {
        TextField f = new TextField();
        f.setId(id);
        f.setPromptText(prompt);
        f.setPrefColumnCount(24);
        f.textProperty().bindBidirectional(value);
        return f;
    }

    private static <T extends Enum<T>> StringConverter<T> lowercase() {
        return new StringConverter<>() {
            @Override
            public String toString(T value) {
                return value == null ? "" : value.name().toLowerCase(Locale.ROOT);
            }

            @Override
            public T fromString(String s) {
                return null;
            }
        };
    }

    private static void showWhen(Node node, javafx.beans.value.ObservableBooleanValue condition) {
        node.visibleProperty().bind(condition);
        node.managedProperty().bind(node.visibleProperty());
    }

    private static TableColumn<Row, String> column(String title, Function<Row, String> value, double width) {
        TableColumn<Row, String> column = new TableColumn<>(title);
        column.setCellValueFactory(cell -> new ReadOnlyStringWrapper(value.apply(cell.getValue())));
        column.setPrefWidth(width);
        return column;
    }

    public TableView<Row> table() {
        return table;
    }

    /** The outcome as a coloured chip. */
    private static final class OutcomeCell extends TableCell<Row, String> {
        @Override
        protected void updateItem(String item, boolean empty) {
            super.updateItem(item, empty);
            setText(null);
            Row row = empty || getTableRow() == null ? null : getTableRow().getItem();
            if (row == null) {
                setGraphic(null);
                return;
            }
            Label chip = new Label(row.status());
            chip.getStyleClass().addAll(Styles.OUTCOME, Styles.variant(Styles.OUTCOME, row.outcome()));
            chip.pseudoClassStateChanged(Styles.BUSY, !row.done());
            setGraphic(chip);
        }
    }
}
