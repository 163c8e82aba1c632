package dev.cairn.ui.edit;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.backend.StoredState;
import dev.cairn.ops.Edit;
import dev.cairn.ops.EditRefused;
import dev.cairn.state.PrettyText;
import dev.cairn.state.RenderedState;
import dev.cairn.state.Validation;
import dev.cairn.ui.Selection;
import dev.cairn.ui.SelectionTab;
import dev.cairn.ui.Texts;
import dev.cairn.ui.inspect.StyledJson;
import dev.cairn.ui.task.BackgroundTask;
import dev.cairn.ui.task.TaskExecutor;
import dev.cairn.ui.task.TaskSlot;
import dev.cairn.ui.task.UserError;
import dev.cairn.ui.write.WriteFlowViewModel;
import dev.cairn.ui.write.WriteScope;
import dev.cairn.ui.write.WriteTarget;
import java.util.Objects;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The editor of one stored part (completed or partial) of the selected state, with live validation:
 * JSON syntax with line and column, the {@code singer_state} wrapper, bookmark values of the wrong
 * type. It keeps the state as it was read when editing began — the version a save is compared with —
 * even if the inspector re-reads the ID meanwhile, so a concurrent change surfaces as a conflict.
 */
public final class EditorViewModel implements SelectionTab {

    /** Which stored document is edited. */
    public enum Part {
        COMPLETED("Completed state"), PARTIAL("Partial state");

        private final String label;

        Part(String label) {
            this.label = label;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    /** A document loaded into the editor: its text and the styled document built for it off the FX thread. */
    public record Loaded(String stateId, Part part, String text, StyledJson prepared) {
        public boolean tooLarge() {
            return prepared == null;
        }
    }

    private final WriteFlowViewModel flow;
    private final WriteScope scope;
    private final ReadOnlyObjectWrapper<UserError> error = new ReadOnlyObjectWrapper<>(this, "error");
    private final TaskSlot loading;
    private final TaskSlot validating;
    private final ObjectProperty<Part> part = new SimpleObjectProperty<>(this, "part", Part.COMPLETED);
    private final ReadOnlyObjectWrapper<StoredState> base = new ReadOnlyObjectWrapper<>(this, "base");
    private final ReadOnlyObjectWrapper<Loaded> loaded = new ReadOnlyObjectWrapper<>(this, "loaded");
    private final StringProperty text = new SimpleStringProperty(this, "text", "");
    private final ReadOnlyBooleanWrapper dirty = new ReadOnlyBooleanWrapper(this, "dirty");
    private final ReadOnlyObjectWrapper<Validation.Result> validation = new ReadOnlyObjectWrapper<>(this, "validation");
    private final ObservableList<Validation.Problem> problems = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private final BooleanBinding canSave;
    private Subject latest;
    /** The text {@link #validation} is about: a save waits until it is the text being edited. */
    private String validatedText;

    /** An editor whose saves are previewed and written through {@code flow}, to where {@code scope} writes. */
    public EditorViewModel(TaskExecutor executor, WriteFlowViewModel flow, WriteScope scope) {
        this.flow = flow;
        this.scope = scope;
        this.loading = new TaskSlot(executor);
        this.validating = new TaskSlot(executor);
        canSave = Bindings.createBooleanBinding(() -> dirty.get() && validation.get() != null && validatedText == text.get()
                && validation.get().canSave() && validation.get().document().isObject(), dirty, validation, text);
        text.addListener((o, a, b) -> edited());
        part.addListener((o, a, b) -> {
            if (latest != null) {
                load(latest);
            }
        });
    }

    /** The Edit tab is shown, or the selection changed while it is: the editor loads the selection. */
    @Override
    public void activate(Selection selection) {
        setSubject(selection == null ? null : selection.stored(), selection == null ? null : selection.rendered());
    }

    /** Edits in progress are the user's work: they stay (and a load in flight finishes) for when the tab comes back. */
    @Override
    public void deactivate() {
    }

    /**
     * The inspector read a state ({@code texts}: its documents' texts). A clean editor (or one on another ID) loads it; an editor with
     * unsaved changes to the same ID keeps them and the version they were made on.
     */
    public void setSubject(StoredState stored, RenderedState texts) {
        StoredState previous = base.get();
        latest = stored == null ? null : new Subject(stored, texts);
        if (stored == null) {
            loading.cancel();
            base.set(null);
            loaded.set(null);
            dirty.set(false);
            problems.clear();
            validation.set(null); // the last document's verdict is not this message's
            status.set(Texts.get("editor.none"));
            return;
        }
        if (dirty.get() && previous != null && previous.stateId().equals(stored.stateId())) {
            return;
        }
        load(latest);
    }

    /** Throws away the edits and loads the state as the inspector last read it. */
    public void revert() {
        if (latest != null) {
            dirty.set(false);
            load(latest);
        }
    }

    /** A state read, and its texts (the selection's: the inspector shows the same, printed once for both). */
    private record Subject(StoredState stored, RenderedState texts) { }

    private void load(Subject subject) {
        Part which = part.get();
        StoredState stored = subject.stored();
        RenderedState texts = subject.texts();
        status.set("Loading …");
        loading.run(BackgroundTask.of("Loading " + stored.stateId() + " into the editor", context -> {
            PrettyText shown = which == Part.COMPLETED ? texts.completed(context::checkCancelled)
                    : texts.partial(context::checkCancelled);
            StyledJson prepared = StyledJson.ofModerate(shown, context);
            return new Loaded(stored.stateId(), which, shown.text(), prepared);
        }), result -> {
            base.set(stored);
            loaded.set(result);
            text.set(result.text());
            dirty.set(false);
            edited();
        }, failure -> status.set(failure.message()));
    }

    private void edited() {
        Loaded l = loaded.get();
        if (l == null) {
            return;
        }
        if (l.tooLarge()) {
            // not editable here (the view says so): nothing is loading any more, nothing to validate
            validating.cancel();
            problems.clear();
            validation.set(null);
            status.set("");
            return;
        }
        dirty.set(!Objects.equals(text.get(), l.text()));
        String content = text.get();
        boolean requireSingerState = l.part() == Part.COMPLETED;
        validating.run(BackgroundTask.of("Validating", context -> Validation.check(content, requireSingerState)),
                result -> validated(content, result), failure -> status.set(failure.message()));
    }

    private void validated(String content, Validation.Result result) {
        validatedText = content;
        validation.set(result);
        problems.setAll(result.problems());
        status.set(describe(result, dirty.get()));
    }

    static String describe(Validation.Result result, boolean dirty) {
        long errors = result.problems().stream().filter(p -> p.severity() == Validation.Severity.ERROR).count();
        long warnings = result.problems().size() - errors;
        if (errors > 0) {
            Validation.Problem first = result.problems().stream()
                    .filter(p -> p.severity() == Validation.Severity.ERROR).findFirst().orElseThrow();
            return (first.line() > 0 ? "Line " + first.line() + ", column " + first.column() + ": " : "") + first.message();
        }
        String state = warnings == 0 ? "Valid" : "Valid, " + warnings + (warnings == 1 ? " warning" : " warnings");
        return state + (dirty ? " · unsaved changes" : " · as stored");
    }

    /**
     * What saving writes: the completed document as {@code meltano state set} does, or the partial
     * document — as the change from what was read, so that re-planned onto a state another writer
     * changed meanwhile it keeps their changes ({@link Edit#edited}).
     */
    public Edit edit() throws EditRefused {
        if (!canSave.get()) {
            throw new IllegalStateException("nothing valid to save");
        }
        ObjectNode document = (ObjectNode) validation.get().document();
        return Edit.edited(part.get() == Part.COMPLETED ? Edit.set(document) : Edit.setPartial(document),
                base.get().document());
    }

    /** Save: the edited document, previewed, then written compare-and-set against the version the editing began on. */
    public void save() {
        StoredState read = base.get();
        WriteTarget on = scope.target();
        if (read == null || on == null) {
            return;
        }
        try {
            flow.start(on, read.stateId(), edit(), read);
        } catch (EditRefused e) {
            error.set(new UserError(UserError.sentence("Cannot save " + read.stateId() + ": " + e.getMessage()), ""));
        }
    }

    /** A save the editor refused to plan, for the window to show. */
    public ReadOnlyObjectProperty<UserError> errorProperty() {
        return error.getReadOnlyProperty();
    }

    /** After a save: the editor is clean and follows the inspector again. */
    public void saved() {
        dirty.set(false);
    }

    public ObjectProperty<Part> partProperty() {
        return part;
    }

    public ReadOnlyObjectProperty<Loaded> loadedProperty() {
        return loaded.getReadOnlyProperty();
    }

    /** The text being edited; the view writes it in when typing pauses, and each change is validated. */
    public StringProperty textProperty() {
        return text;
    }

    public ReadOnlyBooleanProperty dirtyProperty() {
        return dirty.getReadOnlyProperty();
    }

    public ObservableList<Validation.Problem> problems() {
        return problems;
    }

    public ReadOnlyObjectProperty<Validation.Result> validationProperty() {
        return validation.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    public BooleanBinding canSaveProperty() {
        return canSave;
    }
}
