package dev.cairn.ui.main;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.ForwardingBackend;
import dev.cairn.backend.StateBackend;
import dev.cairn.testing.Fixtures;
import dev.cairn.ui.FakeUiThread;
import dev.cairn.ui.connect.Environment;
import dev.cairn.ui.connect.SavedConnection;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the window's header says is open: the saved URI, or the open backend's where the database told another kind. */
@Tag("unit")
class BackendSessionTest {

    private final FakeUiThread ui = new FakeUiThread();

    @TempDir
    Path dir;

    @AfterEach
    void close() {
        ui.close();
    }

    @Test
    void theHeaderShowsTheSavedUriAndTheKindOpened() {
        String uri = Fixtures.systemDb(dir);
        BackendSession session = new BackendSession(new SavedConnection("local", uri, Environment.DEV, false, Map.of()), false);
        assertEquals(Optional.empty(), session.kindName(), "nothing open yet");
        assertEquals(session.connection().displayUri(), session.shownUri());
        StateBackend backend = Backends.open(uri, BackendOptions.defaults());
        ui.run(() -> session.opened(backend, ui.executor()));
        ui.awaitIdle();
        assertEquals(session.connection().displayUri(), session.shownUri());
        assertEquals(Optional.of("A SQLite system database"), session.kindName());
        backend.close();
    }

    @Test
    void aPostgresqlUriThatOpenedAsTheExtensionSaysSo() {
        // a postgresql:// database holding only the extension's table opens as postgresql+extension://
        // (PostgresExtensionTest opens one for real); here only what the header makes of it
        StateBackend sqlite = Backends.open(Fixtures.systemDb(dir), BackendOptions.defaults());
        StateBackend detected = new ForwardingBackend(sqlite) {
            @Override
            public String displayUri() {
                return "postgresql+extension://meltano@db.internal:5432/meltano";
            }
        };
        BackendSession session = new BackendSession(new SavedConnection("pg", "postgresql://meltano@db.internal:5432/meltano",
                Environment.PROD, true, Map.of()), false);
        ui.run(() -> session.opened(detected, ui.executor()));
        ui.awaitIdle();
        assertEquals("postgresql+extension://meltano@db.internal:5432/meltano", session.shownUri());
        assertEquals(Optional.of("Meltano's PostgreSQL state backend extension"), session.kindName());
        sqlite.close();
    }
}
