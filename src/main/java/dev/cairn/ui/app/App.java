package dev.cairn.ui.app;

import dev.cairn.ops.UserFolders;
import dev.cairn.ui.dialog.DialogService;
import dev.cairn.ui.dialog.FxDialogService;
import dev.cairn.ui.inspect.JsonPane;
import dev.cairn.ui.main.MainView;
import dev.cairn.ui.main.MainViewModel;
import dev.cairn.ui.main.UncaughtErrors;
import dev.cairn.ui.services.AppServices;
import dev.cairn.ui.services.BackendOpener;
import dev.cairn.ui.task.TaskExecutor;
import dev.cairn.ui.theme.Styles;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import javafx.application.Application;
import javafx.application.HostServices;
import javafx.application.Platform;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.scene.image.Image;
import javafx.stage.Screen;
import javafx.stage.Stage;

/** The desktop app. Started by {@code dev.cairn.Main} without arguments. */
public final class App extends Application {

    /** How long closing the window waits for a write in flight to finish and journal its outcome. */
    private static final Duration WRITE_GRACE = Duration.ofSeconds(20);

    /** The window's preferred size. */
    public static final double WIDTH = 1360;
    public static final double HEIGHT = 820;

    private TaskExecutor executor;
    private MainViewModel model;

    @Override
    public void start(Stage stage) {
        executor = new TaskExecutor(3, Platform::runLater);
        HostServices host = getHostServices();
        AppServices services = AppServices.create(UserFolders.fromEnvironment(), executor, BackendOpener.DEFAULT,
                path -> host.showDocument(path.toUri().toString()));
        model = new MainViewModel(services);
        UncaughtErrors.install(model, Platform::runLater);
        // A screen smaller than the preferred size (a 1024×700 laptop) gets a window that fits it.
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        Scene scene = createScene(model, new FxDialogService(stage, model.themeProperty()::get, executor, services.opener()::open),
                Math.min(WIDTH, screen.getWidth()), Math.min(HEIGHT, screen.getHeight()));
        stage.titleProperty().bind(model.windowTitleProperty());
        stage.getIcons().addAll(windowIcons());
        stage.setScene(scene);
        stage.show();
        model.connections().start();
        Platform.runLater(JsonPane::warmUp);
    }

    /** The window's icons in the sizes the desktop picks from (rendered from assets/cairn.svg). */
    public static List<Image> windowIcons() {
        return Stream.of(16, 32, 48, 256)
                .map(size -> new Image(App.class.getResource("/dev/cairn/ui/icons/cairn-" + size + ".png").toExternalForm()))
                .toList();
    }

    /** The window's scene: the main view, the stylesheet and the shortcuts (also used by tests and screenshots). */
    public static Scene createScene(MainViewModel model, DialogService dialogs) {
        return createScene(model, dialogs, WIDTH, HEIGHT);
    }

    /** The window's scene at a size: a small screen's, or a test's. */
    public static Scene createScene(MainViewModel model, DialogService dialogs, double width, double height) {
        MainView view = new MainView(model, dialogs);
        Scene scene = new Scene(view, width, height);
        scene.getStylesheets().add(App.class.getResource(Styles.STYLESHEET).toExternalForm());
        view.installShortcuts(scene);
        return scene;
    }

    @Override
    public void stop() {
        if (model != null) {
            model.connections().shutdown(WRITE_GRACE);
        }
        if (executor != null) {
            executor.close();
        }
    }
}
