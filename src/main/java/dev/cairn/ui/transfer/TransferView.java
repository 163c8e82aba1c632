package dev.cairn.ui.transfer;

import dev.cairn.ops.Transfer;
import dev.cairn.ui.Fxml;
import dev.cairn.ui.Texts;
import dev.cairn.ui.theme.ColumnWidths;
import dev.cairn.ui.theme.Styles;
import dev.cairn.ui.theme.WholeTextCell;
import dev.cairn.ui.transfer.TransferViewModel.Row;
import dev.cairn.ui.transfer.TransferViewModel.Scope;
import dev.cairn.ui.transfer.TransferViewModel.Stage;
import dev.cairn.ui.write.PlanSaving;
import dev.cairn.ui.write.WriteTarget;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ObservableBooleanValue;
import javafx.fxml.FXML;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.util.StringConverter;

/**
 * The copy / move form ({@code Transfer.fxml}): what (one ID or a pattern, with an ID rewrite), where
 * (an open backend and the policy for destinations that exist), the plan as a table, then progress,
 * cancel and a result per ID. Production asks for the ID or the pattern to be typed before the run.
 */
public final class TransferView extends BorderPane {

    @FXML private Label title;
    @FXML private Label uri;
    @FXML private ChoiceBox<Transfer.Mode> mode;
    @FXML private ChoiceBox<Scope> scope;
    @FXML private TextField sourceId;
    @FXML private TextField pattern;
    @FXML private TextField targetId;
    @FXML private TextField rename;
    @FXML private Label chosen;
    @FXML private Label chosenTargets;
    @FXML private ChoiceBox<WriteTarget> destination;
    @FXML private ChoiceBox<Transfer.OnConflict> onConflict;
    @FXML private CheckBox preservePartial;
    @FXML private Label whyNot;
    @FXML private Button plan;
    @FXML private Label message;
    @FXML private TableView<Row> table;
    @FXML private ProgressBar progress;
    @FXML private HBox typingRow;
    @FXML private Label typingLabel;
    @FXML private TextField typing;
    @FXML private Label environmentWarning;
    @FXML private Button savePlan;
    @FXML private Button cancel;
    @FXML private Button close;
    @FXML private Button run;

    /** @param chooseFile asks where to save a plan ({@code Save as plan…}), the name suggested; empty when cancelled */
    public TransferView(TransferViewModel model, Function<String, Optional<Path>> chooseFile) {
        Fxml.load(this, "Transfer");
        title.textProperty().bind(Bindings.createStringBinding(() -> model.source() == null ? ""
                : Texts.get("transfer.title", model.source().name()), model.showingProperty()));
        // the source's URI on a line of its own, cut in the middle where it is long (whole on hover): it wrapped mid-URI
        uri.textProperty().bind(Bindings.createStringBinding(() -> model.source() == null ? ""
                : model.source().backend().displayUri(), model.showingProperty()));
        Styles.wholeTextAsTooltip(uri);
        mode.getItems().setAll(Transfer.Mode.values());
        mode.valueProperty().bindBidirectional(model.modeProperty());
        mode.setConverter(lowercase());
        scope.setItems(model.scopes());
        scope.valueProperty().bindBidirectional(model.scopeProperty());
        sourceId.textProperty().bindBidirectional(model.sourceIdProperty());
        pattern.textProperty().bindBidirectional(model.patternProperty());
        targetId.textProperty().bindBidirectional(model.targetIdProperty());
        rename.textProperty().bindBidirectional(model.renameProperty());
        destination.setItems(model.destinations());
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
        onConflict.getItems().setAll(Transfer.OnConflict.values());
        onConflict.valueProperty().bindBidirectional(model.onConflictProperty());
        onConflict.setConverter(new StringConverter<>() {
            @Override
            public String toString(Transfer.OnConflict c) {
                return c == null ? "" : Texts.get("transfer.onConflict." + c.name().toLowerCase(Locale.ROOT));
            }

            @Override
            public Transfer.OnConflict fromString(String s) {
                return null;
            }
        });
        preservePartial.selectedProperty().bindBidirectional(model.preservePartialProperty());
        BooleanBinding one = model.scopeProperty().isEqualTo(Scope.ONE_ID);
        showWhen(sourceId, one);
        showWhen(targetId, one);
        BooleanBinding byPattern = model.scopeProperty().isEqualTo(Scope.PATTERN);
        showWhen(pattern, byPattern);
        showWhen(rename, byPattern);
        BooleanBinding given = model.scopeProperty().isEqualTo(Scope.IDS);
        showWhen(chosen, given);
        showWhen(chosenTargets, given);
        chosen.textProperty().bind(Bindings.createStringBinding(() -> Texts.get("transfer.chosen", model.chosen().size()),
                model.showingProperty(), model.scopeProperty()));
        plan.setOnAction(e -> model.plan());
        plan.disableProperty().bind(model.stageProperty().isEqualTo(Stage.RUNNING).or(model.stageProperty().isEqualTo(Stage.PLANNING)));
        message.textProperty().bind(model.messageProperty());

        table.getStyleClass().add(Styles.WHOLE_VALUES);
        table.setItems(model.rows());
        table.getColumns().add(idColumn("transfer.column.source", Row::sourceId, 270));
        table.getColumns().add(idColumn("transfer.column.destination", Row::targetId, 250));
        TableColumn<Row, String> result = column("transfer.column.result", Row::status, 80);
        result.setCellFactory(c -> new OutcomeCell());
        table.getColumns().add(result);
        table.getColumns().add(column("transfer.column.reason", Row::detail, 200));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        Label empty = new Label(Texts.get("transfer.empty"));
        empty.getStyleClass().add(Styles.PLACEHOLDER);
        empty.setWrapText(true); // the table may be narrower than the sentence at 1024 px
        empty.maxWidthProperty().bind(table.widthProperty().subtract(24));
        empty.setMinHeight(Region.USE_PREF_SIZE);
        table.setPlaceholder(empty);
        progress.progressProperty().bind(model.progressProperty());
        progress.visibleProperty().bind(model.stageProperty().isEqualTo(Stage.RUNNING).or(model.stageProperty().isEqualTo(Stage.FINISHED)));
        whyNot.pseudoClassStateChanged(Styles.PROBLEM, true);
        whyNot.textProperty().bind(model.whyNotProperty());
        showWhen(whyNot, model.whyNotProperty().isNotEmpty());

        typingLabel.textProperty().bind(Bindings.createStringBinding(
                () -> Texts.get("transfer.typing", model.requiredTypingProperty().get()), model.requiredTypingProperty()));
        typing.textProperty().bindBidirectional(model.typedProperty());
        typing.promptTextProperty().bind(model.requiredTypingProperty());
        showWhen(typingRow, model.requiredTypingProperty().isNotEmpty().and(model.stageProperty().isEqualTo(Stage.PLANNED)));
        environmentWarning.textProperty().bind(model.environmentWarningProperty());
        environmentWarning.pseudoClassStateChanged(Styles.PROBLEM, true);
        showWhen(environmentWarning, model.environmentWarningProperty().isNotEmpty());
        // a plan is applied later, where production asks again: no typing here
        savePlan.setOnAction(e -> chooseFile.apply(PlanSaving.FILE_NAME).ifPresent(model::savePlan));
        savePlan.disableProperty().bind(Bindings.createBooleanBinding(() -> model.rows().stream().noneMatch(
                r -> r.outcome() == Transfer.Outcome.COPIED || r.outcome() == Transfer.Outcome.MOVED), model.rows()));
        showWhen(savePlan, model.stageProperty().isEqualTo(Stage.PLANNED));
        close.setOnAction(e -> model.close());
        close.disableProperty().bind(model.stageProperty().isEqualTo(Stage.RUNNING));
        cancel.setOnAction(e -> model.cancel());
        showWhen(cancel, model.stageProperty().isEqualTo(Stage.RUNNING));
        run.textProperty().bind(Bindings.createStringBinding(() -> {
            long n = model.rows().stream().filter(r -> r.outcome() == Transfer.Outcome.COPIED
                    || r.outcome() == Transfer.Outcome.MOVED).count();
            return Texts.get(model.modeProperty().get() == Transfer.Mode.MOVE ? "transfer.run.move" : "transfer.run.copy", n);
        }, model.rows(), model.modeProperty()));
        run.disableProperty().bind(model.canRunProperty().not());
        showWhen(run, model.stageProperty().isNotEqualTo(Stage.FINISHED));
        run.setOnAction(e -> model.run());
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

    private static void showWhen(Node node, ObservableBooleanValue condition) {
        node.visibleProperty().bind(condition);
        node.managedProperty().bind(node.visibleProperty());
    }

    /** A column of values cut at their end where narrow, each whole on hover. */
    private static TableColumn<Row, String> column(String titleKey, Function<Row, String> value, double width) {
        TableColumn<Row, String> column = new TableColumn<>(Texts.get(titleKey));
        column.setCellValueFactory(cell -> new ReadOnlyStringWrapper(value.apply(cell.getValue())));
        column.setCellFactory(c -> new WholeTextCell<>(OverrunStyle.ELLIPSIS));
        column.setPrefWidth(width);
        return ColumnWidths.keepHeader(column);
    }

    /** A column of state IDs: cut in the middle where narrow (their tap and target ends both show), whole on hover. */
    private static TableColumn<Row, String> idColumn(String titleKey, Function<Row, String> value, double width) {
        TableColumn<Row, String> column = column(titleKey, value, width);
        column.setCellFactory(c -> new WholeTextCell<>(OverrunStyle.CENTER_ELLIPSIS));
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
