package dev.cairn.ui.write;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cairn.state.JsonReplay;
import dev.cairn.state.PythonJson;
import dev.cairn.ui.Fxml;
import dev.cairn.ui.Texts;
import dev.cairn.ui.diff.AlignedDiff;
import dev.cairn.ui.diff.DiffPanes;
import dev.cairn.ui.theme.Styles;
import dev.cairn.ui.write.WriteFlowViewModel.Stage;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.beans.binding.Bindings;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.RadioButton;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.util.Duration;
import javafx.util.StringConverter;

/**
 * The write sheet over the inspector ({@code WriteSheet.fxml}): the preview of a planned write (its
 * description naming action and target, the diff, Meltano's lock, the typed confirmation production
 * asks for), then its outcome — done (with undo), refused, or the conflict view with its three
 * documents. While a confirmed write waits for a pipeline's lock, it counts down to when it gives up.
 */
public final class WriteSheet extends BorderPane {

    private final WriteFlowViewModel model;
    @FXML private Label title;
    @FXML private Label uri;
    @FXML private Label message;
    @FXML private Label lockNote;
    @FXML private Label lockWait;
    @FXML private Label runningNote;
    @FXML private Label effectiveNote;
    @FXML private StackPane body;
    @FXML private VBox previewBox;
    @FXML private ChoiceBox<WriteFlowViewModel.View> view;
    @FXML private DiffPanes preview;
    @FXML private ProgressIndicator busy;
    @FXML private TabPane conflictTabs;
    @FXML private DiffPanes meanwhile;
    @FXML private DiffPanes yours;
    @FXML private DiffPanes overwrite;
    @FXML private Tab overlapTab;
    @FXML private GridPane overlapGrid;
    @FXML private HBox buttons;
    @FXML private Label typingLabel;
    @FXML private TextField typing;
    @FXML private Button confirm;
    @FXML private Button cancel;
    @FXML private Button savePlan;
    @FXML private Button reapply;
    @FXML private Button discard;
    @FXML private Button undo;
    @FXML private Button close;
    @FXML private Region spacer;
    /** Re-reads the seconds left of a lock wait once a second, while there is one. */
    private final Timeline countdown = new Timeline(new KeyFrame(Duration.seconds(1), e -> showLockWait()));

    /** @param chooseFile asks where to save a plan ({@code Save as plan…}), the name suggested; empty when cancelled */
    public WriteSheet(WriteFlowViewModel model, Function<String, Optional<Path>> chooseFile) {
        this.model = model;
        Fxml.load(this, "WriteSheet");
        title.textProperty().bind(model.titleProperty());
        uri.textProperty().bind(Bindings.createStringBinding(() -> Texts.get("write.on", model.uriProperty().get()),
                model.uriProperty()));
        // one line, cut in the middle where it is long (the whole of it on hover): wrapped, it broke mid-URI
        Styles.wholeTextAsTooltip(uri);
        message.textProperty().bind(model.messageProperty());
        for (Label note : new Label[] {lockNote, lockWait, runningNote, effectiveNote}) {
            note.managedProperty().bind(note.visibleProperty());
        }
        lockNote.pseudoClassStateChanged(Styles.PROBLEM, true);
        lockWait.pseudoClassStateChanged(Styles.PROBLEM, true);

        view.setConverter(new StringConverter<>() {
            @Override
            public String toString(WriteFlowViewModel.View v) {
                return v == null ? "" : Texts.get("write.view." + v.name().toLowerCase(Locale.ROOT));
            }

            @Override
            public WriteFlowViewModel.View fromString(String s) {
                throw new UnsupportedOperationException("a choice box only shows its items");
            }
        });
        view.getItems().setAll(WriteFlowViewModel.View.values());
        view.valueProperty().bindBidirectional(model.viewProperty());

        confirm.disableProperty().bind(model.canConfirmProperty().not());
        confirm.setOnAction(e -> model.confirm());
        savePlan.setOnAction(e -> chooseFile.apply(PlanSaving.FILE_NAME).ifPresent(model::savePlan));
        cancel.setOnAction(e -> model.cancel());
        reapply.setOnAction(e -> model.reapply());
        reapply.disableProperty().bind(model.canReapplyProperty().not());
        discard.setOnAction(e -> model.discard());
        undo.setOnAction(e -> model.undoWritten());
        close.setOnAction(e -> model.close());
        typing.textProperty().bindBidirectional(model.typedProperty());

        countdown.setCycleCount(Animation.INDEFINITE);
        model.lockWaitEndsProperty().addListener((o, a, ends) -> {
            showLockWait();
            if (ends == null) {
                countdown.stop();
            } else {
                countdown.play();
            }
        });
        model.stageProperty().addListener((o, a, b) -> update());
        model.planProperty().addListener((o, a, b) -> update());
        model.cancellableProperty().addListener((o, a, b) -> update());
        model.viewProperty().addListener((o, a, b) -> showPreview());
        model.requiredTypingProperty().addListener((o, a, b) -> update());
        showLockWait();
        update();
    }

    private void showLockWait() {
        String note = model.lockWaitNote(Instant.now());
        lockWait.setText(note);
        lockWait.setVisible(!note.isEmpty());
    }

    private static void note(Label label, String text, boolean shown) {
        label.setText(text == null ? "" : text);
        label.setVisible(text != null && shown);
    }

    private void update() {
        Stage stage = model.stageProperty().get();
        WritePlan plan = model.planProperty().get();
        boolean previewing = stage == Stage.PREVIEW || stage == Stage.WRITING;
        note(lockNote, plan == null ? null : plan.lockNote(), previewing);
        // the pipeline running on the ID (the runs table's, apart from the lock)
        note(runningNote, plan == null ? null : plan.runningNote(), previewing);
        note(effectiveNote, plan == null ? null : plan.effectiveNote(), stage == Stage.PREVIEW);
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
                // a few words ("Rewind 1 stream"): the title above says what exactly, on which state
                confirm.setText(plan == null ? Texts.get("write.confirm") : plan.edit().shortVerb());
                String required = model.requiredTypingProperty().get();
                // a plan needs no typing: it is applied later, where production asks again
                savePlan.setDisable(plan == null || plan.command().changesNothing());
                // an undo is written now or not at all, as cairn undo takes no --plan-out
                savePlan.setVisible(plan == null || !plan.command().isUndo());
                savePlan.setManaged(savePlan.isVisible());
                if (required.isEmpty()) {
                    buttons.getChildren().setAll(savePlan, spacer, cancel, confirm);
                } else {
                    // the ID to type is in the label beside the field, whole: no placeholder that a narrow field would cut
                    typingLabel.setText(Texts.get("write.typing", required));
                    typing.setPrefColumnCount(Math.max(12, required.length()));
                    buttons.getChildren().setAll(savePlan, typingLabel, typing, spacer, cancel, confirm);
                }
                break;
            case CONFLICT:
                Conflict c = model.conflictProperty().get();
                if (c != null) {
                    meanwhile.show(c.meanwhile(), Texts.get("write.conflict.read", c.read().version()),
                            c.current().exists() ? Texts.get("write.conflict.storedNow", c.current().version())
                                    : Texts.get("write.conflict.deleted"));
                    yours.show(c.yours(), Texts.get("write.conflict.whatYouRead"), Texts.get("write.conflict.yourChange"));
                    overwrite.show(c.overwrite(), Texts.get("write.conflict.stored"), Texts.get("write.conflict.blind"));
                    showOverlaps(c.overlaps());
                }
                conflictTabs.getSelectionModel().select(0);
                body.getChildren().setAll(conflictTabs);
                buttons.getChildren().setAll(spacer, discard, reapply);
                break;
            case DONE:
                showPreview();
                body.getChildren().setAll(previewBox);
                buttons.getChildren().setAll(spacer, undo, close);
                break;
            default:
                Label failed = new Label(model.messageProperty().get());
                failed.getStyleClass().add(Styles.PLACEHOLDER);
                failed.setWrapText(true);
                body.getChildren().setAll(failed);
                buttons.getChildren().setAll(spacer, close);
        }
    }

    /** The places both changed, first among the conflict's tabs, each with the pick of whose value stays. */
    private void showOverlaps(List<JsonReplay.Overlap> overlaps) {
        conflictTabs.getTabs().remove(overlapTab);
        if (overlaps.isEmpty()) {
            return;
        }
        overlapTab.setText(Texts.get("write.overlaps", overlaps.size()));
        conflictTabs.getTabs().add(0, overlapTab);
        overlapGrid.getChildren().clear();
        String[] headings = {"where", "read", "theirs", "mine", "keep"};
        for (int column = 0; column < headings.length; column++) {
            Label heading = new Label(Texts.get("write.overlaps." + headings[column]));
            heading.getStyleClass().add(Styles.SUBTITLE);
            // a narrow sheet wraps the values below, never cuts a heading
            heading.setMinWidth(Region.USE_PREF_SIZE);
            overlapGrid.add(heading, column, 0);
        }
        for (int i = 0; i < overlaps.size(); i++) {
            JsonReplay.Overlap overlap = overlaps.get(i);
            int row = i + 1;
            Label where = new Label(overlap.pointer().isEmpty() ? Texts.get("write.overlaps.wholeState") : overlap.pointer());
            where.setWrapText(true);
            where.setMaxWidth(260);
            overlapGrid.add(where, 0, row);
            overlapGrid.add(value(overlap.read()), 1, row);
            overlapGrid.add(value(overlap.theirs()), 2, row);
            overlapGrid.add(value(overlap.mine()), 3, row);
            ToggleGroup group = new ToggleGroup();
            RadioButton theirs = pickButton(Texts.get("write.pick.theirs"), "pick-theirs-" + i, group, overlap, JsonReplay.Pick.THEIRS);
            RadioButton mine = pickButton(Texts.get("write.pick.mine"), "pick-mine-" + i, group, overlap, JsonReplay.Pick.MINE);
            overlapGrid.add(new HBox(8, theirs, mine), 4, row);
        }
    }

    private RadioButton pickButton(String text, String id, ToggleGroup group, JsonReplay.Overlap overlap,
                                   JsonReplay.Pick side) {
        RadioButton button = new RadioButton(text);
        button.setMinWidth(Region.USE_PREF_SIZE);
        button.setId(id);
        button.setToggleGroup(group);
        button.setSelected(model.picks().get(overlap.pointer()) == side);
        button.setOnAction(e -> model.pick(overlap.pointer(), side));
        return button;
    }

    /** A value of an overlap, compact; long ones cut (the diff tabs show them whole). */
    private static Label value(JsonNode value) {
        String text = value == null ? Texts.get("write.overlaps.none") : PythonJson.write(value, PythonJson.Style.COMPACT);
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
        preview.show(diff, Texts.get("write.preview.now"),
                Texts.get("write.preview.after", plan.edit().shortVerb().toLowerCase(Locale.ROOT)));
    }

    public DiffPanes previewPanes() {
        return preview;
    }

    public TabPane conflictTabs() {
        return conflictTabs;
    }
}
