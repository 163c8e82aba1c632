package dev.cairn.ui.services;

import dev.cairn.ops.Journal;
import dev.cairn.ops.UserFolders;
import dev.cairn.ops.logging.Logs;
import dev.cairn.ui.connect.ConnectionStore;
import dev.cairn.ui.demo.DemoWorkspace;
import dev.cairn.ui.task.TaskExecutor;
import java.nio.file.Path;

/**
 * What the screens are given through their constructors; built once by {@link App} (or a test).
 * {@code data} and {@code logFile} are shown in Help → About; {@code desktop} opens them.
 */
public record AppServices(TaskExecutor executor, ConnectionStore connections, BackendOpener opener, DemoWorkspace demo,
                          Journal journal, Path data, Path logFile, DesktopOpener desktop) {

    /**
     * Saved connections in the config folder, the demo workspace in {@code <data>/demo}, the
     * journal of writes the command line shares ({@code <data>/journal}), and the process's log.
     */
    public static AppServices create(UserFolders folders, TaskExecutor executor, BackendOpener opener, DesktopOpener desktop) {
        return new AppServices(executor, new ConnectionStore(folders.config()), opener,
                new DemoWorkspace(folders.data().resolve("demo")), folders.journal(), folders.data(), Logs.file(), desktop);
    }

    /** For screens that open nothing on the desktop (screenshots, view-model tests). */
    public static AppServices create(UserFolders folders, TaskExecutor executor, BackendOpener opener) {
        return create(folders, executor, opener, path -> { });
    }
}
