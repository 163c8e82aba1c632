package dev.cairn.ui.main;

import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.StateBackend;
import dev.cairn.ui.Selection;
import dev.cairn.ui.Texts;
import dev.cairn.ui.connect.ConnectionStore;
import dev.cairn.ui.connect.Environment;
import dev.cairn.ui.connect.ProjectEnvironment;
import dev.cairn.ui.connect.SavedConnection;
import dev.cairn.ui.diff.DiffViewModel;
import dev.cairn.ui.services.AppServices;
import dev.cairn.ui.task.BackgroundTask;
import dev.cairn.ui.task.RunningTask;
import dev.cairn.ui.task.TaskExecutor;
import dev.cairn.ui.task.UserError;
import dev.cairn.ui.theme.Theme;
import dev.cairn.ui.write.WriteTarget;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.value.ObservableValue;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sidebar's connections: the saved ones and their file, the backends open side by side and the
 * current one; opening (at start, from a URI, a project's environments), editing, retrying and
 * closing them, each backend's work in lanes of its own so that one that hangs holds up no other.
 */
public final class ConnectionsViewModel {

    private static final Logger LOG = LoggerFactory.getLogger(ConnectionsViewModel.class);

    private final AppServices services;
    private final Waits waits;
    private final TaskExecutor executor;
    private final ObservableList<SavedConnection> saved = FXCollections.observableArrayList();
    private final ObservableList<BackendSession> sessions = FXCollections.observableArrayList();
    private final ObjectProperty<BackendSession> current = new SimpleObjectProperty<>(this, "current");
    /** Saved with the connections, in the same file. */
    private final ObjectProperty<Theme> theme;
    private final Consumer<UserError> error;
    /** Told when a backend has opened: what compares across backends offers it now. */
    private final ObservableValue<Selection> selection;
    private final Runnable opened;
    /** What the status bar says of the last change in the sidebar, when there is something to say; "" otherwise. */
    private final ReadOnlyStringWrapper notice = new ReadOnlyStringWrapper(this, "notice", "");
    /** The saved connections (by name) that failed or did not answer at the last start, or at this one; the UI thread's. */
    private final Set<String> failedAtLastStart = new HashSet<>();

    /**
     * How long the window waits for a backend: for it to open, before the sidebar says it did not
     * answer (opening goes on in the background); and, once it is closed, for its work to end,
     * before the status bar says what was left to time out.
     */
    public record Waits(Duration opening, Duration closing) {
        /** The connect timeout and 5 s for the login and the first query; a few seconds for a close. */
        public static final Waits DEFAULT = new Waits(BackendOptions.CONNECT_TIMEOUT.plusSeconds(5), Duration.ofSeconds(5));
    }

    /**
     * Connections whose errors go to {@code error}, saved with the window's {@code theme}; {@code opened}
     * runs on the UI thread each time a backend has opened; each ID list's badges follow {@code selection}.
     */
    ConnectionsViewModel(AppServices services, Waits waits, ObjectProperty<Theme> theme, Consumer<UserError> error, Runnable opened,
                         ObservableValue<Selection> selection) {
        this.services = services;
        this.waits = waits;
        this.executor = services.executor();
        this.theme = theme;
        this.error = error;
        this.opened = opened;
        this.selection = selection;
        sessions.addListener((ListChangeListener<BackendSession>) change -> notice.set("")); // it was about the change before this one
        theme.addListener((obs, old, now) -> saveInBackground());
    }

    /**
     * What starting the app loads: saved connections (the demo workspace's on the very first start),
     * the theme, and the names of the connections that failed or did not answer at the last start.
     */
    private record Startup(List<SavedConnection> connections, Theme theme, Set<String> failedAtLastStart) { }

    /**
     * Loads saved connections (creating the demo workspace on the very first start) and opens every
     * one of them, except those that failed or did not answer at the last start: those are listed
     * as not opened, to be opened when the user asks.
     */
    public void start() {
        executor.submit(BackgroundTask.of(Texts.get("sidebar.task.load"), context -> {
            ConnectionStore store = services.connections();
            if (store.isFirstStart()) {
                services.demo().ensureCreated();
                List<SavedConnection> demo = services.demo().connections();
                store.save(new ConnectionStore.Saved(demo, "light"));
                return new Startup(demo, Theme.LIGHT, Set.of());
            }
            ConnectionStore.Saved loaded = store.load();
            if (loaded.connections().stream().anyMatch(this::isDemo)) {
                services.demo().ensureCreated();
            }
            return new Startup(loaded.connections(), "dark".equals(loaded.theme()) ? Theme.DARK : Theme.LIGHT,
                    loaded.failedAtLastStart());
        }).onSuccess(startup -> {
            saved.setAll(startup.connections());
            failedAtLastStart.addAll(startup.failedAtLastStart());
            theme.set(startup.theme());
            // each opens on its own; one that fails or does not answer stays in the sidebar, marked, with Retry
            for (SavedConnection c : startup.connections()) {
                if (openWithUri(c.uri()).isEmpty()) {
                    BackendSession session = added(c, false, true);
                    if (failedAtLastStart.contains(c.name())) {
                        session.notOpened();
                    } else {
                        startOpening(session);
                    }
                }
            }
        }).onFailure(error::accept));
    }

    private boolean isDemo(SavedConnection c) {
        String root = services.demo().root().toAbsolutePath().toString();
        return c.uri().contains(root);
    }

    /**
     * Opens a backend in the sidebar, or shows it if it is there already (opening it again in its
     * place where it is not open); optionally saves the connection.
     */
    public BackendSession open(SavedConnection connection, boolean save) {
        Optional<BackendSession> existing = openWithUri(connection.uri());
        if (existing.isPresent()) {
            BackendSession shown = existing.get().statusProperty().get().notOpen() ? retry(existing.get()) : existing.get();
            current.set(shown);
            return shown;
        }
        return openAnother(connection, save);
    }

    /**
     * Reads the Meltano project in {@code folder} off the FX thread, lets {@code choose} pick among
     * its environments (on the FX thread; none: cancelled), and opens the chosen ones.
     */
    public void openProject(Path folder, Function<List<ProjectEnvironment>, List<ProjectEnvironment>> choose) {
        executor.submit(BackgroundTask.of(Texts.get("sidebar.task.project", folder), context -> ProjectEnvironment.read(folder))
                .onSuccess(found -> choose.apply(found).forEach(environment -> openEnvironment(environment.connection())))
                .onFailure(error::accept));
    }

    /**
     * A project's environment: switches to it if it is open already, and otherwise opens it, also
     * where another environment's connection has the same backend (Meltano projects often keep dev
     * and prod in one system DB): under its own name and environment, so production rules apply to it.
     */
    private void openEnvironment(SavedConnection connection) {
        Optional<BackendSession> same = sessions.stream().filter(s -> s.connection().uri().equals(connection.uri())
                && s.name().equals(connection.name())).findFirst();
        if (same.isPresent()) {
            current.set(same.get());
        } else {
            openAnother(connection, false);
        }
    }

    /** The open backend with this URI, if any. */
    public Optional<BackendSession> openWithUri(String uri) {
        return sessions.stream().filter(s -> s.connection().uri().equals(uri)).findFirst();
    }

    /**
     * Opens a backend beside any open one with the same URI (a second connection to it, e.g. one
     * writable beside a read-only one), under a name no other connection has.
     */
    public BackendSession openAnother(SavedConnection connection, boolean save) {
        BackendSession session = added(connection, save, false);
        startOpening(session);
        return session;
    }

    /** A session for the connection at the sidebar's end, under a name no other open one has. */
    private BackendSession added(SavedConnection connection, boolean save, boolean atStart) {
        SavedConnection named = renamed(connection, uniqueName(connection.name(), null, false));
        BackendSession session = new BackendSession(named, atStart);
        sessions.add(session);
        if (save) {
            saved.removeIf(c -> c.name().equals(named.name()));
            saved.add(named.withoutSecrets());
            saveInBackground();
        }
        return session;
    }

    /** Opens the session's backend in the background; the first to open when none is shown is the current one. */
    private void startOpening(BackendSession session) {
        if (current.get() == null) {
            current.set(session);
        }
        SavedConnection connection = session.connection();
        String title = "Opening " + connection.displayUri();
        // in the connection's own lane: one that hangs while opening holds up no other
        executor.submit(BackgroundTask.of(title, context -> {
            // a backend that opens must reach onSuccess, which closes it if its session is gone by then
            context.unstoppable();
            return services.opener().open(connection);
        }).lane(session)
                .onSuccess(backend -> {
                    if (!sessions.contains(session)) {
                        closeInBackground("Closing " + connection.name(), () -> BackendSession.close(backend));
                        return;
                    }
                    adopt(session, backend);
                    if (failedAtLastStart.remove(session.name())) {
                        saveInBackground();
                    }
                })
                .onFailure(failure -> {
                    session.failed(failure);
                    failedAtStart(session);
                    if (sessions.contains(session)) {
                        error.accept(failure); // one skipped or retried meanwhile is not the user's concern any more
                    }
                })
                .onCancelled(() -> session.failed(new UserError(title + ": cancelled", ""))));
        executor.after(waits.opening(), () -> {
            if (session.statusProperty().get() == BackendSession.Status.OPENING && sessions.contains(session)) {
                session.noAnswer(waits.opening());
                failedAtStart(session);
            }
        });
    }

    /** A connection opened at start that failed or did not answer is not opened by itself at the next start. */
    private void failedAtStart(BackendSession session) {
        if (session.atStart() && failedAtLastStart.add(session.name())) {
            saveInBackground();
        }
    }

    /** The session's backend is open: list it, and show it if it is the current one. */
    private void adopt(BackendSession session, StateBackend backend) {
        LOG.info("Opened {} ({}, {}{})", session.name(), backend.displayUri(), session.connection().environment().label(),
                session.connection().readOnly() ? ", read-only" : "");
        session.opened(backend, executor);
        session.list().follow(selection);
        opened.run();
        session.list().errorProperty().addListener((obs, old, now) -> {
            if (now != null) {
                error.accept(now);
            }
        });
        if (current.get() == session) {
            current.set(null);
            current.set(session);
        }
    }

    /**
     * Applies an edited connection to an open backend at once, in its place in the sidebar: the
     * backend opens again when what it was opened with changed (URI, read-only flag, settings), and
     * is kept when only the name or the environment did. A saved connection of the same name is
     * updated and saved too.
     */
    public BackendSession edit(BackendSession session, SavedConnection edited) {
        int index = sessions.indexOf(session);
        if (index < 0) {
            return session;
        }
        SavedConnection before = session.connection();
        SavedConnection after = renamed(edited, uniqueName(edited.name(), before.name(), true));
        BackendSession fresh = new BackendSession(after, false);
        boolean sameBackend = session.backend() != null && before.uri().equals(after.uri())
                && before.readOnly() == after.readOnly() && before.settings().equals(after.settings());
        replace(session, fresh, sameBackend ? () -> {
            session.stop();
            adopt(fresh, session.backend());
        } : () -> {
            stopAndClose(session);
            startOpening(fresh);
        });
        saved.stream().filter(c -> c.name().equals(before.name())).findFirst()
                .ifPresent(c -> replaceSaved(c, after));
        return fresh;
    }

    /** Replaces a saved connection with its edited form, in its place, and saves. */
    public void editSaved(SavedConnection before, SavedConnection edited) {
        replaceSaved(before, renamed(edited, uniqueName(edited.name(), before.name(), true)));
    }

    /**
     * Puts {@code fresh} in {@code old}'s place in the sidebar, and makes it the current one if
     * {@code old} was, once {@code swap} has stopped the old one and started the new.
     */
    private void replace(BackendSession old, BackendSession fresh, Runnable swap) {
        boolean wasCurrent = current.get() == old;
        sessions.set(sessions.indexOf(old), fresh);
        swap.run();
        if (wasCurrent) {
            current.set(fresh);
        }
    }

    /** An edited connection is tried again at the next start: the edit may be what it needed. */
    private void replaceSaved(SavedConnection before, SavedConnection after) {
        int index = saved.indexOf(before);
        if (index >= 0) {
            saved.set(index, after.withoutSecrets());
            failedAtLastStart.remove(before.name());
            saveInBackground();
        }
    }

    /** Saves a copy of a connection under a new name, right after the original. */
    public SavedConnection duplicate(SavedConnection connection) {
        SavedConnection copy = renamed(connection, uniqueName(connection.name(), null, true)).withoutSecrets();
        int index = saved.indexOf(connection);
        saved.add(index < 0 ? saved.size() : index + 1, copy);
        saveInBackground();
        return copy;
    }

    /**
     * Turning a connection into a writable production one must be deliberate: the user types its
     * name first (as the write sheet asks for a state ID on production).
     */
    public static boolean unlocksProduction(SavedConnection before, SavedConnection after) {
        return after.environment() == Environment.PROD && !after.readOnly()
                && (before.readOnly() || before.environment() != Environment.PROD);
    }

    /**
     * {@code wanted}, or {@code wanted (2)}, {@code (3)}… so no open connection (and, with
     * {@code countSaved}, no saved one) has the name; {@code freed} is the name being given up by
     * the connection renamed, free to keep.
     */
    private String uniqueName(String wanted, String freed, boolean countSaved) {
        Set<String> taken = new HashSet<>();
        sessions.forEach(s -> taken.add(s.name()));
        if (countSaved) {
            saved.forEach(c -> taken.add(c.name()));
        }
        taken.remove(freed);
        String name = wanted;
        for (int n = 2; taken.contains(name); n++) {
            name = wanted + " (" + n + ")";
        }
        return name;
    }

    private static SavedConnection renamed(SavedConnection c, String name) {
        return name.equals(c.name()) ? c : new SavedConnection(name, c.uri(), c.environment(), c.readOnly(), c.settings());
    }

    /**
     * Takes the backend out of the sidebar at once, cancels its work and closes it in the
     * background. What has not ended after {@link Waits#closing} (work stuck on a server that does
     * not answer ends only at its timeout) leaves the status bar, whose notice says so.
     */
    public void close(BackendSession session) {
        sessions.remove(session);
        if (current.get() == session) {
            current.set(sessions.isEmpty() ? null : sessions.get(0));
        }
        List<RunningTask> ending = stopAndClose(session);
        executor.after(waits.closing(), () -> {
            List<RunningTask> left = ending.stream().filter(t -> !t.doneProperty().get()).toList();
            if (!left.isEmpty()) {
                left.forEach(executor::letGo);
                notice.set(Texts.get("main.closedLate", session.name(), left.size(), waits.closing().toSeconds()));
            }
        });
    }

    /**
     * Stops a session that leaves the sidebar: its list's work, every task in its lanes (opening
     * and the backend's), and closes its backend, if it was opened. Returns the tasks not ended yet,
     * the close among them.
     */
    private List<RunningTask> stopAndClose(BackendSession session) {
        session.stop();
        List<RunningTask> ending = new ArrayList<>(executor.stopLane(session));
        if (session.backend() != null) {
            ending.addAll(executor.stopLane(session.backend()));
            ending.add(closeInBackground("Closing " + session.name(), session::closeBackend));
        }
        return ending;
    }

    /** In a lane of its own: it must not wait behind the hung work of the backend it closes. */
    private RunningTask closeInBackground(String title, Runnable closing) {
        return executor.submit(BackgroundTask.of(title, context -> {
            closing.run();
            return null;
        }).lane(new Object()));
    }

    /**
     * The window closes: stops every backend's work, waits (up to {@code wait}) for what runs to
     * end — a write in flight finishes and journals its outcome — and closes every open backend.
     * The pool is shut down by then, so the backends are closed here, on the closing UI thread.
     */
    public void shutdown(Duration wait) {
        // one still opening since the start hung there: the next start does not open it by itself
        List<String> stillOpening = sessions.stream().filter(s -> s.atStart()
                && s.statusProperty().get() == BackendSession.Status.OPENING).map(BackendSession::name).toList();
        sessions.forEach(BackendSession::stop);
        executor.shutdown(wait);
        if (failedAtLastStart.addAll(stillOpening)) {
            offerSaved();
            try {
                services.connections().saveOffered();
            } catch (IOException e) {
                LOG.warn("Saving the connections that did not open failed", e);
            }
        }
        sessions.forEach(BackendSession::closeBackend);
    }

    /**
     * Opens a backend that is not open once more, in its place in the sidebar (Retry, or Open for
     * one not opened at start); the first try, if it still goes on, is left to end on its own.
     * Returns the session opening now, or {@code notOpen} if it has left the sidebar.
     */
    public BackendSession retry(BackendSession notOpen) {
        if (!sessions.contains(notOpen)) {
            return notOpen;
        }
        BackendSession again = new BackendSession(notOpen.connection(), false);
        replace(notOpen, again, () -> {
            stopAndClose(notOpen);
            startOpening(again);
        });
        return again;
    }

    /** Forgets a saved connection; one of its name saved later opens at start again. */
    public void forget(SavedConnection connection) {
        saved.remove(connection);
        failedAtLastStart.remove(connection.name());
        saveInBackground();
    }

    private void saveInBackground() {
        // offered here, in the order of the changes; the tasks may run in any order
        offerSaved();
        executor.submit(BackgroundTask.of(Texts.get("sidebar.task.save"), context -> {
            services.connections().saveOffered();
            return null;
        }).onFailure(error::accept));
    }

    private void offerSaved() {
        services.connections().offer(new ConnectionStore.Saved(new ArrayList<>(saved),
                theme.get() == Theme.DARK ? "dark" : "light", failedAtLastStart));
    }

    public ObservableList<SavedConnection> saved() {
        return saved;
    }

    public ObservableList<BackendSession> sessions() {
        return sessions;
    }

    /** The open backends, as writes and comparisons name them. */
    public List<WriteTarget> openTargets() {
        return sessions.stream().map(BackendSession::target).filter(Objects::nonNull).toList();
    }

    /** The open backends but the current one: what the diff compares with, and a merge reads from. */
    public List<DiffViewModel.BackendChoice> otherBackends() {
        return sessions.stream().filter(s -> s != current.get() && s.backend() != null)
                .map(s -> new DiffViewModel.BackendChoice(s.name(), s.backend())).toList();
    }

    public ObjectProperty<BackendSession> currentProperty() {
        return current;
    }

    public ObjectProperty<Theme> themeProperty() {
        return theme;
    }
    /** One sentence the status bar shows about the last change in the sidebar, e.g. what a close left; "" for none. */
    public ReadOnlyStringProperty noticeProperty() {
        return notice.getReadOnlyProperty();
    }
}
