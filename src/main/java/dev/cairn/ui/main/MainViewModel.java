package dev.cairn.ui.main;

import dev.cairn.ops.PrivateFiles;
import dev.cairn.ui.Selection;
import dev.cairn.ui.Texts;
import dev.cairn.ui.about.AboutViewModel;
import dev.cairn.ui.bookmarks.BookmarksViewModel;
import dev.cairn.ui.check.CheckViewModel;
import dev.cairn.ui.compare.CompareViewModel;
import dev.cairn.ui.diff.DiffViewModel;
import dev.cairn.ui.inspect.InspectorViewModel;
import dev.cairn.ui.inspect.SelectionModel;
import dev.cairn.ui.inspect.WatchViewModel;
import dev.cairn.ui.services.AppServices;
import dev.cairn.ui.task.RunningTask;
import dev.cairn.ui.task.TaskExecutor;
import dev.cairn.ui.task.UserError;
import dev.cairn.ui.theme.Theme;
import dev.cairn.ui.write.WriteFlowViewModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.value.ObservableValue;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;

/**
 * The window: its connections ({@link ConnectionsViewModel}), the inspector's side ({@link InspectorModel}:
 * the selected state and the tab working on it), the writes ({@link WriteActions}), the title, the
 * theme, and window-level errors and tasks.
 */
public final class MainViewModel {

    private final AppServices services;
    private final TaskExecutor executor;
    private final ObjectProperty<Theme> theme = new SimpleObjectProperty<>(this, "theme", Theme.LIGHT);
    private final ObjectProperty<UserError> error = new SimpleObjectProperty<>(this, "error");
    private final ConnectionsViewModel connections;
    private final InspectorModel inspecting;
    private final WriteActions writes;
    private final CheckViewModel check;
    private final CompareViewModel compare;
    private final StringBinding windowTitle;
    private final BooleanProperty inspectorWide = new SimpleBooleanProperty(this, "inspectorWide", false);
    private final BooleanBinding inspectorTakesWindow;

    public MainViewModel(AppServices services) {
        this(services, ConnectionsViewModel.Waits.DEFAULT);
    }

    public MainViewModel(AppServices services, ConnectionsViewModel.Waits waits) {
        this.services = services;
        this.executor = services.executor();
        SelectionModel selection = new SelectionModel(executor);
        this.connections = new ConnectionsViewModel(services, waits, theme, error::set, this::backendOpened,
                selection.selectionProperty());
        ObjectProperty<BackendSession> current = connections.currentProperty();
        this.inspecting = new InspectorModel(executor, connections, selection,
                id -> InspectorTabs.byId(id).map(tab -> tab.model().apply(this)).orElse(null));
        this.writes = new WriteActions(executor, services.journal(), connections, selection);
        this.check = new CheckViewModel(executor, writes.flow(), writes.breakLock(),
                id -> Optional.ofNullable(current.get()).map(BackendSession::list).ifPresent(list -> list.select(id)));
        current.addListener((o, was, now) -> check.currentChanged(now == null ? null : now.target()));
        this.compare = new CompareViewModel(executor, new DiffViewModel(executor), writes.transfer());
        // a write's sheet shows diffs side by side: with the sidebar and the list beside it, their keys were cut;
        // Compare backends… shows a table of both sides' IDs over the diff of one; Open plan… a table of
        // writes to several connections over the diff of one
        this.inspectorTakesWindow = inspectorWide.or(writes.flow().stageProperty().isNotEqualTo(WriteFlowViewModel.Stage.CLOSED))
                .or(compare.showingProperty()).or(writes.plan().showingProperty());
        this.windowTitle = Bindings.createStringBinding(() -> {
            BackendSession s = current.get();
            if (s == null) {
                return Texts.get("main.title.none");
            }
            return Texts.get(s.connection().readOnly() ? "main.title.readOnly" : "main.title",
                    s.connection().environment().label().toUpperCase(Locale.ROOT), s.name(), s.connection().displayUri());
        }, current);
        connections.sessions().addListener((ListChangeListener<BackendSession>) change -> compare.openChanged(connections.openTargets()));
        for (ObservableValue<UserError> failure : List.of(inspecting.inspector().errorProperty(), writes.editor().errorProperty())) {
            failure.addListener((obs, old, now) -> {
                if (now != null) {
                    error.set(now);
                }
            });
        }
    }

    /** A backend has opened: one more for the diff to compare with. */
    private void backendOpened() {
        inspecting.otherBackendsChanged();
    }

    /** The selected state as last read, or null: what every tab works from. */
    public ReadOnlyObjectProperty<Selection> selectionProperty() {
        return inspecting.selection().selectionProperty();
    }

    /** The id of the inspector's shown tab, null for a document tab; the window sets it as the user switches tabs. */
    public ObjectProperty<String> shownProperty() {
        return inspecting.shownProperty();
    }

    /** Ctrl+R: lists the current backend again and re-reads the selected state. */
    public void refresh() {
        BackendSession session = connections.currentProperty().get();
        if (session == null) {
            return;
        }
        if (session.statusProperty().get().notOpen()) {
            connections.retry(session);
            return;
        }
        if (session.list() != null) {
            session.list().refresh();
        }
        inspecting.selection().reload();
    }

    /** The inspector's Watch toggle on the selected state. */
    public WatchViewModel watch() {
        return inspecting.watch();
    }

    /** The saved connections, the open backends and the current one. */
    public ConnectionsViewModel connections() {
        return connections;
    }

    public ObjectProperty<Theme> themeProperty() {
        return theme;
    }

    /** The user gave the inspector the window's width (Ctrl+M): the sidebar and the ID list are hidden. */
    public BooleanProperty inspectorWideProperty() {
        return inspectorWide;
    }

    /** The inspector takes the window's width: the user asked for it, or a write's sheet is open. */
    public BooleanBinding inspectorTakesWindowProperty() {
        return inspectorTakesWindow;
    }

    /** Opens the log file on the desktop (Details of an error, Help → Open log). */
    public void openLog() {
        Path log = services.logFile();
        if (Files.exists(log)) {
            services.desktop().open(log);
            return;
        }
        // nothing was logged yet in this process or before: show the folder the log will be in
        try {
            services.desktop().open(PrivateFiles.folder(log.toAbsolutePath().getParent()));
        } catch (IOException e) {
            error.set(UserError.of(Texts.get("main.openLogFolder"), e));
        }
    }

    /** What Help → About shows. */
    public AboutViewModel about() {
        return new AboutViewModel(services);
    }

    /** An exception nothing caught (logged already) becomes the window's error, so no view dies silently. */
    public void showUncaught(Thread thread, Throwable failure) {
        error.set(UserError.of(Texts.get("main.uncaught", thread.getName()), failure));
    }

    public ObjectProperty<UserError> errorProperty() {
        return error;
    }

    public InspectorViewModel inspector() {
        return inspecting.inspector();
    }

    public DiffViewModel diff() {
        return inspecting.diff();
    }

    public BookmarksViewModel bookmarks() {
        return inspecting.bookmarks();
    }

    /**
     * Compare backends… from this session's backend with another open one (a connection or a
     * project's environment); not while a write's sheet is open. The check-up and the forms over the
     * inspector close: the comparison takes the window.
     */
    public void compareBackends(BackendSession session) {
        if (session == null || session.target() == null || writes.flow().stageProperty().get() != WriteFlowViewModel.Stage.CLOSED) {
            return;
        }
        check.close();
        writes.closeForms();
        compare.open(session.target(), connections.openTargets());
    }

    /** Compare backends…: two open backends ID by ID. */
    public CompareViewModel compare() {
        return compare;
    }

    /** Check backend…: the current backend's check-up. */
    public CheckViewModel check() {
        return check;
    }

    /** The writes offered on the selected state, and the write flow they go through. */
    public WriteActions writes() {
        return writes;
    }

    /** The window title: the current backend's environment first, so production shows in the title bar. */
    public StringBinding windowTitleProperty() {
        return windowTitle;
    }

    public ObservableList<RunningTask> tasks() {
        return executor.running();
    }

    public TaskExecutor executor() {
        return executor;
    }

    public void cancelAll() {
        new ArrayList<>(executor.running()).forEach(RunningTask::cancel);
    }
}
