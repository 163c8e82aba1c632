package dev.cairn.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cairn.backend.blob.KilledCairn;
import dev.cairn.state.Json;
import dev.cairn.state.StateDocument;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("unit")
class ForwardingBackendTest {

    @TempDir
    Path dir;

    /** A copy's rerun through a decorated backend (a blob backend with its project's runs) cleans up as through the bare one. */
    @Test
    void aDecoratedBlobBackendRemovesTheLockAKilledCairnLeft() throws Exception {
        try (StateBackend decorated = new ForwardingBackend(Backends.open("file://" + dir, BackendOptions.defaults())) { }) {
            decorated.write("dev:a", StateDocument.completeWrite(Json.parseObject("{\"singer_state\": {\"v\": 1}}")), null);
            Files.write(dir.resolve("dev:a").resolve("lock"), KilledCairn.lockContent().getBytes(StandardCharsets.US_ASCII));
            assertEquals(LockStatus.State.STALE, decorated.lockStatus("dev:a").state());
            decorated.removeLeftoverLock("dev:a");
            assertEquals(LockStatus.FREE, decorated.lockStatus("dev:a"));
        }
    }
}
