package dev.cairn.ui.main;

import static dev.cairn.ui.TestWindow.fx;
import static dev.cairn.ui.TestWindow.fxRun;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.backend.Backends;
import dev.cairn.backend.StateBackend;
import dev.cairn.ops.Edit;
import dev.cairn.ops.UserFolders;
import dev.cairn.state.Json;
import dev.cairn.ui.ScriptedDialogs;
import dev.cairn.ui.TestWindow;
import dev.cairn.ui.inspect.InspectorViewModel.Part;
import dev.cairn.ui.plan.PlanViewModel;
import dev.cairn.ui.services.BackendOpener;
import dev.cairn.ui.write.WriteFlowViewModel;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.Button;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Save as plan… and Open plan… on the demo workspace at 1024×700: a write of the staging files saved
 * from its preview (nothing written), then opened with Ctrl+Shift+P, previewed and applied; nothing
 * cut off on either sheet.
 */
@Tag("window")
class PlanWindowTest {

    private final ScriptedDialogs dialogs = new ScriptedDialogs();
    private TestWindow window;
    private MainViewModel model;
    private MainView view;
    private Path home;

    @BeforeEach
    void openWindow(@TempDir Path home) throws Exception {
        this.home = home;
        window = TestWindow.open(new UserFolders(home.resolve("data"), home.resolve("config")), BackendOpener.DEFAULT,
                2, dialogs);
        model = window.model;
        view = window.view;
    }

    @AfterEach
    void closeWindow() throws Exception {
        window.close();
    }

    @Test
    void aWriteSavedAsPlanFromItsPreviewIsOpenedAndApplied() throws Exception {
        TestWindow.waitFor(() -> model.connections().sessions().stream().allMatch(s -> s.target() != null) && model.tasks().isEmpty());
        BackendSession files = fx(() -> model.connections().sessions().stream()
                .filter(s -> s.name().equals("Demo file backend")).findFirst().orElseThrow());
        fxRun(() -> model.connections().currentProperty().set(files));
        TestWindow.waitFor(() -> !files.list().visible().isEmpty() && model.tasks().isEmpty());
        String id = fx(() -> files.list().visible().get(0).stateId());
        fxRun(() -> files.list().selectedProperty().set(files.list().visible().get(0)));
        TestWindow.waitFor(() -> id.equals(model.inspector().stateIdProperty().get()) && model.tasks().isEmpty()
                && model.inspector().documentProperty(Part.PARTIAL).get() != null);
        String before = files.backend().read(id).document().completed().storedText();

        Edit set = Edit.set(Json.parseObject("{\"singer_state\": {\"bookmarks\": {}}}"));
        fxRun(() -> model.writes().write(set));
        WriteFlowViewModel flow = model.writes().flow();
        TestWindow.waitFor(() -> flow.stageProperty().get() == WriteFlowViewModel.Stage.PREVIEW && model.tasks().isEmpty());
        assertEquals(List.of(), window.cutOff("save-plan-preview"));
        Path file = home.resolve("staging.plan.json");
        dialogs.saveAs = file;
        fxRun(() -> ((Button) view.writeSheet().lookup("#save-plan")).fire());
        TestWindow.waitFor(() -> flow.messageProperty().get().startsWith("Saved a plan of 1 write") && model.tasks().isEmpty());
        assertTrue(fx(() -> flow.messageProperty().get()).contains(" to " + file + ": nothing was written."));
        assertEquals(before, files.backend().read(id).document().completed().storedText(), "nothing written");
        fxRun(() -> ((Button) view.writeSheet().lookup("#cancel-write")).fire());
        TestWindow.waitFor(() -> flow.stageProperty().get() == WriteFlowViewModel.Stage.CLOSED);

        // Open plan…: Ctrl+Shift+P, as the sidebar's context menu names it
        dialogs.openFile = file;
        fxRun(() -> window.stage.getScene().getAccelerators()
                .get(new KeyCodeCombination(KeyCode.P, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN)).run());
        PlanViewModel plan = model.writes().plan();
        TestWindow.waitFor(() -> plan.stageProperty().get() == PlanViewModel.Stage.PREVIEW && model.tasks().isEmpty());
        assertTrue(fx(() -> view.planView().isVisible()));
        assertTrue(fx(() -> model.inspectorTakesWindowProperty().get()), "the plan takes the window");
        assertEquals(List.of("Demo file backend"), fx(() -> plan.rows().stream().map(PlanViewModel.Row::connection).toList()));
        assertEquals("to write", fx(() -> plan.rows().get(0).status()));
        assertEquals(List.of(), window.cutOff("open-plan"));
        fxRun(() -> ((Button) view.planView().lookup("#plan-apply")).fire());
        TestWindow.waitFor(() -> plan.stageProperty().get() == PlanViewModel.Stage.DONE && model.tasks().isEmpty());
        assertEquals("written", fx(() -> plan.rows().get(0).status()), fx(() -> plan.messageProperty().get()));
        try (StateBackend check = Backends.open(files.connection().uri(), files.connection().options())) {
            assertEquals("{}", check.read(id).document().completed().value().at("/singer_state/bookmarks").toString());
        }
        assertEquals(List.of(), window.cutOff("plan-applied"));
        fxRun(() -> ((Button) view.planView().lookup("#plan-close")).fire());
        assertTrue(fx(() -> !view.planView().isVisible()));
        assertTrue(fx(() -> !model.inspectorTakesWindowProperty().get()), "the sidebar and the list are back");
    }
}
