package dev.cairn.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cairn.state.StateDocument;
import dev.cairn.state.StatePart;
import dev.cairn.testing.EmptyBackends;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What a comparison with {@code --pattern} reads: exactly the states whose IDs start with the
 * prefix, on every family, {@code LIKE}'s wildcards and SQLite's case-blind {@code LIKE} included.
 */
@Tag("server")
class ReadStartingWithTest {

    private static final List<String> IDS = List.of("dev:tap_a%x-to-y", "dev:tapXaYx-to-y", "DEV:tap_a%x-to-y", "dev:tap_a",
            "prod:tap_a%x-to-y");

    @TempDir
    Path dir;

    private static Set<String> read(StateBackend backend, String prefix) {
        Set<String> ids = new TreeSet<>();
        backend.readStartingWith(prefix, stored -> ids.add(stored.stateId()));
        return ids;
    }

    @ParameterizedTest
    @EnumSource(EmptyBackends.class)
    void onlyTheStatesUnderThePrefix(EmptyBackends kind) {
        try (StateBackend backend = kind.open(dir)) {
            StateDocument document = new StateDocument(StatePart.parse("{\"singer_state\": {\"bookmarks\": {}}}"), StatePart.emptyObject());
            IDS.forEach(id -> backend.write(id, document, null));
            assertEquals(Set.of("dev:tap_a%x-to-y"), read(backend, "dev:tap_a%"));
            assertEquals(Set.of("dev:tap_a%x-to-y", "dev:tapXaYx-to-y", "dev:tap_a"), read(backend, "dev:"));
            assertEquals(Set.of(), read(backend, "staging:"));
            assertEquals(new TreeSet<>(IDS), read(backend, ""));
        }
    }
}
