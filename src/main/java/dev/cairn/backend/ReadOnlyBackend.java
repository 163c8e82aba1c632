package dev.cairn.backend;

import dev.cairn.state.StateDocument;
import java.util.function.Consumer;

/** A backend opened read-only: every write is refused here, whatever the caller checked before. */
final class ReadOnlyBackend implements StateBackend {

    private final StateBackend backend;

    ReadOnlyBackend(StateBackend backend) {
        this.backend = backend;
    }

    @Override
    public String displayUri() {
        return backend.displayUri();
    }

    @Override
    public void list(String pattern, Consumer<ListedState> sink) {
        backend.list(pattern, sink);
    }

    @Override
    public StoredState read(String stateId) {
        return backend.read(stateId);
    }

    @Override
    public void readAll(String pattern, Consumer<StoredState> sink) {
        backend.readAll(pattern, sink);
    }

    @Override
    public Version write(String stateId, StateDocument document, Version expected) {
        throw refused(stateId);
    }

    @Override
    public void delete(String stateId, Version expected) {
        throw refused(stateId);
    }

    @Override
    public java.util.Optional<RunLog> runs() {
        return backend.runs();
    }

    @Override
    public LockStatus lockStatus(String stateId) {
        return backend.lockStatus(stateId);
    }

    @Override
    public void breakStaleLock(String stateId) {
        throw refused(stateId);
    }

    @Override
    public void close() {
        backend.close();
    }

    private BackendException refused(String stateId) {
        return new ReadOnlyException(stateId, backend.displayUri());
    }
}
