package dev.cairn.ui.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.ui.DiskStates;
import dev.cairn.ui.FakeUiThread;
import dev.cairn.ui.services.BackendOpener;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Test connection on real SQLite system DBs: a count of states, or the error in a line. */
@Tag("unit")
class ConnectViewModelTest {

    private final FakeUiThread ui = new FakeUiThread();
    @TempDir
    Path home;

    @AfterEach
    void close() {
        ui.close();
    }

    private String tested(String uri) {
        ConnectViewModel model = ui.call(() -> new ConnectViewModel(ui.executor(), BackendOpener.DEFAULT::open));
        ui.run(() -> {
            model.uriProperty().set(uri);
            model.testConnection();
        });
        ui.await(() -> !model.testingProperty().get(), Duration.ofSeconds(30));
        ui.awaitIdle();
        return ui.call(() -> model.testResultProperty().get());
    }

    @Test
    void testConnectionCountsTheStatesOffTheUiThread() throws Exception {
        Path dir = Files.createDirectories(home.resolve("db"));
        DiskStates.systemDb(dir).put("dev:a", "{}", "{}").put("dev:b", "{}", "{}");
        assertEquals("2 states found", tested("sqlite:///" + dir.resolve("meltano.db")));
    }

    @Test
    void testConnectionReportsWhyItFailed() {
        String result = tested("sqlite:///" + home.resolve("nowhere/meltano.db"));
        assertFalse(result.isBlank());
        assertFalse(result.contains("found"), result);
        assertFalse(result.contains("\n"), "one line: " + result);
    }

    @Test
    void anInvalidUriIsNotTried() {
        assertTrue(tested("file://relative").startsWith("A file backend URI needs an absolute path"));
    }
}
