package dev.cairn.ui;

import dev.cairn.backend.ForwardingBackend;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A real backend whose reads of chosen IDs wait until the test lets them through, so a test can
 * decide which of two reads in flight ends first (a slow network, a busy database).
 */
public final class GatedBackend extends ForwardingBackend {

    private final Map<String, CountDownLatch> gates = new ConcurrentHashMap<>();

    public GatedBackend(StateBackend backend) {
        super(backend);
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

    /** Reads every state one by one, so that the gates hold these reads too. */
    @Override
    public void readAll(String pattern, Consumer<StoredState> sink) {
        list(pattern, listed -> sink.accept(read(listed.stateId())));
    }
}
