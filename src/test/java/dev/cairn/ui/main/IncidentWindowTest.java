package dev.cairn.ui.main;

import static dev.cairn.ui.TestWindow.fx;
import static dev.cairn.ui.WriteWorkspace.DEV_ID;
import static dev.cairn.ui.WriteWorkspace.DEV_ID_2;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cairn.backend.StateBackend;
import dev.cairn.state.Json;
import dev.cairn.testing.EmptyBackends;
import dev.cairn.testing.MeltanoStyleWriter;
import dev.cairn.testing.RunRows;
import dev.cairn.ui.LayoutCheck;
import dev.cairn.ui.TestWindow;
import dev.cairn.ui.WriteWorkspace;
import dev.cairn.ui.browse.Badge;
import dev.cairn.ui.edit.RewindViewModel;
import dev.cairn.ui.park.ParkViewModel;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.util.List;
import javafx.geometry.Side;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ToggleButton;
import org.fxmisc.richtext.CodeArea;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The incident workflows in the whole window, headless, on real backends ({@link WriteWorkspace}):
 * a rewind of the IDs selected in the list, a park for a full refresh and its restore, a watch on a
 * running sync.
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
            list.getContextMenu().show(list, Side.TOP, 40, 60);
            return null;
        });
    }

    @Test
    void parkAnIdForAFullRefreshThenRestoreIt() throws Exception {
        JsonNode before;
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

    /** A state of many streams, so that the editor has somewhere to scroll to. */
    private static String manyStreams() {
        StringBuilder streams = new StringBuilder("\"issues\": {\"replication_key\": \"updated_at\", \"replication_key_value\": \"2024-05-02T06:30:00+00:00\"}");
        for (int i = 0; i < 60; i++) {
            streams.append(", \"stream_").append(i).append("\": {\"replication_key\": \"id\", \"replication_key_value\": ").append(i).append('}');
        }
        return "{\"singer_state\": {\"bookmarks\": {" + streams + "}}}";
    }

    @Test
    void watchListsACheckpointOfARunningSyncLeavesTheEditorAloneAndStopsWhenTheRunEnds() throws Exception {
        String db = workspace.devUri.substring("sqlite:///".length());
        try (StateBackend b = workspace.open(workspace.devUri)) {
            b.write(DEV_ID, WriteWorkspace.doc(manyStreams(), "{}"), b.read(DEV_ID).version());
        }
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db)) {
            new RunRows(c, true).add(DEV_ID, "RUNNING", RunRows.minutesAgo(3), 0, null, "cli", RunRows.minutesAgo(0));
        }
        fx(() -> {
            window.stage.setWidth(1024);
            window.stage.setHeight(700);
            return null;
        });
        window.select("dev system DB", DEV_ID);
        fx(() -> {
            view.selectTab("edit");
            return null;
        });
        TestWindow.waitFor(() -> view.editorView().area() != null && model.tasks().isEmpty());
        // the user's place in the editor: scrolled down, the caret on a line of it
        fx(() -> {
            CodeArea area = view.editorView().area();
            area.showParagraphAtTop(30);
            area.moveTo(40, 4);
            area.layout();
            return null;
        });
        WaitForAsyncUtils.waitForFxEvents();
        int caret = fx(() -> view.editorView().area().getCaretPosition());
        int top = fx(() -> view.editorView().area().firstVisibleParToAllParIndex());
        String text = fx(() -> view.editorView().area().getText());
        assertTrue(top > 0, "the editor scrolled: " + top);

        robot.clickOn("#inspector-watch");
        TestWindow.waitFor(() -> robot.lookup("#watch-status").queryAs(Label.class).getText()
                .startsWith("Watching " + DEV_ID + " while its run goes on"));
        // the pipeline's checkpoint, written as Meltano writes it by a client of its own
        long written;
        try (MeltanoStyleWriter pipeline = MeltanoStyleWriter.on(EmptyBackends.SQLITE, workspace.devUri)) {
            pipeline.merge(DEV_ID, Json.parseObject(WriteWorkspace.bookmark("issues", "2024-05-03T09:15:00+00:00")));
            written = System.nanoTime();
        }
        ListView<?> changes = robot.lookup("#watch-changes").queryAs(ListView.class);
        // within two intervals is WatchTest's (ops) to hold; here a loaded machine may take longer to paint it
        TestWindow.waitFor("the watch listing the checkpoint", () -> !changes.getItems().isEmpty() && changes.isVisible());
        String line = fx(() -> changes.getItems().get(0).toString());
        assertTrue(line.endsWith("  ~ issues: \"2024-05-02T06:30:00+00:00\" -> \"2024-05-03T09:15:00+00:00\""),
                line + " (listed " + (System.nanoTime() - written) / 1_000_000 + " ms after the write)");
        assertEquals("edit", fx(() -> view.inspector().tabs().getSelectionModel().getSelectedItem().getId()), "the tab stays");
        assertEquals(caret, (int) fx(() -> view.editorView().area().getCaretPosition()), "the caret stays");
        assertEquals(top, (int) fx(() -> view.editorView().area().firstVisibleParToAllParIndex()), "the scroll stays");
        assertEquals(text, fx(() -> view.editorView().area().getText()), "the editor's text is not read again");
        assertEquals(List.of(), fx(() -> {
            view.applyCss();
            view.layout();
            return LayoutCheck.problems(view);
        }), "nothing cut off at 1024×700 while watching");

        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
             PreparedStatement s = c.prepareStatement("UPDATE runs SET state = 'SUCCESS', ended_at = ? WHERE job_name = ?")) {
            s.setObject(1, RunRows.minutesAgo(0));
            s.setString(2, DEV_ID);
            s.executeUpdate();
        }
        TestWindow.waitFor(() -> !robot.lookup("#inspector-watch").queryAs(ToggleButton.class).isSelected());
        assertEquals("The run ended: watch stopped.", fx(() -> robot.lookup("#watch-status").queryAs(Label.class).getText()));
        assertEquals(1, (int) fx(() -> changes.getItems().size()), "the change seen stays listed");
    }
}
