package dev.cairn.ui.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.backend.StateBackend;
import dev.cairn.ops.Edit;
import dev.cairn.ops.Journal;
import dev.cairn.ops.UnrecordedEnds;
import dev.cairn.ops.WriteCommand;
import dev.cairn.state.Json;
import dev.cairn.state.StateDocument;
import dev.cairn.ui.DiskStates;
import dev.cairn.ui.FakeUiThread;
import dev.cairn.ui.Selection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("unit")
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
        HistoryViewModel model = ui.call(() -> new HistoryViewModel(ui.executor(), new Journal(dir.resolve("journal")), null, null));
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
        HistoryViewModel model = ui.call(() -> new HistoryViewModel(ui.executor(), new Journal(dir.resolve("journal")), null, null));
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

    @Test
    void writesWhoseEndTheJournalCouldNotRecordAreShownDoneOrNotWrittenAndAStateThatCannotBeReadSaysSo() throws Exception {
        Path folder = dir.resolve("journal");
        UnrecordedEnds.written(new Journal(folder), setting("dev:x", 1));
        UnrecordedEnds.notWritten(new Journal(folder), setting("dev:x", 2));
        HistoryViewModel model = ui.call(() -> new HistoryViewModel(ui.executor(), new Journal(folder), null, null));
        ui.run(() -> model.activate(selection));
        ui.awaitIdle();
        assertEquals(List.of(Journal.Status.FAILED, Journal.Status.DONE),
                ui.call(() -> model.entries().stream().map(Journal.Entry::status).toList()), "newest first");
        assertTrue(HistoryViewModel.describe(ui.call(() -> model.entries().get(0))).contains(" — failed: not written: "),
                ui.call(() -> HistoryViewModel.describe(model.entries().get(0))));
        assertEquals("2 writes by Cairn, newest first (journal: " + folder.resolve("journal.db") + ").",
                ui.call(() -> model.messageProperty().get()));

        UnrecordedEnds.written(new Journal(folder), setting("dev:x", 3));
        // a file backend reads no state through a link: dev:x cannot be read while its folder is one
        Path state = dir.resolve("state").resolve("dev:x");
        Files.createSymbolicLink(state, Files.move(state, dir.resolve("elsewhere")));
        ui.run(model::refresh);
        ui.awaitIdle();
        assertEquals(Journal.Status.STARTED, ui.call(() -> model.entries().get(0).status()));
        assertTrue(ui.call(() -> model.messageProperty().get()).startsWith("3 writes by Cairn, newest first (journal: "
                + folder.resolve("journal.db") + "). 1 write whose end the journal could not record stays 'started':"
                + " settling it failed: "), ui.call(() -> model.messageProperty().get()));
    }

    private WriteCommand setting(String stateId, int value) throws Exception {
        return WriteCommand.plan(backend, stateId, Edit.set(Json.parseObject("{\"singer_state\": {\"v\": " + value + "}}")));
    }

    /** The last ID's writes and the diff of the one chosen leave with it: on another ID, and when nothing is selected. */
    @Test
    void nothingOfTheLastIdsHistoryStaysOnShow() throws Exception {
        Journal journal = new Journal(dir.resolve("journal"));
        WriteCommand.plan(backend, "dev:x", Edit.set(Json.parseObject("{\"singer_state\": {}}")))
                .execute(journal);
        HistoryViewModel model = ui.call(() -> new HistoryViewModel(ui.executor(), journal, null, null));
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
