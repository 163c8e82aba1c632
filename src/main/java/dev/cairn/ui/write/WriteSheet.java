package dev.cairn.ui.write;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cairn.state.JsonReplay;
import dev.cairn.state.PythonJson;
import dev.cairn.ui.diff.AlignedDiff;
import dev.cairn.ui.diff.DiffPanes;
import dev.cairn.ui.theme.Styles;
import dev.cairn.ui.write.WriteFlowViewModel.Stage;
import java.util.List;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.RadioButton;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * The write sheet over the inspector: the preview of a planned write (its description naming action
 * and target, the diff, Meltano's lock, the typed confirmation production asks for), then its
 * outcome — done (with undo), refused, or the conflict view with its three documents.
 */
public final class WriteSheet extends BorderPane {

    private final WriteFlowViewModel model;
    private final DiffPanes preview = new DiffPanes();
    private final DiffPanes meanwhile = new DiffPanes();
    private final DiffPanes yours = new DiffPanes();
    private final DiffPanes overwrite = new DiffPanes();
    private final TabPane conflictTabs = new TabPane();
    private final Tab overlapTab = new Tab();
    private final GridPane overlapGrid = new GridPane();
    private final StackPane body = new StackPane();
    private final VBox previewBox;
    private final ProgressIndicator busy = new ProgressIndicator();
    private final Label lockNote = new Label();
    private final Label effectiveNote = new Label();
    private final HBox buttons = new HBox(8);
    private final Button confirm = new Button();
    private final Button cancel = new Button("Cancel");
    private final Button reapply = new Button("Reapply my change onto the current state");
    private final Button discard = new Button("Discard mine");
    private final Button undo = new Button("Undo this write");
    private final Button close = new Button("Close");
    private final Label typingLabel = new Label();
    private final TextField typing = new TextField();

    public WriteSheet(WriteFlowViewModel model) {
        this.model = model;
        getStyleClass().addAll(Styles.SHEET, Styles.WRITE_SHEET);
        Label title = new Label();
        title.getStyleClass().add(Styles.TITLE);
        title.setWrapText(true);
        title.textProperty().bind(model.titleProperty());
        title.setId("write-title");
        Label message = new Label();
        message.setWrapText(true);
        message.textProperty().bind(model.messageProperty());
        message.setId("write-message");
        for (Label note : new Label[] {lockNote, effectiveNote}) {
            note.getStyleClass().add(Styles.NOTICE);
            note.setWrapText(true);
            note.setMaxWidth(Double.MAX_VALUE);
            note.managedProperty().bind(note.visibleProperty());
        }
        lockNote.pseudoClassStateChanged(Styles.PROBLEM, true);
        VBox header = new VBox(6, title, message, lockNote, runningLine(), effectiveNote);
        header.getStyleClass().add(Styles.PANE_HEADER);
        setTop(header);

        ChoiceBox<WriteFlowViewModel.View> view = new ChoiceBox<>();
        view.getItems().setAll(WriteFlowViewModel.View.values());
        view.valueProperty().bindBidirectional(model.viewProperty());
        previewBox = new VBox(6, view, preview);
        VBox.setVgrow(preview, Priority.ALWAYS);
        conflictTabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        conflictTabs.getTabs().addAll(tab("Changed meanwhile", "conflict-meanwhile", meanwhile),
                tab("Your change", "conflict-yours", yours), tab("Stored now → yours", "conflict-overwrite", overwrite));
        overlapGrid.getStyleClass().add(Styles.OVERLAPS);
        ScrollPane overlapScroll = new ScrollPane(overlapGrid);
        overlapScroll.setFitToWidth(true);
        overlapTab.setContent(overlapScroll);
        overlapTab.setId("conflict-overlaps");
        busy.setMaxSize(40, 40);
        body.getStyleClass().add(Styles.SHEET_BODY);
        setCenter(body);

        confirm.setId("confirm-write");
        confirm.setMnemonicParsing(false); // the verb names streams and IDs: pull_requests keeps its underscore
        confirm.getStyleClass().add(Styles.PRIMARY);
        confirm.setDefaultButton(true);
        confirm.disableProperty().bind(model.canConfirmProperty().not());
        confirm.setOnAction(e -> model.confirm());
        cancel.setId("cancel-write");
        cancel.setCancelButton(true);
        cancel.setOnAction(e -> model.cancel());
        reapply.setId("reapply");
        reapply.getStyleClass().add(Styles.PRIMARY);
        reapply.setOnAction(e -> model.reapply());
        reapply.disableProperty().bind(model.canReapplyProperty().not());
        discard.setId("discard");
        discard.setOnAction(e -> model.discard());
        undo.setId("undo-written");
        undo.setOnAction(e -> model.undoWritten());
        close.setId("close-write");
        close.setOnAction(e -> model.close());
        for (Button button : new Button[] {confirm, cancel, reapply, discard, undo, close}) {
            button.setMinWidth(Region.USE_PREF_SIZE);
        }
        typing.setId("typed-confirmation");
        typing.setPrefColumnCount(18);
        typing.setMinWidth(120);
        typing.textProperty().bindBidirectional(model.typedProperty());
        // the long ID wraps rather than squeezing the buttons
        typingLabel.setWrapText(true);
        typingLabel.setMinWidth(120);
        typingLabel.getStyleClass().add(Styles.DANGER_TEXT);
        buttons.setAlignment(Pos.CENTER_RIGHT);
        buttons.getStyleClass().add(Styles.SHEET_BUTTONS);
        setBottom(buttons);

        model.stageProperty().addListener((o, a, b) -> update());
        model.planProperty().addListener((o, a, b) -> update());
        model.cancellableProperty().addListener((o, a, b) -> update());
        model.viewProperty().addListener((o, a, b) -> showPreview());
        model.requiredTypingProperty().addListener((o, a, b) -> update());
        update();
    }

    /** The pipeline running on the ID (the runs table's, apart from the lock), shown with the preview. */
    private Label runningLine() {
        Label line = new Label();
        line.setId("write-running");
        line.getStyleClass().add(Styles.NOTICE);
        line.setWrapText(true);
        line.setMaxWidth(Double.MAX_VALUE);
        line.managedProperty().bind(line.visibleProperty());
        Runnable update = () -> {
            WritePlan plan = model.planProperty().get();
            Stage stage = model.stageProperty().get();
            String note = plan == null ? null : plan.runningNote();
            line.setText(note == null ? "" : note);
            line.setVisible(note != null && (stage == Stage.PREVIEW || stage == Stage.WRITING));
        };
        model.planProperty().addListener((o, a, b) -> update.run());
        model.stageProperty().addListener((o, a, b) -> update.run());
        update.run();
        return line;
    }

    private static Tab tab(String title, String id, DiffPanes panes) {
        Tab tab = new Tab(title, panes);
        tab.setId(id);
        return tab;
    }

    private void update() {
        Stage stage = model.stageProperty().get();
        WritePlan plan = model.planProperty().get();
        String lock = plan == null ? null : plan.lockNote();
        lockNote.setText(lock == null ? "" : lock);
        lockNote.setVisible(lock != null && (stage == Stage.PREVIEW || stage == Stage.WRITING));
        String noEffective = plan == null ? null : plan.effectiveNote();
        effectiveNote.setText(noEffective == null ? "" : noEffective);
        effectiveNote.setVisible(noEffective != null && stage == Stage.PREVIEW);
        pseudoClassStateChanged(Styles.CONFLICT, stage == Stage.CONFLICT);
        switch (stage) {
            case PLANNING:
            case WRITING:
                body.getChildren().setAll(busy);
                if (model.cancellableProperty().get()) {
                    buttons.getChildren().setAll(cancel);
                } else {
                    buttons.getChildren().clear();
                }
                break;
            case PREVIEW:
                showPreview();
                body.getChildren().setAll(previewBox);
                confirm.setText(plan == null ? "Write" : plan.command().verb());
                String required = model.requiredTypingProperty().get();
                if (required.isEmpty()) {
                    buttons.getChildren().setAll(spacer(), cancel, confirm);
                } else {
                    typingLabel.setText("Production: type " + required + " to confirm");
                    typing.setPromptText(required);
                    buttons.getChildren().setAll(typingLabel, typing, spacer(), cancel, confirm);
                }
                break;
            case CONFLICT:
                Conflict c = model.conflictProperty().get();
                if (c != null) {
                    meanwhile.show(c.meanwhile(), "what you read (version " + c.read().version() + ")",
                            "stored now" + (c.current().exists() ? " (version " + c.current().version() + ")" : " (deleted)"));
                    yours.show(c.yours(), "what you read", "your change");
                    overwrite.show(c.overwrite(), "stored now", "your change (a blind overwrite would store this)");
                    showOverlaps(c.overlaps());
                }
                conflictTabs.getSelectionModel().select(0);
                body.getChildren().setAll(conflictTabs);
                buttons.getChildren().setAll(spacer(), discard, reapply);
                break;
            case DONE:
                showPreview();
                body.getChildren().setAll(previewBox);
                buttons.getChildren().setAll(spacer(), undo, close);
                break;
            default:
                Label failed = new Label(model.messageProperty().get());
                failed.getStyleClass().add(Styles.PLACEHOLDER);
                failed.setWrapText(true);
                body.getChildren().setAll(failed);
                buttons.getChildren().setAll(spacer(), close);
        }
    }

    /** The places both changed, first among the conflict's tabs, each with the pick of whose value stays. */
    private void showOverlaps(List<JsonReplay.Overlap> overlaps) {
        conflictTabs.getTabs().remove(overlapTab);
        if (overlaps.isEmpty()) {
            return;
        }
        overlapTab.setText("Both changed (" + overlaps.size() + ")");
        conflictTabs.getTabs().add(0, overlapTab);
        overlapGrid.getChildren().clear();
        String[] headings = {"Where", "What you read", "Stored now (theirs)", "Your change", "Keep"};
        for (int column = 0; column < headings.length; column++) {
            Label heading = new Label(headings[column]);
            heading.getStyleClass().add(Styles.SUBTITLE);
            overlapGrid.add(heading, column, 0);
        }
        for (int i = 0; i < overlaps.size(); i++) {
            JsonReplay.Overlap overlap = overlaps.get(i);
            int row = i + 1;
            overlapGrid.add(new Label(overlap.pointer().isEmpty() ? "(the whole state)" : overlap.pointer()), 0, row);
            overlapGrid.add(value(overlap.read()), 1, row);
            overlapGrid.add(value(overlap.theirs()), 2, row);
            overlapGrid.add(value(overlap.mine()), 3, row);
            ToggleGroup group = new ToggleGroup();
            RadioButton theirs = pickButton("Theirs", "pick-theirs-" + i, group, overlap, JsonReplay.Pick.THEIRS);
            RadioButton mine = pickButton("Mine", "pick-mine-" + i, group, overlap, JsonReplay.Pick.MINE);
            overlapGrid.add(new HBox(8, theirs, mine), 4, row);
        }
    }

    private RadioButton pickButton(String text, String id, ToggleGroup group, JsonReplay.Overlap overlap,
                                   JsonReplay.Pick side) {
        RadioButton button = new RadioButton(text);
        button.setId(id);
        button.setToggleGroup(group);
        button.setSelected(model.picks().get(overlap.pointer()) == side);
        button.setOnAction(e -> model.pick(overlap.pointer(), side));
        return button;
    }

    /** A value of an overlap, compact; long ones cut (the diff tabs show them whole). */
    private static Label value(JsonNode value) {
        String text = value == null ? "(none)" : PythonJson.write(value, PythonJson.Style.COMPACT);
        Label label = new Label(text.length() > 200 ? text.substring(0, 200) + " …" : text);
        label.setWrapText(true);
        label.setMaxWidth(260);
        return label;
    }

    private void showPreview() {
        WritePlan plan = model.planProperty().get();
        if (plan == null) {
            preview.show(null);
            return;
        }
        boolean effective = model.viewProperty().get() == WriteFlowViewModel.View.EFFECTIVE && plan.effective() != null;
        AlignedDiff diff = effective ? plan.effective() : plan.stored();
        // the choice above names which documents these are: the titles say only when
        preview.show(diff, "now", "after: " + plan.command().verb().toLowerCase(java.util.Locale.ROOT));
    }

    /**
     * The button row at the foot of every sheet: {@code left} (or nothing) on the left, the buttons
     * on the right, the primary one last.
     */
    public static HBox buttonBar(Node left, Node... buttons) {
        HBox bar = new HBox(8);
        if (left != null) {
            bar.getChildren().add(left);
        }
        bar.getChildren().add(spacer());
        bar.getChildren().addAll(buttons);
        bar.setAlignment(Pos.CENTER_RIGHT);
        bar.getStyleClass().add(Styles.SHEET_BUTTONS);
        return bar;
    }

    private static Node spacer() {
        Region r = new Region();
        HBox.setHgrow(r, Priority.ALWAYS);
        return r;
    }

    public DiffPanes previewPanes() {
        return preview;
    }

    public TabPane conflictTabs() {
        return conflictTabs;
    }
}
