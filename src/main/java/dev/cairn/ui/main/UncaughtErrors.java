package dev.cairn.ui.main;

import dev.cairn.ops.logging.Logs;
import java.util.concurrent.Executor;

/**
 * Exceptions that no task or handler caught, on any thread: logged, then shown as the window's
 * error, so a view never dies silently.
 */
public final class UncaughtErrors {

    private UncaughtErrors() {}

    /**
     * Installs the handler as every thread's default and as the calling thread's own: call it on the
     * FX thread, whose exceptions in event handlers and {@code runLater} go to its own handler.
     */
    public static void install(MainViewModel model, Executor uiThread) {
        Thread.UncaughtExceptionHandler handler = (thread, error) -> {
            Logs.uncaught(thread, error);
            try {
                uiThread.execute(() -> model.showUncaught(thread, error));
            } catch (IllegalStateException toolkitGone) {
                // the window has closed: the log holds the error
            }
        };
        Thread.setDefaultUncaughtExceptionHandler(handler);
        Thread.currentThread().setUncaughtExceptionHandler(handler);
    }
}
