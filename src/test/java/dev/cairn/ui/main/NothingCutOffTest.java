package dev.cairn.ui.main;

import static dev.cairn.ui.TestWindow.fx;
import static dev.cairn.ui.TestWindow.fxRun;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.TextNode;
import dev.cairn.backend.BackendKind;
import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.LockStatus;
import dev.cairn.backend.MeltanoRun;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.meltano.StateLocation;
import dev.cairn.ops.Edit;
import dev.cairn.state.Json;
import dev.cairn.state.JsonReplay;
import dev.cairn.state.PrettyText;
import dev.cairn.testing.LoopbackServer;
import dev.cairn.testing.RunRows;
import dev.cairn.ui.LayoutCheck;
import dev.cairn.ui.TestWindow;
import dev.cairn.ui.WriteWorkspace;
import dev.cairn.ui.browse.Badge;
import dev.cairn.ui.browse.IdOrder;
import dev.cairn.ui.check.CheckViewModel;
import dev.cairn.ui.compare.CompareViewModel;
import dev.cairn.ui.connect.ConnectView;
import dev.cairn.ui.connect.ConnectViewModel;
import dev.cairn.ui.connect.ConnectionStore;
import dev.cairn.ui.connect.Environment;
import dev.cairn.ui.connect.ProjectEnvironment;
import dev.cairn.ui.connect.SavedConnection;
import dev.cairn.ui.dialog.DialogService;
import dev.cairn.ui.dialog.FxDialogService;
import dev.cairn.ui.dialog.NoDialogs;
import dev.cairn.ui.edit.RewindViewModel;
import dev.cairn.ui.inspect.InspectorViewModel;
import dev.cairn.ui.inspect.JsonLinesView;
import dev.cairn.ui.inspect.JsonPane;
import dev.cairn.ui.inspect.ShownDocument;
import dev.cairn.ui.task.TaskExecutor;
import dev.cairn.ui.task.UserError;
import dev.cairn.ui.theme.Styles;
import dev.cairn.ui.theme.Theme;
import dev.cairn.ui.transfer.TransferViewModel;
import dev.cairn.ui.write.WriteFlowViewModel;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.DoubleUnaryOperator;
import javafx.application.Platform;
import javafx.geometry.Bounds;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.SplitPane;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BackgroundFill;
import javafx.scene.paint.Color;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Every view and sheet of the window, at 1024×700 and 1360×900, light and dark: no button, label,
 * tab or column header is cut to "…" or drawn over another, and the controls stay put when banners
 * come and go.
 */
@Tag("window")
class NothingCutOffTest {

    private static final double[][] SIZES = {{1024, 700}, {1360, 900}};
    private static final String LONG_ERROR = "Could not read prod:tap-github-to-target-postgres from"
            + " s3://acme-meltano-state/meltano/state: the connection was reset by the peer after 3 retries;"
            + " check the endpoint, the network and the credentials of the profile";

    private WriteWorkspace workspace;
    private TestWindow window;
    private MainViewModel model;
    private MainView view;
    private final List<String> problems = new ArrayList<>();

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

    private void select(String sessionName, String id) throws Exception {
        window.select(sessionName, id);
        settle();
    }

    private void settle() throws Exception {
        TestWindow.waitFor(() -> model.tasks().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Lays the window out at both sizes in both themes, once nothing runs, and notes what is cut off. */
    private void check(String what) throws Exception {
        settle();
        checkAsShown(what);
    }

    /** Lays the window out at both sizes in both themes as it is now, work still running, and notes what is cut off. */
    private void checkAsShown(String what) throws Exception {
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
                    // -Dcairn.renders=<folder>: what was checked, as PNGs to look at (the dark ones named "-dark")
                    String renders = System.getProperty("cairn.renders");
                    if (renders != null) {
                        LayoutCheck.render(view, Path.of(renders, what.replaceAll("[^A-Za-z0-9]+", "-") + "-"
                                + (int) size[0] + (theme == Theme.LIGHT ? "" : "-dark") + ".png"));
                    }
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
        double textTop = editedTextTop();
        fxRun(() -> view.editorView().area().replaceText("{\"singer_state\": {\"bookmarks\": {\"issues\": {\"replication_key\""
                + ": \"updated_at\", \"replication_key_value\": \"2024-05-01T00:00:00+00:00\",,}}}}"));
        TestWindow.waitFor(() -> model.writes().editor().dirtyProperty().get() && !model.writes().editor().problems().isEmpty());
        check("the editor with a syntax error");
        assertEquals(textTop, editedTextTop(), "the syntax error moved the edited text");
        fxRun(() -> model.writes().editor().revert());

        fxRun(() -> model.writes().merge().open(model.connections().otherBackends()));
        check("the merge form");
        fxRun(() -> model.writes().merge().close());

        fxRun(() -> view.selectTab("bookmarks"));
        settle();
        TestWindow.waitFor(() -> !model.bookmarks().rows().isEmpty());
        fxRun(() -> model.writes().rewind().open(model.bookmarks().rows().get(0).bookmark()));
        check("the rewind form");
        fxRun(() -> model.writes().rewind().close());

        fxRun(() -> view.stateList().listView().getSelectionModel().selectAll());
        fxRun(() -> model.writes().openRewindStates());
        check("the rewind form for the selected IDs");
        fxRun(() -> {
            model.writes().rewind().amountProperty().set("2024-04-01T00:00:00Z");
            model.writes().rewind().preview();
        });
        TestWindow.waitFor(() -> model.writes().rewind().stageProperty().get() == RewindViewModel.Stage.PREVIEW);
        check("the preview of a rewind of the selected IDs");
        fxRun(() -> model.writes().rewind().close());
        select("dev system DB", WriteWorkspace.DEV_ID);
        fxRun(() -> model.writes().park().open(null));
        check("the park form");
        fxRun(() -> model.writes().park().close());

        fxRun(() -> model.writes().openTransfer());
        check("the copy form");
        assertUriOnItsOwnLine("#transfer-title", "#transfer-uri", workspace.devUri);
        fxRun(() -> {
            model.writes().transfer().scopeProperty().set(TransferViewModel.Scope.PATTERN);
            model.writes().transfer().patternProperty().set("dev:*");
            model.writes().transfer().plan();
        });
        TestWindow.waitFor(() -> model.writes().transfer().stageProperty().get() == TransferViewModel.Stage.PLANNED);
        check("the planned copy");
        fxRun(() -> {
            model.writes().transfer().typedProperty().set(model.writes().transfer().requiredTypingProperty().get());
            model.writes().transfer().run();
        });
        TestWindow.waitFor(() -> model.writes().transfer().stageProperty().get() == TransferViewModel.Stage.FINISHED
                && model.tasks().isEmpty());
        check("the copy results");
        fxRun(() -> model.writes().transfer().close());

        fxRun(() -> model.writes().breakLock().open(model.connections().currentProperty().get().target(), WriteWorkspace.DEV_ID,
                LockStatus.stale(Instant.parse("2024-05-31T22:15:03Z"), "older than 10 s; Meltano would break it")));
        check("the break-lock form");
        fxRun(() -> model.writes().breakLock().close());

        fxRun(() -> model.check().open(model.connections().currentProperty().get().target()));
        TestWindow.waitFor(() -> model.check().stageProperty().get() == CheckViewModel.Stage.CHECKED);
        check("the check-up report");
        fxRun(() -> model.check().close());

        fxRun(() -> model.compareBackends(model.connections().currentProperty().get()));
        TestWindow.waitFor(() -> model.compare().stageProperty().get() == CompareViewModel.Stage.COMPARED
                && model.tasks().isEmpty());
        fxRun(() -> model.compare().selectedProperty().set(model.compare().shown().get(0)));
        TestWindow.waitFor(() -> model.compare().diff().diffProperty().get() != null && model.tasks().isEmpty());
        check("Compare backends");
        fxRun(() -> model.compare().close());

        select("prod S3", WriteWorkspace.PROD_ID_2);
        var rewind = Json.parseObject("{\"singer_state\": {\"bookmarks\": {\"charges\":"
                + " {\"replication_key_value\": \"2024-04-01T00:00:00+00:00\"}}}}");
        fxRun(() -> model.writes().write(Edit.merge(rewind)));
        TestWindow.waitFor(() -> model.writes().flow().stageProperty().get() == WriteFlowViewModel.Stage.PREVIEW);
        check("the write preview on production");
        assertUriOnItsOwnLine("#write-title", "#write-uri", "s3://");
        fxRun(() -> model.writes().flow().typedProperty().set(WriteWorkspace.PROD_ID_2));
        fxRun(() -> model.writes().flow().confirm());
        TestWindow.waitFor(() -> model.writes().flow().stageProperty().get() == WriteFlowViewModel.Stage.DONE);
        check("the written sheet");
        fxRun(() -> model.writes().flow().undoWritten());
        TestWindow.waitFor(() -> model.writes().flow().stageProperty().get() == WriteFlowViewModel.Stage.PREVIEW);
        check("the undo preview");
        fxRun(() -> model.writes().flow().close());

        // a deletion on production asks for the ID typed: the field beside the buttons
        fxRun(() -> model.writes().write(Edit.clear()));
        TestWindow.waitFor(() -> model.writes().flow().stageProperty().get() == WriteFlowViewModel.Stage.PREVIEW);
        check("the typed confirmation of a deletion on production");
        fxRun(() -> model.writes().flow().close());

        fxRun(() -> model.connections().currentProperty().get().list().orderProperty().set(IdOrder.RECENT));
        check("the ID list ordered by update time");

        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    /**
     * A write's sheet takes the window's width while it is open, and the sidebar and the list come back
     * as they were: at 1024×700 a long rewind's sheet pushed the dividers and they stayed after Close;
     * at 1360×900 the preview's panes, a third of the window each, started scrolled sideways to the
     * value, the keys cut to "er_state". The inspector's button does the same on demand; Ctrl+M or
     * Ctrl+L undoes it.
     */
    @Test
    void aWritesSheetTakesTheWindowsWidthAndTheDividersComeBack() throws Exception {
        select("staging files", WriteWorkspace.STAGING_ID);
        for (double[] size : SIZES) {
            fxRun(() -> {
                window.stage.setWidth(size[0]);
                window.stage.setHeight(size[1]);
            });
            TestWindow.waitFor(() -> view.getWidth() == size[0]);
            settle();
            double[] before = dividers();
            fxRun(() -> model.writes().write(Edit.rewind("contacts", null,
                    TextNode.valueOf("2024-05-20T12:35:58Z"))));
            TestWindow.waitFor(() -> model.writes().flow().stageProperty().get() == WriteFlowViewModel.Stage.PREVIEW);
            settle();
            assertEquals(null, fx(() -> view.stateList().getScene()), "the list is hidden while the sheet is open");
            for (var pane : List.of(view.writeSheet().previewPanes().leftPane(), view.writeSheet().previewPanes().rightPane())) {
                assertEquals(List.of(), fx(() -> cutKeys(pane)), "keys cut at " + (int) size[0] + " px");
            }
            fxRun(() -> model.writes().flow().close());
            settle();
            assertArrayEquals(before, dividers(), 1e-9, "the dividers after the sheet at " + (int) size[0] + " px");

            fxRun(() -> ((ToggleButton) view.lookup("#inspector-wide")).fire());
            check("the inspector at the window's width");
            assertEquals(null, fx(() -> view.stateList().getScene()), "the button hides the list");
            fxRun(() -> {
                window.stage.setWidth(size[0]);
                window.stage.setHeight(size[1]);
            });
            TestWindow.waitFor(() -> view.getWidth() == size[0]);
            // Ctrl+M again, or Ctrl+L for the list's filter
            KeyCode back = size[0] == 1024 ? KeyCode.L : KeyCode.M;
            fxRun(() -> window.stage.getScene().getAccelerators().get(new KeyCodeCombination(
                    back, KeyCombination.SHORTCUT_DOWN)).run());
            settle();
            assertArrayEquals(before, dividers(), 1e-9, "the dividers after Ctrl+" + back + " at " + (int) size[0] + " px");
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    /**
     * A large document's bar ("72,010 lines · 2.0 MB · large document: read-only fast view") with a
     * match found, at both sizes with the sidebar and the list open: the find field read "Find (Ctr",
     * and the status, the arrows and the copy button ran past the inspector's edge.
     */
    @Test
    void aLargeDocumentsFindBarAndCopyButtonFit() throws Exception {
        select("prod S3", WriteWorkspace.PROD_ID_2);
        StringBuilder rows = new StringBuilder("{\n  \"singer_state\": {\n    \"bookmarks\": {\n      \"issues\": {\n        \"partitions\": [");
        for (int i = 0; i < 12_000; i++) {
            rows.append(i == 0 ? "" : ",").append("\n          {\n            \"context\": {\n              \"repo\": \"r").append(i)
                    .append("\"\n            },\n            \"replication_key_value\": \"2024-05-01T00:00:00Z\"\n          }");
        }
        rows.append("\n        ]\n      }\n    }\n  }\n}");
        JsonPane pane = fx(() -> view.inspector().pane(InspectorViewModel.Part.EFFECTIVE));
        fxRun(() -> {
            view.inspector().tabs().getSelectionModel().select(view.inspector().tab(InspectorViewModel.Part.EFFECTIVE));
            pane.show(ShownDocument.head(PrettyText.ofText(rows.toString()), null, false));
        });
        check("a large document");
        fxRun(() -> pane.findBar().field().setText("r11234"));
        check("a large document with a match found");
        for (double[] size : SIZES) {
            fxRun(() -> {
                window.stage.setWidth(size[0]);
                window.stage.setHeight(size[1]);
            });
            TestWindow.waitFor(() -> view.getWidth() == size[0]);
            double[] edges = fx(() -> {
                view.applyCss();
                view.layout();
                Node copy = pane.lookupAll("." + Styles.ICON_BUTTON).stream().reduce((a, b) -> b).orElseThrow();
                Node inspector = view.inspector();
                return new double[] {copy.localToScene(copy.getLayoutBounds()).getMaxX(),
                        inspector.localToScene(inspector.getLayoutBounds()).getMaxX()};
            });
            assertTrue(edges[0] <= edges[1], "the copy button ends at " + edges[0] + ", past the inspector's edge at " + edges[1]
                    + " (" + (int) size[0] + " px)");
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    /**
     * A headline's URI is on a line of its own (cut in the middle where it is long, whole on hover,
     * which {@link #check} accepts), not in the wrapped title: "(sqlite:////tmp/…/dev/mel" "tano.db)".
     */
    private void assertUriOnItsOwnLine(String title, String uri, String expected) throws Exception {
        assertTrue(fx(() -> !((Label) view.lookup(title)).getText().contains("://")), title + " holds a URI");
        assertTrue(fx(() -> ((Label) view.lookup(uri)).getText().contains(expected)), uri + " lacks " + expected);
        assertTrue(fx(() -> !((Label) view.lookup(uri)).isWrapText()), uri + " wraps");
    }

    /** The window's dividers: the sidebar's, then the list's. */
    private double[] dividers() throws Exception {
        return fx(() -> {
            view.applyCss();
            view.layout();
            return view.lookupAll(".split-pane").stream().filter(n -> n.getScene() != null).limit(2)
                    .flatMapToDouble(n -> Arrays.stream(((SplitPane) n).getDividerPositions()))
                    .toArray();
        });
    }

    /** The keys of a pane's rows in view that are cut: under its line numbers, or past its right side. */
    private static List<String> cutKeys(JsonLinesView pane) {
        pane.applyCss();
        pane.layout();
        Bounds seen = pane.localToScene(pane.getLayoutBounds());
        double right = pane.lookupAll(".scroll-bar").stream()
                .filter(n -> n.isVisible() && ((ScrollBar) n).getOrientation() == Orientation.VERTICAL)
                .mapToDouble(n -> n.localToScene(n.getLayoutBounds()).getMinX()).min().orElse(seen.getMaxX());
        List<String> cut = new ArrayList<>();
        for (Node key : pane.lookupAll("." + Styles.JSON_KEY)) {
            Node row = key.getParent().getParent();
            Bounds drawn = key.localToScene(key.getLayoutBounds());
            if (!row.isVisible() || row.getParent() == null || !row.getParent().isVisible()
                    || drawn.getMaxY() <= seen.getMinY() || drawn.getMinY() >= seen.getMaxY()) {
                continue; // a pooled cell, or a row out of view
            }
            Node number = ((Parent) row).getChildrenUnmodifiable().get(0);
            double left = number.localToScene(number.getLayoutBounds()).getMaxX();
            if (drawn.getMinX() < left - 0.5 || drawn.getMaxX() > right + 0.5) {
                cut.add(((Text) key).getText());
            }
        }
        return cut;
    }

    /**
     * A write to the dev system DB that a pipeline run overtakes (a conflict with a place both
     * changed), resolved and written; then History with that write and the Timeline with the runs
     * rows of three earlier runs and the journalled write among them.
     */
    @Test
    void theConflictHistoryAndTimelineFitAtBothSizes() throws Exception {
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + workspace.devUri.substring("sqlite:///".length()))) {
            RunRows rows = new RunRows(db, true);
            for (int day = 1; day <= 3; day++) {
                LocalDateTime started = RunRows.minutesAgo((4 - day) * 24 * 60L);
                rows.add(WriteWorkspace.DEV_ID, day == 2 ? "FAILED" : "SUCCESS", started, MeltanoRun.Payload.STATE,
                        WriteWorkspace.bookmark("issues", "2024-04-0" + day + "T00:00:00+00:00"), "schedule", started.plusMinutes(19));
            }
        }
        select("dev system DB", WriteWorkspace.DEV_ID);
        var mine = Json.parseObject(WriteWorkspace.bookmark("issues", "2024-05-03T00:00:00.000000+00:00"));
        fxRun(() -> model.writes().write(Edit.merge(mine)));
        TestWindow.waitFor(() -> model.writes().flow().stageProperty().get() == WriteFlowViewModel.Stage.PREVIEW);
        try (StateBackend pipeline = workspace.open(workspace.devUri)) {
            StoredState read = pipeline.read(WriteWorkspace.DEV_ID);
            pipeline.write(WriteWorkspace.DEV_ID, WriteWorkspace.doc(WriteWorkspace.bookmark("issues",
                    "2024-06-01T11:02:44.120071+00:00"), "{}"), read.version());
        }
        fxRun(() -> model.writes().flow().confirm());
        TestWindow.waitFor(() -> model.writes().flow().stageProperty().get() == WriteFlowViewModel.Stage.CONFLICT);
        int conflictTabs = fx(() -> view.writeSheet().conflictTabs().getTabs().size());
        for (int i = 0; i < conflictTabs; i++) {
            int tab = i;
            fxRun(() -> view.writeSheet().conflictTabs().getSelectionModel().select(tab));
            check("the conflict view's tab " + fx(() -> view.writeSheet().conflictTabs().getTabs().get(tab).getText()));
        }
        fxRun(() -> model.writes().flow().conflictProperty().get().overlaps()
                .forEach(o -> model.writes().flow().pick(o.pointer(), JsonReplay.Pick.MINE)));
        fxRun(() -> model.writes().flow().reapply());
        TestWindow.waitFor(() -> model.writes().flow().stageProperty().get() == WriteFlowViewModel.Stage.PREVIEW);
        fxRun(() -> model.writes().flow().confirm());
        TestWindow.waitFor(() -> model.writes().flow().stageProperty().get() == WriteFlowViewModel.Stage.DONE);
        fxRun(() -> model.writes().flow().close());

        fxRun(() -> view.selectTab("history"));
        TestWindow.waitFor(() -> model.tasks().isEmpty() && !model.writes().history().entries().isEmpty());
        fxRun(() -> view.historyView().list().getSelectionModel().select(0));
        TestWindow.waitFor(() -> model.tasks().isEmpty() && model.writes().history().diffProperty().get() != null);
        check("History with a write");

        fxRun(() -> view.selectTab("timeline"));
        TestWindow.waitFor(() -> model.tasks().isEmpty() && model.writes().timeline().items().size() >= 5);
        fxRun(() -> view.timelineView().list().getSelectionModel().clearAndSelect(2));
        TestWindow.waitFor(() -> model.tasks().isEmpty() && model.writes().timeline().comparisonProperty().get() != null);
        check("the Timeline with a run chosen");
        fxRun(() -> {
            view.timelineView().list().getSelectionModel().clearSelection();
            view.timelineView().list().getSelectionModel().selectIndices(0, 3);
        });
        TestWindow.waitFor(() -> model.tasks().isEmpty() && model.writes().timeline().comparisonProperty().get() != null);
        check("the Timeline comparing two lines");

        fxRun(() -> {
            window.stage.setWidth(1024);
            window.stage.setHeight(700);
            view.timelineView().list().getSelectionModel().clearSelection();
        });
        // the scene takes the stage's new size a pulse later: measured before, the list sat where 1360 px put it
        TestWindow.waitFor(() -> model.tasks().isEmpty() && model.writes().timeline().noteProperty().get().isEmpty()
                && view.getWidth() == 1024 && view.getHeight() == 700);
        double listTop = fx(() -> top(view.timelineView().list()));
        int journalled = fx(() -> model.writes().timeline().items().stream().filter(i -> i.point() == null).findFirst()
                .map(model.writes().timeline().items()::indexOf).orElseThrow());
        fxRun(() -> view.timelineView().list().getSelectionModel().clearAndSelect(journalled));
        TestWindow.waitFor(() -> model.tasks().isEmpty() && model.writes().timeline().noteProperty().get().startsWith("Cairn's writes"));
        assertEquals(listTop, fx(() -> top(view.timelineView().list())), "the Timeline's note moved its list");

        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    /**
     * The plain dialogs, as the app shows them (each waits for its answer on the FX thread), in both
     * themes: nothing cut off, and small enough for a 1024×700 screen.
     */
    @Test
    void thePlainDialogsFitAndFitTheScreen() throws Exception {
        SavedConnection prod = fx(() -> model.connections().saved().stream().filter(c -> c.name().equals("prod S3")).findFirst().orElseThrow());
        List<ProjectEnvironment> environments = List.of("dev", "staging", "prod").stream().map(e -> new ProjectEnvironment(
                "acme-meltano", e, new StateLocation("s3://acme-meltano-state/" + e + "/state", BackendOptions.defaults(),
                        "meltano.yml", e))).toList();
        try (TaskExecutor executor = new TaskExecutor(1, Platform::runLater)) {
            DialogService dialogs = new FxDialogService(window.stage, model.themeProperty()::get, executor,
                    c -> WriteWorkspace.opener().open(c));
            checkDialog("the connect dialog", dialogs, d -> d.askConnection(model.connections().saved()));
            checkDialog("the edit connection dialog", dialogs, d -> d.editConnection(prod));
            checkDialog("the remove confirmation", dialogs, d -> d.confirm("Remove saved connection",
                    prod.name() + " (" + prod.displayUri() + ")"));
            checkDialog("the break lock confirmation", dialogs, d -> d.confirm("Break the stale Meltano lock of "
                    + WriteWorkspace.PROD_ID_2, "on " + prod.displayUri()));
            checkDialog("the typed confirmation", dialogs, d -> d.confirmTyped("Allow writes to production",
                    prod.name() + " (" + prod.displayUri() + ")", prod.name()));
            checkDialog("the already-open question", dialogs, d -> d.askAlreadyOpen(prod.name(), prod.displayUri()));
            checkDialog("the project's environments", dialogs, d -> d.pickEnvironments(environments));
            checkDialog("About", dialogs, d -> d.showAbout(model.about()));
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    /** Opens a dialog through {@code ask}, notes what is cut off or too large in each theme, and cancels it. */
    private void checkDialog(String what, DialogService dialogs, Consumer<DialogService> ask) throws Exception {
        for (Theme theme : Theme.values()) {
            fxRun(() -> model.themeProperty().set(theme));
            List<Window> before = fx(() -> List.copyOf(Window.getWindows()));
            Platform.runLater(() -> ask.accept(dialogs));
            TestWindow.waitFor(() -> opened(before) != null);
            WaitForAsyncUtils.waitForFxEvents();
            List<String> found = fx(() -> {
                Window shown = opened(before);
                DialogPane pane = (DialogPane) shown.getScene().getRoot();
                pane.applyCss();
                pane.layout();
                List<String> cut = new ArrayList<>(LayoutCheck.problems(pane));
                for (double[] size : SIZES) {
                    if (shown.getWidth() > size[0] || shown.getHeight() > size[1]) {
                        cut.add("is " + (int) shown.getWidth() + "×" + (int) shown.getHeight() + ", more than a "
                                + (int) size[0] + "×" + (int) size[1] + " screen");
                    }
                }
                ButtonType cancel = pane.getButtonTypes().stream()
                        .filter(b -> b.getButtonData().isCancelButton()).findFirst().orElseThrow();
                ((Button) pane.lookupButton(cancel)).fire();
                return cut;
            });
            found.forEach(p -> problems.add(what + ", " + theme + ": " + p));
            TestWindow.waitFor(() -> opened(before) == null);
        }
    }

    /** The dialog window shown since {@code before}, or null. */
    private static Window opened(List<Window> before) {
        return Window.getWindows().stream().filter(w -> !before.contains(w) && w.isShowing()
                && w.getScene() != null && w.getScene().getRoot() instanceof DialogPane).findFirst().orElse(null);
    }

    @Test
    void theConnectAndEditFormsFitTheirDialog() throws Exception {
        try (TaskExecutor executor = new TaskExecutor(1, Platform::runLater)) {
            for (boolean offerSave : new boolean[] {true, false}) {
                connectFormFits(executor, form -> form.load(model.connections().saved().get(0)), offerSave,
                        offerSave ? "the-connect-form" : "the-edit-connection-form", offerSave ? "connect" : "edit connection");
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    /** The connect form with each kind's example URI, and so its settings' fields, fits its dialog. */
    @Test
    void theConnectFormFitsWithEveryKindsSettings() throws Exception {
        try (TaskExecutor executor = new TaskExecutor(1, Platform::runLater)) {
            for (BackendKind kind : Backends.kinds()) {
                connectFormFits(executor, form -> form.uriProperty().set(kind.exampleUri()), true,
                        "the-connect-form-" + kind.id(), "connect " + kind.id());
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    /** Shows the connect form, filled by {@code fill}, in a dialog; adds what is cut off to the problems, renders it as {@code render}.png. */
    private void connectFormFits(TaskExecutor executor, Consumer<ConnectViewModel> fill, boolean offerSave, String render,
                                 String what) throws Exception {
        List<String> found = fx(() -> {
            ConnectViewModel form = new ConnectViewModel(executor, c -> {
                throw new IllegalStateException("not opened here");
            });
            fill.accept(form);
            DialogPane pane = new DialogPane();
            pane.setContent(new ConnectView(form, model.connections().saved(), offerSave));
            pane.getStylesheets().add(MainView.class.getResource(Styles.STYLESHEET).toExternalForm());
            Stage stage = new Stage();
            stage.setScene(new Scene(pane));
            stage.show();
            pane.applyCss();
            pane.layout();
            List<String> cut = LayoutCheck.problems(pane);
            String renders = System.getProperty("cairn.renders");
            if (renders != null) {
                LayoutCheck.render(pane, Path.of(renders, render + ".png"));
            }
            stage.close();
            return cut;
        });
        found.forEach(p -> problems.add(what + ": " + p));
    }

    /** Where a node's top is in the scene, laid out. */
    private double top(Node node) {
        view.applyCss();
        view.layout();
        return node.localToScene(node.getLayoutBounds()).getMinY();
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

    /**
     * The sidebar's rows of connections that are not open — one not opened at start (with Open),
     * one that did not answer (with Retry) — and the status bar's notice of a close that left work
     * behind.
     */
    @Test
    void connectionsNotOpenAndTheNoticeOfAClosedOneFitAtBothSizes() throws Exception {
        window.close();
        ConnectionStore store = new ConnectionStore(workspace.folders.config());
        ConnectionStore.Saved saved = store.load();
        store.save(new ConnectionStore.Saved(saved.connections(), saved.theme(), Set.of("archive")));
        window = TestWindow.open(workspace.folders, WriteWorkspace.opener(), 4,
                new ConnectionsViewModel.Waits(Duration.ofSeconds(1), Duration.ofSeconds(1)));
        model = window.model;
        view = window.view;
        try (LoopbackServer silent = LoopbackServer.silent()) {
            fxRun(() -> model.connections().currentProperty().set(model.connections().openAnother(new SavedConnection("warehouse",
                    "postgresql://meltano@127.0.0.1:" + silent.port() + "/meltano", Environment.PROD, true, Map.of()), false)));
            TestWindow.waitFor(() -> model.connections().sessions().get(4).statusProperty().get() == BackendSession.Status.NO_ANSWER);
            assertEquals(BackendSession.Status.NOT_OPENED, fx(() -> model.connections().sessions().get(3).statusProperty().get()));
            String uri = "postgresql://meltano@127.0.0.1:" + silent.port() + "/meltano";
            assertTrue(fx(() -> view.stateList().lookupAll(".label").stream().anyMatch(n -> n.isVisible()
                    && ((Labeled) n).getText().startsWith(uri + " did not answer in 1 s."))),
                    "the list, shown while it opened, says it did not answer");
            checkAsShown("connections not open");
            fxRun(() -> model.connections().close(model.connections().sessions().get(4)));
            TestWindow.waitFor(() -> !model.connections().noticeProperty().get().isEmpty());
            check("the notice of a closed connection");
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    /**
     * A window that opens at 1024 px (on a screen that size) lays its sidebar out at that width: the
     * other checks open at 1360 and narrow it, where the sidebar keeps its pixels. Its "Open Meltano
     * project…" button read "Open Meltano proj...".
     */
    @Test
    void aWindowOpenedAt1024FitsAsOpened() throws Exception {
        window.close();
        window = TestWindow.open(workspace.folders, WriteWorkspace.opener(), 4, new NoDialogs(), 1024, 700);
        model = window.model;
        view = window.view;
        settle();
        for (String p : fx(() -> {
            view.applyCss();
            view.layout();
            return LayoutCheck.problems(view);
        })) {
            problems.add("opened at 1024×700: " + p);
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    @Test
    void controlsStayPutWhenBannersComeAndGo() throws Exception {
        fxRun(() -> {
            window.stage.setWidth(1024);
            window.stage.setHeight(700);
        });
        select("dev system DB", WriteWorkspace.DEV_ID);
        List<Double> dev = controlTops();
        assertEquals(1, fx(() -> rows(view.lookup("." + Styles.BADGE_BAR))), "the chips take more than one row at 1024 px");
        fxRun(() -> model.errorProperty().set(new UserError(LONG_ERROR, "details")));
        settle();
        assertEquals(dev, controlTops(), "an error banner moved the controls");
        fxRun(() -> model.errorProperty().set(null));
        select("prod S3", WriteWorkspace.PROD_ID_2);
        assertEquals(dev, controlTops(), "the production banner moved the controls");
        select("dev system DB", WriteWorkspace.DEV_ID_2);
        assertEquals(dev, controlTops(), "another state ID's header moved the controls");
        select("archive", WriteWorkspace.ARCHIVE_ID);
        assertEquals(dev, controlTops(), "the read-only notice moved the controls");
        fxRun(() -> view.selectTab("edit"));
        double readOnlyText = editedTextTop();
        select("dev system DB", WriteWorkspace.DEV_ID);
        assertEquals(readOnlyText, editedTextTop(), "the edited text moved between a read-only and a writable connection");
    }

    /**
     * The active filter chip's text reads on its background in both themes, at WCAG's 4.5:1 for its
     * small text: in the light theme it was the badge's green on the selection's pale blue, 3.9:1.
     */
    @Test
    void theActiveFilterChipReadsInBothThemes() throws Exception {
        select("dev system DB", WriteWorkspace.DEV_ID);
        fxRun(() -> model.connections().currentProperty().get().list().badgeFilterProperty().set(Badge.HEALTHY));
        check("the ID list filtered by a chip");
        for (Theme theme : Theme.values()) {
            fxRun(() -> model.themeProperty().set(theme));
            double ratio = fx(() -> {
                view.applyCss();
                view.layout();
                ToggleButton chip = view.lookupAll("." + Styles.BADGE_COUNT).stream()
                        .map(n -> (ToggleButton) n).filter(ToggleButton::isSelected)
                        .findFirst().orElseThrow();
                List<BackgroundFill> fills = chip.getBackground().getFills();
                return contrast((Color) chip.getTextFill(),
                        (Color) fills.get(fills.size() - 1).getFill());
            });
            assertTrue(ratio >= 4.5, "the active chip's text at " + ratio + ":1 in the " + theme + " theme");
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    /** WCAG's contrast ratio of two opaque colours. */
    private static double contrast(Color a, Color b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    private static double luminance(Color c) {
        DoubleUnaryOperator linear = v -> v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
        return 0.2126 * linear.applyAsDouble(c.getRed()) + 0.7152 * linear.applyAsDouble(c.getGreen())
                + 0.0722 * linear.applyAsDouble(c.getBlue());
    }

    /** How many rows of chips a bar shows: the distinct tops of its shown chips. */
    private static long rows(Node bar) {
        return ((Parent) bar).getChildrenUnmodifiable().stream().filter(Node::isVisible)
                .map(n -> Math.round(n.localToScene(n.getLayoutBounds()).getMinY())).distinct().count();
    }

    private double editedTextTop() throws Exception {
        TestWindow.waitFor(() -> view.editorView().area() != null && model.tasks().isEmpty());
        return fx(() -> {
            view.applyCss();
            view.layout();
            Node area = view.editorView().area();
            return area.localToScene(area.getLayoutBounds()).getMinY();
        });
    }
}
