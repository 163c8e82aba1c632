package dev.cairn.ui.task;

import java.time.Duration;
import java.util.ArrayList;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The one place where background work runs: a bounded pool of named daemon threads, with results,
 * errors and progress handed back on the UI thread. {@link #running()} lists what is in flight, for
 * the status bar's progress indicator and cancel button.
 */
public final class TaskExecutor implements AutoCloseable {

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(TaskExecutor.class);

    private final ThreadPoolExecutor pool;
    private final Executor uiThread;
    private final ObservableList<RunningTask> running = FXCollections.observableArrayList();

    /**
     * @param threads worker threads (the machine is small; 2 is plenty)
     * @param uiThread runs callbacks: {@code Platform::runLater} in the app, a direct executor in tests
     */
    public TaskExecutor(int threads, Executor uiThread) {
        this.uiThread = uiThread;
        AtomicInteger counter = new AtomicInteger();
        ThreadFactory factory = runnable -> {
            Thread thread = new Thread(runnable, "cairn-worker-" + counter.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
        this.pool = new ThreadPoolExecutor(threads, threads, 30, TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(256), factory, new ThreadPoolExecutor.AbortPolicy());
        pool.allowCoreThreadTimeOut(true);
    }

    /** The tasks submitted and not finished yet; changes on the UI thread. */
    public ObservableList<RunningTask> running() {
        return running;
    }

    public Executor uiThread() {
        return uiThread;
    }

    public <T> RunningTask submit(BackgroundTask<T> task) {
        RunningTask handle = new RunningTask(task.title());
        running.add(handle);
        ProgressRelay relay = new ProgressRelay(handle);
        try {
            pool.execute(() -> execute(task, handle, relay));
        } catch (java.util.concurrent.RejectedExecutionException e) {
            running.remove(handle);
            handle.markDone();
            task.failureHandler().accept(new UserError(task.title() + ": too much work queued, try again", ""));
        }
        return handle;
    }

    private <T> void execute(BackgroundTask<T> task, RunningTask handle, ProgressRelay relay) {
        T result = null;
        Throwable failure = null;
        try {
            if (!handle.isCancelled()) {
                result = task.work().call(relay);
            }
        } catch (Throwable t) {
            failure = t;
            if (!(t instanceof CancellationException)) {
                LOG.warn("Task failed: {}", task.title(), t);
            }
        }
        T finalResult = result;
        Throwable finalFailure = failure;
        uiThread.execute(() -> {
            running.remove(handle);
            handle.markDone();
            if (handle.isCancelled() || finalFailure instanceof CancellationException) {
                task.cancelHandler().run();
            } else if (finalFailure != null) {
                task.failureHandler().accept(UserError.of(task.title(), finalFailure));
            } else {
                task.successHandler().accept(finalResult);
            }
        });
    }

    /**
     * Stops for good: takes no new work, cancels every task (work that checks its context stops;
     * a write that has started does not check it, and finishes and journals its outcome), and waits
     * up to {@code timeout} for the running ones to end. Call on the UI thread.
     *
     * @return whether everything ended in time
     */
    public boolean shutdown(Duration timeout) {
        new ArrayList<>(running).forEach(RunningTask::cancel);
        pool.shutdown();
        try {
            return pool.awaitTermination(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }

    /** Coalesces progress updates so a tight loop posts at most one pending update to the UI thread. */
    private final class ProgressRelay implements TaskContext {
        private final RunningTask handle;
        private final AtomicReference<Double> pendingProgress = new AtomicReference<>();
        private final AtomicReference<String> pendingMessage = new AtomicReference<>();
        private final AtomicBoolean posted = new AtomicBoolean();

        ProgressRelay(RunningTask handle) {
            this.handle = handle;
        }

        @Override
        public void progress(long done, long total) {
            pendingProgress.set(total <= 0 ? -1.0 : Math.min(1.0, (double) done / total));
            post();
        }

        @Override
        public void message(String message) {
            pendingMessage.set(message);
            post();
        }

        @Override
        public boolean isCancelled() {
            return handle.isCancelled() || Thread.currentThread().isInterrupted();
        }

        @Override
        public void unstoppable() {
            if (!handle.markUnstoppable()) {
                throw new CancellationException();
            }
            uiThread.execute(handle::setUnstoppable);
        }

        private void post() {
            if (posted.compareAndSet(false, true)) {
                uiThread.execute(() -> {
                    posted.set(false);
                    Double p = pendingProgress.getAndSet(null);
                    String m = pendingMessage.getAndSet(null);
                    if (p != null) {
                        handle.setProgress(p);
                    }
                    if (m != null) {
                        handle.setMessage(m);
                    }
                });
            }
        }
    }
}
