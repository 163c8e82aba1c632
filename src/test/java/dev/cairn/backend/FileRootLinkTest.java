package dev.cairn.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cairn.state.Json;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StatePart;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A file:// root that is itself a symbolic link is the folder it leads to, for listing as for reading and writing. */
@Tag("unit")
class FileRootLinkTest {

    @TempDir
    Path dir;

    @Test
    void aLinkedRootListsWhatGetAndSetSee() throws Exception {
        Path real = Files.createDirectories(dir.resolve("real"));
        Path link = Files.createSymbolicLink(dir.resolve("link"), real);
        try (StateBackend backend = Backends.open("file://" + link, BackendOptions.defaults())) {
            backend.write("dev:a", new StateDocument(StatePart.of(Json.object()), StatePart.of(Json.object())), Version.ABSENT);
            assertEquals(true, backend.read("dev:a").exists());
            assertEquals(List.of("dev:a"), backend.list(null).stream().map(ListedState::stateId).toList());
        }
    }
}
