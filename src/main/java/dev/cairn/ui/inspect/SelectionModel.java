package dev.cairn.ui.inspect;

import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.ops.RunAndLock;
import dev.cairn.ops.WriteCommand;
import dev.cairn.state.RenderedState;
import dev.cairn.ui.Selection;
import dev.cairn.ui.task.BackgroundTask;
import dev.cairn.ui.task.TaskExecutor;
import dev.cairn.ui.task.TaskSlot;
import dev.cairn.ui.task.UserError;
import java.util.Objects;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

/**
 * The selected state ID and the one read of it: {@link #select} reads the state, Meltano's lock on
 * it and its pipeline's running row in one background trip, prints there the document users look
 * at first, and publishes an immutable {@link Selection}, which the ID list's badges, the inspector
 * and the shown tab follow. After a write to the selected ID, what the write stored is published
 * ({@link #written}) instead of reading it again. A newer selection drops older results.
 */
public final class SelectionModel {

    /** Follows each read on the UI thread: the inspector, whose first look the read prints. */
    interface Reader {

        /** A read of {@code stateId} began (null: nothing is selected). */
        default void reading(StateBackend backend, String stateId) { }

        /** The first rows of a big effective document, while the rest is printed. */
        default void preview(ShownDocument head) { }

        default void read(Selection selection, InspectorViewModel.FirstLook look) { }

        default void failed(UserError failure) { }

        /** The read was cancelled from the status bar. */
        default void stopped() { }
    }

    private final TaskSlot reading;
    private final ReadOnlyObjectWrapper<Selection> selection = new ReadOnlyObjectWrapper<>(this, "selection");
    /** Nobody yet: the inspector follows as it is made. */
    private Reader reader = new Reader() { };
    private StateBackend backend;
    private String backendName = "";
    private String stateId;

    public SelectionModel(TaskExecutor executor) {
        this.reading = new TaskSlot(executor);
    }

    void follow(Reader inspector) {
        this.reader = inspector;
    }

    /**
     * Selects {@code id} on {@code backend} (the sidebar names it {@code backendName}) and reads it;
     * null selects nothing. The same ID selected again is read again, and what was shown stays until
     * the new read replaces it.
     */
    public void select(StateBackend backend, String backendName, String id) {
        if (backend != this.backend || !Objects.equals(id, stateId)) {
            selection.set(null);
        }
        this.backend = backend;
        this.backendName = backendName == null ? "" : backendName;
        this.stateId = id;
        reader.reading(backend, id);
        if (backend == null || id == null) {
            reading.cancel();
            return;
        }
        long token = reading.nextToken();
        String name = this.backendName;
        reading.run(BackgroundTask.of("Reading " + id, context -> {
            StoredState state = backend.read(id);
            context.checkCancelled();
            RunAndLock now = RunAndLock.read(backend, id);
            Selection read = new Selection(name, backend, state, now.lock(), new RenderedState(state.document()), now.running());
            return new Read(read, InspectorViewModel.firstLook(state, read.rendered(), context,
                    head -> reading.publish(token, () -> reader.preview(head))));
        }).lane(backend), this::publish, reader::failed, reader::stopped);
    }

    /** Reads the selected ID again (Ctrl+R, a write elsewhere, a discarded write). */
    public void reload() {
        if (backend != null && stateId != null) {
            select(backend, backendName, stateId);
        }
    }

    /**
     * Publishes what {@code command}, just executed, stored, when it wrote the selected ID on the
     * selected backend (the same instance: two URIs can name one storage, but a write goes through
     * the instance the window opened); the lock and the run stay as read. Nothing is read again:
     * only the first look is printed. False, publishing nothing, for a write to anything else.
     */
    public boolean written(WriteCommand command) {
        Selection was = selection.get();
        if (was == null || command.backend() != backend || !command.stateId().equals(stateId)) {
            return false;
        }
        StoredState now = command.deletes() ? StoredState.absent(stateId)
                : StoredState.present(stateId, command.after(), command.written());
        Selection next = was.written(now);
        reader.reading(backend, stateId);
        long token = reading.nextToken();
        reading.run(BackgroundTask.of("Showing " + stateId, context -> new Read(next,
                InspectorViewModel.firstLook(now, next.rendered(), context,
                        head -> reading.publish(token, () -> reader.preview(head))))),
                this::publish, reader::failed, reader::stopped);
        return true;
    }

    private record Read(Selection selection, InspectorViewModel.FirstLook look) { }

    private void publish(Read read) {
        reader.read(read.selection(), read.look());
        selection.set(read.selection());
    }

    /** The selected state as last read or written, or null (nothing selected, or its read under way). */
    public ReadOnlyObjectProperty<Selection> selectionProperty() {
        return selection.getReadOnlyProperty();
    }

    /** The backend of the selected ID, or null. */
    public StateBackend backend() {
        return backend;
    }

    /** The selected ID, read or being read, or null. */
    public String stateId() {
        return stateId;
    }
}
