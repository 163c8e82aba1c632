package dev.cairn.backend;

import dev.cairn.state.StateDocument;

/** A backend opened read-only: every write is refused here, whatever the caller checked before. */
final class ReadOnlyBackend extends ForwardingBackend {

    ReadOnlyBackend(StateBackend backend) {
        super(backend);
    }

    @Override
    public Version write(String stateId, StateDocument document, Version expected) {
        throw refused(stateId);
    }

    @Override
    public CommandWrite write(String stateId, StateDocument document, Version expected, MeltanoRun run) {
        throw refused(stateId);
    }

    @Override
    public void delete(String stateId, Version expected) {
        throw refused(stateId);
    }

    @Override
    public void breakStaleLock(String stateId) {
        throw refused(stateId);
    }

    private BackendException refused(String stateId) {
        return new ReadOnlyException(stateId, backend.displayUri());
    }
}
