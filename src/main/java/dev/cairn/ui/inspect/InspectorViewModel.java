package dev.cairn.ui.inspect;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cairn.backend.LockStatus;
import dev.cairn.backend.RunRow;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.state.Bookmarks;
import dev.cairn.state.PrettyText;
import dev.cairn.state.RenderedState;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StateError;
import dev.cairn.state.StateHealth;
import dev.cairn.ui.Selection;
import dev.cairn.ui.Texts;
import dev.cairn.ui.browse.Badge;
import dev.cairn.ui.task.BackgroundTask;
import dev.cairn.ui.task.TaskContext;
import dev.cairn.ui.task.TaskExecutor;
import dev.cairn.ui.task.TaskSlot;
import dev.cairn.ui.task.UserError;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;

/**
 * The inspector's view of the selection ({@link SelectionModel}): what is stored (completed,
 * partial) and what the tap will receive (effective), each ready to show. The effective document,
 * the one users look at first, comes printed with the read; the other two are built after it.
 */
public final class InspectorViewModel implements SelectionModel.Reader {

    /** Which document of a state. */
    public enum Part { EFFECTIVE, COMPLETED, PARTIAL }

    private final TaskSlot building;
    private final ReadOnlyStringWrapper stateId = new ReadOnlyStringWrapper(this, "stateId");
    private final ReadOnlyObjectWrapper<StoredState> stored = new ReadOnlyObjectWrapper<>(this, "stored");
    private final ReadOnlyObjectWrapper<LockStatus> lock = new ReadOnlyObjectWrapper<>(this, "lock");
    private final ReadOnlyObjectWrapper<RunRow> running = new ReadOnlyObjectWrapper<>(this, "running");
    private final ReadOnlyObjectWrapper<Badge> health = new ReadOnlyObjectWrapper<>(this, "health");
    private final ReadOnlyStringWrapper verdict = new ReadOnlyStringWrapper(this, "verdict", "");
    private final ReadOnlyObjectWrapper<ShownDocument> effective = new ReadOnlyObjectWrapper<>(this, "effective");
    private final ReadOnlyObjectWrapper<ShownDocument> completed = new ReadOnlyObjectWrapper<>(this, "completed");
    private final ReadOnlyObjectWrapper<ShownDocument> partial = new ReadOnlyObjectWrapper<>(this, "partial");
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper(this, "loading");
    private final ObjectProperty<UserError> error = new SimpleObjectProperty<>(this, "error");
    private StateBackend backend;

    /** Follows {@code selection}'s reads from now on. */
    public InspectorViewModel(TaskExecutor executor, SelectionModel selection) {
        this.building = new TaskSlot(executor);
        selection.follow(this);
    }

    /** What a read printed first: the health, the verdict and the effective document, ready to show. */
    record FirstLook(Badge health, String verdict, ShownDocument effective) { }

    private record Parts(ShownDocument completed, ShownDocument partial) { }

    @Override
    public void reading(StateBackend backend, String id) {
        // the same state read again (after a write, Ctrl+R) stays on screen until the new read replaces it
        if (backend != this.backend || !Objects.equals(id, stateId.get())) {
            clearDocuments();
        }
        this.backend = backend;
        stateId.set(id);
        building.cancel();
        boolean reads = backend != null && id != null;
        loading.set(reads);
        if (reads) {
            error.set(null);
        }
    }

    @Override
    public void preview(ShownDocument head) {
        effective.set(head);
    }

    @Override
    public void read(Selection selection, FirstLook look) {
        lock.set(selection.lock());
        running.set(selection.running());
        stored.set(selection.stored());
        health.set(look.health());
        verdict.set(look.verdict());
        effective.set(look.effective());
        buildParts(selection.stateId(), selection.rendered(), look.effective());
    }

    @Override
    public void failed(UserError failure) {
        loading.set(false);
        error.set(failure);
    }

    /** Cancelled from the status bar: what was not read yet says so, instead of "Reading …" for ever. */
    @Override
    public void stopped() {
        loading.set(false);
        ShownDocument note = ShownDocument.message("Reading " + stateId.get()
                + " was cancelled. Refresh (Ctrl+R) reads it again.", false);
        for (ReadOnlyObjectWrapper<ShownDocument> document : List.of(effective, completed, partial)) {
            if (document.get() == null) {
                document.set(note);
            }
        }
    }

    private void buildParts(String id, RenderedState texts, ShownDocument effectiveShown) {
        StateDocument doc = texts.document();
        building.run(BackgroundTask.of("Preparing " + id, context -> {
            PrettyText completedText = texts.completed(context::checkCancelled);
            ShownDocument c;
            if (completedText != effectiveShown.text()) {
                c = ShownDocument.of(doc.completed(), completedText, context);
            } else {
                // nothing partial: the completed text is the effective one, printed and styled already
                c = new ShownDocument(completedText, effectiveShown.prepared(), null, false);
            }
            context.checkCancelled();
            ShownDocument p = ShownDocument.of(doc.partial(), texts.partial(context::checkCancelled), context);
            return new Parts(c, p);
        }), parts -> {
            completed.set(parts.completed());
            partial.set(parts.partial());
            loading.set(false);
        }, this::failed, this::stopped);
    }

    /** Prints the effective document of {@code state} into {@code texts} (off the UI thread), its first rows to {@code preview}. */
    static FirstLook firstLook(StoredState state, RenderedState texts, TaskContext context,
                               Consumer<ShownDocument> preview) {
        StateDocument doc = state.document();
        if (!state.exists()) {
            return new FirstLook(Badge.EMPTY, Texts.get("inspector.verdict.none"),
                    ShownDocument.message(Texts.get("inspector.document.none"), false));
        }
        try {
            JsonNode value = doc.effective();
            StateHealth health = StateHealth.ofEffective(value);
            String verdict = verdict(health, doc, value);
            String note = health == StateHealth.HEALTHY ? null : verdict;
            boolean problem = health != StateHealth.HEALTHY;
            PrettyText text = texts.effective(context::checkCancelled, StyledJson.MAX_ROWS + 1,
                    head -> preview.accept(ShownDocument.head(head, note, problem)));
            return new FirstLook(Badge.of(health), verdict, ShownDocument.of(text, note, problem, context));
        } catch (StateError e) {
            StateHealth health = StateHealth.of(doc);
            String text = Texts.get("inspector.verdict.unreadable", e.getMessage());
            return new FirstLook(Badge.of(health), text, ShownDocument.message(text, true));
        }
    }

    /** How many streams the header names before it counts the rest. */
    private static final int STREAMS_NAMED = 3;

    private static String verdict(StateHealth health, StateDocument doc, JsonNode effective) {
        String partialNote = doc.hasPendingPartial() ? " " + Texts.get("inspector.verdict.partial") : "";
        switch (health) {
            case HEALTHY:
                String points = Bookmarks.resumePoints(effective, STREAMS_NAMED);
                return (points == null ? Texts.get("inspector.verdict.noBookmarks") : Texts.get("inspector.verdict.resumes", points))
                        + partialNote;
            case NO_SINGER_STATE:
                return Texts.get("inspector.verdict.noSingerState");
            case EMPTY:
                return Texts.get("inspector.verdict.empty");
            default:
                return health.label();
        }
    }

    private void clearDocuments() {
        stored.set(null);
        lock.set(null);
        running.set(null);
        health.set(null);
        verdict.set("");
        effective.set(null);
        completed.set(null);
        partial.set(null);
    }

    public ReadOnlyStringProperty stateIdProperty() {
        return stateId.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<StoredState> storedProperty() {
        return stored.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<LockStatus> lockProperty() {
        return lock.getReadOnlyProperty();
    }

    /** The newest RUNNING row of the ID's pipeline in the runs table, read with the state; null: none (or no runs table). */
    public ReadOnlyObjectProperty<RunRow> runningProperty() {
        return running.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Badge> healthProperty() {
        return health.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty verdictProperty() {
        return verdict.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<ShownDocument> documentProperty(Part part) {
        switch (part) {
            case COMPLETED: return completed.getReadOnlyProperty();
            case PARTIAL: return partial.getReadOnlyProperty();
            default: return effective.getReadOnlyProperty();
        }
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    public ObjectProperty<UserError> errorProperty() {
        return error;
    }
}
