package dev.cairn.ui.main;

import dev.cairn.backend.StateBackend;
import dev.cairn.ui.browse.StateListViewModel;
import dev.cairn.ui.connect.SavedConnection;
import dev.cairn.ui.task.TaskExecutor;
import dev.cairn.ui.task.UserError;
import dev.cairn.ui.write.WriteTarget;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleObjectProperty;

/** One open backend in the sidebar: its connection, the backend once opened, and its ID list. */
public final class BackendSession {

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(BackendSession.class);

    public enum Status { OPENING, OPEN, FAILED }

    private final SavedConnection connection;
    private final ReadOnlyObjectWrapper<Status> status = new ReadOnlyObjectWrapper<>(this, "status", Status.OPENING);
    private final ObjectProperty<UserError> error = new SimpleObjectProperty<>(this, "error");
    private StateBackend backend;
    private StateListViewModel list;

    BackendSession(SavedConnection connection) {
        this.connection = connection;
    }

    void opened(StateBackend opened, TaskExecutor executor) {
        this.backend = opened;
        // a folder's lock files are cheap to list with every scan; a system DB has none besides its running jobs
        this.list = new StateListViewModel(opened, executor, connection.scheme().equals("file"));
        status.set(Status.OPEN);
        list.refresh();
    }

    void failed(UserError failure) {
        error.set(failure);
        status.set(Status.FAILED);
    }

    public SavedConnection connection() {
        return connection;
    }

    public String name() {
        return connection.name();
    }

    /** The open backend; null while opening or after a failure. */
    public StateBackend backend() {
        return backend;
    }

    /** Where writes to this backend go, with the connection's environment and read-only flag; null until open. */
    public WriteTarget target() {
        return backend == null ? null
                : new WriteTarget(connection.name(), backend, connection.environment(), connection.readOnly());
    }

    /** The ID list; null until the backend is open. */
    public StateListViewModel list() {
        return list;
    }

    public ReadOnlyObjectProperty<Status> statusProperty() {
        return status.getReadOnlyProperty();
    }

    public ObjectProperty<UserError> errorProperty() {
        return error;
    }

    /** Cancels the list's work; on the UI thread, before the backend is closed. */
    void stop() {
        if (list != null) {
            list.close();
        }
    }

    /** Closes the backend, if it was opened; blocks on connections, so not on the UI thread. */
    void closeBackend() {
        if (backend != null) {
            close(backend);
        }
    }

    static void close(StateBackend backend) {
        try {
            backend.close();
            LOG.info("Closed {}", backend.displayUri());
        } catch (RuntimeException e) {
            // closing is best effort: the session is gone either way
            LOG.warn("Closing {} failed", backend.displayUri(), e);
        }
    }

    @Override
    public String toString() {
        return connection.name();
    }
}
