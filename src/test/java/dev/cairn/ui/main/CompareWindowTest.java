package dev.cairn.ui.main;

import static dev.cairn.ui.TestWindow.fx;
import static dev.cairn.ui.TestWindow.fxRun;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.ops.Transfer;
import dev.cairn.ops.UserFolders;
import dev.cairn.ops.compare.IdComparison.Status;
import dev.cairn.ui.ScriptedDialogs;
import dev.cairn.ui.TestWindow;
import dev.cairn.ui.compare.CompareViewModel;
import dev.cairn.ui.compare.CompareViewModel.Row;
import dev.cairn.ui.services.BackendOpener;
import dev.cairn.ui.transfer.TransferViewModel;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.TableRow;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Compare backends… on the demo workspace at 1024×700: the production DB against the staging files,
 * filtered, a row's diff shown, checked rows copied through the copy form, and their rows compared again.
 */
@Tag("window")
class CompareWindowTest {

    private final ScriptedDialogs dialogs = new ScriptedDialogs();
    private TestWindow window;
    private MainViewModel model;
    private MainView view;

    @BeforeEach
    void openWindow(@TempDir Path home) throws Exception {
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
    void compareBackendsFiltersShowsADiffAndCopiesCheckedRows() throws Exception {
        fxRun(() -> model.connections().currentProperty().set(model.connections().sessions().stream()
                .filter(s -> s.name().equals("Demo system DB")).findFirst().orElseThrow()));
        TestWindow.waitFor(() -> model.connections().sessions().stream().allMatch(s -> s.target() != null) && model.tasks().isEmpty());
        // Ctrl+Shift+C, as the sidebar's context menu names it
        fxRun(() -> window.stage.getScene().getAccelerators()
                .get(new KeyCodeCombination(KeyCode.C, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN)).run());
        CompareViewModel compare = model.compare();
        TestWindow.waitFor(() -> compare.stageProperty().get() == CompareViewModel.Stage.COMPARED && model.tasks().isEmpty());
        assertTrue(fx(() -> view.compareView().isVisible()));
        assertTrue(fx(() -> model.inspectorTakesWindowProperty().get()), "the comparison takes the window");
        assertEquals("Demo file backend", fx(() -> compare.thereProperty().get().name()));
        Map<Status, Integer> counts = fx(() -> compare.countsProperty().get());
        assertTrue(counts.getOrDefault(Status.DIFFERENT, 0) > 0 && counts.getOrDefault(Status.ONLY_HERE, 0) > 0, counts.toString());
        assertEquals(List.of(), window.cutOff("compare-backends"));

        // the status chips filter, and say their counts
        ToggleButton different = fx(() -> (ToggleButton) view.compareView().lookup("#compare-chip-different"));
        assertEquals("different " + counts.get(Status.DIFFERENT), fx(different::getText));
        fxRun(different::fire);
        assertEquals(counts.get(Status.DIFFERENT), fx(() -> view.compareView().table().getItems().size()));
        assertTrue(fx(() -> view.compareView().table().getItems().stream().allMatch(r -> r.status() == Status.DIFFERENT)));
        fxRun(() -> ((ToggleButton) view.compareView().lookup("#compare-chip-all")).fire());
        // the text filter takes a pattern, as the ID list's
        fxRun(() -> ((TextField) view.compareView().lookup("#compare-filter")).setText("prod:*"));
        assertTrue(fx(() -> !view.compareView().table().getItems().isEmpty()
                && view.compareView().table().getItems().stream().allMatch(r -> r.hereId().startsWith("prod:"))));
        fxRun(() -> ((TextField) view.compareView().lookup("#compare-filter")).setText(""));

        // a row selected: its diff under the table
        Row changed = fx(() -> compare.rows().stream().filter(r -> r.status() == Status.DIFFERENT).findFirst().orElseThrow());
        fxRun(() -> {
            view.compareView().table().getSelectionModel().select(changed);
            view.compareView().table().scrollTo(changed);
        });
        TestWindow.waitFor(() -> compare.diff().diffProperty().get() != null && model.tasks().isEmpty());
        assertTrue(fx(() -> compare.diff().leftTitleProperty().get()).startsWith("Demo system DB"));
        assertTrue(fx(() -> compare.diff().rightTitleProperty().get()).startsWith("Demo file backend"));
        assertEquals(List.of(), window.cutOff("compare-diff"));

        // rows only here checked (one by its box, the rest by "check all"), copied to the staging files
        Row first = fx(() -> compare.shown().stream().filter(r -> r.status() == Status.ONLY_HERE).findFirst().orElseThrow());
        fxRun(() -> view.compareView().table().scrollTo(first));
        WaitForAsyncUtils.waitForFxEvents();
        CheckBox box = fx(() -> view.compareView().table().lookupAll(".table-row-cell").stream().map(n -> (TableRow<?>) n)
                .filter(r -> first.equals(r.getItem())).map(r -> (CheckBox) r.lookup(".check-box")).findFirst().orElseThrow());
        fxRun(box::fire);
        assertTrue(fx(first::isChecked));
        fxRun(() -> compare.checkAll(Status.ONLY_HERE));
        int checked = counts.get(Status.ONLY_HERE);
        Button toThere = fx(() -> (Button) view.compareView().lookup("#compare-copy-there"));
        assertEquals("Copy " + checked + " checked to Demo file backend →", fx(toThere::getText));
        fxRun(toThere::fire);
        TransferViewModel transfer = model.writes().transfer();
        TestWindow.waitFor(() -> transfer.stageProperty().get() == TransferViewModel.Stage.PLANNED && model.tasks().isEmpty());
        assertTrue(fx(() -> view.transferView().isVisible()), "the copy form over the comparison");
        assertEquals(checked, fx(() -> transfer.rows().size()), "the preview lists every checked ID");
        assertEquals(List.of(), window.cutOff("compare-copy-preview"));
        fxRun(() -> ((Button) view.transferView().lookup("#transfer-run")).fire());
        TestWindow.waitFor(() -> transfer.stageProperty().get() == TransferViewModel.Stage.FINISHED && model.tasks().isEmpty());
        List<String> copied = fx(() -> transfer.rows().stream().filter(r -> r.outcome() == Transfer.Outcome.COPIED)
                .map(TransferViewModel.Row::sourceId).toList());
        assertFalse(copied.isEmpty(), fx(() -> transfer.messageProperty().get()));
        assertEquals(List.of(), window.cutOff("compare-copy-results"));
        fxRun(() -> ((Button) view.transferView().lookup("#transfer-close")).fire());
        TestWindow.waitFor(() -> compare.noticeProperty().get().startsWith("Compared " + copied.size() + " copied")
                && model.tasks().isEmpty());
        Map<String, Status> now = fx(() -> compare.rows().stream().collect(Collectors.toMap(Row::hereId, Row::status)));
        for (String id : copied) {
            assertTrue(now.get(id).agrees(), id + " is " + now.get(id) + " after the copy");
        }
        assertEquals(counts.get(Status.ONLY_HERE) - copied.size(), fx(() -> compare.countsProperty().get()).getOrDefault(Status.ONLY_HERE, 0));
        assertTrue(fx(() -> view.compareView().isVisible()), "the comparison is shown again");
        assertEquals(List.of(), window.cutOff("compare-after-copy"));

        // the copy form opened as usual afterwards offers one ID or a pattern again, one of them chosen
        fxRun(() -> model.compare().close());
        fxRun(() -> model.writes().openTransfer());
        assertEquals(TransferViewModel.Scope.ONE_ID, fx(() -> transfer.scopeProperty().get()));
        assertEquals(List.of(TransferViewModel.Scope.ONE_ID, TransferViewModel.Scope.PATTERN), fx(() -> List.copyOf(transfer.scopes())));
        assertFalse(fx(() -> model.inspectorTakesWindowProperty().get()), "the sidebar and the list are back");
    }
}
