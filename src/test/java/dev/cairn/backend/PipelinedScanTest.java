package dev.cairn.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.state.StateHealth;
import dev.cairn.testing.Fixtures;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("unit")
class PipelinedScanTest {

    private static final int ROWS = 3_000;

    @TempDir
    Path dir;
    StateBackend backend;

    @BeforeEach
    void open() throws Exception {
        String uri = Fixtures.systemDb(dir);
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("meltano.db"));
             PreparedStatement s = c.prepareStatement(
                     "INSERT INTO state (state_id, completed_state, partial_state, updated_at) VALUES (?, ?, ?, NULL)")) {
            c.setAutoCommit(false);
            for (int i = 0; i < ROWS; i++) {
                s.setString(1, "dev:tap-" + i + "-to-target-x");
                s.setString(2, i % 7 == 0 ? "{\"bookmarks\": {}}" : "{\"singer_state\": {\"bookmarks\": {\"s\": " + i + "}}}");
                s.setString(3, i % 11 == 0 ? "{\"singer_state\": {\"bookmarks\": {\"t\": 1}}}" : "{}");
                s.addBatch();
            }
            s.executeBatch();
            c.commit();
        }
        backend = Backends.open(uri, BackendOptions.defaults());
    }

    @AfterEach
    void close() {
        backend.close();
    }

    @Test
    void everyStateReachesTheWorkersOnceWithWhatASerialReadGives() {
        Map<String, StateHealth> serial = new ConcurrentHashMap<>();
        backend.readAll(null, stored -> serial.put(stored.stateId(), StateHealth.of(stored.document())));
        Map<String, StateHealth> pipelined = new ConcurrentHashMap<>();
        Set<String> threads = ConcurrentHashMap.newKeySet();
        AtomicInteger calls = new AtomicInteger();
        PipelinedScan.readAll(backend, null, 2, stored -> {
            calls.incrementAndGet();
            threads.add(Thread.currentThread().getName());
            pipelined.put(stored.stateId(), StateHealth.of(stored.document()));
        });
        assertEquals(serial.size(), calls.get(), "once each");
        assertEquals(serial, pipelined);
        assertTrue(serial.size() > ROWS);
        String reader = Thread.currentThread().getName();
        assertTrue(threads.stream().allMatch(name -> name.startsWith("cairn-scan-") || name.equals(reader)), threads.toString());
    }

    /**
     * A worker that needs what the reader holds (here: a lock the reader takes around its read, as
     * a system DB's reader holds its connection) must not stop the scan: the reader does the batches
     * the workers cannot take, gives the lock back at the end, and the workers finish.
     */
    @Test
    void theReaderNeverWaitsForWorkersThatWaitForWhatItHolds() {
        ReentrantLock connection = new ReentrantLock();
        StateBackend holding = new ForwardingBackend(backend) {
            @Override
            public void readAll(String pattern, Consumer<StoredState> sink) {
                connection.lock();
                try {
                    backend.readAll(pattern, sink);
                } finally {
                    connection.unlock();
                }
            }
        };
        AtomicInteger calls = new AtomicInteger();
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> PipelinedScan.readAll(holding, null, 2, stored -> {
            if (!connection.isHeldByCurrentThread()) {
                connection.lock(); // a worker: waits until the read is over
                connection.unlock();
            }
            calls.incrementAndGet();
        }));
        assertTrue(calls.get() > ROWS, "every state: " + calls.get());
        assertNoScanThreadLeft();
    }

    @Test
    void aFailingCallStopsTheReadAndIsThrownAsItIs() {
        AtomicInteger calls = new AtomicInteger();
        assertThrows(CancellationException.class, () -> PipelinedScan.readAll(backend, null, 2, stored -> {
            if (calls.incrementAndGet() == 100) {
                throw new CancellationException();
            }
        }));
        assertTrue(calls.get() < ROWS, "the read stopped early: " + calls.get());
        IllegalStateException failure = assertThrows(IllegalStateException.class,
                () -> PipelinedScan.readAll(backend, null, 1, stored -> {
                    throw new IllegalStateException("bad " + stored.stateId());
                }));
        assertTrue(failure.getMessage().startsWith("bad "));
        assertNoScanThreadLeft();
    }

    @Test
    void aFailingReadIsThrownAndNoWorkerIsLeft() {
        StateBackend failing = new ForwardingBackend(backend) {
            @Override
            public void readAll(String pattern, Consumer<StoredState> sink) {
                backend.readAll(pattern, stored -> {
                    if (stored.stateId().endsWith("-500-to-target-x")) {
                        throw new BackendException("connection lost");
                    }
                    sink.accept(stored);
                });
            }
        };
        BackendException e = assertThrows(BackendException.class, () -> PipelinedScan.readAll(failing, null, 2, stored -> { }));
        assertEquals("connection lost", e.getMessage());
        assertNoScanThreadLeft();
    }

    private static void assertNoScanThreadLeft() {
        List<String> left = Thread.getAllStackTraces().keySet().stream().map(Thread::getName)
                .filter(name -> name.startsWith("cairn-scan-")).collect(Collectors.toList());
        assertEquals(List.of(), left);
    }
}
