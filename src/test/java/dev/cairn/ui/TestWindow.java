package dev.cairn.ui;

import dev.cairn.ops.UserFolders;
import dev.cairn.testing.Waits;
import dev.cairn.ui.app.App;
import dev.cairn.ui.dialog.DialogService;
import dev.cairn.ui.dialog.NoDialogs;
import dev.cairn.ui.inspect.InspectorViewModel;
import dev.cairn.ui.main.ConnectionsViewModel;
import dev.cairn.ui.main.MainView;
import dev.cairn.ui.main.MainViewModel;
import dev.cairn.ui.main.UncaughtErrors;
import dev.cairn.ui.services.AppServices;
import dev.cairn.ui.services.BackendOpener;
import dev.cairn.ui.services.DesktopOpener;
import dev.cairn.ui.task.TaskExecutor;
import dev.cairn.ui.theme.Theme;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import javafx.application.Platform;
import javafx.stage.Stage;
import org.testfx.util.WaitForAsyncUtils;

/** The app's whole window for a test, headless: started as {@link App} starts it, with no dialogs unless a test answers them. */
public final class TestWindow implements AutoCloseable {

    /**
     * How long a window test waits for the window before it fails: a hang's bound, not a budget. On
     * a loaded machine (load 25 on 2 cores) opening the window and reading its backends took over
     * 30 s, so the wait is four times that.
     */
    public static final Duration WAIT = Duration.ofSeconds(120);

    public final MainViewModel model;
    public final MainView view;
    public final Stage stage;
    private final TaskExecutor executor;

    private TestWindow(MainViewModel model, MainView view, Stage stage, TaskExecutor executor) {
        this.model = model;
        this.view = view;
        this.stage = stage;
        this.executor = executor;
    }

    /** Opens the window and waits until {@code sessions} backends are open and listed, or not opened at start. */
    public static TestWindow open(UserFolders folders, BackendOpener opener, int sessions) throws Exception {
        return open(folders, opener, sessions, new NoDialogs());
    }

    /** Opens the window waiting {@code waits} for backends to open and for closed ones' work to end. */
    public static TestWindow open(UserFolders folders, BackendOpener opener, int sessions, ConnectionsViewModel.Waits waits) throws Exception {
        return open(folders, opener, sessions, new NoDialogs(), path -> { }, waits, App.WIDTH, App.HEIGHT);
    }

    /** Opens the window with dialogs answered by {@code dialogs}. */
    public static TestWindow open(UserFolders folders, BackendOpener opener, int sessions,
                                  DialogService dialogs) throws Exception {
        return open(folders, opener, sessions, dialogs, App.WIDTH, App.HEIGHT);
    }

    /** Opens the window at a size, as it opens on a screen of that size. */
    public static TestWindow open(UserFolders folders, BackendOpener opener, int sessions,
                                  DialogService dialogs, double width, double height) throws Exception {
        return open(folders, opener, sessions, dialogs, path -> { }, ConnectionsViewModel.Waits.DEFAULT, width, height);
    }

    /** Opens the window with dialogs answered by {@code dialogs} and files opened through {@code desktop}. */
    public static TestWindow open(UserFolders folders, BackendOpener opener, int sessions,
                                  DialogService dialogs, DesktopOpener desktop) throws Exception {
        return open(folders, opener, sessions, dialogs, desktop, ConnectionsViewModel.Waits.DEFAULT, App.WIDTH, App.HEIGHT);
    }

    private static TestWindow open(UserFolders folders, BackendOpener opener, int sessions, DialogService dialogs,
                                   DesktopOpener desktop, ConnectionsViewModel.Waits waits, double width, double height) throws Exception {
        FxTestSupport.start();
        TaskExecutor executor = new TaskExecutor(2, Platform::runLater);
        AppServices services = AppServices.create(folders, executor, opener, desktop);
        TestWindow window = WaitForAsyncUtils.asyncFx(() -> {
            MainViewModel model = new MainViewModel(services, waits);
            UncaughtErrors.install(model, Platform::runLater);
            Stage stage = new Stage();
            stage.setScene(App.createScene(model, dialogs, width, height));
            stage.titleProperty().bind(model.windowTitleProperty());
            stage.show();
            model.connections().start();
            return new TestWindow(model, (MainView) stage.getScene().getRoot(), stage, executor);
        }).get(WAIT.toSeconds(), TimeUnit.SECONDS);
        waitFor(sessions + " backends open and listed, or not opened, and no task running", () -> window.model.connections().sessions().size() == sessions
                && window.model.connections().sessions().stream().allMatch(s -> s.list() != null || s.statusProperty().get().notOpen())
                && window.model.tasks().isEmpty());
        return window;
    }

    /** Selects {@code id} in the open backend named {@code sessionName} and waits until the inspector has read it. */
    public void select(String sessionName, String id) throws Exception {
        fxRun(() -> {
            var session = model.connections().sessions().stream().filter(s -> s.name().equals(sessionName)).findFirst().orElseThrow();
            model.connections().currentProperty().set(session);
            session.list().selectedProperty().set(session.list().visible().stream()
                    .filter(e -> e.stateId().equals(id)).findFirst().orElseThrow());
        });
        waitFor("the inspector to have read " + id, () -> id.equals(model.inspector().stateIdProperty().get()) && model.tasks().isEmpty()
                && model.inspector().documentProperty(InspectorViewModel.Part.PARTIAL).get() != null);
    }

    /**
     * What is cut off in the window at 1024×700 ({@link LayoutCheck}), in each theme (light again
     * after); with {@code -Dcairn.renders=DIR} each is rendered to {@code DIR/what-1024[-dark].png}.
     */
    public List<String> cutOff(String what) throws Exception {
        List<String> problems = new ArrayList<>();
        for (Theme theme : Theme.values()) {
            fxRun(() -> {
                stage.setWidth(1024);
                stage.setHeight(700);
                model.themeProperty().set(theme);
            });
            WaitForAsyncUtils.waitForFxEvents();
            problems.addAll(fx(() -> {
                view.applyCss();
                view.layout();
                String renders = System.getProperty("cairn.renders");
                if (renders != null) {
                    LayoutCheck.render(view, Path.of(renders, what + "-1024" + (theme == Theme.LIGHT ? "" : "-dark") + ".png"));
                }
                return LayoutCheck.problems(view);
            }));
        }
        fxRun(() -> model.themeProperty().set(Theme.LIGHT));
        return problems;
    }

    /** Runs {@code work} on the FX thread and returns its result (waits up to {@link #WAIT}). */
    public static <T> T fx(Callable<T> work) throws Exception {
        return WaitForAsyncUtils.asyncFx(work).get(WAIT.toSeconds(), TimeUnit.SECONDS);
    }

    public static void fxRun(Runnable work) throws Exception {
        fx(() -> {
            work.run();
            return null;
        });
    }

    /** Waits (up to {@link #WAIT}) until the condition, checked on the FX thread, holds. */
    public static void waitFor(BooleanSupplier condition) throws Exception {
        waitFor("a condition on the FX thread", condition);
    }

    /** Waits (up to {@link #WAIT}) until the condition, checked on the FX thread, holds; a timeout names {@code what} it waited for. */
    public static void waitFor(String what, BooleanSupplier condition) throws Exception {
        Waits.until(() -> fx(condition::getAsBoolean), WAIT, what);
    }

    @Override
    public void close() throws Exception {
        fxRun(stage::close);
        // as the app does on exit: work in flight ends before the test's folders are deleted under it
        fx(() -> executor.shutdown(Duration.ofSeconds(60)));
    }
}
