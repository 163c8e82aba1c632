package dev.cairn.ui.main;

import dev.cairn.backend.BackendKind;
import dev.cairn.backend.Backends;
import dev.cairn.backend.StateBackend;
import dev.cairn.ui.browse.StateListViewModel;
import dev.cairn.ui.connect.SavedConnection;
import dev.cairn.ui.task.TaskExecutor;
import dev.cairn.ui.task.UserError;
import dev.cairn.ui.write.WriteTarget;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleObjectProperty;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** One backend in the sidebar: its connection, the backend once opened, and its ID list. */
public final class BackendSession {

    private static final Logger LOG = LoggerFactory.getLogger(BackendSession.class);

    public enum Status {
        OPENING, OPEN, FAILED,
        /** Opening took longer than the window waits: it goes on in the background, and the session opens if it ends well. */
        NO_ANSWER,
        /** Not opened at start, since it failed or did not answer at the start before. */
        NOT_OPENED;

        /** Whether the sidebar offers to open it (again): it is neither open nor opening in the time the window waits. */
        public boolean notOpen() {
            return this == FAILED || this == NO_ANSWER || this == NOT_OPENED;
        }
    }

    private final SavedConnection connection;
    private final boolean atStart;
    private final ReadOnlyObjectWrapper<Status> status = new ReadOnlyObjectWrapper<>(this, "status", Status.OPENING);
    private final ObjectProperty<UserError> error = new SimpleObjectProperty<>(this, "error");
    private Duration waited = Duration.ZERO;
    private StateBackend backend;
    private StateListViewModel list;

    /** @param atStart opened as the window starts, from the saved connections: whether it opens is remembered for the next start */
    BackendSession(SavedConnection connection, boolean atStart) {
        this.connection = connection;
        this.atStart = atStart;
    }

    void opened(StateBackend opened, TaskExecutor executor) {
        this.backend = opened;
        // a folder's lock files are cheap to list with every scan; a system DB has none besides its running jobs
        this.list = new StateListViewModel(opened, executor,
                Backends.kindOf(connection.uri()).map(BackendKind::locksCheapToScan).orElse(false));
        status.set(Status.OPEN);
        list.refresh();
    }

    void failed(UserError failure) {
        error.set(failure);
        status.set(Status.FAILED);
    }

    /** Opening has taken {@code waited} and still goes on. */
    void noAnswer(Duration waitedFor) {
        this.waited = waitedFor;
        status.set(Status.NO_ANSWER);
    }

    void notOpened() {
        status.set(Status.NOT_OPENED);
    }

    boolean atStart() {
        return atStart;
    }

    /** How long the window waited for it to open, when it did not answer ({@link Status#NO_ANSWER}). */
    public Duration waited() {
        return waited;
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

    /**
     * The URI the window's header shows: the open backend's where it names another kind than the
     * saved URI (a {@code postgresql://} database that holds only the table of Meltano's PostgreSQL
     * extension opens as {@code postgresql+extension://}), else the saved one.
     */
    public String shownUri() {
        if (backend == null) {
            return connection.displayUri();
        }
        Optional<BackendKind> opened = Backends.kindOf(backend.displayUri());
        return opened.isPresent() && !opened.equals(Backends.kindOf(connection.uri())) ? backend.displayUri() : connection.displayUri();
    }

    /** What is open ("A PostgreSQL system database"); empty while opening or after a failure. */
    public Optional<String> kindName() {
        return backend == null ? Optional.empty() : Backends.kindOf(backend.displayUri()).map(BackendKind::displayName);
    }

    /** Why this connection takes no writes, "" when it does: the opened backend's own reason once it is open. */
    public String whyReadOnly() {
        WriteTarget open = target();
        if (open != null) {
            return Objects.requireNonNullElse(open.whyReadOnly(), "");
        }
        return connection().readOnly() ? WriteTarget.readOnlyReason(name(), connection().displayUri()) : "";
    }

    /** Where writes to this backend go, with the connection's environment and read-only flag; null until open. */
    public WriteTarget target() {
        return backend == null ? null
                : new WriteTarget(connection.name(), backend, connection.environment(), connection.readOnly(),
                        connection.meltanoEnvironment());
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
