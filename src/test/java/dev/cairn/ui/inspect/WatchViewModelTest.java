package dev.cairn.ui.inspect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.StateBackend;
import dev.cairn.state.Json;
import dev.cairn.state.StateDocument;
import dev.cairn.testing.EmptyBackends;
import dev.cairn.testing.MeltanoStyleWriter;
import dev.cairn.testing.RunRows;
import dev.cairn.ui.FakeUiThread;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The inspector's Watch on a real SQLite system DB: a checkpoint another writer stores is listed; the run's end stops it. */
@Tag("unit")
class WatchViewModelTest {

    private static final String ID = "dev:tap-github-to-target-postgres";
    private static final Duration INTERVAL = Duration.ofMillis(100);
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    private final FakeUiThread ui = new FakeUiThread();

    @AfterEach
    void stop() {
        ui.close();
    }

    private static StateDocument issues(String value) throws Exception {
        return StateDocument.completeWrite(Json.parseObject("{\"singer_state\": {\"bookmarks\": {\"issues\": {\"replication_key\":"
                + " \"updated_at\", \"replication_key_value\": \"" + value + "\"}}}}"));
    }

    @Test
    void aCheckpointByAnotherWriterIsListedWithoutResettingAnythingAndTheToggleStopsTheWatch() throws Exception {
        String uri = EmptyBackends.SQLITE.create(dir);
        try (StateBackend backend = Backends.open(uri, BackendOptions.defaults());
             MeltanoStyleWriter pipeline = MeltanoStyleWriter.on(EmptyBackends.SQLITE, uri)) {
            backend.write(ID, issues("2024-05-01T00:00:00+00:00"), null);
            WatchViewModel model = ui.call(() -> new WatchViewModel(ui.executor(), INTERVAL));
            ui.run(() -> model.setSubject(backend, ID));
            ui.run(() -> model.watchingProperty().set(true));
            ui.await(() -> model.statusProperty().get().startsWith("Watching " + ID + " (no run under way)"), WAIT);

            // the pipeline's checkpoint, written from this thread as Meltano writes it
            pipeline.merge(ID, Json.parseObject("{\"singer_state\": {\"bookmarks\": {\"issues\": {\"replication_key\":"
                    + " \"updated_at\", \"replication_key_value\": \"2024-05-02T06:30:00.250117+00:00\"}}}}"));
            ui.await(() -> !model.changes().isEmpty(), WAIT);
            String line = ui.call(() -> model.changes().get(0));
            assertTrue(line.endsWith("  ~ issues: \"2024-05-01T00:00:00+00:00\" -> \"2024-05-02T06:30:00.250117+00:00\""), line);
            assertTrue(ui.call(() -> model.statusProperty().get()).startsWith("Checkpoint at "));

            ui.run(() -> model.watchingProperty().set(false));
            assertEquals("Watch stopped.", ui.call(() -> model.statusProperty().get()));
            ui.awaitIdle();
            assertEquals(1, ui.call(() -> model.changes().size()), "the changes seen stay listed");
        }
    }

    @Test
    void theWatchStopsByItselfWhenTheRunItSawEndsAndSaysSo() throws Exception {
        String uri = EmptyBackends.SQLITE.create(dir);
        try (StateBackend backend = Backends.open(uri, BackendOptions.defaults());
             Connection c = DriverManager.getConnection("jdbc:sqlite:" + uri.substring("sqlite:///".length()))) {
            backend.write(ID, issues("2024-05-01T00:00:00+00:00"), null);
            new RunRows(c, true).add(ID, "RUNNING", RunRows.minutesAgo(3), 0, null, "cli", RunRows.minutesAgo(0));
            WatchViewModel model = ui.call(() -> new WatchViewModel(ui.executor(), INTERVAL));
            ui.run(() -> model.setSubject(backend, ID));
            ui.run(() -> model.watchingProperty().set(true));
            ui.await(() -> model.statusProperty().get().startsWith("Watching " + ID + " while its run goes on"), WAIT);
            try (PreparedStatement s = c.prepareStatement("UPDATE runs SET state = 'SUCCESS' WHERE job_name = ?")) {
                s.setString(1, ID);
                s.executeUpdate();
            }
            ui.await(() -> !model.watchingProperty().get(), WAIT);
            assertEquals("The run ended: watch stopped.", ui.call(() -> model.statusProperty().get()));
            ui.awaitIdle();
        }
    }

    @Test
    void turningTheSelectionAwayStopsTheWatch() throws Exception {
        String uri = EmptyBackends.SQLITE.create(dir);
        try (StateBackend backend = Backends.open(uri, BackendOptions.defaults())) {
            backend.write(ID, issues("2024-05-01T00:00:00+00:00"), null);
            WatchViewModel model = ui.call(() -> new WatchViewModel(ui.executor(), INTERVAL));
            ui.run(() -> model.setSubject(backend, ID));
            ui.run(() -> model.watchingProperty().set(true));
            ui.await(() -> model.statusProperty().get().startsWith("Watching " + ID + " (no run under way)"), WAIT);
            ui.run(() -> model.setSubject(backend, "dev:tap-stripe-to-target-postgres"));
            assertFalse(ui.call(() -> model.watchingProperty().get()));
            ui.awaitIdle();
            assertEquals("", ui.call(() -> model.statusProperty().get()), "nothing of the old watch comes late");
            assertTrue(ui.call(() -> ui.executor().running().isEmpty()), "its task ended");
        }
    }
}
