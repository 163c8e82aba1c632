package dev.cairn.ui;

import dev.cairn.testing.Waits;
import dev.cairn.ui.task.RunningTask;
import dev.cairn.ui.task.TaskExecutor;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
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
    private final HeldThreads workers = new HeldThreads();
    private final AtomicInteger hops = new AtomicInteger();
    private final TaskExecutor executor = new TaskExecutor(2, command -> {
        hops.incrementAndGet();
        thread.execute(command);
    }, workers);

    public TaskExecutor executor() {
        return executor;
    }

    /** How many times background work has come back to the UI thread (a result, a progress, a publish), not counting the test's own calls. */
    public int hops() {
        return hops.get();
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
     * Holds back every task submitted from now, in every lane, until the returned latch is counted
     * down: they wait as on a busy machine, or behind a big state opening.
     */
    public CountDownLatch occupyWorkers() {
        return workers.holdUntilReleased();
    }

    /** Waits until no background task runs and the UI thread has handled every callback. */
    public void awaitIdle() {
        await(() -> executor.running().isEmpty(), Duration.ofSeconds(30), "every background task to end");
    }

    /** What the status bar's Cancel does: cancels every task in flight. */
    public void cancelAll() {
        run(() -> new ArrayList<>(executor.running()).forEach(RunningTask::cancel));
    }

    /** Waits until {@code condition}, checked on the UI thread, holds. */
    public void await(BooleanSupplier condition, Duration timeout) {
        await(condition, timeout, "a condition on the UI thread");
    }

    /** Waits until {@code condition}, checked on the UI thread, holds; a timeout names {@code what} it waited for. */
    public void await(BooleanSupplier condition, Duration timeout, String what) {
        try {
            Waits.until(() -> call(condition::getAsBoolean), timeout, what);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Override
    public void close() {
        executor.close();
        thread.shutdownNow();
    }

    /** The workers' threads, which hold back what is handed to them while held. */
    private static final class HeldThreads extends AbstractExecutorService {
        private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "fake-worker");
            t.setDaemon(true);
            return t;
        });
        private final List<Runnable> held = new ArrayList<>();
        private CountDownLatch release;

        synchronized CountDownLatch holdUntilReleased() {
            CountDownLatch latch = new CountDownLatch(1);
            release = latch;
            Thread waiter = new Thread(() -> {
                try {
                    latch.await();
                } catch (InterruptedException e) {
                    return;
                }
                releaseAll(latch);
            }, "fake-worker-release");
            waiter.setDaemon(true);
            waiter.start();
            return latch;
        }

        private void releaseAll(CountDownLatch latch) {
            List<Runnable> go;
            synchronized (this) {
                if (release != latch) {
                    return;
                }
                release = null;
                go = new ArrayList<>(held);
                held.clear();
            }
            go.forEach(threads::execute);
        }

        @Override
        public void execute(Runnable command) {
            synchronized (this) {
                if (release != null) {
                    held.add(command);
                    return;
                }
            }
            threads.execute(command);
        }

        @Override
        public void shutdown() {
            threads.shutdown();
        }

        @Override
        public List<Runnable> shutdownNow() {
            return threads.shutdownNow();
        }

        @Override
        public boolean isShutdown() {
            return threads.isShutdown();
        }

        @Override
        public boolean isTerminated() {
            return threads.isTerminated();
        }

        @Override
        public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
            return threads.awaitTermination(timeout, unit);
        }
    }
}
