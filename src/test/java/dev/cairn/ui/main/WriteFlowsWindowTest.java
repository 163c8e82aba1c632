package dev.cairn.ui.main;

import static dev.cairn.ui.TestWindow.fx;
import static dev.cairn.ui.WriteWorkspace.ARCHIVE_ID;
import static dev.cairn.ui.WriteWorkspace.DEV_ID;
import static dev.cairn.ui.WriteWorkspace.STAGING_ID;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.ops.Edit;
import dev.cairn.ops.Transfer;
import dev.cairn.ops.WriteCommand;
import dev.cairn.state.StateDocument;
import dev.cairn.ui.TestWindow;
import dev.cairn.ui.WriteWorkspace;
import dev.cairn.ui.browse.StateIdEntry;
import dev.cairn.ui.edit.EditorViewModel;
import dev.cairn.ui.inspect.InspectorViewModel.Part;
import dev.cairn.ui.transfer.TransferViewModel;
import dev.cairn.ui.write.WriteFlowViewModel;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/**
 * The write flows in the whole window, headless, on real backends: a dev SQLite system DB, a
 * production S3 bucket (S3Proxy), a staging file backend and a read-only SQLite archive.
 */
@Tag("window")
class WriteFlowsWindowTest {

    private final FxRobot robot = new FxRobot();
    private WriteWorkspace workspace;
    private TestWindow window;
    private MainViewModel model;
    private MainView view;
    private Stage stage;

    @BeforeEach
    void openWindow(@TempDir Path home) throws Exception {
        workspace = new WriteWorkspace(home);
        window = TestWindow.open(workspace.folders, WriteWorkspace.opener(), 4);
        model = window.model;
        view = window.view;
        stage = window.stage;
    }

    @AfterEach
    void closeWindow() throws Exception {
        window.close();
    }

    private static void fxRun(Runnable work) throws Exception {
        fx(() -> {
            work.run();
            return null;
        });
    }

    private void select(String sessionName, String id) throws Exception {
        fxRun(() -> {
            BackendSession s = model.connections().sessions().stream().filter(x -> x.name().equals(sessionName)).findFirst().orElseThrow();
            model.connections().currentProperty().set(s);
            StateIdEntry entry = s.list().visible().stream().filter(e -> e.stateId().equals(id)).findFirst().orElseThrow();
            s.list().selectedProperty().set(entry);
        });
        TestWindow.waitFor(() -> id.equals(model.inspector().stateIdProperty().get()) && model.tasks().isEmpty()
                && model.inspector().documentProperty(Part.PARTIAL).get() != null);
    }

    private void awaitStage(WriteFlowViewModel.Stage expected) throws Exception {
        TestWindow.waitFor(() -> model.writes().flow().stageProperty().get() == expected && model.tasks().isEmpty());
    }

    private void editCompletedText(String from, String to) throws Exception {
        fxRun(() -> view.selectTab("edit"));
        TestWindow.waitFor(() -> view.editorView().area() != null && model.tasks().isEmpty());
        fxRun(() -> {
            var area = view.editorView().area();
            String text = area.getText();
            int at = text.indexOf(from);
            area.replaceText(at, at + from.length(), to);
        });
        TestWindow.waitFor(() -> model.writes().editor().canSaveProperty().get() && model.tasks().isEmpty());
    }

    @Test
    void editAndSaveAsACompleteWrite() throws Exception {
        select("staging files", STAGING_ID);
        editCompletedText("2024-05-31T22:15:03.250117+00:00", "2024-05-01T00:00:00+00:00");
        robot.clickOn("#editor-save");
        awaitStage(WriteFlowViewModel.Stage.PREVIEW);
        String uri = fx(() -> model.connections().currentProperty().get().backend().displayUri());
        assertEquals("Set state of " + STAGING_ID, fx(() -> model.writes().flow().titleProperty().get()));
        assertEquals("on " + uri, robot.lookup("#write-uri").queryAs(Label.class).getText());
        assertEquals("1 stream changed.", fx(() -> model.writes().flow().planProperty().get().summary()));
        robot.clickOn("#confirm-write");
        awaitStage(WriteFlowViewModel.Stage.DONE);
        try (StateBackend b = workspace.open(workspace.stagingUri)) {
            assertEquals("2024-05-01T00:00:00+00:00", b.read(STAGING_ID).document().effective()
                    .at("/singer_state/bookmarks/contacts/replication_key_value").asText());
        }
        TestWindow.waitFor(() -> !model.writes().editor().dirtyProperty().get() && model.tasks().isEmpty());
        fxRun(() -> view.selectTab("history"));
        TestWindow.waitFor(() -> view.historyView().list().getItems().size() == 1);
        robot.clickOn("#close-write");
        awaitStage(WriteFlowViewModel.Stage.CLOSED);
    }

    @Test
    void aConcurrentWriteBetweenLoadAndSaveIsAConflictResolvedByReapplying() throws Exception {
        select("dev system DB", DEV_ID);
        fxRun(() -> model.writes().editor().partProperty().set(EditorViewModel.Part.PARTIAL));
        editCompletedText("2024-05-02T06:30:00+00:00", "2024-05-03T00:00:00+00:00");
        StoredState pipeline = concurrentPipelineRun();
        robot.clickOn("#editor-save");
        awaitStage(WriteFlowViewModel.Stage.PREVIEW);
        robot.clickOn("#confirm-write");
        awaitStage(WriteFlowViewModel.Stage.CONFLICT);
        assertEquals(4, fx(() -> view.writeSheet().conflictTabs().getTabs().size()), "both changed, read→now, read→yours, now→yours");
        assertTrue(fx(() -> model.writes().flow().messageProperty().get()).startsWith("Nothing was written"));
        try (StateBackend b = workspace.open(workspace.devUri)) {
            assertEquals(pipeline.document(), b.read(DEV_ID).document(), "nothing was overwritten");
        }
        // The pipeline's run emptied the partial state I edited: both changed it, so I pick mine there.
        assertEquals("Both changed (1)", fx(() -> view.writeSheet().conflictTabs().getTabs().get(0).getText()));
        assertTrue(fx(() -> robot.lookup("#reapply").queryButton().isDisabled()), "Reapply waits for the pick");
        robot.clickOn("#pick-mine-0");
        robot.clickOn("#reapply");
        awaitStage(WriteFlowViewModel.Stage.PREVIEW);
        assertEquals(pipeline.version(), fx(() -> model.writes().flow().planProperty().get().command().before().version()));
        robot.clickOn("#confirm-write");
        awaitStage(WriteFlowViewModel.Stage.DONE);
        try (StateBackend b = workspace.open(workspace.devUri)) {
            StateDocument stored = b.read(DEV_ID).document();
            assertEquals(pipeline.document().completed(), stored.completed(), "the pipeline's completed state stays");
            assertEquals("2024-05-03T00:00:00+00:00", stored.partial().value()
                    .at("/singer_state/bookmarks/issues/replication_key_value").asText(), "my partial edit is applied on it");
        }
    }

    @Test
    void reapplyingAnEditKeepsWhatAnotherWriterSetOnAnotherStream() throws Exception {
        select("staging files", STAGING_ID);
        editCompletedText("2024-05-31T22:15:03.250117+00:00", "2024-05-01T00:00:00+00:00");
        // Meanwhile `cairn set --force` sets the other stream, companies.
        String theirs = "2024-06-15T00:00:00+00:00";
        try (StateBackend b = workspace.open(workspace.stagingUri)) {
            ObjectNode set = (ObjectNode) b.read(STAGING_ID).document().completed().value().deepCopy();
            ((ObjectNode) set.at("/singer_state/bookmarks/companies")).put("replication_key_value", theirs);
            WriteCommand.plan(b, STAGING_ID, Edit.set(set)).execute(workspace.folders.journal());
        }
        robot.clickOn("#editor-save");
        awaitStage(WriteFlowViewModel.Stage.PREVIEW);
        robot.clickOn("#confirm-write");
        awaitStage(WriteFlowViewModel.Stage.CONFLICT);
        assertEquals(3, fx(() -> view.writeSheet().conflictTabs().getTabs().size()), "no place changed by both");
        robot.clickOn("#reapply");
        awaitStage(WriteFlowViewModel.Stage.PREVIEW);
        assertEquals("1 stream changed.", fx(() -> model.writes().flow().planProperty().get().summary()));
        robot.clickOn("#confirm-write");
        awaitStage(WriteFlowViewModel.Stage.DONE);
        try (StateBackend b = workspace.open(workspace.stagingUri)) {
            JsonNode stored = b.read(STAGING_ID).document().effective();
            assertEquals(theirs, stored.at("/singer_state/bookmarks/companies/replication_key_value").asText(),
                    "the other writer's value survives");
            assertEquals("2024-05-01T00:00:00+00:00", stored.at("/singer_state/bookmarks/contacts/replication_key_value").asText(),
                    "mine is stored");
        }
    }

    @Test
    void aWriteThatStartedOffersNoCancelAndShowsItsOutcome() throws Exception {
        select("staging files", STAGING_ID);
        editCompletedText("2024-05-31T22:15:03.250117+00:00", "2024-05-01T00:00:00+00:00");
        robot.clickOn("#editor-save");
        awaitStage(WriteFlowViewModel.Stage.PREVIEW);
        // A pipeline holds Meltano's lock: the write starts, is journalled, and waits for the lock.
        Path lock = Path.of(workspace.stagingUri.substring("file://".length())).resolve(STAGING_ID).resolve("lock");
        Files.writeString(lock, Double.toString(System.currentTimeMillis() / 1000.0));
        robot.clickOn("#confirm-write");
        TestWindow.waitFor(() -> "Writing … (cannot be stopped)".equals(model.writes().flow().messageProperty().get()));
        assertTrue(robot.lookup("#cancel-write").tryQuery().isEmpty(), "no Cancel once the write started");
        Node statusCancel = robot.lookup("#status-cancel").query();
        TestWindow.waitFor(() -> !statusCancel.isVisible()); // nor in the status bar, while the write is all that runs
        robot.type(KeyCode.ESCAPE);
        assertEquals(WriteFlowViewModel.Stage.WRITING, fx(() -> model.writes().flow().stageProperty().get()));
        // it counts down the backend's wait for the lock (30 s), a second at a time
        Label wait = robot.lookup("#write-lock-wait").queryAs(Label.class);
        TestWindow.waitFor(() -> wait.isVisible());
        int first = secondsLeft(fx(wait::getText));
        assertTrue(first > 20 && first <= 30, fx(wait::getText));
        assertTrue(fx(wait::getText).startsWith("A pipeline holds Meltano's lock on " + STAGING_ID), fx(wait::getText));
        TestWindow.waitFor(() -> secondsLeft(wait.getText()) < first);
        Files.delete(lock);
        awaitStage(WriteFlowViewModel.Stage.DONE);
        assertFalse(fx(wait::isVisible), "the countdown ends with the outcome");
        try (StateBackend b = workspace.open(workspace.stagingUri)) {
            assertEquals("2024-05-01T00:00:00+00:00", b.read(STAGING_ID).document().effective()
                    .at("/singer_state/bookmarks/contacts/replication_key_value").asText());
        }
    }

    private static int secondsLeft(String countdown) {
        Matcher m = Pattern.compile("gives up in (\\d+) s").matcher(countdown);
        return m.find() ? Integer.parseInt(m.group(1)) : -1;
    }

    @Test
    void aConcurrentWriteBetweenLoadAndSaveIsAConflictResolvedByDiscarding() throws Exception {
        select("dev system DB", DEV_ID);
        editCompletedText("2024-05-01T00:00:00+00:00", "2020-01-01T00:00:00+00:00");
        StoredState pipeline = concurrentPipelineRun();
        robot.clickOn("#editor-save");
        awaitStage(WriteFlowViewModel.Stage.PREVIEW);
        robot.clickOn("#confirm-write");
        awaitStage(WriteFlowViewModel.Stage.CONFLICT);
        robot.clickOn("#discard");
        awaitStage(WriteFlowViewModel.Stage.CLOSED);
        TestWindow.waitFor(() -> !model.writes().editor().dirtyProperty().get() && model.tasks().isEmpty());
        try (StateBackend b = workspace.open(workspace.devUri)) {
            assertEquals(pipeline.document(), b.read(DEV_ID).document());
        }
        assertEquals(pipeline.version(), fx(() -> model.inspector().storedProperty().get().version()), "the inspector re-read it");
    }

    /** A pipeline finishes a run on the dev DB through its own connection: a new completed state, no partial. */
    private StoredState concurrentPipelineRun() throws Exception {
        try (StateBackend b = workspace.open(workspace.devUri)) {
            StoredState before = b.read(DEV_ID);
            b.write(DEV_ID, WriteWorkspace.doc(WriteWorkspace.bookmark("issues", "2024-06-01T00:00:00+00:00"), "{}"),
                    before.version());
            return b.read(DEV_ID);
        }
    }

    @Test
    void clearPartialNamesActionAndTargetThenUndoPutsItBack() throws Exception {
        select("dev system DB", DEV_ID);
        StoredState before = fx(() -> model.inspector().storedProperty().get());
        robot.clickOn("#action-clear");
        robot.clickOn("Clear partial state");
        awaitStage(WriteFlowViewModel.Stage.PREVIEW);
        assertEquals("Clear partial state of " + DEV_ID, fx(() -> model.writes().flow().titleProperty().get()));
        assertEquals(workspace.devUri, fx(() -> model.writes().flow().uriProperty().get()));
        assertEquals("Clear partial state", fx(() -> ((Button) robot.lookup("#confirm-write").query()).getText()));
        robot.clickOn("#confirm-write");
        awaitStage(WriteFlowViewModel.Stage.DONE);
        try (StateBackend b = workspace.open(workspace.devUri)) {
            assertTrue(b.read(DEV_ID).document().partial().value().isEmpty());
        }
        robot.clickOn("#close-write");
        awaitStage(WriteFlowViewModel.Stage.CLOSED);
        TestWindow.waitFor(() -> model.writes().writableProperty().get());
        robot.clickOn("#action-undo-last");
        awaitStage(WriteFlowViewModel.Stage.PREVIEW);
        assertTrue(fx(() -> model.writes().flow().titleProperty().get()).startsWith("Undo clear partial state of " + DEV_ID));
        robot.clickOn("#confirm-write");
        awaitStage(WriteFlowViewModel.Stage.DONE);
        try (StateBackend b = workspace.open(workspace.devUri)) {
            assertEquals(before.document(), b.read(DEV_ID).document());
        }
    }

    @Test
    void rewindAStreamToAChosenTimestamp() throws Exception {
        select("staging files", STAGING_ID);
        fxRun(() -> view.selectTab("bookmarks"));
        TestWindow.waitFor(() -> view.bookmarksView().table().getItems().size() == 2);
        fxRun(() -> view.bookmarksView().table().getSelectionModel().select(0));
        robot.clickOn("#bookmark-rewind");
        TestWindow.waitFor(() -> model.writes().rewind().showingProperty().get());
        assertEquals(LocalDate.of(2024, 5, 31), fx(() -> model.writes().rewind().dateProperty().get()), "starts at the current value");
        assertEquals("+00:00", fx(() -> model.writes().rewind().zoneProperty().get()));
        fxRun(() -> {
            model.writes().rewind().dateProperty().set(LocalDate.of(2024, 1, 15));
            model.writes().rewind().timeProperty().set("00:00:00");
        });
        robot.clickOn("#rewind-preview");
        awaitStage(WriteFlowViewModel.Stage.PREVIEW);
        assertTrue(fx(() -> model.writes().flow().titleProperty().get()).startsWith("Rewind stream contacts to \"2024-01-15T00:00:00+00:00\""));
        // the button a few words, the title above it the whole (it read 'Rewind stream contacts to "2024-01-15T…" in state')
        assertEquals("Rewind 1 stream", robot.lookup("#confirm-write").queryButton().getText());
        robot.clickOn("#confirm-write");
        awaitStage(WriteFlowViewModel.Stage.DONE);
        try (StateBackend b = workspace.open(workspace.stagingUri)) {
            assertEquals("2024-01-15T00:00:00+00:00", b.read(STAGING_ID).document().effective()
                    .at("/singer_state/bookmarks/contacts/replication_key_value").asText());
        }
    }

    @Test
    void bulkCopyDevToProdWithRenameAndAConflict() throws Exception {
        select("dev system DB", DEV_ID);
        robot.clickOn("#action-transfer");
        TestWindow.waitFor(() -> model.writes().transfer().showingProperty().get());
        TransferViewModel transfer = model.writes().transfer();
        fxRun(() -> {
            transfer.scopeProperty().set(TransferViewModel.Scope.PATTERN);
            transfer.patternProperty().set("dev:*");
            transfer.renameProperty().set("dev:*=prod:*");
            transfer.onConflictProperty().set(Transfer.OnConflict.FAIL);
            transfer.destinationProperty().set(transfer.destinations().stream().filter(t -> t.name().equals("prod S3"))
                    .findFirst().orElseThrow());
        });
        robot.clickOn("#transfer-plan");
        TestWindow.waitFor(() -> transfer.stageProperty().get() == TransferViewModel.Stage.PLANNED && model.tasks().isEmpty());
        assertEquals(2, (int) fx(() -> view.transferView().table().getItems().size()));
        assertTrue(fx(() -> robot.lookup("#transfer-run").queryButton().isDisabled()), "production: the pattern must be typed");
        assertTrue(fx(() -> robot.lookup("#transfer-message").queryAs(Label.class).getText())
                .endsWith("Each source's effective state becomes the destination's completed state, as Meltano's copy writes it."));
        robot.clickOn("#transfer-typed").write("dev:*");
        robot.clickOn("#transfer-run");
        TestWindow.waitFor(() -> transfer.stageProperty().get() == TransferViewModel.Stage.FINISHED && model.tasks().isEmpty());
        List<TransferViewModel.Row> rows = fx(() -> List.copyOf(view.transferView().table().getItems()));
        assertEquals(Transfer.Outcome.COPIED, rows.get(0).outcome());
        assertEquals("prod:tap-github-to-target-postgres", rows.get(0).targetId());
        assertEquals(Transfer.Outcome.CONFLICT, rows.get(1).outcome());
        try (StateBackend prod = workspace.open(workspace.prodUri); StateBackend dev = workspace.open(workspace.devUri)) {
            assertEquals(StateDocument.completeWrite((ObjectNode) dev.read(DEV_ID).document().effective()),
                    prod.read("prod:tap-github-to-target-postgres").document(), "what Meltano's copy stores, partial merged in");
        }
        StringWriter journalled = new StringWriter();
        workspace.folders.journal().export(null, null, journalled);
        assertEquals(1, journalled.toString().lines().count(), "the copy was journalled, the conflict not");
    }

    @Test
    void readOnlyConnectionsDisableWritesAndTheBackendRefusesThem() throws Exception {
        select("archive", ARCHIVE_ID);
        assertTrue(fx(() -> robot.lookup("#action-merge").queryButton().isDisabled()));
        assertTrue(fx(() -> robot.lookup("#action-undo-last").queryButton().isDisabled()));
        Node reason = robot.lookup("#read-only-reason").query();
        assertTrue(fx(reason::isVisible));
        assertTrue(fx(() -> ((Label) reason).getText()).contains("read-only connection"));
        assertTrue(fx(stage::getTitle).contains("(read-only)"));
        // even if a write is asked for, the backend layer refuses it
        fxRun(() -> model.writes().write(Edit.clearPartial()));
        awaitStage(WriteFlowViewModel.Stage.PREVIEW);
        robot.clickOn("#confirm-write");
        awaitStage(WriteFlowViewModel.Stage.FAILED);
        assertTrue(fx(() -> model.writes().flow().messageProperty().get()).contains("opened read-only"));
        try (StateBackend b = workspace.open(workspace.archiveUri)) {
            assertFalse(b.read(ARCHIVE_ID).document().partial().value().isEmpty());
        }
    }

    @Test
    void productionShowsInTheTitleBar() throws Exception {
        select("prod S3", WriteWorkspace.PROD_ID_2);
        assertTrue(fx(stage::getTitle).startsWith("Cairn — PROD · prod S3"));
        assertTrue(fx(() -> view.getPseudoClassStates().stream().anyMatch(p -> p.getPseudoClassName().equals("env-prod"))));
    }
}
