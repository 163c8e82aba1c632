package dev.cairn.ui.task;

import java.util.function.Consumer;

/**
 * Runs at most one task of a kind at a time for a view model ("load the selected state"): starting
 * a new one cancels the previous, and results of a superseded task are dropped, so a slow answer
 * for an old selection never overwrites the current one.
 *
 * <p>A task that is not superseded ends in exactly one of its three handlers — also when the user
 * cancels it from the status bar — so a view that shows "Reading …" always learns that it may stop.
 * The handlers given to {@link #run} replace any the task was built with.
 */
public final class TaskSlot {

    private final TaskExecutor executor;
    private RunningTask current;
    private long generation;

    public TaskSlot(TaskExecutor executor) {
        this.executor = executor;
    }

    /**
     * Call on the UI thread. A cancellation from outside (the status bar) arrives at {@code onFailure}
     * as "… cancelled", for views where a stopped task needs no other wording than a failed one.
     */
    public <T> RunningTask run(BackgroundTask<T> task, Consumer<? super T> onSuccess, Consumer<UserError> onFailure) {
        return run(task, onSuccess, onFailure, () -> onFailure.accept(new UserError(task.title() + ": cancelled", "")));
    }

    /** Call on the UI thread; {@code onCancelled} runs when the task was cancelled from outside this slot. */
    public <T> RunningTask run(BackgroundTask<T> task, Consumer<? super T> onSuccess, Consumer<UserError> onFailure,
                               Runnable onCancelled) {
        stopCurrent();
        long mine = ++generation;
        RunningTask handle = executor.submit(task
                .onSuccess(result -> {
                    if (ended(mine)) {
                        onSuccess.accept(result);
                    }
                })
                .onFailure(error -> {
                    if (ended(mine)) {
                        onFailure.accept(error);
                    }
                })
                .onCancelled(() -> {
                    if (ended(mine)) {
                        onCancelled.run();
                    }
                }));
        // a task the pool refused has already ended (in onFailure) by now
        if (mine == generation && !handle.doneProperty().get()) {
            current = handle;
        }
        return handle;
    }

    /** Whether the task of generation {@code mine} is still this slot's; if so, the slot is free again. */
    private boolean ended(long mine) {
        if (mine != generation) {
            return false;
        }
        current = null;
        return true;
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
