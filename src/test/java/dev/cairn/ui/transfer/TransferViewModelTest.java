package dev.cairn.ui.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.StateBackend;
import dev.cairn.ops.Journal;
import dev.cairn.ops.Transfer;
import dev.cairn.state.Json;
import dev.cairn.state.StateDocument;
import dev.cairn.testing.EmptyBackends;
import dev.cairn.testing.JournalLines;
import dev.cairn.testing.LinkedFolder;
import dev.cairn.testing.RunRows;
import dev.cairn.ui.DiskStates;
import dev.cairn.ui.FakeUiThread;
import dev.cairn.ui.connect.Environment;
import dev.cairn.ui.task.RunningTask;
import dev.cairn.ui.transfer.TransferViewModel.Row;
import dev.cairn.ui.transfer.TransferViewModel.Stage;
import dev.cairn.ui.write.WriteTarget;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bulk copy dev → prod (SQLite → S3Proxy) with an ID rewrite and one existing, different destination. */
@Tag("server")
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
            TransferViewModel model = patternTransfer(from, to, "dev:tap-a-to-target-x", "dev:*");
            ui.run(() -> {
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

    /**
     * An empty backend's IDs name no environment; opened from a project's prod environment, the
     * connection does: a dev:* copy into it without a rename is warned of and asks for typing.
     */
    @Test
    void aCopyIntoAProjectsEmptyProductionEnvironmentIsGuardedByItsName() throws Exception {
        try (StateBackend dev = EmptyBackends.SQLITE.open(dir); StateBackend prod = EmptyBackends.S3.open(dir)) {
            dev.write("dev:tap-a-to-target-x", StateDocument.of(Json.parse("{\"singer_state\": {\"a\": 1}}"), Json.object()), null);
            WriteTarget from = new WriteTarget("dev", dev, Environment.DEV, false);
            WriteTarget to = new WriteTarget("acme · prod", prod, Environment.PROD, false, "prod");
            TransferViewModel model = patternTransfer(from, to, "dev:tap-a-to-target-x", "dev:*");
            ui.run(model::plan);
            ui.await(() -> model.stageProperty().get() == Stage.PLANNED, Duration.ofSeconds(30));
            assertTrue(ui.call(() -> model.environmentWarningProperty().get())
                    .startsWith("1 state ID names another environment than prod, the production environment written to:"
                            + " dev:tap-a-to-target-x"), ui.call(() -> model.environmentWarningProperty().get()));
            assertFalse(ui.call(() -> model.canRunProperty().get()), "production: typed confirmation first");

            WriteTarget unnamed = new WriteTarget("prod bucket", prod, Environment.STAGING, false);
            TransferViewModel byUri = patternTransfer(from, unnamed, "dev:tap-a-to-target-x", "dev:*");
            ui.run(byUri::plan);
            ui.await(() -> byUri.stageProperty().get() == Stage.PLANNED, Duration.ofSeconds(30));
            assertEquals("", ui.call(() -> byUri.environmentWarningProperty().get()), "no IDs, no project: no environment known");
        }
    }

    @Test
    void thePreviewSaysWhichDestinationHasAPipelineRunningOnIt() throws Exception {
        Files.createDirectories(dir.resolve("prod"));
        try (StateBackend dev = EmptyBackends.FILE.open(dir);
             StateBackend prod = DiskStates.systemDb(dir.resolve("prod")).put("prod:tap-a-to-target-x", "{}", "{}").open()) {
            dev.write("prod:tap-a-to-target-x", StateDocument.of(Json.parse("{\"singer_state\": {\"a\": 1}}"), Json.object()), null);
            try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("prod/meltano.db"))) {
                new RunRows(c, true).add("prod:tap-a-to-target-x", "RUNNING", RunRows.minutesAgo(3), 0,
                        null, "schedule", RunRows.minutesAgo(0));
            }
            WriteTarget from = new WriteTarget("dev", dev, Environment.DEV, false);
            WriteTarget to = new WriteTarget("prod", prod, Environment.PROD, false);
            TransferViewModel model = ui.call(() -> new TransferViewModel(ui.executor(), new Journal(dir.resolve("journal"))));
            ui.run(() -> model.open(from, "prod:tap-a-to-target-x", List.of(from, to), ""));
            ui.run(model::plan);
            ui.await(() -> model.stageProperty().get() == Stage.PLANNED, Duration.ofSeconds(30));
            String detail = ui.call(() -> model.rows().get(0).detail());
            assertTrue(detail.contains("destination running: run "), detail);
            assertTrue(detail.contains("trigger schedule"), detail);
        }
    }

    @Test
    void aRenameOntoOtherSourcesIsRefusedInThePreview() throws Exception {
        try (StateBackend files = EmptyBackends.FILE.open(dir)) {
            StateDocument a = StateDocument.of(Json.parse("{\"singer_state\": {\"v\": \"A\"}}"), Json.object());
            StateDocument ax = StateDocument.of(Json.parse("{\"singer_state\": {\"v\": \"AX\"}}"), Json.object());
            files.write("n:a", a, null);
            files.write("n:ax", ax, null);
            WriteTarget here = new WriteTarget("dev", files, Environment.DEV, false);
            TransferViewModel model = ui.call(() -> new TransferViewModel(ui.executor(), new Journal(dir.resolve("journal"))));
            ui.run(() -> {
                model.open(here, "n:a", List.of(here), "");
                model.modeProperty().set(Transfer.Mode.MOVE);
                model.scopeProperty().set(TransferViewModel.Scope.PATTERN);
                model.patternProperty().set("n:*");
                model.renameProperty().set("n:*=n:*x");
                model.onConflictProperty().set(Transfer.OnConflict.OVERWRITE);
            });
            ui.run(model::plan);
            ui.await(() -> model.messageProperty().get().contains("refused"), Duration.ofSeconds(30));
            assertEquals(Stage.EDITING, ui.call(() -> model.stageProperty().get()));
            assertTrue(ui.call(() -> model.messageProperty().get()).contains("n:a would be moved onto n:ax"),
                    ui.call(() -> model.messageProperty().get()));
            assertTrue(ui.call(() -> model.messageProperty().get()).endsWith("that are not sources."), "a sentence, with its full stop");
            assertTrue(ui.call(() -> model.rows().isEmpty()));
            assertFalse(ui.call(() -> model.canRunProperty().get()));
            assertEquals(a, files.read("n:a").document());
            assertEquals(ax, files.read("n:ax").document());
        }
    }

    @Test
    void aMoveToTheSameFolderOpenedThroughASymlinkIsRefusedForOneIdAndForAPattern() throws Exception {
        LinkedFolder folder = LinkedFolder.create(dir);
        try (StateBackend files = Backends.open("file://" + folder.real(), BackendOptions.defaults());
             StateBackend linked = Backends.open("file://" + folder.link(), BackendOptions.defaults())) {
            StateDocument a = StateDocument.of(Json.parse("{\"singer_state\": {\"v\": \"A\"}}"), Json.object());
            files.write("dev:a", a, null);
            files.write("dev:b", a, null);
            WriteTarget from = new WriteTarget("dev", files, Environment.DEV, false);
            WriteTarget to = new WriteTarget("dev through a link", linked, Environment.DEV, false);
            TransferViewModel model = ui.call(() -> new TransferViewModel(ui.executor(), new Journal(dir.resolve("journal"))));
            ui.run(() -> {
                model.open(from, "dev:a", List.of(from, to), "");
                model.destinationProperty().set(to);
                model.modeProperty().set(Transfer.Mode.MOVE);
            });
            ui.run(model::plan);
            ui.await(() -> model.stageProperty().get() == Stage.PLANNED, Duration.ofSeconds(30));
            Row row = ui.call(() -> model.rows().get(0));
            assertEquals(Transfer.Outcome.FAILED, row.outcome(), row.detail());
            assertTrue(row.detail().contains("same state"), row.detail());
            assertFalse(ui.call(() -> model.canRunProperty().get()), "nothing to run: the one ID is refused");

            ui.run(() -> {
                model.scopeProperty().set(TransferViewModel.Scope.PATTERN);
                model.patternProperty().set("dev:*");
            });
            ui.run(model::plan);
            ui.await(() -> model.messageProperty().get().contains("refused"), Duration.ofSeconds(30));
            assertEquals(Stage.EDITING, ui.call(() -> model.stageProperty().get()));
            assertTrue(ui.call(() -> model.messageProperty().get()).contains("same storage (2 of 2 IDs)"),
                    ui.call(() -> model.messageProperty().get()));
            assertFalse(ui.call(() -> model.canRunProperty().get()));
            assertEquals(a, files.read("dev:a").document());
            assertEquals(a, files.read("dev:b").document());
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
                model.open(from, "dev:x", List.of(from, to), "");
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

    @Test
    void anIdThePlanRefusedReadsRefusedInTheResultsToo() throws Exception {
        try (StateBackend dev = EmptyBackends.FILE.open(dir); StateBackend prod = EmptyBackends.SQLITE.open(dir)) {
            dev.write("dev:good", StateDocument.of(Json.parse("{\"singer_state\": {\"a\": 1}}"), Json.object()), null);
            dev.write("dev:empty", StateDocument.of(Json.object(), Json.object()), null);
            WriteTarget from = new WriteTarget("dev", dev, Environment.DEV, false);
            WriteTarget to = new WriteTarget("staging", prod, Environment.STAGING, false);
            TransferViewModel model = patternTransfer(from, to, "dev:good", "dev:*");
            String planned = copy(model);
            assertTrue(planned.contains("1 refused"), planned);
            String finished = ui.call(() -> model.messageProperty().get());
            assertTrue(finished.contains("1 copied, 1 refused."), finished);
            assertEquals(List.of("refused", "copied"), ui.call(() -> model.rows().stream().map(TransferViewModel.Row::status).toList()));
        }
    }

    /** A copy sheet opened on {@code selectedId} of {@code from} for the IDs {@code pattern} selects, to {@code to}. */
    private TransferViewModel patternTransfer(WriteTarget from, WriteTarget to, String selectedId, String pattern) {
        TransferViewModel model = ui.call(() -> new TransferViewModel(ui.executor(), new Journal(dir.resolve("journal"))));
        ui.run(() -> {
            model.open(from, selectedId, List.of(from, to), "");
            model.scopeProperty().set(TransferViewModel.Scope.PATTERN);
            model.patternProperty().set(pattern);
        });
        return model;
    }

    /** Plans (returning the plan's message) and runs a transfer. */
    private String copy(TransferViewModel model) {
        ui.run(model::plan);
        ui.await(() -> model.stageProperty().get() == Stage.PLANNED, Duration.ofSeconds(30));
        String message = ui.call(() -> model.messageProperty().get());
        ui.run(model::run);
        ui.await(() -> model.stageProperty().get() == Stage.FINISHED, Duration.ofSeconds(30));
        return message;
    }

    @Test
    void aCopyIntoASystemDbWithoutARunsTableSaysNoRunsRowsWereAdded() throws Exception {
        try (StateBackend dev = EmptyBackends.FILE.open(dir);
             StateBackend prod = Backends.open(EmptyBackends.SQLITE.createWithoutRunsTable(dir), BackendOptions.defaults())) {
            dev.write("dev:a", StateDocument.of(Json.parse("{\"singer_state\": {\"a\": 1}}"), Json.object()), null);
            dev.write("dev:b", StateDocument.of(Json.parse("{\"singer_state\": {\"b\": 1}}"), Json.object()), null);
            WriteTarget from = new WriteTarget("dev", dev, Environment.DEV, false);
            WriteTarget to = new WriteTarget("prod", prod, Environment.DEV, false);
            TransferViewModel model = patternTransfer(from, to, "dev:a", "dev:*");
            copy(model);
            assertEquals("Finished: 2 copied. No runs row was added for the 2 states written because the system database"
                    + " has no runs table.", ui.call(() -> model.messageProperty().get()));
            assertTrue(prod.read("dev:b").exists());
        }
    }

    @Test
    void aReadOnlyDestinationIsExplainedAndNotRun() throws Exception {
        try (StateBackend dev = EmptyBackends.FILE.open(dir); StateBackend other = EmptyBackends.FILE.open(dir)) {
            WriteTarget from = new WriteTarget("dev", dev, Environment.DEV, false);
            WriteTarget archive = new WriteTarget("archive", other, Environment.OTHER, true);
            TransferViewModel model = ui.call(() -> new TransferViewModel(ui.executor(), new Journal(dir.resolve("journal"))));
            ui.run(() -> model.open(from, "dev:x", List.of(from, archive), ""));
            assertTrue(ui.call(() -> model.whyNotProperty().get()).contains("read-only connection"));
        }
    }

    @Test
    void opensOnAWritableOtherBackendWithTheListsFilterAsItsPattern() throws Exception {
        try (StateBackend dev = EmptyBackends.FILE.open(dir); StateBackend other = EmptyBackends.FILE.open(dir);
             StateBackend third = EmptyBackends.FILE.open(dir)) {
            WriteTarget from = new WriteTarget("dev", dev, Environment.DEV, false);
            WriteTarget archive = new WriteTarget("prod DB", other, Environment.PROD, true);
            WriteTarget staging = new WriteTarget("staging", third, Environment.STAGING, false);
            TransferViewModel model = ui.call(() -> new TransferViewModel(ui.executor(), new Journal(dir.resolve("journal"))));
            ui.run(() -> model.open(from, "dev:x", List.of(archive, from, staging), "github"));
            assertEquals(staging, ui.call(() -> model.destinationProperty().get()), "not the read-only one listed first");
            assertEquals(TransferViewModel.Scope.PATTERN, ui.call(() -> model.scopeProperty().get()));
            assertEquals("*github*", ui.call(() -> model.patternProperty().get()));
            ui.run(() -> model.open(from, "dev:x", List.of(archive, from, staging), "dev:tap-*"));
            assertEquals("dev:tap-*", ui.call(() -> model.patternProperty().get()), "a pattern filter is taken as it is");
        }
    }

    @Test
    void aWritableProductionConnectionIsNotTheDefaultDestination() throws Exception {
        try (StateBackend dev = EmptyBackends.FILE.open(dir); StateBackend other = EmptyBackends.FILE.open(dir);
             StateBackend third = EmptyBackends.FILE.open(dir)) {
            WriteTarget from = new WriteTarget("dev", dev, Environment.DEV, false);
            WriteTarget prod = new WriteTarget("prod", other, Environment.PROD, false);
            WriteTarget staging = new WriteTarget("staging", third, Environment.STAGING, false);
            TransferViewModel model = ui.call(() -> new TransferViewModel(ui.executor(), new Journal(dir.resolve("journal"))));
            ui.run(() -> model.open(from, "dev:x", List.of(prod, from, staging), ""));
            assertEquals(staging, ui.call(() -> model.destinationProperty().get()), "not production, though listed first");
            ui.run(() -> model.open(from, "dev:x", List.of(prod, from), ""));
            assertEquals(prod, ui.call(() -> model.destinationProperty().get()), "production when it is the only other one");
        }
    }

    private static final List<String> SIX = List.of("dev:tap-1-to-target-x", "dev:tap-2-to-target-x", "dev:tap-3-to-target-x",
            "dev:tap-4-to-target-x", "dev:tap-5-to-target-x", "dev:tap-6-to-target-x");

    /** A move of six IDs from a SQLite DB to a file backend, planned. */
    private TransferViewModel plannedMove(StateBackend dev, StateBackend files) throws Exception {
        for (String id : SIX) {
            dev.write(id, StateDocument.of(Json.parse("{\"singer_state\": {\"id\": \"" + id + "\"}}"), Json.object()), null);
        }
        WriteTarget from = new WriteTarget("dev", dev, Environment.DEV, false);
        WriteTarget to = new WriteTarget("files", files, Environment.STAGING, false);
        TransferViewModel model = ui.call(() -> new TransferViewModel(ui.executor(), new Journal(dir.resolve("journal"))));
        ui.run(() -> {
            model.open(from, null, List.of(from, to), "");
            model.modeProperty().set(Transfer.Mode.MOVE);
            model.scopeProperty().set(TransferViewModel.Scope.PATTERN);
            model.patternProperty().set("dev:*");
            model.plan();
        });
        ui.await(() -> model.stageProperty().get() == Stage.PLANNED, Duration.ofSeconds(30));
        return model;
    }

    @Test
    void aPreviewCancelledFromTheStatusBarReturnsToTheForm() throws Exception {
        try (StateBackend dev = EmptyBackends.FILE.open(dir)) {
            WriteTarget from = new WriteTarget("dev", dev, Environment.DEV, false);
            TransferViewModel model = ui.call(() -> new TransferViewModel(ui.executor(), new Journal(dir.resolve("journal"))));
            ui.run(() -> model.open(from, "dev:a", List.of(from), ""));
            CountDownLatch release = ui.occupyWorkers();
            ui.run(model::plan);
            assertEquals(Stage.PLANNING, ui.call(() -> model.stageProperty().get()));
            ui.run(() -> ui.executor().running().stream().filter(t -> t.title().startsWith("Planning"))
                    .forEach(RunningTask::cancel));
            release.countDown();
            ui.await(() -> model.stageProperty().get() == Stage.EDITING, Duration.ofSeconds(30));
            assertEquals("Preview cancelled: nothing was copied.", ui.call(() -> model.messageProperty().get()));
        }
    }

    @Test
    void aMoveCancelledBeforeAWorkerStartsItMovesNothingAndCanRunLater() throws Exception {
        try (StateBackend dev = EmptyBackends.SQLITE.open(dir); StateBackend files = EmptyBackends.FILE.open(dir)) {
            TransferViewModel model = plannedMove(dev, files);
            CountDownLatch release = ui.occupyWorkers();
            ui.run(model::run);
            assertEquals(Stage.RUNNING, ui.call(() -> model.stageProperty().get()));
            ui.run(model::cancel);
            assertEquals(Stage.PLANNED, ui.call(() -> model.stageProperty().get()));
            assertEquals("Cancelled before it started: nothing was moved.", ui.call(() -> model.messageProperty().get()));
            release.countDown();
            ui.awaitIdle();
            assertEquals(Stage.PLANNED, ui.call(() -> model.stageProperty().get()));
            assertTrue(ui.call(() -> model.canRunProperty().get()), "it can run again");
            assertEquals(6, dev.list(null).size(), "every source is still there");
            assertEquals(0, files.list(null).size());
        }
    }

    @Test
    void aMoveCancelledWhileRunningShowsPerIdWhatWasDoneBeforeItStopped() throws Exception {
        Path root = Files.createDirectories(dir.resolve("files"));
        try (StateBackend dev = EmptyBackends.SQLITE.open(dir);
             StateBackend files = Backends.open("file://" + root, BackendOptions.defaults().withLockWait(Duration.ofSeconds(20)))) {
            TransferViewModel model = plannedMove(dev, files);
            List<String> order = ui.call(() -> model.rows().stream().map(Row::targetId).toList());
            // Running pipelines hold Meltano's lock on the first four destinations: the four IDs the run
            // starts with wait for them, the last two wait for a thread.
            for (String id : order.subList(0, 4)) {
                Files.createDirectories(root.resolve(id));
                Files.writeString(root.resolve(id).resolve("lock"), Double.toString(System.currentTimeMillis() / 1000.0));
            }
            ui.run(model::run);
            Journal journal = new Journal(dir.resolve("journal"));
            ui.await(() -> JournalLines.of(journal).size() == 4, Duration.ofSeconds(30));
            ui.run(() -> ui.executor().running().forEach(RunningTask::cancel)); // the status bar's Cancel
            for (String id : order.subList(0, 4)) {
                Files.delete(root.resolve(id).resolve("lock"));
            }
            ui.await(() -> model.stageProperty().get() == Stage.FINISHED, Duration.ofSeconds(30));
            List<Row> rows = ui.call(() -> List.copyOf(model.rows()));
            assertEquals(List.of(Transfer.Outcome.MOVED, Transfer.Outcome.MOVED, Transfer.Outcome.MOVED, Transfer.Outcome.MOVED,
                    Transfer.Outcome.CANCELLED, Transfer.Outcome.CANCELLED), rows.stream().map(Row::outcome).toList());
            assertEquals("Stopped: 4 moved, 2 cancelled. The moved IDs are gone from the source; the cancelled ones were"
                    + " not touched.", ui.call(() -> model.messageProperty().get()));
            for (int i = 0; i < 6; i++) {
                assertEquals(i >= 4, dev.read(order.get(i)).exists(), order.get(i) + " in the source");
                assertEquals(i < 4, files.read(order.get(i)).exists(), order.get(i) + " in the destination");
            }

            ui.run(model::cancel); // after the run, nothing left to cancel
            assertEquals(Stage.FINISHED, ui.call(() -> model.stageProperty().get()));
        }
    }
}
