package dev.cairn.ui.inspect;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cairn.backend.LockStatus;
import dev.cairn.backend.RunRow;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.ops.RunAndLock;
import dev.cairn.state.Bookmarks;
import dev.cairn.state.PrettyText;
import dev.cairn.state.RenderedState;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StateError;
import dev.cairn.state.StateHealth;
import dev.cairn.ui.browse.Badge;
import dev.cairn.ui.task.BackgroundTask;
import dev.cairn.ui.task.TaskContext;
import dev.cairn.ui.task.TaskExecutor;
import dev.cairn.ui.task.TaskSlot;
import dev.cairn.ui.task.UserError;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;

/**
 * The selected state ID: what is stored (completed, partial) and what the tap will receive
 * (effective), each ready to show. The effective document, the one users look at first, is built
 * and published before the other two; a newer selection drops older results.
 */
public final class InspectorViewModel {

    /** Which document of a state. */
    public enum Part { EFFECTIVE, COMPLETED, PARTIAL }

    private final TaskSlot reading;
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
    private RenderedState rendered;

    public InspectorViewModel(TaskExecutor executor) {
        this.reading = new TaskSlot(executor);
        this.building = new TaskSlot(executor);
    }

    /** What a read produced, before the two stored parts are built. */
    record FirstLook(StoredState stored, RenderedState rendered, LockStatus lock, Badge health, String verdict,
                     ShownDocument effective) { }

    /** A read of the ID: its first look and the newest RUNNING row of its pipeline (null: none). */
    private record Read(FirstLook look, RunRow running) { }

    private record Parts(ShownDocument completed, ShownDocument partial) { }

    public void inspect(StateBackend backend, String id) {
        // the same state read again (after a write, Ctrl+R) stays on screen until the new read replaces it
        if (backend != this.backend || !java.util.Objects.equals(id, stateId.get())) {
            clearDocuments();
        }
        this.backend = backend;
        stateId.set(id);
        if (backend == null || id == null) {
            reading.cancel();
            building.cancel();
            loading.set(false);
            return;
        }
        loading.set(true);
        error.set(null);
        building.cancel();
        long token = reading.nextToken();
        reading.run(BackgroundTask.of("Reading " + id, context -> {
            StoredState state = backend.read(id);
            context.checkCancelled();
            RunAndLock now = RunAndLock.read(backend, id);
            return new Read(firstLook(state, now.lock(), context, preview -> reading.publish(token, () -> effective.set(preview))),
                    now.running());
        }).lane(backend), read -> {
            FirstLook look = read.look();
            lock.set(look.lock());
            running.set(read.running());
            rendered = look.rendered();
            stored.set(look.stored());
            health.set(look.health());
            verdict.set(look.verdict());
            effective.set(look.effective());
            buildParts(look.rendered(), look.effective());
        }, failure -> {
            loading.set(false);
            error.set(failure);
        }, this::stopped);
    }

    /** Cancelled from the status bar: what was not read yet says so, instead of "Reading …" for ever. */
    private void stopped() {
        loading.set(false);
        ShownDocument note = ShownDocument.message("Reading " + stateId.get()
                + " was cancelled. Refresh (Ctrl+R) reads it again.", false);
        for (ReadOnlyObjectWrapper<ShownDocument> document : java.util.List.of(effective, completed, partial)) {
            if (document.get() == null) {
                document.set(note);
            }
        }
    }

    /** Re-reads the current ID. */
    public void reload() {
        if (backend != null && stateId.get() != null) {
            inspect(backend, stateId.get());
        }
    }

    private void buildParts(RenderedState texts, ShownDocument effectiveShown) {
        StateDocument doc = texts.document();
        building.run(BackgroundTask.of("Preparing " + stored.get().stateId(), context -> {
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
        }, failure -> {
            loading.set(false);
            error.set(failure);
        }, this::stopped);
    }

    static FirstLook firstLook(StoredState state, LockStatus lockStatus, TaskContext context,
                               java.util.function.Consumer<ShownDocument> preview) {
        StateDocument doc = state.document();
        RenderedState texts = new RenderedState(doc);
        if (!state.exists()) {
            return new FirstLook(state, texts, lockStatus, Badge.EMPTY, "No state is stored for this ID: the tap gets none and syncs everything.",
                    ShownDocument.message("No state stored: `meltano state get` prints {}.", false));
        }
        try {
            JsonNode value = doc.effective();
            StateHealth health = StateHealth.ofEffective(value);
            String verdict = verdict(health, doc, value);
            String note = health == StateHealth.HEALTHY ? null : verdict;
            boolean problem = health != StateHealth.HEALTHY;
            PrettyText text = texts.effective(context::checkCancelled, StyledJson.MAX_ROWS + 1,
                    head -> preview.accept(ShownDocument.head(head, note, problem)));
            return new FirstLook(state, texts, lockStatus, Badge.of(health), verdict, ShownDocument.of(text, note, problem, context));
        } catch (StateError e) {
            StateHealth health = StateHealth.of(doc);
            String text = "Meltano fails reading this state: " + e.getMessage()
                    + ". A run would stop before the tap starts.";
            return new FirstLook(state, texts, lockStatus, Badge.of(health), text, ShownDocument.message(text, true));
        }
    }

    /** How many streams the header names before it counts the rest. */
    private static final int STREAMS_NAMED = 3;

    private static String verdict(StateHealth health, StateDocument doc, JsonNode effective) {
        String partialNote = doc.hasPendingPartial()
                ? " Partial state of an unfinished run is merged on top of the completed state." : "";
        switch (health) {
            case HEALTHY:
                String points = Bookmarks.resumePoints(effective, STREAMS_NAMED);
                return (points == null ? "The tap will start from this state's singer_state, which holds no bookmarks."
                        : "The tap resumes " + points + ".") + partialNote;
            case NO_SINGER_STATE:
                return "There is no top-level singer_state: the tap gets no state and will sync everything from scratch.";
            case EMPTY:
                return "The state is empty: the tap gets no state and will sync everything from scratch.";
            default:
                return health.label();
        }
    }

    private void clearDocuments() {
        rendered = null;
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

    public StateBackend backend() {
        return backend;
    }

    /** The texts of what {@link #storedProperty} holds, printed once and shared with the other tabs. */
    public RenderedState rendered() {
        return rendered;
    }
}
