package dev.cairn.ui.task;

import java.util.function.Consumer;

/**
 * Runs at most one task of a kind at a time for a view model ("load the selected state"): starting
 * a new one cancels the previous, and results of a superseded task are dropped, so a slow answer
 * for an old selection never overwrites the current one.
 */
public final class TaskSlot {

    private final TaskExecutor executor;
    private RunningTask current;
    private long generation;

    public TaskSlot(TaskExecutor executor) {
        this.executor = executor;
    }

    /** Call on the UI thread. */
    public <T> RunningTask run(BackgroundTask<T> task, Consumer<? super T> onSuccess, Consumer<UserError> onFailure) {
        stopCurrent();
        long mine = ++generation;
        current = executor.submit(task
                .onSuccess(result -> {
                    if (mine == generation) {
                        current = null;
                        onSuccess.accept(result);
                    }
                })
                .onFailure(error -> {
                    if (mine == generation) {
                        current = null;
                        onFailure.accept(error);
                    }
                }));
        return current;
    }

    /** Runs on the UI thread, unless a newer task has started in this slot since {@code token} was taken. */
    public void publish(long token, Runnable update) {
        executor.uiThread().execute(() -> {
            if (token == generation) {
                update.run();
            }
        });
    }

    /** The token the next {@link #run} will get, for its work to {@link #publish} with; read it on the UI thread. */
    public long nextToken() {
        return generation + 1;
    }

    public void cancel() {
        generation++;
        stopCurrent();
    }

    private void stopCurrent() {
        if (current != null) {
            current.cancel();
            current = null;
        }
    }

    public boolean isBusy() {
        return current != null;
    }
}
