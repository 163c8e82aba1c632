package dev.cairn.ui.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.backend.BackendException;
import dev.cairn.ui.FakeUiThread;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class TaskExecutorTest {

    private final FakeUiThread ui = new FakeUiThread();

    @AfterEach
    void close() {
        ui.close();
    }

    @Test
    void failuresArriveWordedForTheUserWithDetails() {
        AtomicReference<UserError> error = new AtomicReference<>();
        ui.run(() -> ui.executor().submit(BackgroundTask.of("Reading prod:x", context -> {
            throw new RuntimeException("wrapped", new BackendException("the database is locked"));
        }).onFailure(error::set)));
        ui.awaitIdle();
        assertEquals("Reading prod:x: the database is locked", error.get().message());
        assertTrue(error.get().details().contains("RuntimeException: wrapped"));
    }

    @Test
    void theSlotKeepsOnlyTheNewestResult() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        AtomicReference<String> result = new AtomicReference<>();
        TaskSlot slot = ui.call(() -> new TaskSlot(ui.executor()));
        ui.run(() -> slot.run(BackgroundTask.of("slow", context -> {
            release.await(10, TimeUnit.SECONDS);
            return "old";
        }), result::set, e -> { }));
        ui.run(() -> slot.run(BackgroundTask.of("fast", context -> "new"), result::set, e -> { }));
        release.countDown();
        ui.awaitIdle();
        assertEquals("new", result.get());
    }

    @Test
    void shutdownWaitsForStartedWorkThatCannotStopAndCancelsWhatWaits() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(2);
        AtomicInteger finished = new AtomicInteger();
        AtomicBoolean queuedRan = new AtomicBoolean();
        for (int i = 0; i < 2; i++) {
            // like a write that has journalled its start: it ignores cancel and runs to its end
            ui.run(() -> ui.executor().submit(BackgroundTask.of("write", context -> {
                started.countDown();
                release.await(10, TimeUnit.SECONDS);
                return finished.incrementAndGet();
            })));
        }
        assertTrue(started.await(10, TimeUnit.SECONDS));
        RunningTask queued = ui.call(() -> ui.executor().submit(BackgroundTask.of("read", context -> {
            queuedRan.set(true);
            return null;
        })));
        CompletableFuture<Boolean> shutdown = CompletableFuture.supplyAsync(
                () -> ui.call(() -> ui.executor().shutdown(Duration.ofSeconds(10))));
        // the writes end only once the shutdown has cancelled what waits behind them
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!queued.isCancelled() && System.nanoTime() < end) {
            Thread.onSpinWait();
        }
        release.countDown();
        assertTrue(shutdown.get(20, TimeUnit.SECONDS), "everything ended within the grace period");
        assertEquals(2, finished.get());
        assertFalse(queuedRan.get(), "work still waiting in the queue is cancelled, not started");
    }

    /** A backend whose reads hang fills its own lane; another backend's read runs at once, the hung one's next one waits. */
    @Test
    void aLaneWhoseTasksHangHoldsUpNoOtherLane() throws Exception {
        Object hungBackend = new Object();
        Object otherBackend = new Object();
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch hung = new CountDownLatch(2);
        for (int i = 0; i < 2; i++) {
            ui.run(() -> ui.executor().submit(BackgroundTask.of("Reading a state of a silent server", context -> {
                hung.countDown();
                return release.await(30, TimeUnit.SECONDS);
            }).lane(hungBackend)));
        }
        assertTrue(hung.await(10, TimeUnit.SECONDS));
        CountDownLatch otherRead = new CountDownLatch(1);
        CountDownLatch general = new CountDownLatch(1);
        AtomicBoolean thirdStarted = new AtomicBoolean();
        ui.run(() -> ui.executor().submit(BackgroundTask.of("Reading a state of another backend", context -> {
            otherRead.countDown();
            return null;
        }).lane(otherBackend)));
        ui.run(() -> ui.executor().submit(BackgroundTask.of("Comparing", context -> {
            general.countDown();
            return null;
        })));
        ui.run(() -> ui.executor().submit(BackgroundTask.of("Reading another state of the silent server", context -> {
            thirdStarted.set(true);
            return null;
        }).lane(hungBackend)));
        assertTrue(otherRead.await(10, TimeUnit.SECONDS), "another backend's read is not held up");
        assertTrue(general.await(10, TimeUnit.SECONDS), "nor is work that touches no backend");
        assertFalse(thirdStarted.get(), "the hung lane runs two at a time: the third waits its turn");
        release.countDown();
        ui.awaitIdle();
        assertTrue(thirdStarted.get(), "and runs once the lane has room");
    }

    /**
     * A backend closes while its lane is full of hung reads and more wait behind them: those waiting
     * end at once, cancelled, without running; those running are cancelled and handed back; let go,
     * they leave the list of running tasks and still end in their handlers once their work returns.
     */
    @Test
    void stoppingALaneEndsWhatWaitsAtOnceAndHandsBackWhatRuns() throws Exception {
        Object backend = new Object();
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch hung = new CountDownLatch(2);
        List<String> ends = new CopyOnWriteArrayList<>();
        for (int i = 1; i <= 3; i++) {
            String title = "read " + i;
            ui.run(() -> ui.executor().submit(BackgroundTask.of(title, context -> {
                hung.countDown();
                return release.await(30, TimeUnit.SECONDS);
            }).lane(backend).onSuccess(r -> ends.add(title + " read")).onCancelled(() -> ends.add(title + " cancelled"))));
        }
        assertTrue(hung.await(10, TimeUnit.SECONDS));
        List<RunningTask> running = ui.call(() -> ui.executor().stopLane(backend));
        assertEquals(List.of("read 1", "read 2"), running.stream().map(RunningTask::title).toList());
        assertTrue(running.stream().allMatch(RunningTask::isCancelled));
        ui.await(() -> ends.equals(List.of("read 3 cancelled")), Duration.ofSeconds(10));
        assertEquals(List.of("read 1", "read 2"), ui.call(() -> ui.executor().running().stream().map(RunningTask::title).toList()),
                "the one waiting ended without waiting for the hung ones");

        ui.run(() -> running.forEach(ui.executor()::letGo));
        assertTrue(ui.call(() -> ui.executor().running().isEmpty()), "let go: the status bar no longer lists them");
        release.countDown();
        ui.await(() -> ends.size() == 3, Duration.ofSeconds(10));
        assertEquals(List.of("read 1 cancelled", "read 2 cancelled"), ends.subList(1, 3).stream().sorted().toList());
        AtomicBoolean ran = new AtomicBoolean();
        ui.run(() -> ui.executor().submit(BackgroundTask.of("read 4", context -> ran.getAndSet(true)).lane(backend)));
        ui.awaitIdle();
        assertTrue(ran.get(), "the lane takes work again");
    }

    @Test
    void cancellingStopsTheWorkAndDeliversNoResult() throws Exception {
        RunningTask[] handle = new RunningTask[1];
        AtomicReference<String> outcome = new AtomicReference<>();
        CountDownLatch started = new CountDownLatch(1);
        ui.run(() -> handle[0] = ui.executor().submit(BackgroundTask.<String>of("loop", context -> {
            started.countDown();
            while (true) {
                context.checkCancelled();
                Thread.sleep(1); // a step of work that never ends unless cancelled
            }
        }).onSuccess(outcome::set).onCancelled(() -> outcome.set("cancelled"))));
        assertTrue(started.await(10, TimeUnit.SECONDS));
        assertEquals(1, (int) ui.call(() -> ui.executor().running().size()));
        ui.run(() -> handle[0].cancel());
        ui.awaitIdle();
        assertEquals("cancelled", outcome.get());
    }

    @Test
    void workThatDeclaredItselfUnstoppableIgnoresCancelAndDeliversItsResult() throws Exception {
        RunningTask[] handle = new RunningTask[1];
        AtomicReference<String> outcome = new AtomicReference<>();
        CountDownLatch unstoppable = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        ui.run(() -> handle[0] = ui.executor().submit(BackgroundTask.<String>of("write", context -> {
            context.unstoppable();
            unstoppable.countDown();
            assertTrue(release.await(10, TimeUnit.SECONDS));
            context.checkCancelled();
            return "written";
        }).onSuccess(outcome::set).onCancelled(() -> outcome.set("cancelled"))));
        assertTrue(unstoppable.await(10, TimeUnit.SECONDS));
        ui.await(() -> !handle[0].stoppableProperty().get(), Duration.ofSeconds(10));
        ui.run(() -> handle[0].cancel());
        assertFalse(handle[0].isCancelled());
        release.countDown();
        ui.awaitIdle();
        assertEquals("written", outcome.get());
    }

    @Test
    void workCancelledBeforeItDeclaresItselfUnstoppableStopsThere() throws Exception {
        RunningTask[] handle = new RunningTask[1];
        AtomicReference<String> outcome = new AtomicReference<>();
        AtomicBoolean wrote = new AtomicBoolean();
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch cancelled = new CountDownLatch(1);
        ui.run(() -> handle[0] = ui.executor().submit(BackgroundTask.<String>of("write", context -> {
            started.countDown();
            assertTrue(cancelled.await(10, TimeUnit.SECONDS));
            context.unstoppable();
            wrote.set(true);
            return "written";
        }).onSuccess(outcome::set).onCancelled(() -> outcome.set("cancelled"))));
        assertTrue(started.await(10, TimeUnit.SECONDS));
        ui.run(() -> handle[0].cancel());
        cancelled.countDown();
        ui.awaitIdle();
        assertEquals("cancelled", outcome.get());
        assertFalse(wrote.get(), "a cancel that came first wins: the work never passes the line");
        assertTrue(handle[0].stoppableProperty().get());
    }
}
