package dev.cairn.ui.main;

import static dev.cairn.ui.TestWindow.fx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.ops.UserFolders;
import dev.cairn.ui.TestWindow;
import dev.cairn.ui.browse.Badge;
import dev.cairn.ui.browse.IdOrder;
import dev.cairn.ui.browse.StateIdEntry;
import dev.cairn.ui.browse.StateListView;
import dev.cairn.ui.demo.DemoWorkspace;
import dev.cairn.ui.dialog.NoDialogs;
import dev.cairn.ui.diff.DiffViewModel;
import dev.cairn.ui.inspect.InspectorViewModel.Part;
import dev.cairn.ui.inspect.JsonPane;
import dev.cairn.ui.services.BackendOpener;
import dev.cairn.ui.theme.Styles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.Pane;
import javafx.scene.text.Text;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/** The whole window, headless: first start opens the demo workspace; filter, select a broken ID. */
@Tag("window")
class MainWindowTest {

    private final FxRobot robot = new FxRobot();
    private TestWindow window;
    private MainViewModel model;
    private MainView view;

    @BeforeEach
    void openWindow(@TempDir Path home) throws Exception {
        window = TestWindow.open(new UserFolders(home.resolve("data"), home.resolve("config")), BackendOpener.DEFAULT, 2);
        model = window.model;
        view = window.view;
        assertTrue(Files.exists(home.resolve("config/connections.json")), "the first start saves the demo connections");
    }

    @AfterEach
    void closeWindow() throws Exception {
        window.close();
    }

    @Test
    void firstStartOpensTheDemoWorkspaceWithProductionFirst() throws Exception {
        BackendSession prod = fx(() -> model.connections().currentProperty().get());
        assertEquals("Demo system DB", prod.name());
        assertTrue(fx(() -> view.getPseudoClassStates().stream().anyMatch(p -> p.getPseudoClassName().equals("env-prod"))));
        assertTrue(fx(() -> prod.list().visible().size()) > 200);
        assertEquals(1, fx(() -> prod.list().countsProperty().get().get(Badge.CORRUPT_JSON)));

        BackendSession files = fx(() -> model.connections().sessions().get(1));
        Map<Badge, Integer> counts = fx(() -> files.list().countsProperty().get());
        assertEquals(1, counts.get(Badge.LOCKED), counts.toString());
        assertEquals(1, counts.get(Badge.STALE_LOCK), counts.toString());
        long slashIds = fx(() -> files.list().visible().stream().filter(e -> e.stateId().contains("/")).count());
        assertEquals((int) slashIds, counts.get(Badge.HIDDEN), "IDs with a '/' are invisible to `meltano state list`");
        assertTrue(fx(() -> files.list().visible().stream()
                .filter(e -> e.stateId().equals("cicd:tap-github-to-target-snowflake:feat/new-streams"))
                .findFirst().orElseThrow().badges().contains(Badge.HIDDEN)));
        assertEquals(1, counts.get(Badge.NULL_DOCUMENT), counts.toString());
        assertEquals(1, counts.get(Badge.MERGE_ERROR), counts.toString());
    }

    @Test
    void filterThenSelectTheBrokenIdShowsItsRawTextAndError() throws Exception {
        robot.press(KeyCode.CONTROL, KeyCode.L).release(KeyCode.L, KeyCode.CONTROL);
        assertTrue(fx(() -> view.stateList().filterField().isFocused()), "Ctrl+L focuses the filter");
        robot.write("broken");
        TestWindow.waitFor(() -> view.stateList().listView().getItems().size() == 1);
        robot.press(KeyCode.DOWN).release(KeyCode.DOWN);
        TestWindow.waitFor(() -> DemoWorkspace.CORRUPT_ID.equals(model.inspector().stateIdProperty().get())
                && model.inspector().documentProperty(Part.COMPLETED).get() != null && model.tasks().isEmpty());
        assertEquals(Badge.CORRUPT_JSON, fx(() -> model.inspector().healthProperty().get()));
        JsonPane effective = fx(() -> view.inspector().pane(Part.EFFECTIVE));
        assertTrue(fx(() -> effective.shown().note()).contains("Meltano fails reading this state"));
        assertEquals("", fx(() -> effective.info().getText()), "a message has no size line (it read '0 B · large document')");
        assertEquals(null, fx(effective::viewer));
        fx(() -> {
            view.inspector().tabs().getSelectionModel().select(view.inspector().tab(Part.COMPLETED));
            return null;
        });
        JsonPane completed = fx(() -> view.inspector().pane(Part.COMPLETED));
        assertTrue(fx(() -> completed.shown().text().isRaw()));
        assertTrue(fx(() -> completed.shown().note()).contains("Not valid JSON"));
        // Ctrl+F searches the shown document
        robot.press(KeyCode.CONTROL, KeyCode.F).release(KeyCode.F, KeyCode.CONTROL);
        assertTrue(fx(() -> completed.findBar().field().isFocused()));
        robot.write("users").press(KeyCode.ENTER).release(KeyCode.ENTER);
        assertFalse(fx(() -> completed.findBar().field().getText()).isEmpty());
    }

    @Test
    void ctrlFFindsInTheEditTabAndCtrlTabGoesThroughTheTabs() throws Exception {
        robot.press(KeyCode.CONTROL, KeyCode.L).release(KeyCode.L, KeyCode.CONTROL);
        robot.write("stripe");
        TestWindow.waitFor(() -> !view.stateList().listView().getItems().isEmpty());
        robot.press(KeyCode.DOWN).release(KeyCode.DOWN);
        TestWindow.waitFor(() -> model.inspector().stateIdProperty().get() != null && model.tasks().isEmpty());
        fx(() -> {
            view.selectTab("edit");
            return null;
        });
        TestWindow.waitFor(() -> view.editorView().area() != null && model.tasks().isEmpty());
        robot.press(KeyCode.CONTROL, KeyCode.F).release(KeyCode.F, KeyCode.CONTROL);
        assertTrue(fx(() -> view.editorView().findBar().field().isFocused()), "Ctrl+F opens find in the Edit tab");
        robot.write("bookmarks");
        assertTrue(fx(() -> view.editorView().findBar().status().getText()).startsWith("1 of 1 · line "),
                () -> "status: " + view.editorView().findBar().status().getText());
        assertEquals("bookmarks", fx(() -> view.editorView().area().getSelectedText()));
        robot.press(KeyCode.ESCAPE).release(KeyCode.ESCAPE);
        assertTrue(fx(() -> view.editorView().area().isFocused()), "Escape goes back to the text");

        int edit = fx(() -> view.inspector().tabs().getSelectionModel().getSelectedIndex());
        robot.press(KeyCode.CONTROL, KeyCode.TAB).release(KeyCode.TAB, KeyCode.CONTROL);
        assertEquals(edit + 1, (int) fx(() -> view.inspector().tabs().getSelectionModel().getSelectedIndex()));
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.TAB).release(KeyCode.TAB, KeyCode.SHIFT, KeyCode.CONTROL);
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.TAB).release(KeyCode.TAB, KeyCode.SHIFT, KeyCode.CONTROL);
        assertEquals(edit - 1, (int) fx(() -> view.inspector().tabs().getSelectionModel().getSelectedIndex()));
    }

    @Test
    void at1024TypicalIdsAreShownWholeBesideCompactBadges(@TempDir Path home) throws Exception {
        try (TestWindow small = TestWindow.open(new UserFolders(home.resolve("data"), home.resolve("config")), BackendOpener.DEFAULT, 2,
                new NoDialogs(), 1024, 700)) {
            ListView<StateIdEntry> list = small.view.stateList().listView();
            assertTrue(fx(list::getWidth) < StateListView.COMPACT_BELOW, "badges are compact");
            List<String> cut = fx(() -> list.lookupAll("." + Styles.STATE_ID).stream()
                    .map(node -> (Label) node)
                    .filter(id -> id.getText() != null && id.getText().length() <= 36 && id.getParent().getParent() != null
                            && ((Pane) id.getParent().getChildrenUnmodifiable().get(1)).getChildren().size() <= 2)
                    .filter(id -> !id.getText().equals(((Text) id.lookup(".text")).getText()))
                    .map(Label::getText)
                    .collect(Collectors.toList()));
            assertEquals(List.of(), cut, "IDs of up to 36 characters with up to two badges cut to an ellipsis at 1024 px");
            assertTrue(fx(() -> list.lookupAll("." + Styles.BADGE).stream()
                    .anyMatch(badge -> ((Label) badge).getText().equals(Badge.PARTIAL_PENDING.shortLabel()))));
        }
    }

    @Test
    void choosingRecentlyUpdatedListsTheNewestFirstAndEachRowSaysWhen() throws Exception {
        BackendSession prod = fx(() -> model.connections().currentProperty().get());
        Map<String, Instant> times = new HashMap<>();
        prod.list().backend().updateTimes(times::put);
        String newest = times.entrySet().stream().filter(e -> e.getValue() != null)
                .max(Map.Entry.comparingByValue()).orElseThrow().getKey();

        robot.clickOn("#id-order");
        robot.clickOn(IdOrder.RECENT.toString());
        TestWindow.waitFor(() -> model.tasks().isEmpty() && prod.list().visible().get(0).stateId().equals(newest));
        assertEquals(IdOrder.RECENT, fx(() -> prod.list().orderProperty().get()));
        Label first = fx(() -> view.stateList().listView().lookupAll("." + Styles.STATE_ID).stream()
                .map(node -> (Label) node)
                .filter(id -> newest.equals(id.getText())).findFirst().orElseThrow());
        String tooltip = fx(() -> first.getTooltip().getText());
        assertTrue(tooltip.startsWith(newest + "\nUpdated " + times.get(newest).atZone(ZoneId.systemDefault()).getYear()),
                tooltip);
    }

    @Test
    void patternFilterAndArrowKeysMoveThroughIds() throws Exception {
        fx(() -> {
            view.stateList().filterField().setText("prod:tap-stripe-*");
            return null;
        });
        List<String> ids = fx(() -> view.stateList().listView().getItems().stream().map(StateIdEntry::stateId).toList());
        assertTrue(ids.size() >= 2 && ids.stream().allMatch(id -> id.startsWith("prod:tap-stripe-")), ids.toString());
        robot.clickOn(view.stateList().filterField());
        robot.press(KeyCode.DOWN).release(KeyCode.DOWN).press(KeyCode.DOWN).release(KeyCode.DOWN);
        assertEquals(ids.get(1), fx(() -> model.inspector().stateIdProperty().get()));
    }

    @Test
    void diffOfThePendingPartialThenTheSameIdAcrossBothBackends() throws Exception {
        String id = "prod:tap-stripe-to-target-bigquery";
        fx(() -> {
            view.stateList().filterField().setText(id);
            return null;
        });
        robot.clickOn(view.stateList().filterField());
        robot.press(KeyCode.DOWN).release(KeyCode.DOWN);
        TestWindow.waitFor(() -> model.selectionProperty().get() != null && model.tasks().isEmpty());
        assertEquals(null, fx(() -> model.diff().diffProperty().get()), "the hidden diff tab has compared nothing");
        fx(() -> {
            view.inspector().tabs().getSelectionModel().select(view.inspector().tabs().getTabs().stream()
                    .filter(t -> "diff".equals(t.getId())).findFirst().orElseThrow());
            return null;
        });
        TestWindow.waitFor(() -> model.diff().diffProperty().get() != null && model.tasks().isEmpty());
        assertEquals("1 stream changed, 1 added.", fx(() -> model.diff().messageProperty().get()));
        robot.clickOn(".diff-view .button:last-child");
        int rows = fx(() -> view.diffView().leftPane().getItems().size());
        assertEquals(rows, (int) fx(() -> view.diffView().rightPane().getItems().size()), "both sides aligned row for row");

        fx(() -> {
            model.diff().modeProperty().set(DiffViewModel.Mode.OTHER_BACKEND);
            return null;
        });
        TestWindow.waitFor(() -> model.diff().diffProperty().get() != null && model.tasks().isEmpty());
        assertEquals("Demo file backend · effective", fx(() -> model.diff().rightTitleProperty().get()));
        assertEquals("No changes.", fx(() -> model.diff().messageProperty().get()));

        // the bookmarks tab of the same state
        fx(() -> {
            view.inspector().tabs().getSelectionModel().select(view.inspector().tabs().getTabs().stream()
                    .filter(t -> "bookmarks".equals(t.getId())).findFirst().orElseThrow());
            return null;
        });
        TestWindow.waitFor(() -> !model.bookmarks().visible().isEmpty());
        assertEquals(4, (int) fx(() -> view.bookmarksView().table().getItems().size()));
    }
}
