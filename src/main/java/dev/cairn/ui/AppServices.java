package dev.cairn.ui;

import dev.cairn.ops.Journal;
import dev.cairn.ops.UserFolders;
import dev.cairn.ui.connect.ConnectionStore;
import dev.cairn.ui.demo.DemoWorkspace;
import dev.cairn.ui.main.BackendOpener;
import dev.cairn.ui.task.TaskExecutor;

/** What the screens are given through their constructors; built once by {@link App} (or a test). */
public record AppServices(TaskExecutor executor, ConnectionStore connections, BackendOpener opener, DemoWorkspace demo,
                          Journal journal) {

    /**
     * Saved connections in the config folder, the demo workspace in {@code <data>/demo}, and the
     * journal of writes the command line shares ({@code <data>/journal}).
     */
    public static AppServices create(UserFolders folders, TaskExecutor executor, BackendOpener opener) {
        return new AppServices(executor, new ConnectionStore(folders.config()), opener,
                new DemoWorkspace(folders.data().resolve("demo")), folders.journal());
    }
}
