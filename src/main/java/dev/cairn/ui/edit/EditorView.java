package dev.cairn.ui.edit;

import dev.cairn.state.Validation;
import dev.cairn.ui.Texts;
import dev.cairn.ui.inspect.FindBar;
import dev.cairn.ui.inspect.JsonCodeView;
import dev.cairn.ui.inspect.StyledJson;
import dev.cairn.ui.theme.Styles;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.value.ObservableStringValue;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.fxmisc.flowless.VirtualizedScrollPane;
import org.fxmisc.richtext.CodeArea;
import org.fxmisc.richtext.model.PlainTextChange;
import org.fxmisc.richtext.model.TwoDimensional;
import org.reactfx.Subscription;

/**
 * The editor tab: the completed or partial document of the selected state, editable, highlighted
 * line by line as it changes, with the validation problems listed under it (a click goes to the
 * line). Save opens the write preview.
 */
public final class EditorView extends BorderPane {

    private final EditorViewModel model;
    private final Label status = new Label();
    private final Button save = new Button(Texts.get("editor.save"));
    private final Button revert = new Button(Texts.get("editor.revert"));
    private final ListView<Validation.Problem> problems = new ListView<>();
    /** The ID of the state shown, for the find bar to keep its text on a re-read of it only. */
    private String shownId;
    /** Ctrl+F in the edited text; its row shows while it is in use. */
    private final FindBar find = new FindBar(() -> this.area == null ? null : this.area.getText(), this::showHit, this::closeFind);
    private final HBox findRow = new HBox(6);
    /** How long typing must pause before the edited lines are highlighted again and the text validated. */
    static final Duration SETTLE = Duration.ofMillis(250);

    private CodeArea area;
    private Subscription editing = Subscription.EMPTY;
    /** Typed text has not reached the model yet: Save waits for it (and its validation). */
    private final BooleanProperty typing = new SimpleBooleanProperty(this, "typing");
    private int errorParagraph = -1;

    /**
     * @param onSave asks for the write preview of the edited document
     * @param whyReadOnly why writes are disabled here ("" when they are allowed)
     */
    public EditorView(EditorViewModel model, Runnable onSave, ObservableStringValue whyReadOnly) {
        this.model = model;
        getStyleClass().add(Styles.EDITOR);
        ChoiceBox<EditorViewModel.Part> part = new ChoiceBox<>();
        part.getItems().setAll(EditorViewModel.Part.values());
        part.valueProperty().bindBidirectional(model.partProperty());
        part.disableProperty().bind(model.dirtyProperty());
        status.textProperty().bind(model.statusProperty());
        status.setId("editor-status");
        status.setMaxWidth(Double.MAX_VALUE);
        // one line whatever the message (a JSON error's is long): the text below never moves; the
        // whole message is on hover and in the problems list under the text
        Styles.wholeTextAsTooltip(status);
        HBox.setHgrow(status, Priority.ALWAYS);
        for (Region control : new Region[] {part, revert, save}) {
            control.setMinWidth(Region.USE_PREF_SIZE);
        }
        model.validationProperty().addListener((o, a, b) -> status.pseudoClassStateChanged(Styles.PROBLEM,
                b != null && !b.canSave()));
        save.setId("editor-save");
        save.getStyleClass().add(Styles.PRIMARY);
        save.setTooltip(new Tooltip(Texts.get("editor.save.tooltip")));
        save.disableProperty().bind(model.canSaveProperty().not().or(Bindings.isNotEmpty(whyReadOnly))
                .or(typing));
        save.setOnAction(e -> onSave.run());
        revert.setId("editor-revert");
        revert.disableProperty().bind(model.dirtyProperty().not());
        revert.setOnAction(e -> model.revert());
        HBox bar = new HBox(8, part, status, revert, save);
        bar.setAlignment(Pos.CENTER_LEFT);
        findRow.getChildren().setAll(find.nodes());
        findRow.setAlignment(Pos.CENTER_RIGHT);
        findRow.setVisible(false);
        findRow.managedProperty().bind(findRow.visibleProperty());
        // why Save is off on a read-only connection is the line above the tabs, kept on every
        // connection: a notice here too would push the text down as connections change
        VBox top = new VBox(6, bar, findRow);
        top.getStyleClass().add(Styles.PANE_HEADER);
        setTop(top);

        problems.setItems(model.problems());
        problems.setPrefHeight(96);
        problems.getStyleClass().add(Styles.PROBLEMS);
        problems.setCellFactory(v -> new ProblemCell());
        problems.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> goTo(b));
        problems.visibleProperty().bind(Bindings.isNotEmpty(model.problems()));
        problems.managedProperty().bind(problems.visibleProperty());
        setBottom(problems);

        model.loadedProperty().addListener((o, a, b) -> show(b));
        model.validationProperty().addListener((o, a, b) -> markError(b));
        show(model.loadedProperty().get());
    }

    private void show(EditorViewModel.Loaded loaded) {
        errorParagraph = -1;
        String id = loaded == null ? null : loaded.stateId();
        if (Objects.equals(id, shownId)) {
            find.reset(); // the same state read again: the search goes on in it
        } else {
            find.clear();
        }
        shownId = id;
        editing.unsubscribe(); // a pause after typing in the area shown before must not reach the model
        typing.set(false);
        if (loaded == null) {
            area = null;
            Label placeholder = new Label(Texts.get("editor.nothingSelected"));
            placeholder.getStyleClass().add(Styles.PLACEHOLDER);
            setCenter(placeholder);
            return;
        }
        if (loaded.tooLarge()) {
            area = null;
            Label placeholder = new Label(Texts.get("editor.tooLarge"));
            placeholder.getStyleClass().add(Styles.PLACEHOLDER);
            placeholder.setWrapText(true);
            setCenter(placeholder);
            return;
        }
        area = JsonCodeView.editableArea(loaded.prepared());
        area.setId("editor-area");
        CodeArea edited = area;
        // Once typing pauses: re-highlight the lines the burst touched, and hand the text (one copy) to validation.
        editing = edited.plainTextChanges().subscribe(change -> typing.set(true)).and(edited.plainTextChanges()
                .reduceSuccessions(change -> Lines.touched(edited, change), (lines, change) -> lines.and(edited, change), SETTLE)
                .subscribe(lines -> {
                    restyle(lines);
                    model.textProperty().set(edited.getText());
                    typing.set(false);
                }));
        setCenter(new VirtualizedScrollPane<>(area));
        markError(model.validationProperty().get());
    }

    /** Re-highlights only the paragraphs a burst of edits touched. */
    private void restyle(Lines lines) {
        for (int p = lines.first(); p <= lines.last() && p < area.getParagraphs().size(); p++) {
            String line = area.getParagraph(p).getText();
            area.setStyleSpans(p, 0, StyledJson.spans(line, List.of()));
        }
    }

    /** The paragraphs a burst of edits touched, in the area as it is after the last of them. */
    record Lines(int first, int last) {

        static Lines touched(CodeArea area, PlainTextChange change) {
            int first = area.offsetToPosition(change.getPosition(), TwoDimensional.Bias.Backward).getMajor();
            int last = area.offsetToPosition(Math.min(change.getInsertionEnd(), area.getLength()), TwoDimensional.Bias.Forward)
                    .getMajor();
            return new Lines(first, last);
        }

        /** These lines, moved by the lines {@code change} added or removed before them, and the lines it touched. */
        Lines and(CodeArea area, PlainTextChange change) {
            Lines now = touched(area, change);
            int shift = newlines(change.getInserted()) - newlines(change.getRemoved());
            int movedFirst = first > now.first ? Math.max(now.first, first + shift) : first;
            int movedLast = last > now.first ? Math.max(now.first, last + shift) : last;
            return new Lines(Math.min(movedFirst, now.first), Math.max(movedLast, now.last));
        }

        private static int newlines(String text) {
            int n = 0;
            for (int i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
                n++;
            }
            return n;
        }
    }

    private void markError(Validation.Result result) {
        if (area == null) {
            return;
        }
        if (errorParagraph >= 0 && errorParagraph < area.getParagraphs().size()) {
            area.setParagraphStyle(errorParagraph, List.of());
        }
        errorParagraph = -1;
        if (result == null) {
            return;
        }
        result.problems().stream().filter(p -> p.severity() == Validation.Severity.ERROR && p.line() > 0).findFirst()
                .ifPresent(p -> {
                    errorParagraph = Math.min(p.line() - 1, area.getParagraphs().size() - 1);
                    area.setParagraphStyle(errorParagraph, Set.of(Styles.ERROR_LINE));
                });
    }

    private void goTo(Validation.Problem problem) {
        if (area == null || problem == null || problem.line() <= 0) {
            return;
        }
        int paragraph = Math.min(problem.line() - 1, area.getParagraphs().size() - 1);
        area.moveTo(paragraph, Math.min(Math.max(0, problem.column() - 1), area.getParagraphLength(paragraph)));
        area.requestFollowCaret();
        area.requestFocus();
    }

    /** Ctrl+F: the find row, focused. */
    public void focusSearch() {
        if (area == null) {
            return;
        }
        findRow.setVisible(true);
        find.focus();
    }

    private void closeFind() {
        findRow.setVisible(false);
        if (area != null) {
            area.requestFocus();
        }
    }

    /** Selects a match in the edited text; says its line. */
    private String showHit(int offset, int length) {
        area.selectRange(offset, offset + length);
        area.requestFollowCaret();
        return String.format("line %,d", area.getCurrentParagraph() + 1);
    }

    public FindBar findBar() {
        return find;
    }

    /** The editing area (null while nothing editable is loaded). */
    public CodeArea area() {
        return area;
    }

    public Button saveButton() {
        return save;
    }

    private static final class ProblemCell extends ListCell<Validation.Problem> {
        ProblemCell() {
            setPrefWidth(0); // as wide as the list: a long message wraps instead of running out of view
        }

        @Override
        protected void updateItem(Validation.Problem item, boolean empty) {
            super.updateItem(item, empty);
            if (empty || item == null) {
                setText(null);
                setGraphic(null);
                return;
            }
            Label severity = new Label(item.severity() == Validation.Severity.ERROR ? Texts.get("editor.severity.error") : Texts.get("editor.severity.warning"));
            severity.getStyleClass().addAll(Styles.FLAG, Styles.variant(Styles.FLAG, item.severity()));
            severity.setMinWidth(Region.USE_PREF_SIZE);
            String where = item.line() > 0 ? "line " + item.line() + ", column " + item.column() + " · "
                    : item.pointer().isEmpty() ? "" : item.pointer() + " · ";
            Label text = new Label(where + item.message());
            text.setWrapText(true);
            HBox row = new HBox(6, severity, text);
            row.setAlignment(Pos.CENTER_LEFT);
            setText(null);
            setGraphic(row);
        }
    }
}
