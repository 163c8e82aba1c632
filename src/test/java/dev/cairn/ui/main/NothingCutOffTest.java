package dev.cairn.ui.main;

import static dev.cairn.ui.TestWindow.fx;
import static dev.cairn.ui.TestWindow.fxRun;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.ops.Edit;
import dev.cairn.state.Json;
import dev.cairn.ui.LayoutCheck;
import dev.cairn.ui.TestWindow;
import dev.cairn.ui.WriteWorkspace;
import dev.cairn.ui.connect.ConnectView;
import dev.cairn.ui.connect.ConnectViewModel;
import dev.cairn.ui.task.TaskExecutor;
import dev.cairn.ui.task.UserError;
import dev.cairn.ui.theme.Styles;
import dev.cairn.ui.theme.Theme;
import dev.cairn.ui.transfer.TransferViewModel;
import dev.cairn.ui.write.WriteFlowViewModel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.application.Platform;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.DialogPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Every view and sheet of the window, at 1024×700 and 1360×900, light and dark: no button, label,
 * tab or column header is cut to "…" or drawn over another, and the controls stay put when banners
 * come and go.
 */
class NothingCutOffTest {

    private static final double[][] SIZES = {{1024, 700}, {1360, 900}};
    private static final String LONG_ERROR = "Could not read prod:tap-github-to-target-postgres from"
            + " s3://acme-meltano-state/meltano/state: the connection was reset by the peer after 3 retries;"
            + " check the endpoint, the network and the credentials of the profile";

    private TestWindow window;
    private MainViewModel model;
    private MainView view;
    private final List<String> problems = new ArrayList<>();

    @BeforeEach
    void openWindow(@TempDir Path home) throws Exception {
        window = TestWindow.open(new WriteWorkspace(home).folders, WriteWorkspace.opener(), 4);
        model = window.model;
        view = window.view;
    }

    @AfterEach
    void closeWindow() throws Exception {
        window.close();
    }

    private void select(String sessionName, String id) throws Exception {
        window.select(sessionName, id);
        settle();
    }

    private void settle() throws Exception {
        TestWindow.waitFor(() -> model.tasks().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Lays the window out at both sizes in both themes and notes what is cut off. */
    private void check(String what) throws Exception {
        settle();
        for (double[] size : SIZES) {
            for (Theme theme : Theme.values()) {
                fxRun(() -> {
                    window.stage.setWidth(size[0]);
                    window.stage.setHeight(size[1]);
                    model.themeProperty().set(theme);
                });
                WaitForAsyncUtils.waitForFxEvents();
                for (String p : fx(() -> {
                    view.applyCss();
                    view.layout();
                    return LayoutCheck.problems(view);
                })) {
                    problems.add(what + " at " + (int) size[0] + "×" + (int) size[1] + ", " + theme + ": " + p);
                }
            }
        }
    }

    @Test
    void everyViewAndSheetFitsAtBothSizes() throws Exception {
        select("prod S3", WriteWorkspace.PROD_ID_2);
        for (String tab : fx(() -> view.inspector().tabs().getTabs().stream().map(t -> t.getText()).toList())) {
            fxRun(() -> view.inspector().tabs().getTabs().stream().filter(t -> t.getText().equals(tab)).findFirst()
                    .ifPresent(t -> view.inspector().tabs().getSelectionModel().select(t)));
            check("the " + tab + " tab");
        }
        fxRun(() -> model.errorProperty().set(new UserError(LONG_ERROR, "java.net.SocketException: Connection reset")));
        check("an error banner");
        fxRun(() -> model.errorProperty().set(null));

        select("dev system DB", WriteWorkspace.DEV_ID);
        fxRun(() -> view.selectTab("edit"));
        TestWindow.waitFor(() -> view.editorView().area() != null && model.tasks().isEmpty());
        fxRun(() -> view.editorView().area().replaceText("{\"singer_state\": {\"bookmarks\": {\"issues\": {\"replication_key\""
                + ": \"updated_at\", \"replication_key_value\": \"2024-05-01T00:00:00+00:00\",,}}}}"));
        TestWindow.waitFor(() -> model.writes().editor().dirtyProperty().get() && !model.writes().editor().problems().isEmpty());
        check("the editor with a syntax error");
        fxRun(() -> model.writes().editor().revert());

        fxRun(() -> model.writes().openMerge());
        check("the merge form");
        fxRun(() -> model.writes().merge().close());

        fxRun(() -> view.selectTab("bookmarks"));
        settle();
        TestWindow.waitFor(() -> !model.bookmarks().rows().isEmpty());
        fxRun(() -> model.writes().openRewind(model.bookmarks().rows().get(0).bookmark()));
        check("the rewind form");
        fxRun(() -> model.writes().rewind().close());

        fxRun(() -> model.writes().openTransfer());
        check("the copy form");
        fxRun(() -> {
            model.writes().transfer().scopeProperty().set(TransferViewModel.Scope.PATTERN);
            model.writes().transfer().patternProperty().set("dev:*");
            model.writes().transfer().plan();
        });
        TestWindow.waitFor(() -> model.writes().transfer().stageProperty().get() == TransferViewModel.Stage.PLANNED);
        check("the planned copy");
        fxRun(() -> model.writes().transfer().close());

        fxRun(() -> model.writes().breakLock().open(model.currentProperty().get().target(), WriteWorkspace.DEV_ID,
                dev.cairn.backend.LockStatus.stale(java.time.Instant.parse("2024-05-31T22:15:03Z"), "older than 10 s; Meltano would break it")));
        check("the break-lock form");
        fxRun(() -> model.writes().breakLock().close());

        select("prod S3", WriteWorkspace.PROD_ID_2);
        var rewind = Json.parseObject("{\"singer_state\": {\"bookmarks\": {\"charges\":"
                + " {\"replication_key_value\": \"2024-04-01T00:00:00+00:00\"}}}}");
        fxRun(() -> model.writes().write(Edit.merge(rewind)));
        TestWindow.waitFor(() -> model.writes().flow().stageProperty().get() == WriteFlowViewModel.Stage.PREVIEW);
        check("the write preview on production");
        fxRun(() -> model.writes().flow().typedProperty().set(WriteWorkspace.PROD_ID_2));
        fxRun(() -> model.writes().flow().confirm());
        TestWindow.waitFor(() -> model.writes().flow().stageProperty().get() == WriteFlowViewModel.Stage.DONE);
        check("the written sheet");
        fxRun(() -> model.writes().flow().close());

        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    @Test
    void theConnectAndEditFormsFitTheirDialog() throws Exception {
        try (TaskExecutor executor = new TaskExecutor(1, Platform::runLater)) {
            for (boolean offerSave : new boolean[] {true, false}) {
                List<String> found = fx(() -> {
                    ConnectViewModel form = new ConnectViewModel(executor, c -> {
                        throw new IllegalStateException("not opened here");
                    });
                    form.load(model.saved().get(0));
                    DialogPane pane = new DialogPane();
                    pane.setContent(new ConnectView(form, model.saved(), offerSave));
                    pane.getStylesheets().add(MainView.class.getResource(Styles.STYLESHEET).toExternalForm());
                    Stage stage = new Stage();
                    stage.setScene(new Scene(pane));
                    stage.show();
                    pane.applyCss();
                    pane.layout();
                    List<String> cut = LayoutCheck.problems(pane);
                    stage.close();
                    return cut;
                });
                found.forEach(p -> problems.add((offerSave ? "connect" : "edit connection") + ": " + p));
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    /** Where the controls under the header are, in the scene. */
    private List<Double> controlTops() throws Exception {
        return fx(() -> {
            view.applyCss();
            view.layout();
            List<Double> tops = new ArrayList<>();
            for (Node n : List.of(view.inspector().tabs(), view.stateList().filterField(),
                    view.lookup("#action-merge"))) {
                Bounds b = n.localToScene(n.getLayoutBounds());
                tops.add(b.getMinY());
            }
            return tops;
        });
    }

    @Test
    void controlsStayPutWhenBannersComeAndGo() throws Exception {
        fxRun(() -> {
            window.stage.setWidth(1024);
            window.stage.setHeight(700);
        });
        select("dev system DB", WriteWorkspace.DEV_ID);
        List<Double> dev = controlTops();
        fxRun(() -> model.errorProperty().set(new UserError(LONG_ERROR, "details")));
        settle();
        assertEquals(dev, controlTops(), "an error banner moved the controls");
        fxRun(() -> model.errorProperty().set(null));
        select("prod S3", WriteWorkspace.PROD_ID_2);
        assertEquals(dev, controlTops(), "the production banner moved the controls");
        select("dev system DB", WriteWorkspace.DEV_ID_2);
        assertEquals(dev, controlTops(), "another state ID's header moved the controls");
    }
}
