package dev.cairn.ui;

import dev.cairn.backend.ListedState;
import dev.cairn.backend.LockStatus;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.backend.Version;
import dev.cairn.state.Glob;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StatePart;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/** A backend in memory for view-model tests: states by ID, locks by ID. */
public final class InMemoryBackend implements StateBackend {

    private final String uri;
    private final Map<String, StoredState> states = new LinkedHashMap<>();
    private final Map<String, LockStatus> locks = new LinkedHashMap<>();
    private final Map<String, String> hidden = new LinkedHashMap<>();

    public InMemoryBackend(String uri) {
        this.uri = uri;
    }

    /** Stores parts as text, the way a backend reads them (null = NULL). */
    public InMemoryBackend put(String id, String completed, String partial) {
        StateDocument doc = new StateDocument(StatePart.parse(completed), StatePart.parse(partial));
        states.put(id, StoredState.present(id, doc, Version.ofContent(completed, partial)));
        return this;
    }

    public InMemoryBackend lock(String id, LockStatus status) {
        locks.put(id, status);
        return this;
    }

    public InMemoryBackend hide(String id, String why) {
        hidden.put(id, why);
        return this;
    }

    @Override
    public String displayUri() {
        return uri;
    }

    @Override
    public synchronized void list(String pattern, Consumer<ListedState> sink) {
        Glob glob = pattern == null ? null : Glob.compile(pattern);
        for (String id : states.keySet()) {
            if (glob == null || glob.matches(id)) {
                sink.accept(new ListedState(id, hidden.get(id)));
            }
        }
    }

    @Override
    public synchronized StoredState read(String stateId) {
        return states.getOrDefault(stateId, StoredState.absent(stateId));
    }

    @Override
    public Version write(String stateId, StateDocument document, Version expected) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void delete(String stateId, Version expected) {
        throw new UnsupportedOperationException();
    }

    @Override
    public synchronized LockStatus lockStatus(String stateId) {
        return locks.getOrDefault(stateId, LockStatus.FREE);
    }

    @Override
    public synchronized void breakStaleLock(String stateId) {
        locks.remove(stateId);
    }

    @Override
    public void close() {
    }
}
