package dev.cairn.ui.edit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.systemdb.MeltanoSchema;
import dev.cairn.ops.Journal;
import dev.cairn.ops.plan.PlanFile;
import dev.cairn.ops.plan.PlannedWrite;
import dev.cairn.state.Json;
import dev.cairn.state.StateDocument;
import dev.cairn.ui.FakeUiThread;
import dev.cairn.ui.connect.Environment;
import dev.cairn.ui.edit.RewindViewModel.By;
import dev.cairn.ui.edit.RewindViewModel.Line;
import dev.cairn.ui.edit.RewindViewModel.Stage;
import dev.cairn.ui.write.WriteTarget;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A rewind of several states on a real SQLite system DB: the preview per ID and stream, one journal group, undone as one. */
@Tag("unit")
class RewindViewModelTest {

    private static final String GITHUB = "dev:tap-github-to-target-postgres";
    private static final String STRIPE = "dev:tap-stripe-to-target-postgres";
    private static final String ABSENT = "dev:tap-nothing-to-target-postgres";

    @TempDir
    Path dir;

    private final FakeUiThread ui = new FakeUiThread();

    @AfterEach
    void stop() {
        ui.close();
    }

    private StateBackend sqlite() throws Exception {
        Path db = dir.resolve("meltano.db");
        MeltanoSchema.createSqlite(db);
        StateBackend b = Backends.open("sqlite:///" + db, BackendOptions.defaults());
        // issues: an interrupted run's markers on it; pull_requests: already before the moment; users: a number, left alone
        b.write(GITHUB, StateDocument.of(Json.parse("{\"singer_state\": {\"bookmarks\": {"
                + "\"issues\": {\"replication_key\": \"updated_at\", \"replication_key_value\": \"2024-05-02T06:30:00+00:00\","
                + " \"progress_markers\": {\"Note\": \"Progress is not resumable if interrupted.\"}},"
                + "\"pull_requests\": {\"replication_key\": \"updated_at\", \"replication_key_value\": \"2024-03-01T00:00:00+00:00\"},"
                + "\"users\": {\"replication_key\": \"id\", \"replication_key_value\": 1234}}}}"), Json.parse("{}")), null);
        b.write(STRIPE, StateDocument.of(Json.parse("{\"singer_state\": {\"bookmarks\": {\"charges\": {\"replication_key\":"
                + " \"created\", \"replication_key_value\": \"2024-04-30T12:00:00+00:00\"}}}}"), Json.parse("{}")), null);
        return b;
    }

    private static String value(StateBackend b, String id, String stream) throws Exception {
        return b.read(id).document().effective().at("/singer_state/bookmarks/" + stream + "/replication_key_value").asText();
    }

    @Test
    void selectedStatesArePreviewedPerStreamRewoundAsOneGroupAndUndoneAsOne() throws Exception {
        Journal journal = new Journal(dir.resolve("journal"));
        try (StateBackend b = sqlite()) {
            WriteTarget target = new WriteTarget("dev", b, Environment.DEV, false);
            RewindViewModel model = ui.call(() -> new RewindViewModel(ui.executor(), journal, null, null));
            AtomicInteger written = new AtomicInteger();
            ui.run(() -> model.onWritten(written::incrementAndGet));
            ui.run(() -> model.openStates(target, List.of(GITHUB, STRIPE, ABSENT)));
            assertEquals("Enter the moment to rewind to (2024-05-01T00:00:00Z, 2024-05-01).", ui.call(() -> model.problemProperty().get()));
            ui.run(() -> model.amountProperty().set("yesterday"));
            assertTrue(ui.call(() -> model.problemProperty().get()).startsWith("'yesterday' is not an ISO 8601 date-time"),
                    ui.call(() -> model.problemProperty().get()));
            ui.run(() -> model.amountProperty().set("2024-04-01T00:00:00Z"));
            assertEquals("", ui.call(() -> model.problemProperty().get()));

            ui.run(model::preview);
            ui.await(() -> model.stageProperty().get() == Stage.PREVIEW, Duration.ofSeconds(30));
            List<String> lines = ui.call(() -> model.lines().stream().map(l -> l.stateId() + " | " + l.text()).toList());
            assertEquals(List.of(
                    GITHUB + " | stream issues: \"2024-05-02T06:30:00+00:00\" → \"2024-04-01T00:00:00+00:00\" *",
                    GITHUB + " | stream pull_requests: \"2024-03-01T00:00:00+00:00\" (" + ui.call(() -> model.lines().get(1).step().why()) + ")",
                    GITHUB + " | left alone: stream users: " + ui.call(() -> model.lines().get(2).step().why()),
                    STRIPE + " | stream charges: \"2024-04-30T12:00:00+00:00\" → \"2024-04-01T00:00:00+00:00\"",
                    ABSENT + " | no state with this ID: nothing to rewind"), lines);
            assertTrue(ui.call(() -> model.markersDroppedProperty().get()), "the preview says the markers are dropped");
            assertTrue(ui.call(() -> model.messageProperty().get()).startsWith("Review the change below: 2 states on sqlite:"),
                    ui.call(() -> model.messageProperty().get()));
            assertEquals("2024-05-02T06:30:00+00:00", value(b, GITHUB, "issues"), "nothing written before the confirmation");

            ui.run(model::confirm);
            ui.await(() -> model.stageProperty().get() == Stage.DONE, Duration.ofSeconds(30));
            assertEquals("Rewound 2 of 2 states.", ui.call(() -> model.messageProperty().get()));
            assertEquals("2024-04-01T00:00:00+00:00", value(b, GITHUB, "issues"));
            assertTrue(b.read(GITHUB).document().effective().at("/singer_state/bookmarks/issues/progress_markers").isMissingNode());
            assertEquals("2024-03-01T00:00:00+00:00", value(b, GITHUB, "pull_requests"), "never forward");
            assertEquals("1234", value(b, GITHUB, "users"));
            assertEquals("2024-04-01T00:00:00+00:00", value(b, STRIPE, "charges"));
            Journal.Entry last = journal.lastUndoable(b, null);
            assertEquals(2, journal.undoableInGroup(b.displayUri(), last.group()).size(), "one journal group of both writes");
            assertEquals(1, ui.call(written::get));

            ui.run(model::undo);
            ui.await(() -> model.stageProperty().get() == Stage.UNDONE, Duration.ofSeconds(30));
            assertEquals("Undone: 2 states put back as before the rewind.", ui.call(() -> model.messageProperty().get()));
            assertEquals("2024-05-02T06:30:00+00:00", value(b, GITHUB, "issues"));
            assertFalse(b.read(GITHUB).document().effective().at("/singer_state/bookmarks/issues/progress_markers").isMissingNode());
            assertEquals("2024-04-30T12:00:00+00:00", value(b, STRIPE, "charges"));
            assertEquals(2, ui.call(written::get));
        }
    }

    @Test
    void aStateChangedSinceThePreviewStopsTheRewindAndUndoTakesBackWhatWasWritten() throws Exception {
        Journal journal = new Journal(dir.resolve("journal"));
        try (StateBackend b = sqlite()) {
            WriteTarget target = new WriteTarget("prod", b, Environment.PROD, false);
            RewindViewModel model = ui.call(() -> new RewindViewModel(ui.executor(), journal, null, null));
            ui.run(() -> model.openStates(target, List.of(GITHUB, STRIPE)));
            ui.run(() -> {
                model.byProperty().set(By.BY_DURATION);
                model.amountProperty().set("P1D");
                model.streamsProperty().set("charges, issues");
            });
            ui.run(model::preview);
            ui.await(() -> model.stageProperty().get() == Stage.PREVIEW, Duration.ofSeconds(30));
            assertEquals(List.of("stream issues: \"2024-05-02T06:30:00+00:00\" → \"2024-05-01T06:30:00+00:00\" *",
                    "stream charges: not in this state",
                    "stream charges: \"2024-04-30T12:00:00+00:00\" → \"2024-04-29T12:00:00+00:00\"",
                    "stream issues: not in this state"),
                    ui.call(() -> model.lines().stream().map(Line::text).toList()), "only the streams named, and where one is not");
            assertEquals("2", ui.call(() -> model.requiredTypingProperty().get()), "production: the number of states is typed");
            assertFalse(ui.call(() -> model.canConfirmProperty().get()));
            ui.run(() -> model.typedProperty().set("2"));
            assertTrue(ui.call(() -> model.canConfirmProperty().get()));

            // another writer changes the second state after the preview
            b.write(STRIPE, StateDocument.of(Json.parse("{\"singer_state\": {\"bookmarks\": {\"charges\": {\"replication_key\":"
                    + " \"created\", \"replication_key_value\": \"2024-05-05T00:00:00+00:00\"}}}}"), Json.parse("{}")), null);
            ui.run(model::confirm);
            ui.await(() -> model.stageProperty().get() == Stage.DONE, Duration.ofSeconds(30));
            assertEquals(STRIPE + " changed since the preview, so it and the states after it were not rewound; preview again."
                    + " Rewound 1 of 2 states.", ui.call(() -> model.messageProperty().get()));
            assertEquals("2024-05-01T06:30:00+00:00", value(b, GITHUB, "issues"));
            assertEquals("2024-05-05T00:00:00+00:00", value(b, STRIPE, "charges"), "the other writer's value stays");

            ui.run(model::undo);
            ui.await(() -> model.stageProperty().get() == Stage.UNDONE, Duration.ofSeconds(30));
            assertEquals("2024-05-02T06:30:00+00:00", value(b, GITHUB, "issues"));
            assertEquals("2024-05-05T00:00:00+00:00", value(b, STRIPE, "charges"));
        }
    }

    @Test
    void aRewindOfSelectedStatesSavedAsPlanWritesNothingAndHoldsAWritePerState() throws Exception {
        try (StateBackend b = sqlite()) {
            WriteTarget target = new WriteTarget("dev", b, Environment.DEV, false);
            RewindViewModel model = ui.call(() -> new RewindViewModel(ui.executor(), new Journal(dir.resolve("journal")), null, null));
            ui.run(() -> model.openStates(target, List.of(GITHUB, STRIPE)));
            ui.run(() -> model.amountProperty().set("2024-04-01T00:00:00Z"));
            ui.run(model::preview);
            ui.await(() -> model.stageProperty().get() == Stage.PREVIEW, Duration.ofSeconds(30));
            Path file = dir.resolve("rewind.plan.json");
            ui.run(() -> model.savePlan(file));
            ui.await(() -> model.messageProperty().get().startsWith("Saved"), Duration.ofSeconds(30));
            assertEquals("Saved a plan of 2 writes for environment dev to " + file + ": nothing was written. Open plan…"
                    + " (Ctrl+Shift+P) or cairn apply writes it.", ui.call(() -> model.messageProperty().get()));
            assertEquals("2024-05-02T06:30:00+00:00", value(b, GITHUB, "issues"), "nothing written");
            assertEquals(List.of(GITHUB, STRIPE), PlanFile.read(file).writes().stream()
                    .map(PlannedWrite::stateId).toList());
        }
    }
}
