package dev.cairn.ui.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.ops.Edit;
import dev.cairn.ops.Journal;
import dev.cairn.ops.WriteCommand;
import dev.cairn.state.Json;
import dev.cairn.state.StateDocument;
import dev.cairn.backend.StateBackend;
import dev.cairn.ui.DiskStates;
import dev.cairn.ui.FakeUiThread;
import dev.cairn.ui.Selection;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoryViewModelTest {

    private final FakeUiThread ui = new FakeUiThread();
    @TempDir
    Path dir;
    private StateBackend backend;
    private Selection selection;

    @BeforeEach
    void open() {
        backend = DiskStates.files(dir).put("dev:x", "{}", "{}").open();
        selection = new Selection("files", backend, backend.read("dev:x"), null);
    }

    @AfterEach
    void close() {
        ui.close();
        backend.close();
    }

    @Test
    void cancellingTheReadFromTheStatusBarSaysSoAndRefreshReadsAgain() {
        HistoryViewModel model = ui.call(() -> new HistoryViewModel(ui.executor(), new Journal(dir.resolve("journal"))));
        CountDownLatch busy = ui.occupyWorkers();
        ui.run(() -> model.activate(selection));
        ui.cancelAll();
        busy.countDown();
        ui.awaitIdle();
        assertEquals("Reading the history of dev:x was cancelled. Refresh (Ctrl+R) reads it again.",
                ui.call(() -> model.messageProperty().get()));
        ui.run(model::refresh);
        ui.awaitIdle();
        assertTrue(ui.call(() -> model.messageProperty().get()).startsWith("Cairn has not written dev:x"));
    }

    @Test
    void aHiddenTabReadsNothingAndCatchesUpWhenShownAgain() {
        HistoryViewModel model = ui.call(() -> new HistoryViewModel(ui.executor(), new Journal(dir.resolve("journal"))));
        ui.run(() -> model.activate(selection));
        ui.awaitIdle();
        // each step and its check in one turn of the UI thread: no task can end in between
        assertTrue(ui.call(() -> {
            model.deactivate();
            model.refresh();
            return ui.executor().running().isEmpty();
        }), "a write elsewhere does not make a hidden tab read");
        assertEquals(1, (int) ui.call(() -> {
            model.activate(selection);
            return ui.executor().running().size();
        }), "shown again, it reads what it missed");
        ui.awaitIdle();
    }

    /** The last ID's writes and the diff of the one chosen leave with it: on another ID, and when nothing is selected. */
    @Test
    void nothingOfTheLastIdsHistoryStaysOnShow() throws Exception {
        Journal journal = new Journal(dir.resolve("journal"));
        WriteCommand.plan(backend, "dev:x", Edit.set(Json.parseObject("{\"singer_state\": {}}")))
                .execute(journal);
        HistoryViewModel model = ui.call(() -> new HistoryViewModel(ui.executor(), journal));
        ui.run(() -> model.activate(selection));
        ui.awaitIdle();
        assertEquals(1, ui.call(() -> model.entries().size()));
        assertNotNull(ui.call(() -> model.diffProperty().get()), "the newest write is shown");
        backend.write("dev:y", StateDocument.EMPTY, null);
        Selection other = new Selection("files", backend, backend.read("dev:y"), null);
        ui.run(() -> model.activate(other));
        assertNull(ui.call(() -> model.diffProperty().get()), "not dev:x's diff while dev:y's history is read");
        ui.awaitIdle();
        assertEquals(0, ui.call(() -> model.entries().size()));
        ui.run(() -> model.activate(selection));
        ui.awaitIdle();
        ui.run(() -> model.activate(null));
        assertNull(ui.call(() -> model.selectedProperty().get()));
        assertNull(ui.call(() -> model.diffProperty().get()));
        assertEquals(0, ui.call(() -> model.entries().size()));
    }
}
