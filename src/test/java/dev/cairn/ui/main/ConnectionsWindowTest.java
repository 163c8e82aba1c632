package dev.cairn.ui.main;

import static dev.cairn.ui.TestWindow.fx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.ops.UserFolders;
import dev.cairn.ui.ScriptedDialogs;
import dev.cairn.ui.TestWindow;
import dev.cairn.ui.connect.ConnectionStore;
import dev.cairn.ui.connect.Environment;
import dev.cairn.ui.connect.SavedConnection;
import dev.cairn.ui.dialog.DialogService;
import dev.cairn.ui.services.BackendOpener;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import javafx.scene.Node;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Labeled;
import javafx.scene.control.ListView;
import javafx.scene.input.KeyCode;
import javafx.scene.text.Text;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/** The sidebar's connections, headless, on the demo workspace: edit with F2, connect a URI open already. */
@Tag("window")
class ConnectionsWindowTest {

    private final FxRobot robot = new FxRobot();
    private final ScriptedDialogs dialogs = new ScriptedDialogs();
    private TestWindow window;
    private MainViewModel model;
    private Path home;

    @BeforeEach
    void openWindow(@TempDir Path home) throws Exception {
        this.home = home;
        window = TestWindow.open(new UserFolders(home.resolve("data"), home.resolve("config")), BackendOpener.DEFAULT, 2, dialogs);
        model = window.model;
    }

    @AfterEach
    void closeWindow() throws Exception {
        window.close();
    }

    private void selectFirstId() throws Exception {
        fx(() -> {
            var list = model.connections().currentProperty().get().list();
            list.selectedProperty().set(list.visible().get(0));
            return null;
        });
        TestWindow.waitFor(() -> model.inspector().storedProperty().get() != null && model.tasks().isEmpty());
    }

    @Test
    void f2MakesTheReadOnlyProductionDemoWritableOnceItsNameIsTyped() throws Exception {
        BackendSession prod = fx(() -> model.connections().currentProperty().get());
        assertEquals("Demo system DB", prod.name());
        selectFirstId();
        Node merge = robot.lookup("#action-merge").query();
        assertTrue(fx(merge::isDisabled), "the demo's production DB starts read-only");

        dialogs.edit = c -> new SavedConnection(c.name(), c.uri(), c.environment(), false, c.settings());
        dialogs.typed = "Demo system DB (wrong)";
        ListView<?> open = robot.lookup("#sidebar-open").queryAs(ListView.class);
        fx(() -> {
            open.requestFocus();
            open.getSelectionModel().select(0);
            return null;
        });
        robot.press(KeyCode.F2).release(KeyCode.F2);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of("edit Demo system DB",
                "Allow writes to production Demo system DB (" + prod.connection().displayUri() + "): type Demo system DB"), dialogs.asked);
        assertTrue(fx(() -> model.connections().sessions().get(0) == prod), "a wrong name leaves it as it was");

        dialogs.typed = "Demo system DB";
        robot.press(KeyCode.F2).release(KeyCode.F2);
        TestWindow.waitFor(() -> model.connections().sessions().get(0) != prod && model.connections().sessions().get(0).list() != null && model.tasks().isEmpty());
        assertFalse(fx(() -> model.connections().currentProperty().get().connection().readOnly()));
        assertFalse(fx(() -> window.stage.getTitle()).contains("read-only"));
        TestWindow.waitFor(() -> model.tasks().isEmpty());
        assertFalse(new ConnectionStore(home.resolve("config")).load().connections().get(0).readOnly(),
                "saved to connections.json");
        selectFirstId();
        assertFalse(fx(merge::isDisabled), "a write action is enabled once the connection is writable");
    }

    @Test
    void connectingAUriOpenAlreadyAsksAndOpensASecondConnectionUnderAnotherName() throws Exception {
        SavedConnection prod = fx(() -> model.connections().sessions().get(0).connection());
        dialogs.connect = new DialogService.ConnectRequest(
                new SavedConnection(prod.name(), prod.uri(), prod.environment(), false, prod.settings()), false);
        dialogs.alreadyOpen = DialogService.AlreadyOpen.OPEN_ANOTHER;
        robot.press(KeyCode.CONTROL, KeyCode.O).release(KeyCode.O, KeyCode.CONTROL);
        TestWindow.waitFor(() -> model.connections().sessions().size() == 3 && model.connections().sessions().get(2).list() != null && model.tasks().isEmpty());
        assertEquals(List.of("connect", "Demo system DB is open already"), dialogs.asked);
        assertEquals("Demo system DB (2)", fx(() -> model.connections().sessions().get(2).name()));

        dialogs.alreadyOpen = DialogService.AlreadyOpen.SWITCH_TO_IT;
        fx(() -> {
            model.connections().currentProperty().set(model.connections().sessions().get(1));
            return null;
        });
        robot.press(KeyCode.CONTROL, KeyCode.O).release(KeyCode.O, KeyCode.CONTROL);
        TestWindow.waitFor(() -> model.connections().currentProperty().get() == model.connections().sessions().get(0));
        assertEquals(3, (int) fx(() -> model.connections().sessions().size()));
    }

    @Test
    void sevenOpenBackendsAllShowAt1024x700WithUrisCutInTheMiddleAndBadgesWhole() throws Exception {
        fx(() -> {
            window.stage.setWidth(1024);
            window.stage.setHeight(700);
            SavedConnection files = model.connections().sessions().get(1).connection();
            for (int i = 0; i < 5; i++) {
                model.connections().openAnother(files, false);
            }
            return null;
        });
        TestWindow.waitFor(() -> model.connections().sessions().size() == 7 && model.connections().sessions().stream().allMatch(s -> s.list() != null)
                && model.tasks().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
        ListView<?> open = robot.lookup("#sidebar-open").queryAs(ListView.class);
        assertTrue(fx(open::getHeight) >= 7 * SidebarView.ROW_HEIGHT, "no open backend cut off: " + fx(open::getHeight));

        String uri = fx(() -> model.connections().sessions().get(0).connection().displayUri());
        Labeled uriLabel = fx(() -> (Labeled) open.lookupAll(".backend-uri").stream()
                .filter(n -> uri.equals(((Labeled) n).getText())).findFirst().orElseThrow());
        String shown = fx(() -> ((Text) uriLabel.lookup(".text")).getText());
        assertTrue(shown.startsWith("sqlite:") && shown.endsWith("meltano.db") && shown.contains(uriLabel.getEllipsisString()), shown);
        assertEquals(uri, fx(() -> uriLabel.getTooltip().getText()));
        for (Node chip : fx(() -> List.copyOf(open.lookupAll(".env-chip")))) {
            assertTrue(fx(() -> chip.getLayoutBounds().getWidth() >= ((Labeled) chip).prefWidth(-1) - 0.5
                    && !((Text) chip.lookup(".text")).getText().contains(((Labeled) chip).getEllipsisString())), "badge clipped");
        }
    }

    /**
     * A saved connection that failed at the last start is listed in its place, not opened, saying
     * so under its name with an Open link; the link opens it there, and the next start opens it again.
     */
    @Test
    void aConnectionNotOpenedAtStartSaysWhyInItsRowAndItsLinkOpensIt() throws Exception {
        window.close();
        ConnectionStore store = new ConnectionStore(home.resolve("config"));
        ConnectionStore.Saved saved = store.load();
        String files = saved.connections().get(1).name();
        store.save(new ConnectionStore.Saved(saved.connections(), saved.theme(), Set.of(files)));
        window = TestWindow.open(new UserFolders(home.resolve("data"), home.resolve("config")), BackendOpener.DEFAULT, 2, dialogs);
        model = window.model;
        assertEquals(BackendSession.Status.NOT_OPENED, fx(() -> model.connections().sessions().get(1).statusProperty().get()));
        ListView<?> open = robot.lookup("#sidebar-open").queryAs(ListView.class);
        assertTrue(fx(() -> open.lookupAll(".label").stream()
                .anyMatch(n -> n.isVisible() && "failed at last start".equals(((Labeled) n).getText()))), "why, under its name");
        Hyperlink link = fx(() -> open.lookupAll(".hyperlink").stream().map(Hyperlink.class::cast)
                .filter(h -> h.isVisible() && h.getText().equals("Open")).findFirst().orElseThrow());
        robot.clickOn(link);
        TestWindow.waitFor(() -> model.connections().sessions().get(1).list() != null && model.tasks().isEmpty());
        assertEquals(files, fx(() -> model.connections().sessions().get(1).name()), "opened in its place");
        assertEquals(Set.of(), store.load().failedAtLastStart());
    }

    @Test
    void ctrlShiftOOpensTheChosenEnvironmentsOfAMeltanoProject() throws Exception {
        Path project = Files.createDirectories(home.resolve("acme"));
        Path state = Files.createDirectories(home.resolve("acme-state"));
        Path prodState = Files.createDirectories(home.resolve("acme-prod-state"));
        Files.writeString(project.resolve("meltano.yml"), "environments:\n- name: dev\n"
                + "  config:\n    state_backend:\n      uri: file://" + state + "\n"
                + "- name: staging\n- name: production\n  config:\n    state_backend:\n      uri: file://" + prodState + "\n");
        dialogs.folder = project;
        dialogs.pick = List.of("dev", "production");
        robot.clickOn("#sidebar-open");
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.O).release(KeyCode.O, KeyCode.SHIFT, KeyCode.CONTROL);
        TestWindow.waitFor(() -> model.connections().sessions().size() == 4 && model.tasks().isEmpty());
        assertEquals("open [acme · dev (file://" + state + "), acme · staging (sqlite:///" + project.resolve(".meltano/meltano.db")
                + "), acme · production (file://" + prodState + ")]", dialogs.asked.get(1));
        BackendSession dev = fx(() -> model.connections().sessions().get(2));
        BackendSession prod = fx(() -> model.connections().sessions().get(3));
        assertEquals("acme · dev", dev.name());
        assertEquals(Environment.DEV, dev.connection().environment());
        assertEquals("acme · production", prod.name());
        assertEquals(Environment.PROD, prod.connection().environment());
        assertTrue(prod.connection().readOnly(), "production opens read-only");
    }
}
