package dev.cairn.ui.plan;

import dev.cairn.ui.Fxml;
import dev.cairn.ui.Texts;
import dev.cairn.ui.plan.PlanViewModel.Row;
import dev.cairn.ui.plan.PlanViewModel.Stage;
import dev.cairn.ui.theme.ColumnWidths;
import dev.cairn.ui.theme.Styles;
import dev.cairn.ui.theme.WholeTextCell;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ObservableBooleanValue;
import javafx.collections.ListChangeListener;
import javafx.fxml.FXML;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;

/**
 * Open plan… over the inspector ({@code plan/Plan.fxml}): the plan's writes with their status, the
 * diff saved with the selected one, all or nothing, production's typed confirmation, Apply, and
 * after it each write's outcome and Undo of them all.
 */
public final class PlanView extends BorderPane {

    @FXML private Label title;
    @FXML private Label message;
    @FXML private Label environmentWarning;
    @FXML private TableView<Row> table;
    @FXML private TextArea diff;
    @FXML private CheckBox allOrNothing;
    @FXML private ProgressBar progress;
    @FXML private HBox typingRow;
    @FXML private Label typingLabel;
    @FXML private TextField typing;
    @FXML private Button undo;
    @FXML private Button close;
    @FXML private Button apply;

    public PlanView(PlanViewModel model) {
        Fxml.load(this, "Plan");
        title.textProperty().bind(Bindings.createStringBinding(() -> model.fileProperty().get() == null ? ""
                : Texts.get("plan.title", model.fileProperty().get()), model.fileProperty()));
        Styles.wholeTextAsTooltip(title);
        message.textProperty().bind(model.messageProperty());
        environmentWarning.textProperty().bind(model.environmentWarningProperty());
        environmentWarning.pseudoClassStateChanged(Styles.PROBLEM, true);
        showWhen(environmentWarning, model.environmentWarningProperty().isNotEmpty());

        table.getStyleClass().add(Styles.WHOLE_VALUES);
        table.setItems(model.rows());
        table.getColumns().add(column("plan.column.connection", Row::connection, 100, OverrunStyle.ELLIPSIS));
        table.getColumns().add(column("plan.column.id", Row::stateId, 180, OverrunStyle.CENTER_ELLIPSIS));
        table.getColumns().add(column("plan.column.verb", Row::verb, 70, OverrunStyle.ELLIPSIS));
        TableColumn<Row, String> status = column("plan.column.status", Row::status, 90, OverrunStyle.ELLIPSIS);
        status.setCellFactory(c -> new StatusCell());
        table.getColumns().add(status);
        table.getColumns().add(column("plan.column.detail", Row::detail, 160, OverrunStyle.ELLIPSIS));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        diff.getStyleClass().add(Styles.PLAN_DIFF);
        diff.setPromptText(Texts.get("plan.diff.empty"));
        table.getSelectionModel().selectedItemProperty().addListener((o, a, row) -> diff.setText(row == null ? "" : row.diff()));
        model.rows().addListener((ListChangeListener<Row>) c -> {
            if (table.getSelectionModel().isEmpty() && !model.rows().isEmpty()) {
                table.getSelectionModel().select(0);
            }
        });

        allOrNothing.selectedProperty().bindBidirectional(model.allOrNothingProperty());
        allOrNothing.disableProperty().bind(model.stageProperty().isNotEqualTo(Stage.PREVIEW));
        progress.progressProperty().bind(model.progressProperty());
        showWhen(progress, model.stageProperty().isEqualTo(Stage.APPLYING).or(model.stageProperty().isEqualTo(Stage.DONE)));
        typingLabel.textProperty().bind(Bindings.createStringBinding(
                () -> Texts.get("plan.typing", model.requiredTypingProperty().get()), model.requiredTypingProperty()));
        typing.textProperty().bindBidirectional(model.typedProperty());
        showWhen(typingRow, model.requiredTypingProperty().isNotEmpty().and(model.stageProperty().isEqualTo(Stage.PREVIEW)));
        apply.disableProperty().bind(model.canApplyProperty().not());
        apply.setOnAction(e -> model.apply());
        showWhen(apply, model.stageProperty().isNotEqualTo(Stage.DONE));
        undo.disableProperty().bind(model.canUndoProperty().not());
        undo.setOnAction(e -> model.undo());
        showWhen(undo, model.stageProperty().isEqualTo(Stage.DONE));
        close.disableProperty().bind(model.stageProperty().isEqualTo(Stage.APPLYING));
        close.setOnAction(e -> model.close());
    }

    private static void showWhen(Node node, ObservableBooleanValue condition) {
        node.visibleProperty().bind(condition);
        node.managedProperty().bind(node.visibleProperty());
    }

    /** A column of values cut where narrow ({@code overrun}: IDs in the middle, so both ends show), each whole on hover. */
    private static TableColumn<Row, String> column(String titleKey, Function<Row, String> value, double width,
                                                   OverrunStyle overrun) {
        TableColumn<Row, String> column = new TableColumn<>(Texts.get(titleKey));
        column.setCellValueFactory(cell -> new ReadOnlyStringWrapper(value.apply(cell.getValue())));
        column.setCellFactory(c -> new WholeTextCell<>(overrun));
        column.setPrefWidth(width);
        return ColumnWidths.keepHeader(column);
    }

    public TableView<Row> table() {
        return table;
    }

    /** The status, painted as a problem where the write is refused or failed. */
    private static final class StatusCell extends TableCell<Row, String> {
        StatusCell() {
            getStyleClass().add(Styles.PLAN_STATUS);
        }

        @Override
        protected void updateItem(String item, boolean empty) {
            super.updateItem(item, empty);
            Row row = empty || getTableRow() == null ? null : getTableRow().getItem();
            setText(row == null ? null : row.status());
            pseudoClassStateChanged(Styles.PROBLEM, row != null && row.problem());
        }
    }
}
