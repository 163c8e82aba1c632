package dev.cairn.ui.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.backend.StateBackend;
import dev.cairn.ops.Journal;
import dev.cairn.ops.Transfer;
import dev.cairn.state.Json;
import dev.cairn.state.StateDocument;
import dev.cairn.testing.EmptyBackends;
import dev.cairn.ui.FakeUiThread;
import dev.cairn.ui.connect.Environment;
import dev.cairn.ui.transfer.TransferViewModel.Row;
import dev.cairn.ui.transfer.TransferViewModel.Stage;
import dev.cairn.ui.write.WriteTarget;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bulk copy dev → prod (SQLite → S3Proxy) with an ID rewrite and one existing, different destination. */
class TransferViewModelTest {

    @TempDir
    Path dir;

    private final FakeUiThread ui = new FakeUiThread();

    @AfterEach
    void stop() {
        ui.close();
    }

    @Test
    void plansThenCopiesWithRenameReportingTheConflictPerId() throws Exception {
        try (StateBackend dev = EmptyBackends.SQLITE.open(dir); StateBackend prod = EmptyBackends.S3.open(dir)) {
            StateDocument a = StateDocument.of(Json.parse("{\"singer_state\": {\"a\": 1}}"), Json.object());
            StateDocument b = StateDocument.of(Json.parse("{\"singer_state\": {\"b\": 1}}"), Json.object());
            dev.write("dev:tap-a-to-target-x", a, null);
            dev.write("dev:tap-b-to-target-x", b, null);
            dev.write("staging:tap-c-to-target-x", b, null);
            prod.write("prod:tap-b-to-target-x", StateDocument.of(Json.parse("{\"singer_state\": {\"b\": 0}}"), Json.object()), null);
            WriteTarget from = new WriteTarget("dev", dev, Environment.DEV, false);
            WriteTarget to = new WriteTarget("prod", prod, Environment.PROD, false);
            TransferViewModel model = ui.call(() -> new TransferViewModel(ui.executor(), new Journal(dir.resolve("journal"))));
            ui.run(() -> {
                model.open(from, "dev:tap-a-to-target-x", List.of(from, to));
                model.scopeProperty().set(TransferViewModel.Scope.PATTERN);
                model.patternProperty().set("dev:*");
                model.renameProperty().set("dev:*=prod:*");
                model.onConflictProperty().set(Transfer.OnConflict.FAIL);
            });
            assertEquals(to, ui.call(() -> model.destinationProperty().get()), "another open backend is the default destination");
            ui.run(model::plan);
            ui.await(() -> model.stageProperty().get() == Stage.PLANNED, Duration.ofSeconds(30));
            List<Row> planned = ui.call(() -> List.copyOf(model.rows()));
            assertEquals(List.of("prod:tap-a-to-target-x", "prod:tap-b-to-target-x"), planned.stream().map(Row::targetId).toList());
            assertEquals("2 IDs: 1 to copy, 1 conflicting. Each source's effective state becomes the destination's"
                    + " completed state, as Meltano's copy writes it.", ui.call(() -> model.messageProperty().get()));
            assertEquals("dev:*", ui.call(() -> model.requiredTypingProperty().get()), "production: type the pattern");
            assertFalse(ui.call(() -> model.canRunProperty().get()));
            ui.run(() -> model.typedProperty().set("dev:*"));
            assertTrue(ui.call(() -> model.canRunProperty().get()));
            ui.run(model::run);
            ui.await(() -> model.stageProperty().get() == Stage.FINISHED, Duration.ofSeconds(30));
            List<Row> done = ui.call(() -> List.copyOf(model.rows()));
            assertEquals(Transfer.Outcome.COPIED, done.get(0).outcome());
            assertEquals(Transfer.Outcome.CONFLICT, done.get(1).outcome());
            assertEquals("the destination already holds a different state", done.get(1).detail());
            assertEquals("Finished: 1 copied, 1 conflict.", ui.call(() -> model.messageProperty().get()));
            assertEquals(1.0, ui.call(() -> model.progressProperty().get()));
            assertEquals(a, prod.read("prod:tap-a-to-target-x").document());
            assertEquals(0, prod.read("prod:tap-b-to-target-x").document().completed().value().at("/singer_state/b").asInt());
        }
    }

    @Test
    void theCopySheetCopiesMeltanosEffectiveStateOrBothDocumentsWhenAskedTo() throws Exception {
        try (StateBackend dev = EmptyBackends.FILE.open(dir); StateBackend prod = EmptyBackends.SQLITE.open(dir)) {
            StateDocument pending = StateDocument.of(Json.parse("{\"singer_state\": {\"a\": 1, \"b\": 1}}"),
                    Json.parse("{\"singer_state\": {\"b\": 2}}"));
            dev.write("dev:x", pending, null);
            WriteTarget from = new WriteTarget("dev", dev, Environment.DEV, false);
            WriteTarget to = new WriteTarget("staging", prod, Environment.STAGING, false);
            TransferViewModel model = ui.call(() -> new TransferViewModel(ui.executor(), new Journal(dir.resolve("journal"))));
            ui.run(() -> {
                model.open(from, "dev:x", List.of(from, to));
                model.targetIdProperty().set("meltano");
            });
            copy(model);
            assertEquals(StateDocument.of(Json.parse("{\"singer_state\": {\"a\": 1, \"b\": 2}}"), Json.object()),
                    prod.read("meltano").document());
            ui.run(() -> {
                model.targetIdProperty().set("backup");
                model.preservePartialProperty().set(true);
            });
            String message = copy(model);
            assertTrue(message.contains("not what Meltano's copy writes"), message);
            assertTrue(ui.call(() -> model.rows().get(0).detail()).contains("pending partial state kept as partial"));
            assertEquals(pending, prod.read("backup").document());
        }
    }

    /** Plans (returning the plan's message) and runs a one-ID transfer. */
    private String copy(TransferViewModel model) {
        ui.run(model::plan);
        ui.await(() -> model.stageProperty().get() == Stage.PLANNED, Duration.ofSeconds(30));
        String message = ui.call(() -> model.messageProperty().get());
        ui.run(model::run);
        ui.await(() -> model.stageProperty().get() == Stage.FINISHED, Duration.ofSeconds(30));
        return message;
    }

    @Test
    void aReadOnlyDestinationIsExplainedAndNotRun() throws Exception {
        try (StateBackend dev = EmptyBackends.FILE.open(dir); StateBackend other = EmptyBackends.FILE.open(dir)) {
            WriteTarget from = new WriteTarget("dev", dev, Environment.DEV, false);
            WriteTarget archive = new WriteTarget("archive", other, Environment.OTHER, true);
            TransferViewModel model = ui.call(() -> new TransferViewModel(ui.executor(), new Journal(dir.resolve("journal"))));
            ui.run(() -> model.open(from, "dev:x", List.of(from, archive)));
            assertTrue(ui.call(() -> model.whyNotProperty().get()).contains("read-only connection"));
        }
    }
}
