package dev.cairn.ui.task;

import java.util.Objects;
import java.util.function.Consumer;

/**
 * Work that must not run on the FX thread (anything touching a backend or a big document), with
 * callbacks that do run on it. Built fluently, run by {@link TaskExecutor}.
 */
public final class BackgroundTask<T> {

    /** The work itself; it reports progress and checks for cancellation through the context. */
    @FunctionalInterface
    public interface Work<T> {
        T call(TaskContext context) throws Exception;
    }

    private final String title;
    private final Work<T> work;
    private Object lane = TaskExecutor.GENERAL_LANE;
    private Consumer<? super T> onSuccess = result -> { };
    private Consumer<UserError> onFailure = error -> { };
    private Runnable onCancelled = () -> { };

    private BackgroundTask(String title, Work<T> work) {
        this.title = Objects.requireNonNull(title);
        this.work = Objects.requireNonNull(work);
    }

    public static <T> BackgroundTask<T> of(String title, Work<T> work) {
        return new BackgroundTask<>(title, work);
    }

    /** Runs on the FX thread with the result, unless the task was cancelled or superseded. */
    public BackgroundTask<T> onSuccess(Consumer<? super T> consumer) {
        this.onSuccess = Objects.requireNonNull(consumer);
        return this;
    }

    /** Runs on the FX thread with the error, already worded for the user. */
    public BackgroundTask<T> onFailure(Consumer<UserError> consumer) {
        this.onFailure = Objects.requireNonNull(consumer);
        return this;
    }

    public BackgroundTask<T> onCancelled(Runnable runnable) {
        this.onCancelled = Objects.requireNonNull(runnable);
        return this;
    }

    /**
     * Runs the task in the lane of what it works on (a backend, a connection being opened): a lane
     * runs a few tasks at a time, so one backend that hangs holds its own lane's threads and never
     * another backend's. Tasks that touch no backend share one lane.
     */
    public BackgroundTask<T> lane(Object key) {
        this.lane = Objects.requireNonNull(key);
        return this;
    }

    public String title() {
        return title;
    }

    Object lane() {
        return lane;
    }

    Work<T> work() {
        return work;
    }

    Consumer<? super T> successHandler() {
        return onSuccess;
    }

    Consumer<UserError> failureHandler() {
        return onFailure;
    }

    Runnable cancelHandler() {
        return onCancelled;
    }
}
