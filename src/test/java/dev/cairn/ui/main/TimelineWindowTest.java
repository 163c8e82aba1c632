package dev.cairn.ui.main;

import static dev.cairn.ui.TestWindow.fx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.backend.Backends;
import dev.cairn.backend.MeltanoRun;
import dev.cairn.ops.Timeline;
import dev.cairn.ops.UserFolders;
import dev.cairn.state.Json;
import dev.cairn.testing.RunRows;
import dev.cairn.ui.DiskStates;
import dev.cairn.ui.TestWindow;
import dev.cairn.ui.browse.Badge;
import dev.cairn.ui.browse.StateIdEntry;
import dev.cairn.ui.connect.ConnectionStore;
import dev.cairn.ui.connect.Environment;
import dev.cairn.ui.connect.SavedConnection;
import dev.cairn.ui.history.TimelineViewModel;
import dev.cairn.ui.inspect.InspectorViewModel.Part;
import dev.cairn.ui.write.WriteFlowViewModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import javafx.scene.control.Label;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/**
 * Running pipelines and the Timeline tab in the whole window, headless, on a SQLite system DB made
 * with Meltano's DDL: one ID with a pipeline running now, one whose run stopped beating.
 */
@Tag("window")
class TimelineWindowTest {

    private static final String RUNNING_ID = "dev:tap-github-to-target-postgres";
    private static final String STALE_ID = "dev:tap-stripe-to-target-postgres";

    private final FxRobot robot = new FxRobot();
    private TestWindow window;
    private MainViewModel model;
    private MainView view;

    private static String bookmark(String stream, String value) {
        return "{\"singer_state\": {\"bookmarks\": {\"" + stream + "\": {\"replication_key\": \"updated_at\","
                + " \"replication_key_value\": \"" + value + "\"}}}}";
    }

    @BeforeEach
    void openWindow(@TempDir Path home) throws Exception {
        Path db = Files.createDirectories(home.resolve("project/.meltano"));
        DiskStates.systemDb(db).put(RUNNING_ID, bookmark("issues", "2024-06-03T00:00:00+00:00"), "{}")
                .put(STALE_ID, bookmark("charges", "2024-06-03T00:00:00+00:00"), "{}");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db.resolve("meltano.db"))) {
            RunRows rows = new RunRows(c, true);
            for (String id : List.of(RUNNING_ID, STALE_ID)) {
                String stream = id.equals(RUNNING_ID) ? "issues" : "charges";
                for (int day = 1; day <= 3; day++) {
                    LocalDateTime started = RunRows.minutesAgo((4 - day) * 24 * 60L + 600);
                    rows.add(id, "SUCCESS", started, MeltanoRun.Payload.STATE,
                            bookmark(stream, "2024-06-0" + day + "T00:00:00+00:00"), "schedule", started.plusMinutes(19));
                }
            }
            rows.add(RUNNING_ID, "RUNNING", RunRows.minutesAgo(3), MeltanoRun.Payload.INCOMPLETE_STATE,
                    bookmark("issues", "2024-06-04T00:00:00+00:00"), "schedule", RunRows.minutesAgo(0));
            rows.add(STALE_ID, "RUNNING", RunRows.minutesAgo(180), 0, "{}", "cli", RunRows.minutesAgo(150));
        }
        UserFolders folders = new UserFolders(home.resolve("data"), home.resolve("config"));
        new ConnectionStore(folders.config()).save(new ConnectionStore.Saved(List.of(new SavedConnection("dev system DB",
                "sqlite:///" + db.resolve("meltano.db"), Environment.DEV, false, Map.of())), "light"));
        window = TestWindow.open(folders, c -> Backends.open(c.uri(), c.options()), 1);
        model = window.model;
        view = window.view;
    }

    @AfterEach
    void closeWindow() throws Exception {
        window.close();
    }

    private StateIdEntry entry(String id) throws Exception {
        return fx(() -> model.connections().currentProperty().get().list().visible().stream().filter(e -> e.stateId().equals(id))
                .findFirst().orElseThrow());
    }

    private void select(String id) throws Exception {
        StateIdEntry entry = entry(id);
        fx(() -> {
            model.connections().currentProperty().get().list().selectedProperty().set(entry);
            return null;
        });
        TestWindow.waitFor(() -> id.equals(model.inspector().stateIdProperty().get()) && model.tasks().isEmpty()
                && model.inspector().documentProperty(Part.PARTIAL).get() != null);
    }

    private void showTimelineAndChoose(int index) throws Exception {
        fx(() -> {
            view.selectTab("timeline");
            return null;
        });
        TestWindow.waitFor(() -> !model.writes().timeline().items().isEmpty() && model.tasks().isEmpty());
        fx(() -> {
            view.timelineView().list().getSelectionModel().clearAndSelect(index);
            return null;
        });
        TestWindow.waitFor(() -> model.writes().timeline().restoreProperty().get() != null && model.tasks().isEmpty());
    }

    private String runningLine() throws Exception {
        return fx(() -> {
            Label line = (Label) view.writeSheet().lookup("#write-running");
            return line.isVisible() ? line.getText() : null;
        });
    }

    @Test
    void aRunningPipelineIsBadgedInTheListTheHeaderAndTheWritePreview() throws Exception {
        TestWindow.waitFor(() -> model.tasks().isEmpty());
        assertTrue(entry(RUNNING_ID).badges().contains(Badge.RUNNING));
        assertTrue(entry(STALE_ID).badges().contains(Badge.STALE_RUN));
        assertFalse(entry(STALE_ID).badges().contains(Badge.RUNNING));

        select(RUNNING_ID);
        assertFalse(fx(() -> view.inspector().lookupAll(".badge-running").isEmpty()), "the header's badge");
        showTimelineAndChoose(2);
        List<String> outcomes = fx(() -> model.writes().timeline().items().stream()
                .map(i -> i.point().run().state()).toList());
        assertEquals(List.of("RUNNING", "SUCCESS", "SUCCESS", "SUCCESS"), outcomes);
        robot.clickOn("#timeline-restore");
        TestWindow.waitFor(() -> model.writes().flow().stageProperty().get() == WriteFlowViewModel.Stage.PREVIEW);
        String line = runningLine();
        assertTrue(line != null && line.startsWith("A pipeline is running on " + RUNNING_ID + " now — running: run "), line);
        robot.clickOn("#cancel-write");
        TestWindow.waitFor(() -> model.writes().flow().stageProperty().get() == WriteFlowViewModel.Stage.CLOSED);
    }

    @Test
    void restoringAPointOfTheTimelineIsACompleteWriteThatShowsUpOnTheTimeline() throws Exception {
        select(STALE_ID);
        showTimelineAndChoose(2);
        Timeline.Item chosen = fx(() -> view.timelineView().list().getSelectionModel().getSelectedItem());
        assertEquals("SUCCESS", chosen.point().run().state());
        assertTrue(fx(() -> model.writes().timeline().comparisonProperty().get().right()).startsWith("stored now"));
        robot.clickOn("#timeline-restore");
        TestWindow.waitFor(() -> model.writes().flow().stageProperty().get() == WriteFlowViewModel.Stage.PREVIEW);
        String line = runningLine();
        assertTrue(line != null && line.contains("stale run of " + STALE_ID), line);
        robot.clickOn("#confirm-write");
        TestWindow.waitFor(() -> model.writes().flow().stageProperty().get() == WriteFlowViewModel.Stage.DONE && model.tasks().isEmpty());
        assertEquals(Json.parse(bookmark("charges", "2024-06-02T00:00:00+00:00")),
                fx(() -> model.inspector().storedProperty().get()).document().effective(), "the checkpoint of that run");
        TestWindow.waitFor(() -> model.tasks().isEmpty() && model.writes().timeline().items().size() == 6);
        List<String> outcomes = fx(() -> model.writes().timeline().items().stream()
                .map(i -> TimelineViewModel.outcome(i, Instant.now())).toList());
        assertEquals(List.of("STATE_EDIT", "CAIRN", "RUNNING (stale)", "SUCCESS", "SUCCESS", "SUCCESS"), outcomes,
                "the restore's own runs row and its journal entry, newest first");
    }
}
