package dev.cairn.ui.bookmarks;

import static dev.cairn.ui.TestWindow.fx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.cairn.backend.StateBackend;
import dev.cairn.ops.UserFolders;
import dev.cairn.ui.DiskStates;
import dev.cairn.ui.FxTestSupport;
import dev.cairn.ui.Screenshots;
import dev.cairn.ui.Selection;
import dev.cairn.ui.TestWindow;
import dev.cairn.ui.dialog.NoDialogs;
import dev.cairn.ui.services.BackendOpener;
import dev.cairn.ui.task.TaskExecutor;
import dev.cairn.ui.theme.Styles;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import javafx.application.Platform;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableView;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.util.WaitForAsyncUtils;

/** The bookmarks table in a narrow window, headless: what a user came to check is never cut to "…". */
@Tag("window")
class BookmarksViewTest {

    /**
     * In the window at 1024×700 (and at 1360×900), a state's flags are in view beside its streams and
     * values: the Flags column ran past the inspector's edge, its "full refresh" chip read "fu".
     */
    @Test
    void theFlagsOfTheDemosStateAreInViewInTheWindow(@TempDir Path home) throws Exception {
        try (TestWindow window = TestWindow.open(new UserFolders(home.resolve("data"), home.resolve("config")), BackendOpener.DEFAULT, 2,
                new NoDialogs(), 1024, 700)) {
            window.select(window.model.connections().sessions().get(0).name(), Screenshots.BOOKMARKS_ID);
            TestWindow.fxRun(() -> window.view.selectTab("bookmarks"));
            TestWindow.waitFor(() -> window.model.tasks().isEmpty() && window.model.bookmarks().visible().size() == 4);
            for (double[] size : new double[][] {{1024, 700}, {1360, 900}}) {
                TestWindow.fxRun(() -> {
                    window.stage.setWidth(size[0]);
                    window.stage.setHeight(size[1]);
                });
                WaitForAsyncUtils.waitForFxEvents();
                List<String> outside = fx(() -> {
                    TableView<?> table = window.view.bookmarksView().table();
                    window.view.applyCss();
                    window.view.layout();
                    Bounds seen = table.localToScene(table.getLayoutBounds());
                    return table.lookupAll("." + Styles.FLAG).stream()
                            .filter(chip -> chip.isVisible() && chip.getParent() != null && chip.getParent().isVisible())
                            .filter(chip -> {
                                Bounds drawn = chip.localToScene(chip.getLayoutBounds());
                                return drawn.getMinX() < seen.getMinX() || drawn.getMaxX() > seen.getMaxX();
                            })
                            .map(chip -> ((Labeled) chip).getText())
                            .collect(Collectors.toList());
                });
                assertEquals(List.of(), outside, "flag chips past the table's edge at " + (int) size[0] + " px");
                assertEquals(4L, (long) fx(() -> window.view.bookmarksView().table().lookupAll("." + Styles.FLAG).stream()
                        .filter(Node::isVisible).map(chip -> ((Labeled) chip).getText()).distinct().count()));
            }
        }
    }

    @TempDir
    Path dir;

    @Test
    void valuesPartitionsAndFlagsAreShownWholeAt1024() throws Exception {
        FxTestSupport.start();
        try (StateBackend backend = DiskStates.systemDb(dir).put("github", "{\"singer_state\": {\"bookmarks\": {"
                + "\"pull_request_review_comments\": {\"partitions\": [{\"context\": {\"org\": \"meltano-labs\", \"repo\": \"tap-github-enterprise\"},"
                + " \"replication_key\": \"updated_at\", \"replication_key_value\": \"2024-06-01T09:58:12.345678+00:00\"}]},"
                + " \"organizations\": {}}}}", "{}").open();
             TaskExecutor executor = new TaskExecutor(2, Platform::runLater)) {
            BookmarksViewModel model = fx(() -> new BookmarksViewModel(executor));
            Stage stage = fx(() -> {
                Stage window = new Stage();
                window.setScene(new Scene(new BookmarksView(model), 1024 - 260, 500));
                window.getScene().getStylesheets().add(BookmarksView.class.getResource(Styles.STYLESHEET).toExternalForm());
                window.getScene().getRoot().getStyleClass().add(Styles.APP);
                window.show();
                model.activate(new Selection("prod", backend, backend.read("github"), null));
                return window;
            });
            TestWindow.waitFor(() -> model.visible().size() == 2 && executor.running().isEmpty());
            List<String> cut = fx(() -> {
                stage.getScene().getRoot().applyCss();
                stage.getScene().getRoot().layout();
                return stage.getScene().getRoot().lookupAll(".table-cell").stream()
                        .map(node -> (Labeled) node)
                        .filter(cell -> cell.getText() != null && !cell.getText().isEmpty())
                        .filter(cell -> !cell.getText().equals(((Text) cell.lookup(".text")).getText()))
                        .map(Labeled::getText)
                        .collect(Collectors.toList());
            });
            List<String> chips = fx(() -> stage.getScene().getRoot().lookupAll("." + Styles.FLAG).stream()
                    .map(node -> (Labeled) node)
                    .filter(chip -> !chip.getText().equals(((Text) chip.lookup(".text")).getText()))
                    .map(Labeled::getText)
                    .collect(Collectors.toList()));
            fx(() -> {
                stage.close();
                return null;
            });
            assertEquals(List.of(), cut, "cells cut to an ellipsis");
            assertEquals(List.of(), chips, "flag chips cut to an ellipsis");
            assertFalse(fx(() -> model.visible().isEmpty()));
        }
    }
}
