package dev.cairn.ui;

import dev.cairn.backend.ForwardingBackend;
import dev.cairn.backend.ListedState;
import dev.cairn.backend.LockStatus;
import dev.cairn.backend.RunLog;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Instant;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * A real backend that counts the reads made of it: each state read, lock look-up and call on its
 * runs table, by name ({@code read}, {@code list}, {@code lockStatus}, {@code locks}, {@code runs.running}, …),
 * so a test can say how much one action costs the backend.
 */
public final class CountingBackend extends ForwardingBackend {

    private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();

    public CountingBackend(StateBackend backend) {
        super(backend);
    }

    /** How many times {@code what} was called since the last {@link #reset}. */
    public int count(String what) {
        AtomicInteger n = calls.get(what);
        return n == null ? 0 : n.get();
    }

    /** Every count, by name. */
    public Map<String, Integer> counts() {
        Map<String, Integer> all = new TreeMap<>();
        calls.forEach((what, n) -> all.put(what, n.get()));
        return all;
    }

    public void reset() {
        calls.clear();
    }

    private void counted(String what) {
        calls.computeIfAbsent(what, k -> new AtomicInteger()).incrementAndGet();
    }

    @Override
    public StoredState read(String stateId) {
        counted("read");
        return backend.read(stateId);
    }

    @Override
    public void list(String pattern, Consumer<ListedState> sink) {
        counted("list");
        backend.list(pattern, sink);
    }

    @Override
    public void listWithTimes(String pattern, BiConsumer<ListedState, Instant> sink) {
        counted("list");
        backend.listWithTimes(pattern, sink);
    }

    @Override
    public LockStatus lockStatus(String stateId) {
        counted("lockStatus");
        return backend.lockStatus(stateId);
    }

    @Override
    public Map<String, LockStatus> locks(Collection<String> stateIds) {
        counted("locks");
        return backend.locks(stateIds);
    }

    /** The runs table, each call counted as {@code runs.<method>}. */
    @Override
    public Optional<RunLog> runs() {
        return backend.runs().map(runs -> (RunLog) Proxy.newProxyInstance(RunLog.class.getClassLoader(),
                new Class<?>[] {RunLog.class}, (proxy, method, args) -> {
                    counted("runs." + method.getName());
                    try {
                        return method.invoke(runs, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                }));
    }
}
