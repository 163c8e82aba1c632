package dev.cairn.ui.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.ops.Journal;
import dev.cairn.ui.FakeUiThread;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoryViewModelTest {

    private final FakeUiThread ui = new FakeUiThread();
    @TempDir
    Path dir;

    @AfterEach
    void close() {
        ui.close();
    }

    @Test
    void cancellingTheReadFromTheStatusBarSaysSoAndRefreshReadsAgain() {
        HistoryViewModel model = ui.call(() -> new HistoryViewModel(ui.executor(), new Journal(dir.resolve("journal"))));
        CountDownLatch busy = ui.occupyWorkers(2);
        ui.run(() -> model.setSubject("file:///states", "dev:x"));
        ui.cancelAll();
        busy.countDown();
        ui.awaitIdle();
        assertEquals("Reading the history of dev:x was cancelled. Refresh (Ctrl+R) reads it again.",
                ui.call(() -> model.messageProperty().get()));
        ui.run(model::refresh);
        ui.awaitIdle();
        assertTrue(ui.call(() -> model.messageProperty().get()).startsWith("Cairn has not written dev:x"));
    }
}
