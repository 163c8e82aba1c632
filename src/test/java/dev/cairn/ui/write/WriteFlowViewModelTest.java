package dev.cairn.ui.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.backend.Version;
import dev.cairn.ops.Edit;
import dev.cairn.ops.Journal;
import dev.cairn.ops.Transfer;
import dev.cairn.ops.WriteCommand;
import dev.cairn.state.Json;
import dev.cairn.state.JsonReplay;
import dev.cairn.state.StateDocument;
import dev.cairn.testing.EmptyBackends;
import dev.cairn.ui.FakeUiThread;
import dev.cairn.ui.connect.Environment;
import dev.cairn.ui.task.RunningTask;
import dev.cairn.ui.write.WriteFlowViewModel.Stage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The write flow's view model without a stage, against real SQLite, file and S3 (S3Proxy) backends. */
@Tag("server")
class WriteFlowViewModelTest {

    private static final String ID = "dev:tap-github-to-target-postgres";

    @TempDir
    Path dir;

    private final FakeUiThread ui = new FakeUiThread();

    @AfterEach
    void stop() {
        ui.close();
    }

    private static ObjectNode doc(String json) throws Exception {
        return Json.parseObject(json);
    }

    private WriteFlowViewModel flow(Journal journal) {
        return ui.call(() -> new WriteFlowViewModel(ui.executor(), journal));
    }

    private void awaitStage(WriteFlowViewModel flow, Stage stage) {
        ui.await(() -> flow.stageProperty().get() == stage, Duration.ofSeconds(30));
    }

    private static StoredState seed(StateBackend backend, String completed, String partial) throws Exception {
        backend.write(ID, StateDocument.of(doc(completed), doc(partial)), null);
        return backend.read(ID);
    }

    @Test
    void clearPartialIsPreviewedNamedJournalledAndUndoable() throws Exception {
        Journal journal = new Journal(dir.resolve("journal"));
        try (StateBackend backend = EmptyBackends.S3.open(dir)) {
            StoredState read = seed(backend, "{\"singer_state\": {\"bookmarks\": {\"a\": {\"replication_key_value\": 1}}}}",
                    "{\"singer_state\": {\"bookmarks\": {\"a\": {\"replication_key_value\": 2}}}}");
            WriteTarget target = new WriteTarget("prod state", backend, Environment.PROD, false);
            WriteFlowViewModel flow = flow(journal);
            ui.run(() -> flow.start(target, ID, Edit.clearPartial(), read));
            awaitStage(flow, Stage.PREVIEW);
            assertEquals("Clear partial state of " + ID, ui.call(() -> flow.titleProperty().get()));
            assertEquals(backend.displayUri(), ui.call(() -> flow.uriProperty().get()));
            assertEquals("1 stream changed.", ui.call(() -> flow.planProperty().get().summary()));
            assertEquals("", ui.call(() -> flow.requiredTypingProperty().get()), "not a deletion: nothing to type");
            ui.run(flow::confirm);
            awaitStage(flow, Stage.DONE);
            assertTrue(backend.read(ID).document().partial().value().isEmpty());
            assertEquals(1, journal.history(backend.displayUri(), ID).size());

            ui.run(flow::undoWritten);
            awaitStage(flow, Stage.PREVIEW);
            ui.run(flow::confirm);
            awaitStage(flow, Stage.DONE);
            assertEquals(read.document(), backend.read(ID).document(), "undo put the partial state back");
        }
    }

    @Test
    void aWriteToASystemDbWithoutARunsTableSaysItAddedNoRunsRow() throws Exception {
        try (StateBackend backend = Backends.open(EmptyBackends.SQLITE.createWithoutRunsTable(dir), BackendOptions.defaults())) {
            WriteFlowViewModel flow = flow(new Journal(dir.resolve("journal")));
            Edit set = Edit.set(doc("{\"singer_state\": {\"a\": 1}}"));
            ui.run(() -> flow.start(new WriteTarget("dev", backend, Environment.DEV, false), ID, set, StoredState.absent(ID)));
            awaitStage(flow, Stage.PREVIEW);
            ui.run(flow::confirm);
            awaitStage(flow, Stage.DONE);
            String message = ui.call(() -> flow.messageProperty().get());
            assertTrue(message.startsWith("Done: Set state of " + ID), message);
            assertTrue(message.endsWith("). No runs row was added for " + ID + " because the system database has no runs table."),
                    message);
            assertTrue(backend.read(ID).exists());
        }
    }

    /** A file backend (in {@code dir/files}) whose writes wait {@code lockWait} for a lock a pipeline holds. */
    private StateBackend files(Duration lockWait) throws Exception {
        Path root = Files.createDirectories(dir.resolve("files"));
        return Backends.open("file://" + root, BackendOptions.defaults().withLockWait(lockWait));
    }

    private Path lock() {
        return dir.resolve("files").resolve(ID).resolve("lock");
    }

    /** Meltano's lock on ID, as a pipeline running now writes it. */
    private void holdLock() throws Exception {
        Files.writeString(lock(), Double.toString(System.currentTimeMillis() / 1000.0));
    }

    private static StoredState seedPartial(StateBackend backend) throws Exception {
        return seed(backend, "{\"singer_state\": {\"bookmarks\": {\"a\": {\"replication_key_value\": 1}}}}",
                "{\"singer_state\": {\"bookmarks\": {\"a\": {\"replication_key_value\": 2}}}}");
    }

    @Test
    void aWriteToAStateLockedByARunningPipelineFailsWithNothingWritten() throws Exception {
        Journal journal = new Journal(dir.resolve("journal"));
        try (StateBackend backend = files(Duration.ofMillis(300))) {
            StoredState read = seedPartial(backend);
            holdLock();
            WriteFlowViewModel flow = flow(journal);
            ui.run(() -> flow.start(new WriteTarget("dev", backend, Environment.DEV, false), ID, Edit.clearPartial(), read));
            awaitStage(flow, Stage.PREVIEW);
            ui.run(flow::confirm);
            awaitStage(flow, Stage.FAILED);
            assertTrue(ui.call(() -> flow.errorProperty().get()).toString().contains("locked by a running pipeline"),
                    ui.call(() -> flow.errorProperty().get()).toString());
            assertEquals(read.document(), backend.read(ID).document(), "nothing was written");

            // once the pipeline died long ago, its lock is stale and may be broken
            Files.writeString(lock(), "1717225200.481233");
            backend.breakStaleLock(ID);
            assertFalse(Files.exists(lock()));
        }
    }

    @Test
    void aWriteWaitingForAHeldLockCountsDownTheBackendsWaitAndTheCountdownEndsWithTheOutcome() throws Exception {
        Journal journal = new Journal(dir.resolve("journal"));
        try (StateBackend backend = files(Duration.ofSeconds(3))) {
            StoredState read = seedPartial(backend);
            WriteFlowViewModel flow = flow(journal);
            ui.run(() -> flow.start(new WriteTarget("dev", backend, Environment.DEV, false), ID, Edit.clearPartial(), read));
            awaitStage(flow, Stage.PREVIEW);
            assertEquals("", ui.call(() -> flow.lockWaitNote(Instant.now())), "not writing: no countdown");
            holdLock();
            Instant confirmed = Instant.now();
            ui.run(flow::confirm);
            ui.await(() -> flow.lockWaitEndsProperty().get() != null, Duration.ofSeconds(30));
            Instant ends = ui.call(() -> flow.lockWaitEndsProperty().get());
            assertTrue(!ends.isBefore(confirmed.plusSeconds(3)) && ends.isBefore(Instant.now().plusSeconds(3).plusMillis(1)),
                    "the backend's 3 s, from the start of the write: " + ends);
            assertEquals("A pipeline holds Meltano's lock on " + ID + ": the write waits for it, and gives up in 2 s with nothing written.",
                    ui.call(() -> flow.lockWaitNote(ends.minusMillis(1500))), "seconds left rounded up");
            assertTrue(ui.call(() -> flow.lockWaitNote(ends.plusSeconds(5))).contains("gives up in 0 s"));
            awaitStage(flow, Stage.FAILED);
            assertTrue(Instant.now().isAfter(confirmed.plusSeconds(3)), "it waited the whole time");
            assertNull(ui.call(() -> flow.lockWaitEndsProperty().get()), "the countdown ends with the outcome");
            assertEquals("", ui.call(() -> flow.lockWaitNote(Instant.now())));
            assertEquals(read.document(), backend.read(ID).document(), "nothing was written");

            // a free lock: the write does not wait, and no countdown is shown
            Files.delete(lock());
            ui.run(() -> flow.start(new WriteTarget("dev", backend, Environment.DEV, false), ID, Edit.clearPartial(), read));
            awaitStage(flow, Stage.PREVIEW);
            ui.run(flow::confirm);
            awaitStage(flow, Stage.DONE);
            assertNull(ui.call(() -> flow.lockWaitEndsProperty().get()));
        }
    }

    @Test
    void aConcurrentWriteBecomesAConflictAndTheChangeIsReappliedOntoTheCurrentState() throws Exception {
        Journal journal = new Journal(dir.resolve("journal"));
        try (StateBackend backend = EmptyBackends.SQLITE.open(dir)) {
            StoredState read = seed(backend, "{\"singer_state\": {\"bookmarks\": {\"a\": {\"replication_key_value\": 1}}}}", "{}");
            WriteTarget target = new WriteTarget("dev", backend, Environment.DEV, false);
            WriteFlowViewModel flow = flow(journal);
            Edit mine = Edit.merge(doc("{\"singer_state\": {\"bookmarks\": {\"b\": {\"replication_key_value\": 5}}}}"));
            ui.run(() -> flow.start(target, ID, mine, read));
            awaitStage(flow, Stage.PREVIEW);
            // a pipeline run completes between the read and the save
            Version theirs = backend.write(ID, StateDocument.of(doc("{\"singer_state\": {\"bookmarks\": {\"a\":"
                    + " {\"replication_key_value\": 9}}}}"), doc("{}")), read.version());
            ui.run(flow::confirm);
            awaitStage(flow, Stage.CONFLICT);
            Conflict conflict = ui.call(() -> flow.conflictProperty().get());
            assertEquals(theirs, conflict.current().version());
            assertEquals(read.version(), conflict.read().version());
            assertFalse(conflict.meanwhile().changes().isEmpty());
            assertFalse(conflict.yours().changes().isEmpty());
            assertTrue(ui.call(() -> flow.messageProperty().get()).startsWith("Nothing was written"));
            assertEquals(theirs, backend.read(ID).version(), "nothing was written");

            ui.run(flow::reapply);
            awaitStage(flow, Stage.PREVIEW);
            assertEquals(theirs, ui.call(() -> flow.planProperty().get().command().before().version()),
                    "re-planned on the state stored now");
            ui.run(flow::confirm);
            awaitStage(flow, Stage.DONE);
            StateDocument stored = backend.read(ID).document();
            assertEquals(9, stored.effective().at("/singer_state/bookmarks/a/replication_key_value").asInt(), "theirs kept");
            assertEquals(5, stored.effective().at("/singer_state/bookmarks/b/replication_key_value").asInt(), "mine applied");
        }
    }

    @Test
    void anEditedDocumentReappliesOnlyWhatWasEditedAndAsksWhereBothChangedTheSameValue() throws Exception {
        Journal journal = new Journal(dir.resolve("journal"));
        try (StateBackend backend = EmptyBackends.FILE.open(dir)) {
            StoredState read = seed(backend, "{\"singer_state\": {\"bookmarks\": {\"a\": {\"replication_key_value\": 1},"
                    + " \"b\": {\"replication_key_value\": 1}}}}", "{}");
            WriteTarget target = new WriteTarget("files", backend, Environment.STAGING, false);
            WriteFlowViewModel flow = flow(journal);
            // I type a = 2 and b = 2; meanwhile another writer sets a = 9.
            Edit mine = Edit.edited(Edit.set(doc("{\"singer_state\": {\"bookmarks\": {\"a\": {\"replication_key_value\": 2},"
                    + " \"b\": {\"replication_key_value\": 2}}}}")), read.document());
            ui.run(() -> flow.start(target, ID, mine, read));
            awaitStage(flow, Stage.PREVIEW);
            backend.write(ID, StateDocument.of(doc("{\"singer_state\": {\"bookmarks\": {\"a\": {\"replication_key_value\": 9},"
                    + " \"b\": {\"replication_key_value\": 1}}}}"), doc("{}")), read.version());
            ui.run(flow::confirm);
            awaitStage(flow, Stage.CONFLICT);
            String a = "/completed/singer_state/bookmarks/a/replication_key_value";
            Conflict conflict = ui.call(() -> flow.conflictProperty().get());
            assertEquals(1, conflict.overlaps().size());
            assertEquals(a, conflict.overlaps().get(0).pointer());
            assertEquals(9, conflict.overlaps().get(0).theirs().asInt());
            assertEquals(2, conflict.overlaps().get(0).mine().asInt());
            assertTrue(conflict.explanation().contains("You both changed 1 place"), conflict.explanation());
            assertFalse(ui.call(() -> flow.canReapplyProperty().get()), "not before a pick");
            ui.run(flow::reapply);
            assertEquals(Stage.CONFLICT, ui.call(() -> flow.stageProperty().get()));

            ui.run(() -> flow.pick(a, JsonReplay.Pick.THEIRS));
            assertTrue(ui.call(() -> flow.canReapplyProperty().get()));
            ui.run(flow::reapply);
            awaitStage(flow, Stage.PREVIEW);
            assertEquals("1 stream changed.", ui.call(() -> flow.planProperty().get().summary()));
            ui.run(flow::confirm);
            awaitStage(flow, Stage.DONE);
            StateDocument stored = backend.read(ID).document();
            assertEquals(9, stored.effective().at("/singer_state/bookmarks/a/replication_key_value").asInt(), "theirs picked");
            assertEquals(2, stored.effective().at("/singer_state/bookmarks/b/replication_key_value").asInt(), "mine applied");
        }
    }

    @Test
    void aWriteCancelledBeforeAWorkerStartsItWritesNothingAndReturnsToItsPreview() throws Exception {
        Journal journal = new Journal(dir.resolve("journal"));
        try (StateBackend backend = EmptyBackends.FILE.open(dir)) {
            StoredState read = seed(backend, "{\"singer_state\": {}}", "{\"singer_state\": {\"x\": 1}}");
            WriteFlowViewModel flow = flow(journal);
            ui.run(() -> flow.start(new WriteTarget("files", backend, Environment.STAGING, false), ID, Edit.clearPartial(), read));
            awaitStage(flow, Stage.PREVIEW);
            CountDownLatch release = ui.occupyWorkers();
            ui.run(flow::confirm);
            assertEquals(Stage.WRITING, ui.call(() -> flow.stageProperty().get()));
            assertTrue(ui.call(() -> flow.cancellableProperty().get()), "queued: it can still be stopped");
            ui.run(flow::cancel);
            assertEquals(Stage.PREVIEW, ui.call(() -> flow.stageProperty().get()));
            assertTrue(ui.call(() -> flow.messageProperty().get()).startsWith("Cancelled before it started: nothing was written"));
            release.countDown();
            ui.awaitIdle();
            assertEquals(Stage.PREVIEW, ui.call(() -> flow.stageProperty().get()));
            assertEquals(read.document(), backend.read(ID).document());
            assertEquals(0, journal.history(backend.displayUri(), ID).size(), "not even journalled");

            // The same cancel through the status bar (the task's own cancel) ends the same way.
            release = ui.occupyWorkers();
            ui.run(flow::confirm);
            ui.run(() -> ui.executor().running().stream().filter(t -> t.title().startsWith("Clear partial"))
                    .forEach(RunningTask::cancel));
            release.countDown();
            ui.awaitIdle();
            assertEquals(Stage.PREVIEW, ui.call(() -> flow.stageProperty().get()));
            assertEquals(read.document(), backend.read(ID).document());
        }
    }

    @Test
    void aStartedWriteCannotBeCancelledAndShowsItsOutcome() throws Exception {
        Journal journal = new Journal(dir.resolve("journal"));
        try (StateBackend backend = files(Duration.ofSeconds(20))) {
            StoredState read = seed(backend, "{\"singer_state\": {}}", "{\"singer_state\": {\"x\": 1}}");
            WriteFlowViewModel flow = flow(journal);
            ui.run(() -> flow.start(new WriteTarget("files", backend, Environment.STAGING, false), ID, Edit.clearPartial(), read));
            awaitStage(flow, Stage.PREVIEW);
            // A running pipeline holds Meltano's lock: the write starts, journals itself and waits for the lock.
            holdLock();
            ui.run(flow::confirm);
            ui.await(() -> !flow.cancellableProperty().get(), Duration.ofSeconds(30));
            assertEquals("Writing … (cannot be stopped)", ui.call(() -> flow.messageProperty().get()));
            ui.await(() -> ui.executor().running().stream().noneMatch(t -> t.stoppableProperty().get()), Duration.ofSeconds(30));
            ui.run(flow::cancel);
            ui.run(flow::close);
            ui.run(() -> ui.executor().running().forEach(RunningTask::cancel)); // the status bar's Cancel
            assertEquals(Stage.WRITING, ui.call(() -> flow.stageProperty().get()));
            Files.delete(lock());
            awaitStage(flow, Stage.DONE);
            assertTrue(backend.read(ID).document().partial().value().isEmpty(), "written, and the sheet says so");
            assertTrue(ui.call(() -> flow.cancellableProperty().get()));

            ui.run(flow::cancel); // after the write, Cancel closes the sheet
            assertEquals(Stage.CLOSED, ui.call(() -> flow.stageProperty().get()));
        }
    }

    @Test
    void planningCancelledFromTheStatusBarEndsTheSheetAsCancelled() throws Exception {
        Journal journal = new Journal(dir.resolve("journal"));
        try (StateBackend backend = EmptyBackends.FILE.open(dir)) {
            StoredState read = seed(backend, "{\"singer_state\": {}}", "{}");
            WriteFlowViewModel flow = flow(journal);
            CountDownLatch release = ui.occupyWorkers();
            ui.run(() -> flow.start(new WriteTarget("files", backend, Environment.STAGING, false), ID, Edit.clear(), read));
            ui.run(() -> ui.executor().running().stream().filter(t -> t.title().startsWith("Planning"))
                    .forEach(RunningTask::cancel));
            release.countDown();
            awaitStage(flow, Stage.CANCELLED);
            assertEquals("Cancelled: nothing was planned or written.", ui.call(() -> flow.messageProperty().get()));
        }
    }

    @Test
    void discardingAConflictWritesNothing() throws Exception {
        Journal journal = new Journal(dir.resolve("journal"));
        try (StateBackend backend = EmptyBackends.FILE.open(dir)) {
            StoredState read = seed(backend, "{\"singer_state\": {}}", "{}");
            WriteFlowViewModel flow = flow(journal);
            boolean[] discarded = {false};
            ui.run(() -> {
                flow.onDiscarded(() -> discarded[0] = true);
                flow.start(new WriteTarget("files", backend, Environment.STAGING, false), ID,
                        Edit.set(Json.object().putObject("singer_state").put("x", 1)), read);
            });
            awaitStage(flow, Stage.PREVIEW);
            backend.write(ID, StateDocument.of(doc("{\"singer_state\": {\"y\": 2}}"), doc("{}")), read.version());
            StoredState theirs = backend.read(ID);
            ui.run(flow::confirm);
            awaitStage(flow, Stage.CONFLICT);
            ui.run(flow::discard);
            assertEquals(Stage.CLOSED, ui.call(() -> flow.stageProperty().get()));
            assertTrue(ui.call(() -> discarded[0]));
            assertEquals(theirs.document(), backend.read(ID).document());
        }
    }

    @Test
    void aReadOnlyConnectionRefusesInTheBackendWithNothingWritten() throws Exception {
        Journal journal = new Journal(dir.resolve("journal"));
        Path db;
        try (StateBackend writable = EmptyBackends.SQLITE.open(dir)) {
            seed(writable, "{\"singer_state\": {}}", "{\"singer_state\": {\"p\": 1}}");
            db = Path.of(writable.displayUri().substring("sqlite:///".length()));
        }
        try (StateBackend readOnly = Backends.open("sqlite:///" + db, BackendOptions.defaults().withReadOnly(true))) {
            StoredState before = readOnly.read(ID);
            WriteFlowViewModel flow = flow(journal);
            ui.run(() -> flow.start(new WriteTarget("archive", readOnly, Environment.OTHER, true), ID, Edit.clearPartial(), before));
            awaitStage(flow, Stage.PREVIEW);
            ui.run(flow::confirm);
            awaitStage(flow, Stage.FAILED);
            // a sentence, the backend's reason with a full stop (it ended "is opened read-only")
            assertTrue(ui.call(() -> flow.messageProperty().get()).endsWith("opened read-only."),
                    ui.call(() -> flow.messageProperty().get()));
            assertEquals(ui.call(() -> flow.messageProperty().get()), ui.call(() -> flow.errorProperty().get().message()));
            assertEquals(before.document(), readOnly.read(ID).document());
        }
    }

    @Test
    void deletingOnProductionAsksForTheStateIdToBeTyped() throws Exception {
        Journal journal = new Journal(dir.resolve("journal"));
        try (StateBackend backend = EmptyBackends.FILE.open(dir)) {
            StoredState read = seed(backend, "{\"singer_state\": {}}", "{}");
            WriteFlowViewModel flow = flow(journal);
            ui.run(() -> flow.start(new WriteTarget("prod", backend, Environment.PROD, false), ID, Edit.clear(), read));
            awaitStage(flow, Stage.PREVIEW);
            assertEquals(ID, ui.call(() -> flow.requiredTypingProperty().get()));
            assertFalse(ui.call(() -> flow.canConfirmProperty().get()));
            ui.run(() -> flow.typedProperty().set("dev:tap-github"));
            assertFalse(ui.call(() -> flow.canConfirmProperty().get()));
            ui.run(() -> flow.typedProperty().set(ID));
            assertTrue(ui.call(() -> flow.canConfirmProperty().get()));
            ui.run(flow::confirm);
            awaitStage(flow, Stage.DONE);
            assertFalse(backend.read(ID).exists());
        }
    }

    @Test
    void undoLastFindsTheCommandLinesLastWriteInTheSharedJournal() throws Exception {
        Journal journal = new Journal(dir.resolve("journal"));
        try (StateBackend backend = EmptyBackends.SQLITE.open(dir)) {
            StoredState read = seed(backend, "{\"singer_state\": {\"v\": 1}}", "{}");
            WriteCommand.plan(backend, Edit.set(doc("{\"singer_state\": {\"v\": 2}}")), read).execute(journal);
            WriteFlowViewModel flow = flow(journal);
            ui.run(() -> flow.startUndoLast(new WriteTarget("dev", backend, Environment.DEV, false), null));
            awaitStage(flow, Stage.PREVIEW);
            assertEquals("Undo set state of " + ID, ui.call(() -> flow.titleProperty().get()));
            Path plan = dir.resolve("undo.plan.json");
            ui.run(() -> flow.savePlan(plan));
            ui.awaitIdle();
            assertFalse(Files.exists(plan), "an undo is not saved as a plan, as cairn undo takes no --plan-out");
            ui.run(flow::confirm);
            awaitStage(flow, Stage.DONE);
            assertEquals(1, backend.read(ID).document().completed().value().at("/singer_state/v").asInt());
            assertNull(ui.call(() -> flow.errorProperty().get()));
        }
    }

    @Test
    void undoLastTakesBackAWholeMoveAsCairnUndoDoes() throws Exception {
        Journal journal = new Journal(dir.resolve("journal"));
        try (StateBackend backend = EmptyBackends.SQLITE.open(dir)) {
            seed(backend, "{\"singer_state\": {\"v\": 1}}", "{}");
            String to = "dev:tap-github-to-target-snowflake";
            new Transfer(backend, backend, Transfer.Mode.MOVE, Transfer.OnConflict.FAIL, Transfer.Content.AS_STORED, journal)
                    .run(List.of(new Transfer.Item(ID, to)), 1, (done, total, result) -> { });
            assertFalse(backend.read(ID).exists());
            WriteFlowViewModel flow = flow(journal);

            ui.run(() -> flow.startUndoLast(new WriteTarget("dev", backend, Environment.DEV, false), null));
            awaitStage(flow, Stage.PREVIEW);
            assertTrue(ui.call(() -> flow.messageProperty().get()).contains("Undo last takes back the whole operation: its other"
                    + " write on this backend (" + to + ") is undone with this one."), ui.call(() -> flow.messageProperty().get()));
            ui.run(flow::confirm);
            awaitStage(flow, Stage.DONE);

            assertEquals(1, backend.read(ID).document().completed().value().at("/singer_state/v").asInt(), "the source is back");
            assertFalse(backend.read(to).exists(), "and the copy gone, not only one half of the move");
            assertTrue(ui.call(() -> flow.messageProperty().get()).endsWith("The other write of the operation was undone with it."));
        }
    }

    @Test
    void undoLastOfAMoveBetweenBackendsNamesTheOtherBackend() throws Exception {
        Journal journal = new Journal(dir.resolve("journal"));
        try (StateBackend backend = EmptyBackends.SQLITE.open(dir); StateBackend files = files(Duration.ZERO)) {
            seed(backend, "{\"singer_state\": {\"v\": 1}}", "{}");
            new Transfer(backend, files, Transfer.Mode.MOVE, Transfer.OnConflict.FAIL, Transfer.Content.AS_STORED, journal)
                    .run(List.of(new Transfer.Item(ID, ID)), 1, (done, total, result) -> { });
            WriteFlowViewModel flow = flow(journal);

            ui.run(() -> flow.startUndoLast(new WriteTarget("dev", backend, Environment.DEV, false), null));
            awaitStage(flow, Stage.PREVIEW);
            assertTrue(ui.call(() -> flow.messageProperty().get()).endsWith(" The same operation also wrote to " + files.displayUri()
                    + ": undo it there with Undo last write on that connection. Nothing is written until you confirm."),
                    ui.call(() -> flow.messageProperty().get()));
        }
    }
}
