package dev.cairn.ui;

import dev.cairn.ui.task.BackgroundTask;
import dev.cairn.ui.task.RunningTask;
import dev.cairn.ui.task.TaskExecutor;
import java.time.Duration;
import java.util.ArrayList;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Stands in for the FX thread in view-model tests: one thread runs every callback and every call
 * the test makes on a view model, so view models see the single-threaded world they are written for.
 */
public final class FakeUiThread implements AutoCloseable {

    private final ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "fake-ui");
        t.setDaemon(true);
        return t;
    });
    private final TaskExecutor executor = new TaskExecutor(2, thread::execute);

    public TaskExecutor executor() {
        return executor;
    }

    public <T> T call(Callable<T> work) {
        try {
            return thread.submit(work).get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    public void run(Runnable work) {
        call(() -> {
            work.run();
            return null;
        });
    }

    /**
     * Keeps both workers busy until the returned latch is counted down, so that the next task waits
     * in the queue: a task that has not started yet.
     */
    public CountDownLatch occupyWorkers() {
        return occupyWorkers(2);
    }

    /** Waits until no background task runs and the UI thread has handled every callback. */
    public void awaitIdle() {
        await(() -> executor.running().isEmpty(), Duration.ofSeconds(30));
    }

    /**
     * Keeps every worker of the pool busy until the returned latch is counted down, so tasks
     * submitted meanwhile wait in the queue (a busy machine, a big state opening).
     */
    public CountDownLatch occupyWorkers(int workers) {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(workers);
        for (int i = 0; i < workers; i++) {
            run(() -> executor.submit(BackgroundTask.of("Occupying a worker", context -> {
                started.countDown();
                return release.await(30, TimeUnit.SECONDS);
            })));
        }
        try {
            if (!started.await(30, TimeUnit.SECONDS)) {
                throw new AssertionError("the workers did not start");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
        return release;
    }

    /** What the status bar's Cancel does: cancels every task in flight. */
    public void cancelAll() {
        run(() -> new ArrayList<>(executor.running()).forEach(RunningTask::cancel));
    }

    public void await(BooleanSupplier condition, Duration timeout) {
        long end = System.nanoTime() + timeout.toNanos();
        while (!call(condition::getAsBoolean)) {
            if (System.nanoTime() > end) {
                throw new AssertionError("timed out waiting");
            }
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    @Override
    public void close() {
        executor.close();
        thread.shutdownNow();
    }
}
