package dev.cairn.ui;

import dev.cairn.backend.ListedState;
import dev.cairn.backend.LockStatus;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.backend.Version;
import dev.cairn.state.StateDocument;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A real backend whose reads of chosen IDs wait until the test lets them through, so a test can
 * decide which of two reads in flight ends first (a slow network, a busy database).
 */
public final class GatedBackend implements StateBackend {

    private final StateBackend backend;
    private final Map<String, CountDownLatch> gates = new ConcurrentHashMap<>();

    public GatedBackend(StateBackend backend) {
        this.backend = backend;
    }

    /** Reads of {@code stateId} wait from now on until the returned latch is counted down. */
    public CountDownLatch hold(String stateId) {
        return gates.computeIfAbsent(stateId, id -> new CountDownLatch(1));
    }

    @Override
    public StoredState read(String stateId) {
        CountDownLatch gate = gates.get(stateId);
        try {
            if (gate != null && !gate.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the test never released the read of " + stateId);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return backend.read(stateId);
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
    public Version write(String stateId, StateDocument document, Version expected) {
        return backend.write(stateId, document, expected);
    }

    @Override
    public void delete(String stateId, Version expected) {
        backend.delete(stateId, expected);
    }

    @Override
    public LockStatus lockStatus(String stateId) {
        return backend.lockStatus(stateId);
    }

    @Override
    public void breakStaleLock(String stateId) {
        backend.breakStaleLock(stateId);
    }

    @Override
    public void close() {
        backend.close();
    }
}
