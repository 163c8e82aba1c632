package dev.cairn.ui.write;

import dev.cairn.ui.task.TaskContext;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A confirmed write on its way to a worker. It is either started by the worker or called off by
 * the user first, never both: the line after which a write can no longer be cancelled (its journal
 * entry may exist, its backend call may be in flight). Its outcome is kept here, so that the window
 * shows it however the task that ran it ends.
 */
public final class PendingWrite<T> {

    private static final int WAITING = 0;
    private static final int STARTED = 1;
    private static final int CALLED_OFF = 2;

    private final AtomicInteger state = new AtomicInteger(WAITING);
    private volatile T outcome;

    /** On the worker, before writing: throws {@link CancellationException} if it was cancelled first. */
    public void start(TaskContext context) {
        if (context.isCancelled() || !state.compareAndSet(WAITING, STARTED)) {
            throw new CancellationException();
        }
    }

    /** Cancels the write if no worker has started it yet; false once it has. */
    public boolean callOff() {
        return state.compareAndSet(WAITING, CALLED_OFF);
    }

    public boolean started() {
        return state.get() == STARTED;
    }

    /** On the worker, when the write is over. */
    public T finish(T result) {
        outcome = result;
        return result;
    }

    /** What the write came to; null until it is over (or when it never started). */
    public T outcome() {
        return outcome;
    }
}
