package dev.cairn.ui.task;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The one place where background work runs: named daemon threads in lanes, with results, errors and
 * progress handed back on the UI thread. Each lane (a backend, see {@link BackgroundTask#lane}) runs
 * at most a few tasks at once and queues the rest in order; lanes do not wait for each other, so a
 * backend whose tasks hang never holds up another one's. {@link #running()} lists what is in
 * flight, for the status bar's progress indicator and cancel button.
 */
public final class TaskExecutor implements AutoCloseable {

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(TaskExecutor.class);

    /** The lane of tasks that touch no backend. */
    static final Object GENERAL_LANE = new Object();
    /** Tasks waiting in all lanes at most: more means the user is far ahead of the machine. */
    private static final int WAITING_LIMIT = 256;

    private final int perLane;
    private final ExecutorService threads;
    private final Executor uiThread;
    private final ObservableList<RunningTask> running = FXCollections.observableArrayList();
    /** The lanes with tasks running; guarded by {@code this}. */
    private final Map<Object, Lane> lanes = new HashMap<>();
    private int waiting;
    private boolean shutDown;

    /** A lane's tasks running now and those waiting for their turn. */
    private static final class Lane {
        int running;
        final ArrayDeque<Runnable> waiting = new ArrayDeque<>();
    }

    /**
     * @param perLane tasks one lane runs at once (the machine is small: 2 or 3 is plenty)
     * @param uiThread runs callbacks: {@code Platform::runLater} in the app, a direct executor in tests
     */
    public TaskExecutor(int perLane, Executor uiThread) {
        this(perLane, uiThread, daemonThreads());
    }

    /** With the threads given: tests hold tasks back from them to see what waits does. */
    public TaskExecutor(int perLane, Executor uiThread, ExecutorService threads) {
        this.perLane = perLane;
        this.uiThread = uiThread;
        this.threads = threads;
    }

    private static ExecutorService daemonThreads() {
        AtomicInteger counter = new AtomicInteger();
        ThreadFactory factory = runnable -> {
            Thread thread = new Thread(runnable, "cairn-worker-" + counter.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
        // as many threads as the lanes run tasks, each kept a while for the next task
        return new ThreadPoolExecutor(0, Integer.MAX_VALUE, 30, TimeUnit.SECONDS, new SynchronousQueue<>(), factory);
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
        if (!enter(task.lane(), () -> execute(task, handle, relay))) {
            running.remove(handle);
            handle.markDone();
            task.failureHandler().accept(new UserError(task.title() + ": too much work queued, try again", ""));
        }
        return handle;
    }

    /** Starts the job in its lane, or queues it there; false if it can be neither. */
    private synchronized boolean enter(Object key, Runnable job) {
        Lane lane = lanes.computeIfAbsent(key, k -> new Lane());
        if (!shutDown && lane.running < perLane) {
            lane.running++;
            start(key, job);
            return true;
        }
        if (shutDown || waiting >= WAITING_LIMIT) {
            if (lane.running == 0) {
                lanes.remove(key);
            }
            return false;
        }
        lane.waiting.add(job);
        waiting++;
        return true;
    }

    private void start(Object key, Runnable job) {
        Runnable turn = () -> {
            try {
                job.run();
            } finally {
                leave(key);
            }
        };
        try {
            threads.execute(turn);
        } catch (RejectedExecutionException e) {
            turn.run(); // shut down meanwhile: the job was cancelled, and only hands its end to the UI thread
        }
    }

    /** A job of the lane ended: the lane's next one starts, if any. */
    private void leave(Object key) {
        Runnable next;
        synchronized (this) {
            Lane lane = lanes.get(key);
            next = lane.waiting.poll();
            if (next == null) {
                if (--lane.running == 0) {
                    lanes.remove(key);
                }
                return;
            }
            waiting--;
        }
        start(key, next);
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
        synchronized (this) {
            shutDown = true;
        }
        threads.shutdown();
        try {
            return threads.awaitTermination(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Override
    public void close() {
        synchronized (this) {
            shutDown = true;
        }
        threads.shutdownNow();
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
