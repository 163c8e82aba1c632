package dev.cairn.ui.main;

import static dev.cairn.ui.TestWindow.fx;
import static dev.cairn.ui.TestWindow.fxRun;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.ops.CheckUp.Finding;
import dev.cairn.ops.CheckUp.Kind;
import dev.cairn.ops.UserFolders;
import dev.cairn.ui.ScriptedDialogs;
import dev.cairn.ui.TestWindow;
import dev.cairn.ui.check.CheckViewModel;
import dev.cairn.ui.connect.SavedConnection;
import dev.cairn.ui.services.BackendOpener;
import dev.cairn.ui.write.WriteFlowViewModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.Button;
import javafx.scene.control.TableRow;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.util.WaitForAsyncUtils;

/** Check backend… on the demo workspace at 1024×700: findings shown whole, Fix… opens the write flow's preview. */
@Tag("window")
class CheckWindowTest {

    private final ScriptedDialogs dialogs = new ScriptedDialogs();
    private TestWindow window;
    private MainViewModel model;
    private MainView view;
    private Path home;

    @BeforeEach
    void openWindow(@TempDir Path home) throws Exception {
        this.home = home;
        window = TestWindow.open(new UserFolders(home.resolve("data"), home.resolve("config")), BackendOpener.DEFAULT, 2, dialogs);
        model = window.model;
        view = window.view;
    }

    @AfterEach
    void closeWindow() throws Exception {
        window.close();
    }

    @Test
    void checkBackendShowsTheFindingsWholeAndFixOpensTheWritePreview() throws Exception {
        fxRun(() -> model.connections().currentProperty().set(model.connections().sessions().stream()
                .filter(s -> s.name().equals("Demo system DB")).findFirst().orElseThrow()));
        TestWindow.waitFor(() -> model.connections().currentProperty().get().target() != null && model.tasks().isEmpty());
        // Ctrl+Shift+K, as the sidebar's context menu names it
        fxRun(() -> window.stage.getScene().getAccelerators()
                .get(new KeyCodeCombination(KeyCode.K, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN)).run());
        CheckViewModel check = model.check();
        TestWindow.waitFor(() -> check.stageProperty().get() == CheckViewModel.Stage.CHECKED && model.tasks().isEmpty());
        assertTrue(fx(() -> view.checkView().isVisible()));
        assertTrue(fx(() -> !check.findings().isEmpty()), "the demo has broken states");
        assertTrue(fx(() -> check.statusProperty().get()).startsWith("Checked "), fx(() -> check.statusProperty().get()));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(), window.cutOff("check-backend"));

        // selecting a finding selects its ID in the list
        Finding pending = fx(() -> check.findings().stream().filter(f -> f.kind() == Kind.PENDING_PARTIAL).findFirst().orElseThrow());
        fxRun(() -> {
            view.checkView().table().getSelectionModel().select(pending);
            view.checkView().table().scrollTo(pending);
        });
        TestWindow.waitFor(() -> pending.stateId().equals(model.inspector().stateIdProperty().get()) && model.tasks().isEmpty());

        // the export goes where the save-file chooser says
        dialogs.saveAs = home.resolve("report.csv");
        fxRun(() -> ((Button) view.checkView().lookup("#check-export")).fire());
        TestWindow.waitFor(() -> !check.noticeProperty().get().isEmpty());
        assertEquals("severity,kind,id,message,fix", Files.readAllLines(dialogs.saveAs).get(0));

        // the demo's production DB is a read-only connection: Fix… says so and writes nothing
        fixButton(pending).run();
        assertTrue(fx(() -> check.noticeProperty().get()).contains("read-only connection"), fx(() -> check.noticeProperty().get()));
        assertEquals(WriteFlowViewModel.Stage.CLOSED, fx(() -> model.writes().flow().stageProperty().get()));
        assertEquals(List.of(), window.cutOff("check-read-only-fix"));

        // made writable (F2 in the sidebar), checked again: Fix… opens the write flow's preview
        fxRun(() -> {
            BackendSession s = model.connections().currentProperty().get();
            SavedConnection c = s.connection();
            model.connections().currentProperty().set(model.connections().edit(s,
                    new SavedConnection(c.name(), c.uri(), c.environment(), false, c.settings())));
        });
        TestWindow.waitFor(() -> model.connections().currentProperty().get().target() != null && model.tasks().isEmpty());
        fxRun(() -> window.stage.getScene().getAccelerators()
                .get(new KeyCodeCombination(KeyCode.K, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN)).run());
        TestWindow.waitFor(() -> check.stageProperty().get() == CheckViewModel.Stage.CHECKED && model.tasks().isEmpty()
                && check.findings().contains(pending));
        fxRun(() -> view.checkView().table().scrollTo(pending));
        fixButton(pending).run();
        TestWindow.waitFor(() -> model.writes().flow().stageProperty().get() == WriteFlowViewModel.Stage.PREVIEW);
        assertTrue(fx(() -> view.writeSheet().isVisible()), "the write flow's preview shows over the check-up");
        assertTrue(fx(() -> model.writes().flow().titleProperty().get()).contains(pending.stateId()),
                fx(() -> model.writes().flow().titleProperty().get()));
        assertEquals(List.of(), window.cutOff("check-fix-preview"));
    }

    /** Fires the Fix… button of the finding's row, as drawn. */
    private Runnable fixButton(Finding finding) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        Button fix = fx(() -> view.checkView().table().lookupAll(".table-row-cell").stream()
                .map(n -> (TableRow<?>) n).filter(r -> finding.equals(r.getItem()))
                .map(r -> (Button) r.lookup(".check-fix")).findFirst().orElseThrow());
        return () -> {
            try {
                fxRun(fix::fire);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        };
    }
}
