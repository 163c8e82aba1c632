package dev.cairn.ui.task;

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

    private final String title;
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(this, "progress", -1);
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyBooleanWrapper done = new ReadOnlyBooleanWrapper(this, "done", false);
    private volatile boolean cancelled;

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

    /** Asks the work to stop; its result, if it still comes, is dropped. */
    public void cancel() {
        cancelled = true;
    }

    public boolean isCancelled() {
        return cancelled;
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
