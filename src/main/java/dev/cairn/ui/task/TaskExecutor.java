package dev.cairn.ui.task;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one place where background work runs: named daemon threads in lanes, with results, errors and
 * progress handed back on the UI thread. Each lane (a backend, see {@link BackgroundTask#lane}) runs
 * at most a few tasks at once and queues the rest in order; lanes do not wait for each other, so a
 * backend whose tasks hang never holds up another one's, and a backend that closes stops its lane
 * ({@link #stopLane}). {@link #running()} lists what is in flight, for the status bar's progress
 * indicator and cancel button; {@link #after} hands the UI thread what is due after a wait.
 */
public final class TaskExecutor implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(TaskExecutor.class);

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
    /** Runs {@link #after}'s actions; its one thread starts with the first. */
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "cairn-timer");
        thread.setDaemon(true);
        return thread;
    });

    /** A lane's tasks running now and those waiting for their turn. */
    private static final class Lane {
        final List<RunningTask> running = new ArrayList<>();
        final ArrayDeque<Job> waiting = new ArrayDeque<>();
    }

    /** A task as its lane holds it: its handle, and the run that does its work and hands its end to the UI thread. */
    private record Job(RunningTask handle, Runnable run) {}

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
        if (!enter(task.lane(), new Job(handle, () -> execute(task, handle, relay)))) {
            running.remove(handle);
            handle.markDone();
            task.failureHandler().accept(new UserError(task.title() + ": too much work queued, try again", ""));
        }
        return handle;
    }

    /** Starts the job in its lane, or queues it there; false if it can be neither. */
    private synchronized boolean enter(Object key, Job job) {
        Lane lane = lanes.computeIfAbsent(key, k -> new Lane());
        if (!shutDown && lane.running.size() < perLane) {
            lane.running.add(job.handle());
            start(key, job);
            return true;
        }
        if (shutDown || waiting >= WAITING_LIMIT) {
            if (lane.running.isEmpty()) {
                lanes.remove(key);
            }
            return false;
        }
        lane.waiting.add(job);
        waiting++;
        return true;
    }

    private void start(Object key, Job job) {
        Runnable turn = () -> {
            try {
                job.run().run();
            } finally {
                leave(key, job.handle());
            }
        };
        try {
            threads.execute(turn);
        } catch (RejectedExecutionException e) {
            turn.run(); // shut down meanwhile: the job was cancelled, and only hands its end to the UI thread
        }
    }

    /** A job of the lane ended: the lane's next one starts, if any. */
    private void leave(Object key, RunningTask ended) {
        Job next;
        synchronized (this) {
            Lane lane = lanes.get(key);
            lane.running.remove(ended);
            next = lane.waiting.poll();
            if (next == null) {
                if (lane.running.isEmpty()) {
                    lanes.remove(key);
                }
                return;
            }
            waiting--;
            lane.running.add(next.handle());
        }
        start(key, next);
    }

    /**
     * Stops a lane's work, as its backend closes: the tasks waiting in it end at once, cancelled,
     * none of their work done; those running are cancelled and returned, since work blocked on a
     * server that does not answer returns only when the server's timeout ends it (and a write that
     * started finishes). Call on the UI thread.
     */
    public List<RunningTask> stopLane(Object key) {
        List<Job> dropped;
        List<RunningTask> inFlight;
        synchronized (this) {
            Lane lane = lanes.get(key);
            if (lane == null) {
                return List.of();
            }
            dropped = new ArrayList<>(lane.waiting);
            waiting -= dropped.size();
            lane.waiting.clear();
            inFlight = List.copyOf(lane.running);
        }
        inFlight.forEach(RunningTask::cancel);
        for (Job job : dropped) {
            job.handle().cancel();
            job.run().run(); // cancelled before its turn: it only hands its end to the UI thread
        }
        return inFlight;
    }

    /**
     * No longer lists a task that was left to end on its own (its backend was closed and the user
     * told): the status bar stops showing it; its handlers still run when it ends. Call on the UI thread.
     */
    public void letGo(RunningTask task) {
        running.remove(task);
    }

    /** Runs {@code action} on the UI thread after {@code delay}, unless the executor has shut down by then. */
    public void after(Duration delay, Runnable action) {
        try {
            timer.schedule(() -> uiThread.execute(action), delay.toMillis(), TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            // shut down: the window is closing, and nothing is left to say
        }
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
        timer.shutdownNow();
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
        timer.shutdownNow();
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
