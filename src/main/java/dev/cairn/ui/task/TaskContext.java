package dev.cairn.ui.task;

import java.util.concurrent.CancellationException;

/** What running work sees of its task: progress reporting and the cancel flag. */
public interface TaskContext {

    /** Work done out of total; a total of 0 or less means "unknown". */
    void progress(long done, long total);

    void message(String message);

    boolean isCancelled();

    /**
     * Declares that the work can no longer be stopped from here on (a write whose journal entry is
     * about to exist): later cancels have no effect and the status bar offers none. Throws
     * {@link CancellationException} if the task was cancelled before.
     */
    void unstoppable();

    /** Throws {@link CancellationException} once the task was cancelled, to stop long loops. */
    default void checkCancelled() {
        if (isCancelled()) {
            throw new CancellationException();
        }
    }

    /** A context for running work directly (tests, nested work): never cancelled, reports nowhere. */
    TaskContext NONE = new TaskContext() {
        @Override
        public void progress(long done, long total) { }

        @Override
        public void message(String message) { }

        @Override
        public void unstoppable() { }

        @Override
        public boolean isCancelled() {
            return false;
        }
    };
}
