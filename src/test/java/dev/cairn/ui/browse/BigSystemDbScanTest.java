package dev.cairn.ui.browse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.StateBackend;
import dev.cairn.testing.BackendLockWatchdog;
import dev.cairn.testing.BigSystemDb;
import dev.cairn.ui.FakeUiThread;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The window's health scan of system databases with tens of thousands of states and Meltano's
 * {@code runs} rows runs to the end: its reader once held the SQLite connection while waiting for
 * workers that each waited for that connection (a per-state lock check), and every scan of more
 * than ~2,000 states stopped for good.
 */
@Tag("server")
@ExtendWith(BackendLockWatchdog.class)
class BigSystemDbScanTest {

    private final FakeUiThread ui = new FakeUiThread();

    @TempDir
    Path dir;

    @AfterEach
    void close() {
        ui.close();
    }

    @Test
    void twentyThousandSqliteStatesWithRunsAreScannedToTheEnd() throws Exception {
        scansToTheEnd(BigSystemDb.sqlite(dir, 20_000), 20_000, true);
    }

    @Test
    void oneHundredThousandSqliteStatesWithRunsAreScannedToTheEnd() throws Exception {
        scansToTheEnd(BigSystemDb.sqlite(dir, 100_000), 100_000, true);
    }

    @Test
    void twentyThousandPostgresStatesWithRunsAreScannedToTheEnd() throws Exception {
        scansToTheEnd(BigSystemDb.postgres(20_000), 20_000, false);
    }

    @Test
    void oneHundredThousandPostgresStatesWithRunsAreScannedToTheEnd() throws Exception {
        scansToTheEnd(BigSystemDb.postgres(100_000), 100_000, false);
    }

    /** Cancel from the status bar ends the scan: its workers stop and the connection is free for a read at once. */
    @Test
    void aCancelledScanReleasesItsConnectionAndWorkers() throws Exception {
        try (StateBackend backend = Backends.open(BigSystemDb.sqlite(dir, 100_000), BackendOptions.defaults())) {
            StateListViewModel model = ui.call(() -> new StateListViewModel(backend, ui.executor(), true));
            ui.run(model::refresh);
            ui.await(() -> ui.executor().running().stream().anyMatch(t -> t.title().startsWith("Reading states of")),
                    Duration.ofSeconds(60));
            ui.cancelAll();
            ui.await(() -> ui.executor().running().isEmpty(), Duration.ofSeconds(10));
            long start = System.nanoTime();
            assertTrue(backend.read(BigSystemDb.id(7)).exists());
            assertTrue(System.nanoTime() - start < Duration.ofSeconds(5).toNanos(), "the connection was free");
            assertTrue(Thread.getAllStackTraces().keySet().stream().noneMatch(t -> t.getName().startsWith("cairn-scan-")
                    && t.isAlive()), "no scan worker is left");
        }
    }

    /** As the window opens a local backend: the lock of each ID asked too. */
    private void scansToTheEnd(String uri, int count, boolean local) {
        try (StateBackend backend = Backends.open(uri, BackendOptions.defaults())) {
            StateListViewModel model = ui.call(() -> new StateListViewModel(backend, ui.executor(), local));
            ui.run(model::refresh);
            ui.await(() -> ui.executor().running().isEmpty(), Duration.ofSeconds(120));
            assertNull(ui.call(() -> model.errorProperty().get()));
            Map<Badge, Integer> counts = ui.call(() -> model.countsProperty().get());
            long running = IntStream.range(0, count).filter(BigSystemDb::running).count();
            long stale = IntStream.range(0, count).filter(BigSystemDb::staleRun).count();
            assertEquals(running, counts.getOrDefault(Badge.RUNNING, 0).longValue(), counts.toString());
            assertEquals(stale, counts.getOrDefault(Badge.STALE_RUN, 0).longValue(), counts.toString());
            assertEquals(count, counts.getOrDefault(Badge.HEALTHY, 0).intValue(), counts.toString());
            assertFalse(counts.containsKey(Badge.UNREAD), "every state read: " + counts);
            // one run, one badge: a system DB has no lock of its own besides the runs table
            assertFalse(counts.containsKey(Badge.LOCKED) || counts.containsKey(Badge.STALE_LOCK), counts.toString());
        }
    }
}
