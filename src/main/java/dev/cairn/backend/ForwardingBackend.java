package dev.cairn.backend;

import dev.cairn.state.Glob;
import dev.cairn.state.StateDocument;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/** A backend that hands every call to another one; decorators override what they change. */
public abstract class ForwardingBackend implements StateBackend {

    protected final StateBackend backend;

    protected ForwardingBackend(StateBackend backend) {
        this.backend = backend;
    }

    @Override
    public String displayUri() {
        return backend.displayUri();
    }

    @Override
    public StateStorage storage() {
        return backend.storage();
    }

    @Override
    public String storageKey(String stateId) {
        return backend.storageKey(stateId);
    }

    @Override
    public void list(String pattern, Consumer<ListedState> sink) {
        backend.list(pattern, sink);
    }

    @Override
    public void listMatching(Glob glob, Consumer<ListedState> sink) {
        backend.listMatching(glob, sink);
    }

    @Override
    public void updateTimes(BiConsumer<String, Instant> sink) {
        backend.updateTimes(sink);
    }

    @Override
    public void listWithTimes(String pattern, BiConsumer<ListedState, Instant> sink) {
        backend.listWithTimes(pattern, sink);
    }

    @Override
    public StoredState read(String stateId) {
        return backend.read(stateId);
    }

    @Override
    public String changeStamp(String stateId) {
        return backend.changeStamp(stateId);
    }

    @Override
    public void readAll(String pattern, Consumer<StoredState> sink) {
        backend.readAll(pattern, sink);
    }

    @Override
    public void readStartingWith(String prefix, Consumer<StoredState> sink) {
        backend.readStartingWith(prefix, sink);
    }

    @Override
    public Version write(String stateId, StateDocument document, Version expected) {
        return backend.write(stateId, document, expected);
    }

    @Override
    public CommandWrite write(String stateId, StateDocument document, Version expected, MeltanoRun run) {
        return backend.write(stateId, document, expected, run);
    }

    @Override
    public void delete(String stateId, Version expected) {
        backend.delete(stateId, expected);
    }

    @Override
    public Optional<RunLog> runs() {
        return backend.runs();
    }

    @Override
    public boolean isSystemDatabase() {
        return backend.isSystemDatabase();
    }

    @Override
    public Optional<String> readOnlyReason() {
        return backend.readOnlyReason();
    }

    @Override
    public LockStatus lockStatus(String stateId) {
        return backend.lockStatus(stateId);
    }

    @Override
    public boolean hasLocksOfItsOwn() {
        return backend.hasLocksOfItsOwn();
    }

    @Override
    public Map<String, LockStatus> locks(Collection<String> stateIds) {
        return backend.locks(stateIds);
    }

    @Override
    public void breakStaleLock(String stateId) {
        backend.breakStaleLock(stateId);
    }

    @Override
    public Duration lockWait() {
        return backend.lockWait();
    }

    @Override
    public void removeLeftoverLock(String stateId) {
        backend.removeLeftoverLock(stateId);
    }

    @Override
    public void close() {
        backend.close();
    }
}
