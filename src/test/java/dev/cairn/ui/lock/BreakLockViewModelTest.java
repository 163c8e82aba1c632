package dev.cairn.ui.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.LockStatus;
import dev.cairn.backend.StateBackend;
import dev.cairn.ui.FakeUiThread;
import dev.cairn.ui.connect.Environment;
import dev.cairn.ui.write.WriteTarget;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Breaking a stale lock on a real file backend: only the stale lock seen goes; one a pipeline took meanwhile stays. */
@Tag("unit")
class BreakLockViewModelTest {

    private static final String ID = "dev:tap-github-to-target-postgres";

    @TempDir
    Path dir;

    private final FakeUiThread ui = new FakeUiThread();

    @AfterEach
    void stop() {
        ui.close();
    }

    @Test
    void theStaleLockIsBrokenAndALockTakenMeanwhileIsLeftWithTheRefusalShown() throws Exception {
        Path lock = Files.createDirectories(dir.resolve(ID)).resolve("lock");
        try (StateBackend backend = Backends.open("file://" + dir, BackendOptions.defaults())) {
            WriteTarget target = new WriteTarget("dev", backend, Environment.DEV, false);
            BreakLockViewModel model = ui.call(() -> new BreakLockViewModel(ui.executor()));
            AtomicInteger broken = new AtomicInteger();
            ui.run(() -> model.onBroken(broken::incrementAndGet));

            Files.writeString(lock, "1717225200.481233");
            LockStatus seen = backend.lockStatus(ID);
            ui.run(() -> model.open(target, ID, seen));
            assertEquals("Locked since 2024-06-01T07:00:00.481233Z: older than 10 s; Meltano would break it.",
                    ui.call(model::lockDetail));
            // a pipeline starts meanwhile and takes the lock
            Files.writeString(lock, Double.toString(System.currentTimeMillis() / 1000.0));
            ui.run(model::confirm);
            ui.await(() -> !model.problemProperty().get().isEmpty(), Duration.ofSeconds(30));
            assertTrue(ui.call(() -> model.problemProperty().get()).contains("locked by a running pipeline"),
                    ui.call(() -> model.problemProperty().get()));
            assertTrue(ui.call(() -> model.problemProperty().get()).endsWith("."), "a sentence, with its full stop");
            assertTrue(ui.call(() -> model.showingProperty().get()), "the form stays, saying why");
            assertTrue(Files.exists(lock), "the pipeline's lock stays");
            assertEquals(0, broken.get());

            Files.writeString(lock, "1717225200.481233");
            ui.run(() -> model.open(target, ID, backend.lockStatus(ID)));
            ui.run(model::confirm);
            ui.await(() -> !model.showingProperty().get(), Duration.ofSeconds(30));
            assertFalse(Files.exists(lock));
            assertEquals(1, ui.call(broken::get));
            assertEquals("", ui.call(() -> model.problemProperty().get()));
        }
    }
}
