package dev.cairn.ui.main;

import static dev.cairn.ui.TestWindow.fx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.LockStatus;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.ops.Edit;
import dev.cairn.ops.UserFolders;
import dev.cairn.state.Json;
import dev.cairn.state.StateDocument;
import dev.cairn.ui.ScriptedDialogs;
import dev.cairn.ui.TestWindow;
import dev.cairn.ui.browse.Badge;
import dev.cairn.ui.browse.StateIdEntry;
import dev.cairn.ui.demo.DemoWorkspace;
import dev.cairn.ui.inspect.InspectorViewModel.Part;
import dev.cairn.ui.services.BackendOpener;
import dev.cairn.ui.write.WriteFlowViewModel;
import java.nio.file.Path;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/** The window never strands the user: filters stay removable, the selection survives writes, one lock wording. */
@Tag("window")
class WindowStatesTest {

    private final FxRobot robot = new FxRobot();
    private final ScriptedDialogs dialogs = new ScriptedDialogs();
    private TestWindow window;
    private MainViewModel model;
    private MainView view;

    @BeforeEach
    void openWindow(@TempDir Path home) throws Exception {
        window = TestWindow.open(new UserFolders(home.resolve("data"), home.resolve("config")), BackendOpener.DEFAULT, 2, dialogs);
        model = window.model;
        view = window.view;
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

    private BackendSession session(String name) throws Exception {
        return fx(() -> model.connections().sessions().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow());
    }

    private void select(BackendSession session, String id) throws Exception {
        fxRun(() -> {
            model.connections().currentProperty().set(session);
            session.list().selectedProperty().set(session.list().visible().stream()
                    .filter(e -> e.stateId().equals(id)).findFirst().orElseThrow());
        });
        TestWindow.waitFor(() -> id.equals(model.inspector().stateIdProperty().get()) && model.tasks().isEmpty()
                && !model.inspector().loadingProperty().get());
    }

    private ToggleButton chip(Badge badge) throws Exception {
        return fx(() -> view.stateList().lookupAll(".badge-count").stream().map(ToggleButton.class::cast)
                .filter(c -> c.getText().startsWith(badge.label() + " ")).findFirst().orElse(null));
    }

    private String selectedInList() throws Exception {
        return fx(() -> {
            StateIdEntry e = view.stateList().listView().getSelectionModel().getSelectedItem();
            return e == null ? null : e.stateId();
        });
    }

    @Test
    void aBadgeFilterStaysRemovableWhenItsLastIdIsRepaired() throws Exception {
        BackendSession prod = session("Demo system DB");
        robot.clickOn(chip(Badge.CORRUPT_JSON));
        TestWindow.waitFor(() -> prod.list().visible().size() == 1);
        select(prod, DemoWorkspace.CORRUPT_ID);
        // another writer repairs the only corrupt state; Ctrl+R lists again
        try (StateBackend writer = Backends.open(prod.connection().uri(), BackendOptions.defaults())) {
            StoredState broken = writer.read(DemoWorkspace.CORRUPT_ID);
            writer.write(DemoWorkspace.CORRUPT_ID, StateDocument.of(Json.parse("{\"singer_state\": {}}"), Json.parse("{}")), broken.version());
        }
        robot.clickOn(view.stateList().listView());
        robot.press(KeyCode.CONTROL, KeyCode.R)
                .release(KeyCode.R, KeyCode.CONTROL);
        TestWindow.waitFor(() -> model.tasks().isEmpty() && !prod.list().loadingProperty().get()
                && model.inspector().healthProperty().get() == Badge.HEALTHY);

        ToggleButton filter = chip(Badge.CORRUPT_JSON);
        assertTrue(filter != null && fx(filter::isSelected), "the active filter's chip is still there");
        assertEquals("corrupt JSON 0", fx(filter::getText));
        assertEquals(DemoWorkspace.CORRUPT_ID, selectedInList(), "the repaired ID stays listed while selected");
        assertEquals(DemoWorkspace.CORRUPT_ID, fx(() -> model.inspector().stateIdProperty().get()));

        robot.clickOn(filter);
        TestWindow.waitFor(() -> prod.list().visible().size() == prod.list().totalCount());
        assertEquals(DemoWorkspace.CORRUPT_ID, selectedInList());
    }

    @Test
    void anEmptyListSaysWhichBackendItIsAbout() throws Exception {
        BackendSession files = session("Demo file backend");
        fxRun(() -> {
            model.connections().currentProperty().set(files);
            view.stateList().filterField().setText("no-such-pipeline");
        });
        String placeholder = fx(() -> view.stateList().lookupAll(".placeholder").stream().filter(Label.class::isInstance)
                .map(n -> ((Label) n).getText()).findFirst().orElseThrow());
        assertEquals("No state ID of " + files.backend().displayUri() + " matches the filter.", placeholder);
    }

    @Test
    void afterAWriteSheetClosesTheSelectionStaysAndShowsWhatIsStoredNow() throws Exception {
        BackendSession files = session("Demo file backend");
        String id = fx(() -> files.list().visible().stream().filter(e -> e.badges().contains(Badge.PARTIAL_PENDING)
                && e.lock().state() == LockStatus.State.FREE).findFirst().orElseThrow().stateId());
        select(files, id);
        fxRun(() -> model.writes().write(Edit.clearPartial()));
        TestWindow.waitFor(() -> model.writes().flow().stageProperty().get() == WriteFlowViewModel.Stage.PREVIEW
                && model.tasks().isEmpty());
        robot.clickOn("#confirm-write");
        TestWindow.waitFor(() -> model.writes().flow().stageProperty().get() == WriteFlowViewModel.Stage.DONE
                && model.tasks().isEmpty());
        robot.clickOn("#close-write");
        TestWindow.waitFor(() -> model.writes().flow().stageProperty().get() == WriteFlowViewModel.Stage.CLOSED
                && model.tasks().isEmpty() && !model.inspector().loadingProperty().get());

        assertEquals(id, fx(() -> model.inspector().stateIdProperty().get()));
        assertEquals(id, selectedInList());
        assertEquals("{}", fx(() -> model.inspector().documentProperty(Part.PARTIAL).get().text().text()));
        assertFalse(fx(() -> files.list().selectedProperty().get().badges().contains(Badge.PARTIAL_PENDING)));
    }

    @Test
    void theListAndTheHeaderNameTheSameLock() throws Exception {
        BackendSession files = session("Demo file backend");
        select(files, DemoWorkspace.STALE_LOCK_ID);
        assertEquals(LockStatus.State.STALE, fx(() -> model.inspector().lockProperty().get().state()));
        StateIdEntry entry = fx(() -> files.list().selectedProperty().get());
        assertTrue(fx(entry::badges).contains(Badge.STALE_LOCK));
        assertFalse(fx(entry::badges).contains(Badge.LOCKED));
        assertTrue(fx(() -> view.inspector().lookupAll(".badge").stream().map(n -> ((Label) n).getText()).toList())
                .contains(Badge.STALE_LOCK.label()));
    }

    @Test
    void breakingAStaleLockNamesTheStateIdAndUndoWaitsForASelection() throws Exception {
        BackendSession files = session("Demo file backend");
        fxRun(() -> model.connections().currentProperty().set(files));
        TestWindow.waitFor(() -> model.tasks().isEmpty());
        assertTrue(fx(() -> view.lookup("#action-undo-last").isDisabled()), "nothing selected: Undo last write is off");
        select(files, DemoWorkspace.STALE_LOCK_ID);
        robot.clickOn("#action-break-lock");
        assertEquals("Break the stale Meltano lock of " + DemoWorkspace.STALE_LOCK_ID,
                fx(() -> ((Label) view.lookup("#break-lock-title")).getText()));
        Button confirm = fx(() -> (Button) view.lookup("#break-lock-confirm"));
        assertEquals("Break the lock of " + DemoWorkspace.STALE_LOCK_ID, fx(confirm::getText), "the ID's underscores stay");
        assertFalse(fx(confirm::isMnemonicParsing));
        robot.clickOn(confirm);
        TestWindow.waitFor(() -> !model.writes().breakLock().showingProperty().get() && model.tasks().isEmpty()
                && model.inspector().lockProperty().get() != null
                && model.inspector().lockProperty().get().state() == LockStatus.State.FREE);
        assertEquals(LockStatus.State.FREE, files.backend().lockStatus(DemoWorkspace.STALE_LOCK_ID).state(), "the lock is gone");
        assertTrue(dialogs.asked.isEmpty(), "the form asked, not a dialog");
    }

    @Test
    void theCopyFormClosesWhenAnotherBackendBecomesCurrent() throws Exception {
        BackendSession files = session("Demo file backend");
        select(files, DemoWorkspace.STALE_LOCK_ID);
        fxRun(() -> model.writes().openTransfer());
        assertTrue(fx(() -> model.writes().transfer().showingProperty().get()));
        BackendSession prod = session("Demo system DB");
        fxRun(() -> model.connections().currentProperty().set(prod));
        assertFalse(fx(() -> model.writes().transfer().showingProperty().get()), "it would copy from a backend no longer shown");
    }
}
