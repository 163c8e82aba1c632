package dev.cairn.ops;

import static org.junit.jupiter.api.Assertions.*;

import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.ConflictException;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.state.Json;
import dev.cairn.state.Rewind;
import dev.cairn.state.StateDocument;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A rewind as an edit: planned again on a state another writer changed, it moves that state's bookmarks. */
@Tag("unit")
class RewindEditTest {

    private static final String ID = "dev:a";

    @TempDir
    Path dir;

    private static StateDocument state(String orders, String events) throws Exception {
        return StateDocument.completeWrite(Json.parseObject("{\"singer_state\": {\"bookmarks\": {"
                + "\"orders\": {\"replication_key_value\": \"" + orders + "\"},"
                + " \"events\": {\"replication_key_value\": \"" + events + "\"}}}}"));
    }

    @Test
    void aRetryAfterAConflictRewindsTheStateStoredThen() throws Exception {
        try (StateBackend backend = Backends.open("file://" + Files.createDirectories(dir.resolve("files")), BackendOptions.defaults())) {
            backend.write(ID, state("2024-06-01T00:00:00Z", "2024-04-01T00:00:00Z"), null);
            StoredState read = backend.read(ID);
            WriteCommand planned = WriteCommand.plan(backend, Edit.rewind(new Rewind(Rewind.toMoment("2024-05-01T00:00:00Z"),
                    Set.of())), read);
            assertEquals(state("2024-05-01T00:00:00Z", "2024-04-01T00:00:00Z"), planned.after());
            // the pipeline checkpoints meanwhile: events moves past the moment
            backend.write(ID, state("2024-06-02T00:00:00Z", "2024-06-02T00:00:00Z"), read.version());

            Journal journal = new Journal(dir.resolve("journal"));
            assertThrows(ConflictException.class, () -> ConflictRetry.NONE.execute(planned, journal, null, retry -> { }));
            ConflictRetry.Outcome outcome = new ConflictRetry(1).execute(WriteCommand.plan(backend, Edit.rewind(
                    new Rewind(Rewind.toMoment("2024-05-01T00:00:00Z"), Set.of())), read), journal, null, retry -> { });
            assertEquals(1, outcome.retried());
            assertEquals(state("2024-05-01T00:00:00Z", "2024-05-01T00:00:00Z"), backend.read(ID).document(),
                    "both bookmarks the pipeline left are rewound, not the values planned on the state first read");
        }
    }
}
