package dev.cairn.ui.edit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.ops.Edit;
import dev.cairn.state.StateError;
import dev.cairn.state.Validation;
import dev.cairn.ui.Selection;
import dev.cairn.ui.Texts;
import dev.cairn.ui.diff.DiffViewModel.BackendChoice;
import dev.cairn.ui.task.BackgroundTask;
import dev.cairn.ui.task.TaskExecutor;
import dev.cairn.ui.task.TaskSlot;
import dev.cairn.ui.task.UserError;
import dev.cairn.ui.write.WriteFlowViewModel;
import dev.cairn.ui.write.WriteScope;
import dev.cairn.ui.write.WriteTarget;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The merge form: where the document to merge comes from — pasted JSON, a file, another ID, or an ID
 * in another open backend (its effective state, as {@code meltano state merge --from-state-id}) —
 * read and checked off the FX thread. The merge itself is {@code ops.Edit.merge}, previewed by the
 * write sheet before anything is written.
 */
public final class MergeViewModel {

    /** Where the merged document comes from. */
    public enum Source {
        PASTED("merge.source.pasted"), FILE("merge.source.file"), OTHER_ID("merge.source.otherId"),
        OTHER_BACKEND("merge.source.otherBackend");

        private final String key;

        Source(String key) {
            this.key = key;
        }

        @Override
        public String toString() {
            return Texts.get(key);
        }
    }

    private final TaskSlot reading;
    private final BooleanProperty showing = new SimpleBooleanProperty(this, "showing");
    private final ObjectProperty<Source> source = new SimpleObjectProperty<>(this, "source", Source.PASTED);
    private final StringProperty pasted = new SimpleStringProperty(this, "pasted", "");
    private final ObjectProperty<Path> file = new SimpleObjectProperty<>(this, "file");
    private final StringProperty otherId = new SimpleStringProperty(this, "otherId", "");
    private final ObservableList<BackendChoice> backends = FXCollections.observableArrayList();
    private final ObjectProperty<BackendChoice> otherBackend = new SimpleObjectProperty<>(this, "otherBackend");
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem", "");
    private final WriteFlowViewModel flow;
    private final WriteScope scope;
    private WriteTarget target;
    private StateBackend backend;
    private StoredState subject;

    /** A form whose merge, once read, is previewed and written through {@code flow}, on what {@code scope} has selected. */
    public MergeViewModel(TaskExecutor executor, WriteFlowViewModel flow, WriteScope scope) {
        this.reading = new TaskSlot(executor);
        this.flow = flow;
        this.scope = scope;
    }

    /** Opens the form on the selected state, as read now; {@code others} are the other open backends. */
    public void open(List<BackendChoice> others) {
        Selection selected = scope.selection();
        WriteTarget here = scope.target();
        if (selected != null && here != null) {
            target = here;
            open(here.backend(), selected.stored(), others);
        }
    }

    void open(StateBackend here, StoredState selected, List<BackendChoice> others) {
        this.backend = here;
        this.subject = selected;
        backends.setAll(others);
        if (otherBackend.get() == null || !others.contains(otherBackend.get())) {
            otherBackend.set(others.isEmpty() ? null : others.get(0));
        }
        if (otherId.get().isBlank()) {
            otherId.set(selected.stateId());
        }
        problem.set("");
        showing.set(true);
    }

    public void close() {
        reading.cancel();
        showing.set(false);
    }

    /** Reads the source and previews Meltano's merge of it into the state as read when the form opened. */
    public void submit() {
        WriteTarget on = target;
        StoredState read = subject;
        submit(document -> flow.start(on, read.stateId(), Edit.merge(document), read));
    }

    /** Reads and checks the source document; {@code then} gets it (on the FX thread) when it can be merged. */
    void submit(Consumer<ObjectNode> then) {
        Source from = source.get();
        String text = pasted.get();
        Path path = file.get();
        String id = otherId.get() == null ? "" : otherId.get().strip();
        BackendChoice there = otherBackend.get();
        StateBackend here = backend;
        problem.set(Texts.get("merge.reading"));
        BackgroundTask<ObjectNode> read = BackgroundTask.of(Texts.get("merge.reading.task"),
                context -> document(from, text, path, id, here, there));
        // a read of a backend waits in that backend's lane, so one that hangs holds up no other
        if (from == Source.OTHER_ID) {
            read.lane(here);
        } else if (from == Source.OTHER_BACKEND && there != null) {
            read.lane(there.backend());
        }
        reading.run(read,
                document -> {
                    problem.set("");
                    then.accept(document);
                }, failure -> problem.set(reason(failure)), () -> problem.set(Texts.get("merge.cancelled")));
    }

    static ObjectNode document(Source from, String text, Path path, String id, StateBackend here, BackendChoice there)
            throws Exception {
        switch (from) {
            case FILE:
                if (path == null) {
                    throw new IllegalArgumentException(Texts.get("merge.problem.noFile"));
                }
                return checked(Files.readString(path, StandardCharsets.UTF_8), path.getFileName().toString());
            case OTHER_ID:
                return effectiveOf(here, id, "");
            case OTHER_BACKEND:
                if (there == null) {
                    throw new IllegalArgumentException(Texts.get("merge.problem.noBackend"));
                }
                return effectiveOf(there.backend(), id, " in " + there.name());
            default:
                return checked(text, "the pasted JSON");
        }
    }

    private static ObjectNode checked(String text, String what) {
        Validation.Result result = Validation.check(text, true);
        if (!result.canSave()) {
            Validation.Problem p = result.problems().stream().filter(x -> x.severity() == Validation.Severity.ERROR)
                    .findFirst().orElseThrow();
            throw new IllegalArgumentException(p.line() > 0 ? Texts.get("merge.problem.invalidAt", what, String.valueOf(p.line()), String.valueOf(p.column()), p.message())
                    : Texts.get("merge.problem.invalid", what, p.message()));
        }
        return (ObjectNode) result.document();
    }

    private static ObjectNode effectiveOf(StateBackend backend, String id, String where) throws StateError {
        if (id.isEmpty()) {
            throw new IllegalArgumentException(Texts.get("merge.problem.noId"));
        }
        StoredState other = backend.read(id);
        if (!other.exists()) {
            throw new IllegalArgumentException(Texts.get("merge.problem.noState", id + where));
        }
        JsonNode effective = other.document().effective();
        if (effective == null || !effective.isObject() || !effective.has("singer_state")) {
            throw new IllegalArgumentException(Texts.get("merge.problem.noSingerState", id + where));
        }
        return (ObjectNode) effective;
    }

    private static String reason(UserError failure) {
        String m = failure.message();
        String prefix = Texts.get("merge.reading.task") + ": ";
        m = m.startsWith(prefix) ? m.substring(prefix.length()) : m;
        return m.endsWith(" (IllegalArgumentException)") ? m.substring(0, m.length() - " (IllegalArgumentException)".length()) : m;
    }

    public StoredState subject() {
        return subject;
    }

    public ReadOnlyBooleanProperty showingProperty() {
        return showing;
    }

    public ObjectProperty<Source> sourceProperty() {
        return source;
    }

    public StringProperty pastedProperty() {
        return pasted;
    }

    public ObjectProperty<Path> fileProperty() {
        return file;
    }

    public StringProperty otherIdProperty() {
        return otherId;
    }

    public ObservableList<BackendChoice> backends() {
        return backends;
    }

    public ObjectProperty<BackendChoice> otherBackendProperty() {
        return otherBackend;
    }

    /** Why the source cannot be merged, "" when nothing is wrong. */
    public ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }
}
