package dev.cairn.ui.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.systemdb.MeltanoSchema;
import dev.cairn.ui.connect.Environment;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Why the window offers no writes: the connection's read-only flag, or the backend's own reason. */
@Tag("unit")
class WriteTargetTest {

    @TempDir
    Path dir;

    @Test
    void aSystemDatabaseFromBeforeTheStateTableIsReadOnlyWithItsReason() {
        Path old = dir.resolve("old.db");
        MeltanoSchema.createSqliteBeforeStateTable(old);
        Path current = dir.resolve("meltano.db");
        MeltanoSchema.createSqlite(current);
        try (StateBackend before = Backends.open("sqlite:///" + old, BackendOptions.defaults());
             StateBackend now = Backends.open("sqlite:///" + current, BackendOptions.defaults())) {
            assertEquals("legacy is read-only: its states are reconstructed from runs as Meltano's migration would"
                    + " (no state table: Meltano before 2.7.1).", new WriteTarget("legacy", before, Environment.DEV, false).whyReadOnly());
            assertNull(new WriteTarget("dev", now, Environment.DEV, false).whyReadOnly());
            assertEquals(WriteTarget.readOnlyReason("dev", now.displayUri()),
                    new WriteTarget("dev", now, Environment.DEV, true).whyReadOnly());
        }
    }
}
