package dev.cairn.ui.park;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.ListedState;
import dev.cairn.backend.StateBackend;
import dev.cairn.ops.Journal;
import dev.cairn.ops.Park;
import dev.cairn.state.Json;
import dev.cairn.state.StateDocument;
import dev.cairn.ui.FakeUiThread;
import dev.cairn.ui.connect.Environment;
import dev.cairn.ui.park.ParkViewModel.Stage;
import dev.cairn.ui.write.WriteTarget;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Park for a full refresh and Merge back on a real file backend: refused under a running pipeline's lock, undone as one. */
@Tag("unit")
class ParkViewModelTest {

    private static final String ID = "dev:tap-github-to-target-postgres";

    @TempDir
    Path dir;

    private final FakeUiThread ui = new FakeUiThread();

    @AfterEach
    void stop() {
        ui.close();
    }

    private static StateDocument bookmarks(String issues, String users) throws Exception {
        return StateDocument.of(Json.parse("{\"singer_state\": {\"bookmarks\": {"
                + (issues == null ? "" : "\"issues\": {\"replication_key\": \"updated_at\", \"replication_key_value\": \"" + issues + "\"}")
                + (issues != null && users != null ? ", " : "")
                + (users == null ? "" : "\"users\": {\"replication_key\": \"id\", \"replication_key_value\": " + users + "}")
                + "}}}"), Json.parse("{}"));
    }

    private static List<String> ids(StateBackend b) {
        return b.list(null).stream().map(ListedState::stateId).sorted().toList();
    }

    private void await(ParkViewModel model, Stage stage) {
        ui.await(() -> model.stageProperty().get() == stage, Duration.ofSeconds(30));
    }

    @Test
    void parkIsRefusedWhileAPipelineHoldsTheLockThenParksAndUndoesAsOne() throws Exception {
        Journal journal = new Journal(dir.resolve("journal"));
        try (StateBackend b = Backends.open("file://" + Files.createDirectories(dir.resolve("state")), BackendOptions.defaults())) {
            b.write(ID, bookmarks("2024-05-01T00:00:00+00:00", "1200"), null);
            WriteTarget target = new WriteTarget("dev", b, Environment.DEV, false);
            ParkViewModel model = ui.call(() -> new ParkViewModel(ui.executor(), journal, null));

            Path lock = dir.resolve("state").resolve(ID).resolve("lock");
            Files.writeString(lock, Double.toString(System.currentTimeMillis() / 1000.0));
            ui.run(() -> model.openPark(target, ID));
            assertTrue(ui.call(() -> model.detailProperty().get()).startsWith("Moves the state to the parked ID " + ID + ".parked-"));
            ui.run(model::confirm);
            await(model, Stage.FAILED);
            assertTrue(ui.call(() -> model.messageProperty().get()).contains("locked by a running pipeline"),
                    ui.call(() -> model.messageProperty().get()));
            assertEquals(List.of(ID), ids(b), "nothing moved");

            Files.delete(lock);
            ui.run(model::confirm);
            await(model, Stage.DONE);
            String parked = ui.call(model::parkedId);
            assertTrue(Park.parse(parked).isPresent(), parked);
            assertEquals(List.of(parked), ids(b), "the ID has no state: its next run starts from scratch");
            assertEquals("Parked " + ID + " as " + parked + ": its next run starts from scratch. Restore or Merge back on the"
                    + " parked ID puts it back.", ui.call(() -> model.messageProperty().get()));

            ui.run(model::undo);
            await(model, Stage.UNDONE);
            assertEquals(List.of(ID), ids(b));
            assertEquals(bookmarks("2024-05-01T00:00:00+00:00", "1200"), b.read(ID).document());
        }
    }

    @Test
    void mergeBackKeepsWhatTheRefreshReachedAndDeletesTheParkedCopy() throws Exception {
        Journal journal = new Journal(dir.resolve("journal"));
        try (StateBackend b = Backends.open("file://" + Files.createDirectories(dir.resolve("state")), BackendOptions.defaults())) {
            String parked = Park.parkedId(ID, Instant.parse("2026-12-01T08:15:00Z"));
            b.write(parked, bookmarks("2024-05-01T00:00:00+00:00", "1200"), null);
            // the full refresh reached issues only
            b.write(ID, bookmarks("2024-06-01T00:00:00+00:00", null), null);
            WriteTarget target = new WriteTarget("prod", b, Environment.PROD, false);
            ParkViewModel model = ui.call(() -> new ParkViewModel(ui.executor(), journal, null));
            ui.run(() -> model.openUnpark(target, parked, Park.Return.MERGE));
            assertEquals("Merge the parked state of " + ID + " back", ui.call(() -> model.titleProperty().get()));
            assertEquals("", ui.call(() -> model.requiredTypingProperty().get()), "nothing deleted that a run needs: no typing");
            ui.run(model::confirm);
            await(model, Stage.DONE);
            assertEquals(List.of(ID), ids(b), "the parked copy is deleted");
            assertEquals(Json.parse("{\"singer_state\": {\"bookmarks\": {\"issues\": {\"replication_key\": \"updated_at\","
                    + " \"replication_key_value\": \"2024-06-01T00:00:00+00:00\"}, \"users\": {\"replication_key\": \"id\","
                    + " \"replication_key_value\": 1200}}}}"), b.read(ID).document().effective());

            ui.run(model::undo);
            await(model, Stage.UNDONE);
            assertEquals(List.of(ID, parked), ids(b));
            assertEquals(bookmarks("2024-06-01T00:00:00+00:00", null), b.read(ID).document());
            assertFalse(ui.call(() -> model.canConfirmProperty().get()));
        }
    }
}
