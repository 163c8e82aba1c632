package dev.cairn.ui.main;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.ops.UserFolders;
import dev.cairn.ui.AppServices;
import dev.cairn.ui.DiskStates;
import dev.cairn.ui.FakeUiThread;
import dev.cairn.ui.connect.ConnectionStore;
import dev.cairn.ui.connect.Environment;
import dev.cairn.ui.connect.SavedConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Starting and stopping the window's model on real backends: every saved connection comes back, every one is closed. */
class MainViewModelTest {

    private final FakeUiThread ui = new FakeUiThread();
    @TempDir
    Path home;

    @AfterEach
    void close() {
        ui.close();
    }

    private MainViewModel started(List<SavedConnection> connections) throws Exception {
        UserFolders folders = new UserFolders(home.resolve("data"), home.resolve("config"));
        new ConnectionStore(folders.config()).save(new ConnectionStore.Saved(connections, "light"));
        MainViewModel model = ui.call(() -> new MainViewModel(AppServices.create(folders, ui.executor(), BackendOpener.DEFAULT)));
        ui.run(model::start);
        ui.await(() -> model.sessions().size() == connections.size() && model.sessions().stream()
                .noneMatch(s -> s.statusProperty().get() == BackendSession.Status.OPENING), Duration.ofSeconds(30));
        ui.awaitIdle();
        return model;
    }

    @Test
    void aRestartReopensEverySavedConnectionAndShowsTheOneThatFailsWithRetry() throws Exception {
        List<SavedConnection> connections = new ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            Path dir = Files.createDirectories(home.resolve("db" + i));
            DiskStates.systemDb(dir).put("dev:tap-" + i + "-to-target-jsonl", "{}", "{}");
            connections.add(new SavedConnection("db " + i, "sqlite:///" + dir.resolve("meltano.db"), Environment.DEV, false, Map.of()));
        }
        Path missing = home.resolve("not-yet");
        connections.add(new SavedConnection("later", "sqlite:///" + missing.resolve("meltano.db"), Environment.DEV, false, Map.of()));
        MainViewModel model = started(connections);

        assertEquals(6, (int) ui.call(() -> model.sessions().size()));
        assertEquals(5, (long) ui.call(() -> model.sessions().stream()
                .filter(s -> s.statusProperty().get() == BackendSession.Status.OPEN).count()));
        BackendSession failed = ui.call(() -> model.sessions().get(5));
        assertEquals(BackendSession.Status.FAILED, ui.call(() -> failed.statusProperty().get()));

        DiskStates.systemDb(Files.createDirectories(missing)).put("dev:late", "{}", "{}");
        ui.run(() -> model.retry(failed));
        ui.await(() -> model.sessions().stream().anyMatch(s -> s.name().equals("later")
                && s.statusProperty().get() == BackendSession.Status.OPEN), Duration.ofSeconds(30));
        ui.awaitIdle();
        assertEquals(6, (int) ui.call(() -> model.sessions().size()));
    }

    @Test
    void refreshHandsTheShownTabTheStateReadAgainEvenWhenNothingChanged() throws Exception {
        Path dir = Files.createDirectories(home.resolve("db"));
        DiskStates.systemDb(dir).put("dev:x", "{\"singer_state\": {\"a\": 1}}", "{\"singer_state\": {\"a\": 2}}");
        MainViewModel model = started(List.of(
                new SavedConnection("db", "sqlite:///" + dir.resolve("meltano.db"), Environment.DEV, false, Map.of())));
        ui.run(() -> {
            model.shownProperty().set(MainViewModel.Shown.DIFF);
            var list = model.sessions().get(0).list();
            list.selectedProperty().set(list.visible().get(0));
        });
        ui.await(() -> model.diff().diffProperty().get() != null, Duration.ofSeconds(30));
        ui.awaitIdle();
        Object first = ui.call(() -> model.diff().diffProperty().get());
        ui.run(model::refresh);
        ui.await(() -> model.diff().diffProperty().get() != null && model.diff().diffProperty().get() != first,
                Duration.ofSeconds(30));
        assertEquals("1 change", ui.call(() -> model.diff().messageProperty().get()));
    }

    @Test
    void shuttingDownClosesEveryOpenBackend() throws Exception {
        Path dir = Files.createDirectories(home.resolve("db"));
        DiskStates.systemDb(dir).put("dev:x", "{}", "{}");
        MainViewModel model = started(List.of(
                new SavedConnection("db", "sqlite:///" + dir.resolve("meltano.db"), Environment.DEV, false, Map.of())));
        BackendSession session = ui.call(() -> model.sessions().get(0));
        assertEquals("dev:x", session.backend().read("dev:x").stateId());
        ui.run(() -> model.shutdown(Duration.ofSeconds(10)));
        assertThrows(RuntimeException.class, () -> session.backend().read("dev:x"));
        assertTrue(ui.call(() -> model.tasks().isEmpty()));
    }
}
