package dev.cairn.ui.main;

import static dev.cairn.ui.WriteWorkspace.DEV_ID;
import static dev.cairn.ui.WriteWorkspace.DEV_ID_2;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.backend.StateBackend;
import dev.cairn.ui.TestWindow;
import dev.cairn.ui.WriteWorkspace;
import dev.cairn.ui.browse.Badge;
import dev.cairn.ui.edit.RewindViewModel;
import dev.cairn.ui.park.ParkViewModel;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The incident workflows in the whole window, headless, on real backends ({@link WriteWorkspace}):
 * a rewind of the IDs selected in the list, a park for a full refresh and its restore.
 */
@Tag("window")
class IncidentWindowTest {

    private final FxRobot robot = new FxRobot();
    private WriteWorkspace workspace;
    private TestWindow window;
    private MainViewModel model;
    private MainView view;

    @BeforeEach
    void openWindow(@TempDir Path home) throws Exception {
        workspace = new WriteWorkspace(home);
        window = TestWindow.open(workspace.folders, WriteWorkspace.opener(), 4);
        model = window.model;
        view = window.view;
    }

    @AfterEach
    void closeWindow() throws Exception {
        window.close();
    }

    private static <T> T fx(Callable<T> work) throws Exception {
        return WaitForAsyncUtils.asyncFx(work).get(10, TimeUnit.SECONDS);
    }

    private String value(String id, String stream) throws Exception {
        try (StateBackend b = workspace.open(workspace.devUri)) {
            return b.read(id).document().effective().at("/singer_state/bookmarks/" + stream + "/replication_key_value").asText();
        }
    }

    @Test
    void rewindTwoSelectedIdsThenUndoTheWholeRewind() throws Exception {
        window.select("dev system DB", DEV_ID);
        TestWindow.waitFor(() -> model.tasks().isEmpty());
        // the second ID added to the selection as a Ctrl+click does
        fx(() -> {
            var list = view.stateList().listView();
            list.getSelectionModel().select(list.getItems().stream().filter(e -> e.stateId().equals(DEV_ID_2)).findFirst().orElseThrow());
            return null;
        });
        assertEquals(2, (int) fx(() -> model.connections().currentProperty().get().list().chosen().size()));
        showListMenu();
        robot.clickOn("Rewind selected IDs…");
        RewindViewModel rewind = model.writes().rewind();
        TestWindow.waitFor(() -> rewind.showingProperty().get());
        assertEquals(List.of(DEV_ID, DEV_ID_2), fx(rewind::stateIds));
        robot.clickOn("#rewind-amount").write("2024-04-01");
        robot.clickOn("#rewind-preview");
        TestWindow.waitFor(() -> rewind.stageProperty().get() == RewindViewModel.Stage.PREVIEW && model.tasks().isEmpty());
        assertEquals(List.of("stream issues: \"2024-05-02T06:30:00+00:00\" → \"2024-04-01T00:00:00+00:00\"",
                "stream charges: \"2024-04-30T12:00:00+00:00\" → \"2024-04-01T00:00:00+00:00\""),
                fx(() -> view.rewindView().lines().getItems().stream().map(RewindViewModel.Line::text).toList()));
        assertEquals("2024-05-02T06:30:00+00:00", value(DEV_ID, "issues"), "nothing written before the confirmation");
        robot.clickOn("#rewind-confirm");
        TestWindow.waitFor(() -> rewind.stageProperty().get() == RewindViewModel.Stage.DONE && model.tasks().isEmpty());
        assertEquals("Rewound 2 of 2 states.", fx(() -> robot.lookup("#rewind-message").queryAs(Label.class).getText()));
        assertEquals("2024-04-01T00:00:00+00:00", value(DEV_ID, "issues"));
        assertEquals("2024-04-01T00:00:00+00:00", value(DEV_ID_2, "charges"));
        // the inspector reads the written state again
        TestWindow.waitFor(() -> model.inspector().storedProperty().get() != null
                && model.inspector().storedProperty().get().document().toString().contains("2024-04-01T00:00:00+00:00"));

        robot.clickOn("#rewind-undo");
        TestWindow.waitFor(() -> rewind.stageProperty().get() == RewindViewModel.Stage.UNDONE && model.tasks().isEmpty());
        assertEquals("2024-05-02T06:30:00+00:00", value(DEV_ID, "issues"));
        assertEquals("2024-04-30T12:00:00+00:00", value(DEV_ID_2, "charges"));
        assertTrue(fx(() -> robot.lookup("#rewind-message").queryAs(Label.class).getText()).startsWith("Undone: 2 states"));
    }

    private void showListMenu() throws Exception {
        // shown as a right-click shows it: Monocle's robot makes no context-menu event
        fx(() -> {
            var list = view.stateList().listView();
            list.getContextMenu().show(list, javafx.geometry.Side.TOP, 40, 60);
            return null;
        });
    }

    @Test
    void parkAnIdForAFullRefreshThenRestoreIt() throws Exception {
        com.fasterxml.jackson.databind.JsonNode before;
        try (StateBackend b = workspace.open(workspace.devUri)) {
            before = b.read(DEV_ID).document().effective();
        }
        window.select("dev system DB", DEV_ID);
        showListMenu();
        robot.clickOn("Park for a full refresh…");
        ParkViewModel park = model.writes().park();
        TestWindow.waitFor(() -> park.showingProperty().get());
        assertEquals("Park " + DEV_ID + " for a full refresh", fx(() -> robot.lookup("#park-title").queryAs(Label.class).getText()));
        robot.clickOn("#park-confirm");
        TestWindow.waitFor(() -> park.stageProperty().get() == ParkViewModel.Stage.DONE && model.tasks().isEmpty());
        String parked = fx(park::parkedId);
        try (StateBackend b = workspace.open(workspace.devUri)) {
            assertFalse(b.read(DEV_ID).exists(), "the pipeline's next run starts from scratch");
            assertEquals(before, b.read(parked).document().effective());
        }
        // the list shows the parked ID with its badge
        TestWindow.waitFor(() -> model.connections().currentProperty().get().list().visible().stream()
                .anyMatch(e -> e.stateId().equals(parked) && e.badges().contains(Badge.PARKED)));
        assertTrue(fx(() -> model.connections().currentProperty().get().list().countsProperty().get().get(Badge.PARKED)) == 1,
                "a chip counts the parked IDs");
        robot.clickOn("#park-cancel");
        TestWindow.waitFor(() -> !park.showingProperty().get());

        window.select("dev system DB", parked);
        showListMenu();
        robot.clickOn("Restore parked state…");
        TestWindow.waitFor(() -> park.showingProperty().get() && park.action() == ParkViewModel.Action.RESTORE);
        robot.clickOn("#park-confirm");
        TestWindow.waitFor(() -> park.stageProperty().get() == ParkViewModel.Stage.DONE && model.tasks().isEmpty());
        try (StateBackend b = workspace.open(workspace.devUri)) {
            assertEquals(before, b.read(DEV_ID).document().effective());
            assertFalse(b.read(parked).exists(), "the parked copy is deleted");
        }
    }
}
