package dev.cairn.ui.bookmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.backend.StateBackend;
import dev.cairn.ui.DiskStates;
import dev.cairn.ui.FakeUiThread;
import dev.cairn.ui.Selection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("unit")
class BookmarksViewModelTest {

    private final FakeUiThread ui = new FakeUiThread();
    @TempDir
    Path dir;
    private StateBackend backend;

    @BeforeEach
    void open() {
        backend = DiskStates.systemDb(dir).put("zendesk", "{\"singer_state\": {\"bookmarks\": {"
                    + "\"tickets\": {\"replication_key\": \"updated_at\", \"replication_key_value\": \"2024-05-31T23:10:00Z\", "
                    + "\"replication_key_signpost\": \"2024-06-01T09:00:00+00:00\", \"progress_markers\": {\"Note\": \"x\", "
                    + "\"replication_key\": \"updated_at\", \"replication_key_value\": \"2024-06-01T04:41:07Z\"}}, "
                    + "\"users\": {\"replication_key\": \"updated_at\", \"replication_key_value\": 1717142400}, "
                    + "\"organizations\": {}}}}", "{}")
            .put("broken", "{\"singer_state\": {\"bookm", "{}").open();
    }

    @AfterEach
    void close() {
        ui.close();
        backend.close();
    }

    @Test
    void rowsCarryTheFlagsAndFilter() {
        BookmarksViewModel model = ui.call(() -> new BookmarksViewModel(ui.executor()));
        ui.run(() -> model.activate(new Selection("prod", backend, backend.read("zendesk"), null)));
        ui.awaitIdle();
        List<String> streams = ui.call(() -> model.visible().stream().map(BookmarksViewModel.Row::stream).collect(Collectors.toList()));
        assertEquals(List.of("tickets", "users", "organizations"), streams);
        BookmarksViewModel.Row tickets = ui.call(() -> model.visible().get(0));
        assertTrue(tickets.flags().contains("interrupted run"), tickets.flags());
        assertTrue(tickets.inProgress().contains("reached 2024-06-01T04:41:07Z"), tickets.inProgress());
        assertTrue(ui.call(() -> model.visible().get(1)).flags().contains("not a timestamp"));
        assertTrue(ui.call(() -> model.visible().get(2)).flags().contains("no bookmark"));
        assertEquals("Where the next run resumes (effective state): 3 rows, 3 flagged", ui.call(() -> model.messageProperty().get()));
        ui.run(() -> model.filterProperty().set("USERS"));
        assertEquals(1, ui.call(() -> model.visible().size()));
        assertEquals("Where the next run resumes (effective state): 1 of 3 rows shown, 1 flagged", ui.call(() -> model.messageProperty().get()),
                "the counts follow the filter");
        ui.run(() -> {
            model.filterProperty().set("");
            model.flaggedOnlyProperty().set(true);
        });
        assertEquals(3, ui.call(() -> model.visible().size()));
        assertTrue(ui.call(() -> model.messageProperty().get()).contains("3 rows, 3 flagged"));
    }

    @Test
    void thousandsAreSeparatedAndTheFilterIsResetForAnotherState() throws Exception {
        StringBuilder partitions = new StringBuilder();
        for (int i = 0; i < 1500; i++) {
            partitions.append(i == 0 ? "" : ", ").append("{\"context\": {\"repo\": \"r").append(i)
                    .append("\"}, \"replication_key\": \"updated_at\", \"replication_key_value\": \"2024-06-01T00:00:00Z\"}");
        }
        Files.createDirectories(dir.resolve("big"));
        try (StateBackend big = DiskStates.systemDb(dir.resolve("big"))
                .put("github", "{\"singer_state\": {\"bookmarks\": {\"issues\": {\"partitions\": [" + partitions + "]}}}}", "{}").open()) {
            BookmarksViewModel model = ui.call(() -> new BookmarksViewModel(ui.executor()));
            ui.run(() -> model.activate(new Selection("prod", big, big.read("github"), null)));
            ui.awaitIdle();
            assertEquals("Where the next run resumes (effective state): 1,500 rows", ui.call(() -> model.messageProperty().get()));
            ui.run(() -> model.filterProperty().set("r14"));
            assertEquals("Where the next run resumes (effective state): 111 of 1,500 rows shown", ui.call(() -> model.messageProperty().get()));
            ui.run(() -> model.activate(new Selection("prod", big, big.read("github"), null)));
            ui.awaitIdle();
            assertEquals("r14", ui.call(() -> model.filterProperty().get()), "the same state read again keeps its filter");
            ui.run(() -> model.activate(new Selection("prod", backend, backend.read("zendesk"), null)));
            ui.awaitIdle();
            assertEquals("", ui.call(() -> model.filterProperty().get()), "another state starts unfiltered");
            assertEquals(3, ui.call(() -> model.visible().size()));
        }
    }

    @Test
    void cancellingTheRowsFromTheStatusBarSaysSo() {
        BookmarksViewModel model = ui.call(() -> new BookmarksViewModel(ui.executor()));
        CountDownLatch busy = ui.occupyWorkers();
        ui.run(() -> model.activate(new Selection("prod", backend, backend.read("zendesk"), null)));
        assertEquals("Reading bookmarks …", ui.call(() -> model.messageProperty().get()));
        ui.cancelAll();
        busy.countDown();
        ui.awaitIdle();
        assertEquals("Reading the bookmarks of zendesk was cancelled. Refresh (Ctrl+R) reads them again.",
                ui.call(() -> model.messageProperty().get()));
        assertEquals(0, ui.call(() -> model.visible().size()));
    }

    @Test
    void aCorruptStateSaysMeltanoCannotReadIt() {
        BookmarksViewModel model = ui.call(() -> new BookmarksViewModel(ui.executor()));
        ui.run(() -> model.activate(new Selection("prod", backend, backend.read("broken"), null)));
        ui.awaitIdle();
        assertTrue(ui.call(() -> model.messageProperty().get()).startsWith("Meltano cannot read this state"));
        assertEquals(0, ui.call(() -> model.visible().size()));
    }
}
