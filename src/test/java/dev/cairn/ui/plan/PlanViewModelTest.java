package dev.cairn.ui.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.ops.Edit;
import dev.cairn.ops.Journal;
import dev.cairn.ops.Transfer;
import dev.cairn.ops.plan.Plan;
import dev.cairn.ops.plan.PlanFile;
import dev.cairn.state.Json;
import dev.cairn.state.StateDocument;
import dev.cairn.testing.EmptyBackends;
import dev.cairn.ui.FakeUiThread;
import dev.cairn.ui.connect.Environment;
import dev.cairn.ui.plan.PlanViewModel.Row;
import dev.cairn.ui.plan.PlanViewModel.Stage;
import dev.cairn.ui.transfer.TransferViewModel;
import dev.cairn.ui.write.WriteFlowViewModel;
import dev.cairn.ui.write.WriteTarget;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Save as plan… from the write sheet and the copy form, and Open plan…: a plan saved in the window
 * writes nothing, and applied it writes compare-and-set, refusing states that moved on, a changed
 * plan, a plan of another environment on production and a backend that is not open; and the copy
 * form's environment guard. Real SQLite and file backends.
 */
@Tag("unit")
class PlanViewModelTest {

    private static final String A = "staging:tap-a-to-target-x";
    private static final String B = "staging:tap-b-to-target-x";

    @TempDir
    Path dir;

    private final FakeUiThread ui = new FakeUiThread();

    @AfterEach
    void stop() {
        ui.close();
    }

    private static StateDocument doc(int value) throws Exception {
        return StateDocument.of(Json.parse("{\"singer_state\": {\"v\": " + value + "}}"), Json.object());
    }

    private Journal journal() {
        return new Journal(dir.resolve("journal"));
    }

    /** Saves a set of {@code id} to {@code value} through the write sheet's Save as plan…; returns the sheet's message. */
    private String saveSet(WriteTarget target, String id, int value, Path file) throws Exception {
        WriteFlowViewModel flow = ui.call(() -> new WriteFlowViewModel(ui.executor(), journal()));
        Edit set = Edit.set(Json.parseObject("{\"singer_state\": {\"v\": " + value + "}}"));
        StoredState read = target.backend().read(id);
        ui.run(() -> flow.start(target, id, set, read));
        ui.await(() -> flow.stageProperty().get() == WriteFlowViewModel.Stage.PREVIEW, Duration.ofSeconds(30));
        String before = ui.call(() -> flow.messageProperty().get());
        ui.run(() -> flow.savePlan(file));
        ui.await(() -> !flow.messageProperty().get().equals(before), Duration.ofSeconds(30));
        assertEquals(WriteFlowViewModel.Stage.PREVIEW, ui.call(() -> flow.stageProperty().get()), "the preview stays");
        return ui.call(() -> flow.messageProperty().get());
    }

    /** A transfer of {@code ids} from {@code from} to {@code to} saved as a plan; returns the form's message. */
    private String saveCopy(WriteTarget from, WriteTarget to, List<String> ids, Path file) {
        TransferViewModel form = ui.call(() -> new TransferViewModel(ui.executor(), journal()));
        List<Transfer.Item> items = ids.stream().map(id -> new Transfer.Item(id, id)).toList();
        ui.run(() -> form.openWith(from, to, items, List.of(from, to)));
        ui.await(() -> form.stageProperty().get() == TransferViewModel.Stage.PLANNED, Duration.ofSeconds(30));
        String before = ui.call(() -> form.messageProperty().get());
        ui.run(() -> form.savePlan(file));
        ui.await(() -> !form.messageProperty().get().equals(before), Duration.ofSeconds(30));
        return ui.call(() -> form.messageProperty().get());
    }

    private PlanViewModel open(Path file, List<WriteTarget> targets) {
        PlanViewModel model = ui.call(() -> new PlanViewModel(ui.executor(), journal()));
        ui.run(() -> model.open(file, targets));
        ui.await(() -> model.stageProperty().get() == Stage.PREVIEW || model.stageProperty().get() == Stage.REFUSED,
                Duration.ofSeconds(30));
        return model;
    }

    private void apply(PlanViewModel model) {
        ui.run(model::apply);
        ui.await(() -> model.stageProperty().get() == Stage.DONE, Duration.ofSeconds(30));
    }

    @Test
    void aWriteSavedAsPlanWritesNothingAndOpenPlanAppliesItAndUndoesIt() throws Exception {
        try (StateBackend backend = EmptyBackends.SQLITE.open(dir)) {
            backend.write(A, doc(1), null);
            WriteTarget target = new WriteTarget("staging", backend, Environment.STAGING, false);
            Path file = dir.resolve("set.plan.json");
            String saved = saveSet(target, A, 2, file);
            assertEquals("Saved a plan of 1 write for environment staging to " + file + ": nothing was written. Open plan…"
                    + " (Ctrl+Shift+P) or cairn apply writes it.", saved);
            assertEquals(doc(1), backend.read(A).document(), "nothing written");
            Plan plan = PlanFile.read(file);
            assertEquals(List.of(backend.displayUri()), List.copyOf(plan.backends()));

            PlanViewModel model = open(file, List.of(target));
            assertEquals(Stage.PREVIEW, ui.call(() -> model.stageProperty().get()), ui.call(() -> model.messageProperty().get()));
            Row row = ui.call(() -> model.rows().get(0));
            assertEquals("staging", row.connection());
            assertEquals(A, row.stateId());
            assertEquals("to write", row.status());
            assertTrue(row.diff().contains("~ /singer_state/v: 1 -> 2"), row.diff());
            assertEquals("", ui.call(() -> model.requiredTypingProperty().get()), "not production: nothing to type");
            apply(model);
            assertEquals("written", ui.call(() -> model.rows().get(0).status()));
            assertEquals(doc(2), backend.read(A).document());
            assertTrue(ui.call(() -> model.messageProperty().get()).startsWith("Finished: 1 written."));

            ui.run(model::undo);
            ui.await(() -> model.messageProperty().get().startsWith("Undone"), Duration.ofSeconds(30));
            assertEquals("Undone: 1 state put back.", ui.call(() -> model.messageProperty().get()));
            assertEquals(doc(1), backend.read(A).document());
        }
    }

    @Test
    void aStateThatMovedOnIsRefusedAndAllOrNothingWritesNone() throws Exception {
        try (StateBackend from = EmptyBackends.FILE.open(dir); StateBackend to = EmptyBackends.SQLITE.open(dir)) {
            from.write(A, doc(1), null);
            from.write(B, doc(1), null);
            WriteTarget source = new WriteTarget("files", from, Environment.STAGING, false);
            WriteTarget target = new WriteTarget("staging", to, Environment.STAGING, false);
            Path file = dir.resolve("copy.plan.json");
            String saved = saveCopy(source, target, List.of(A, B), file);
            assertTrue(saved.startsWith("Saved a plan of 2 writes for environment staging to "), saved);
            assertFalse(to.read(A).exists(), "nothing written");
            to.write(B, doc(9), null); // someone else wrote B since

            PlanViewModel model = open(file, List.of(source, target));
            assertEquals(List.of("to write", "changed since"), ui.call(() -> model.rows().stream().map(Row::status).toList()));
            assertTrue(ui.call(() -> model.messageProperty().get()).contains("1 state changed since: it will not be written."));
            ui.run(() -> model.allOrNothingProperty().set(true));
            apply(model);
            assertEquals(List.of("not written", "conflict"), ui.call(() -> model.rows().stream().map(Row::status).toList()));
            assertFalse(to.read(A).exists());

            PlanViewModel again = open(file, List.of(source, target));
            apply(again);
            assertEquals(List.of("written", "conflict"), ui.call(() -> again.rows().stream().map(Row::status).toList()));
            assertEquals(doc(1), to.read(A).document());
            assertEquals(doc(9), to.read(B).document());
        }
    }

    @Test
    void aChangedPlanIsRefusedInOneLine() throws Exception {
        try (StateBackend backend = EmptyBackends.SQLITE.open(dir)) {
            backend.write(A, doc(1), null);
            WriteTarget target = new WriteTarget("staging", backend, Environment.STAGING, false);
            Path file = dir.resolve("set.plan.json");
            saveSet(target, A, 2, file);
            Files.writeString(file, Files.readString(file).replace("\\\"v\\\": 2", "\\\"v\\\": 3"));

            PlanViewModel model = open(file, List.of(target));
            assertEquals(Stage.REFUSED, ui.call(() -> model.stageProperty().get()));
            assertEquals(file + " is not a plan Cairn made, or it was changed or truncated: its content does not match its"
                    + " checksum; nothing was written.", ui.call(() -> model.messageProperty().get()));
            assertFalse(ui.call(() -> model.canApplyProperty().get()));
            assertEquals(doc(1), backend.read(A).document());
        }
    }

    @Test
    void aPlanForStagingIsRefusedOnAProductionConnectionAndOneNeedsItsBackendOpen() throws Exception {
        try (StateBackend staging = EmptyBackends.SQLITE.open(dir); StateBackend prod = EmptyBackends.FILE.open(dir)) {
            staging.write(A, doc(1), null);
            Path file = dir.resolve("set.plan.json");
            saveSet(new WriteTarget("staging", staging, Environment.STAGING, false), A, 2, file);

            PlanViewModel notOpen = open(file, List.of(new WriteTarget("prod", prod, Environment.PROD, false)));
            assertEquals(Stage.REFUSED, ui.call(() -> notOpen.stageProperty().get()));
            assertEquals("The plan writes to " + staging.displayUri() + ", which is not an open connection: connect to it"
                    + " (Connect…), then open the plan again; nothing was written.", ui.call(() -> notOpen.messageProperty().get()));

            // the same storage as a production connection, whose IDs all name prod
            staging.write("prod:tap-c-to-target-x", doc(1), null);
            staging.delete(A, null);
            PlanViewModel refused = open(file, List.of(new WriteTarget("production", staging, Environment.PROD, false)));
            assertEquals(Stage.REFUSED, ui.call(() -> refused.stageProperty().get()));
            assertEquals("The plan " + file + " was made for environment staging, not prod, whose IDs the production"
                    + " connection production holds; nothing was written.", ui.call(() -> refused.messageProperty().get()));
        }
    }

    @Test
    void theCopyFormWarnsOfIdsNamingAnotherEnvironmentAndProductionAsksForTyping() throws Exception {
        try (StateBackend from = EmptyBackends.FILE.open(dir); StateBackend to = EmptyBackends.SQLITE.open(dir)) {
            from.write(A, doc(1), null);
            to.write("prod:tap-c-to-target-x", doc(1), null);
            WriteTarget source = new WriteTarget("files", from, Environment.STAGING, false);
            // not marked production, but its IDs say it is
            WriteTarget target = new WriteTarget("prod db", to, Environment.OTHER, false);
            TransferViewModel form = ui.call(() -> new TransferViewModel(ui.executor(), journal()));
            ui.run(() -> form.openWith(source, target, List.of(new Transfer.Item(A, A)), List.of(source, target)));
            ui.await(() -> form.stageProperty().get() == TransferViewModel.Stage.PLANNED, Duration.ofSeconds(30));
            assertEquals("1 state ID names another environment than prod, the production environment written to: " + A
                    + " (a rename such as staging:*=prod:* writes them under its own names)",
                    ui.call(() -> form.environmentWarningProperty().get()));
            assertEquals("prod db", ui.call(() -> form.requiredTypingProperty().get()));
            assertFalse(ui.call(() -> form.canRunProperty().get()));
            ui.run(() -> form.typedProperty().set("prod db"));
            assertTrue(ui.call(() -> form.canRunProperty().get()));
        }
    }
}
