package dev.cairn.ui;

import dev.cairn.ui.dialog.FxDialogService;
import dev.cairn.ui.inspect.JsonPane;
import dev.cairn.ui.main.BackendOpener;
import dev.cairn.ui.main.MainView;
import dev.cairn.ui.main.MainViewModel;
import dev.cairn.ui.task.TaskExecutor;
import dev.cairn.ui.theme.Styles;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;

/** The desktop app. Started by {@code dev.cairn.Main} without arguments. */
public final class App extends Application {

    /** How long closing the window waits for a write in flight to finish and journal its outcome. */
    private static final java.time.Duration WRITE_GRACE = java.time.Duration.ofSeconds(20);

    private TaskExecutor executor;
    private MainViewModel model;

    @Override
    public void start(Stage stage) {
        executor = new TaskExecutor(2, Platform::runLater);
        AppServices services = AppServices.create(dev.cairn.ops.UserFolders.fromEnvironment(), executor, BackendOpener.DEFAULT);
        model = new MainViewModel(services);
        Scene scene = createScene(model, new FxDialogService(stage, model.themeProperty()::get));
        stage.titleProperty().bind(model.windowTitleProperty());
        stage.setScene(scene);
        stage.show();
        model.start();
        Platform.runLater(JsonPane::warmUp);
    }

    /** The window's scene: the main view, the stylesheet and the shortcuts (also used by tests and screenshots). */
    public static Scene createScene(MainViewModel model, dev.cairn.ui.dialog.DialogService dialogs) {
        MainView view = new MainView(model, dialogs);
        Scene scene = new Scene(view, 1360, 820);
        scene.getStylesheets().add(App.class.getResource(Styles.STYLESHEET).toExternalForm());
        view.installShortcuts(scene);
        return scene;
    }

    @Override
    public void stop() {
        if (model != null) {
            model.shutdown(WRITE_GRACE);
        }
        if (executor != null) {
            executor.close();
        }
    }
}
