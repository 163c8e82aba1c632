package dev.cairn.ui.edit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.state.Json;
import dev.cairn.state.StateDocument;
import dev.cairn.testing.EmptyBackends;
import dev.cairn.ui.FakeUiThread;
import dev.cairn.ui.task.RunningTask;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The merge form's view model on a real file backend. */
@Tag("unit")
class MergeViewModelTest {

    @TempDir
    Path dir;

    private final FakeUiThread ui = new FakeUiThread();

    @AfterEach
    void stop() {
        ui.close();
    }

    @Test
    void readingTheSourceCancelledFromTheStatusBarSaysSoAndMergesNothing() throws Exception {
        try (StateBackend backend = EmptyBackends.FILE.open(dir)) {
            backend.write("dev:a", StateDocument.of(Json.parse("{\"singer_state\": {}}"), Json.object()), null);
            StoredState read = backend.read("dev:a");
            MergeViewModel model = ui.call(() -> new MergeViewModel(ui.executor(), null, null));
            ui.run(() -> {
                model.open(backend, read, List.of());
                model.sourceProperty().set(MergeViewModel.Source.OTHER_ID);
            });
            CountDownLatch release = ui.occupyWorkers();
            boolean[] merged = {false};
            ui.run(() -> model.submit(document -> merged[0] = true));
            assertEquals("Reading …", ui.call(() -> model.problemProperty().get()));
            ui.run(() -> ui.executor().running().stream().filter(t -> t.title().startsWith("Reading"))
                    .forEach(RunningTask::cancel));
            release.countDown();
            ui.await(() -> !model.problemProperty().get().equals("Reading …"), Duration.ofSeconds(30));
            assertEquals("Cancelled: nothing was read or merged.", ui.call(() -> model.problemProperty().get()));
            assertEquals(false, ui.call(() -> merged[0]));
        }
    }
}
