package dev.cairn.ui.main;

import static dev.cairn.ui.TestWindow.fx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.ops.UserFolders;
import dev.cairn.ops.logging.Logs;
import dev.cairn.ui.TestWindow;
import dev.cairn.ui.about.AboutViewModel;
import dev.cairn.ui.dialog.FxDialogService;
import dev.cairn.ui.services.BackendOpener;
import dev.cairn.ui.task.UserError;
import dev.cairn.ui.theme.Theme;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TitledPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/** The window and the log, headless: uncaught exceptions end in the log and a banner; Open log; Help → About. */
@Tag("window")
class LogsWindowTest {

    private final FxRobot robot = new FxRobot();
    private final List<Path> opened = new CopyOnWriteArrayList<>();
    private TestWindow window;
    private Path home;

    @BeforeEach
    void openWindow(@TempDir Path home) throws Exception {
        this.home = home;
        window = TestWindow.open(new UserFolders(home.resolve("data"), home.resolve("config")), BackendOpener.DEFAULT, 2,
                new FxDialogService(null, () -> Theme.LIGHT, null, null), opened::add);
    }

    @AfterEach
    void closeWindow() throws Exception {
        WaitForAsyncUtils.asyncFx(() -> robot.listWindows().stream().filter(w -> w != window.stage)
                .filter(Stage.class::isInstance).forEach(w -> ((Stage) w).close())).get(TestWindow.WAIT.toSeconds(), TimeUnit.SECONDS);
        window.close();
    }

    private static long logSize() throws Exception {
        return Files.exists(Logs.file()) ? Files.size(Logs.file()) : 0;
    }

    private static String logFrom(long offset) throws Exception {
        byte[] all = Files.readAllBytes(Logs.file());
        return new String(all, (int) offset, all.length - (int) offset, StandardCharsets.UTF_8);
    }

    @Test
    void anExceptionNothingCaughtOnTheFxThreadEndsInTheLogAndABanner() throws Exception {
        long before = logSize();
        Platform.runLater(() -> {
            throw new IllegalStateException("boom in a view of postgresql://meltano:pw-Secret9@db/meltano");
        });
        TestWindow.waitFor(() -> window.model.errorProperty().get() != null);
        UserError shown = fx(() -> window.model.errorProperty().get());
        assertTrue(shown.message().contains("JavaFX Application Thread") && shown.message().contains("boom in a view"),
                shown.message());
        assertFalse(shown.message().contains("pw-Secret9") || shown.details().contains("pw-Secret9"), shown.toString());
        assertTrue(fx(() -> robot.lookup(".error-banner").query().isVisible()));
        String log = logFrom(before);
        assertTrue(log.contains("ERROR [JavaFX Application Thread] dev.cairn.ops.logging.Logs - Uncaught exception on thread"
                + " JavaFX Application Thread"), log);
        assertTrue(log.contains("java.lang.IllegalStateException: boom in a view of postgresql://meltano:***@db/meltano"), log);
        assertFalse(log.contains("pw-Secret9"), log);
    }

    @Test
    void anExceptionNothingCaughtOnAnotherThreadEndsInTheLogAndABanner() throws Exception {
        long before = logSize();
        Thread thread = new Thread(() -> {
            throw new IllegalArgumentException("worker gave up");
        }, "some-worker");
        thread.start();
        thread.join();
        TestWindow.waitFor(() -> window.model.errorProperty().get() != null);
        assertTrue(fx(() -> window.model.errorProperty().get().message()).contains("some-worker"));
        assertTrue(logFrom(before).contains("Uncaught exception on thread some-worker"));
    }

    @Test
    void theDetailsOfAnErrorOpenTheLog() throws Exception {
        fx(() -> {
            window.model.errorProperty().set(new UserError("Opening s3://x failed: no route", ""));
            return null;
        });
        robot.clickOn("Details");
        robot.clickOn("#error-open-log");
        WaitForAsyncUtils.waitForFxEvents();
        Path log = Logs.file();
        assertEquals(List.of(Files.exists(log) ? log : log.toAbsolutePath().getParent()), opened);
    }

    @Test
    void helpAboutShowsVersionsPlacesAndTheBundledLicences() throws Exception {
        robot.clickOn("#help-menu");
        robot.clickOn("About Cairn");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(fx(() -> robot.lookup("#about-version").queryAs(Label.class).getText()).startsWith("Cairn "));
        assertTrue(fx(() -> robot.lookup("#about-java").queryAs(Label.class).getText()).startsWith("Java " + Runtime.version().feature()));
        assertTrue(fx(() -> robot.lookup("#about-javafx").queryAs(Label.class).getText()).startsWith("JavaFX 21."));
        List<String> places = fx(() -> robot.lookup(".about .hyperlink").queryAllAs(Hyperlink.class).stream()
                .map(Hyperlink::getText).toList());
        assertEquals(List.of(home.resolve("config/connections.json").toString(), home.resolve("data").toString(),
                home.resolve("data/journal/journal.db").toString(), Logs.file().toString()), places);
        @SuppressWarnings("unchecked")
        TableView<AboutViewModel.Library> licences = robot.lookup("#about-licences").queryAs(TableView.class);
        List<AboutViewModel.Library> rows = fx(() -> List.copyOf(licences.getItems()));
        assertTrue(rows.size() > 30, "the runtime dependencies, not a hand-picked few: " + rows.size());
        assertTrue(rows.stream().anyMatch(l -> l.coordinates().startsWith("ch.qos.logback:logback-classic:")), rows.toString());
        assertTrue(rows.stream().anyMatch(l -> l.coordinates().startsWith("org.openjfx:javafx-controls:")), rows.toString());
        assertTrue(rows.stream().noneMatch(l -> l.coordinates().startsWith("org.junit")), "no test libraries");
        String licence = fx(() -> ((TextArea) robot.lookup("#about-licence").queryAs(TitledPane.class).getContent()).getText());
        assertTrue(licence.startsWith("Copyright 2026 The Cairn authors\n"), licence);
        assertTrue(licence.contains("Apache License\n                           Version 2.0, January 2004"), "the repository's LICENSE");

        robot.clickOn("#about-place-3");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(Logs.file().toAbsolutePath().getParent()), opened);
    }
}
