package dev.cairn.ui.task;

import java.util.concurrent.atomic.AtomicInteger;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * A submitted task as the UI sees it. Its properties change on the UI thread only; progress is
 * -1 while unknown (what {@code ProgressIndicator} shows as indeterminate).
 */
public final class RunningTask {

    private static final int STOPPABLE = 0;
    private static final int CANCELLED = 1;
    private static final int UNSTOPPABLE = 2;

    private final String title;
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(this, "progress", -1);
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyBooleanWrapper done = new ReadOnlyBooleanWrapper(this, "done", false);
    private final ReadOnlyBooleanWrapper stoppable = new ReadOnlyBooleanWrapper(this, "stoppable", true);
    // one atomic so that a cancel and the work's "from here on I cannot stop" never both win
    private final AtomicInteger stopping = new AtomicInteger(STOPPABLE);

    RunningTask(String title) {
        this.title = title;
    }

    public String title() {
        return title;
    }

    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty doneProperty() {
        return done.getReadOnlyProperty();
    }

    /** False once the work declared that it can no longer stop (a write that started): Cancel has no effect then. */
    public ReadOnlyBooleanProperty stoppableProperty() {
        return stoppable.getReadOnlyProperty();
    }

    /** Asks the work to stop, unless it can no longer stop; its result, if it still comes, is dropped. */
    public void cancel() {
        stopping.compareAndSet(STOPPABLE, CANCELLED);
    }

    public boolean isCancelled() {
        return stopping.get() == CANCELLED;
    }

    /** On the worker: false if the task was cancelled first, and then it stays stoppable (and cancelled). */
    boolean markUnstoppable() {
        return stopping.compareAndSet(STOPPABLE, UNSTOPPABLE);
    }

    void setUnstoppable() {
        stoppable.set(false);
    }

    void setProgress(double value) {
        progress.set(value);
    }

    void setMessage(String value) {
        message.set(value);
    }

    void markDone() {
        done.set(true);
    }
}
