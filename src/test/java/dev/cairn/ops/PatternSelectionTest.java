package dev.cairn.ops;

import static org.junit.jupiter.api.Assertions.*;

import dev.cairn.backend.StateBackend;
import dev.cairn.state.Glob;
import dev.cairn.state.Json;
import dev.cairn.state.StateDocument;
import dev.cairn.testing.EmptyBackends;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The IDs a pattern picks for a copy or move are the glob's on every backend: SQL {@code LIKE}'s
 * {@code _} and {@code %} are plain characters there, {@code [} opens a class, {@code \} escapes nothing.
 */
@Tag("server")
class PatternSelectionTest {

    private static final List<String> IDS = List.of("abc", "a_c", "a%c", "a[c", "a\\c", "aXc", "ABC", "a_cd", "xa_c",
            "a]c", "dev:tap-x");
    private static final List<String> PATTERNS = List.of("a_c", "a%c", "%", "a[c", "a\\c", "a?c", "a*", "*", "a[_%]c",
            "a[!_]c", "ABC", "a\\%", "*_*", "dev:*");

    @TempDir
    Path dir;

    @Test
    void everyPatternSelectsTheSameIdsOnSqlitePostgresAndFile() throws Exception {
        for (EmptyBackends kind : List.of(EmptyBackends.SQLITE, EmptyBackends.POSTGRES, EmptyBackends.FILE)) {
            try (StateBackend backend = kind.open(dir)) {
                StateDocument doc = StateDocument.completeWrite(Json.parseObject("{\"singer_state\": {}}"));
                for (String id : IDS) {
                    backend.write(id, doc, null);
                }
                Transfer copy = new Transfer(backend, backend, Transfer.Mode.COPY, Transfer.OnConflict.FAIL,
                        Transfer.Content.AS_STORED, new Journal(dir.resolve("journal")));
                for (String pattern : PATTERNS) {
                    Glob glob = Glob.compile(pattern);
                    TreeSet<String> expected = new TreeSet<>(IDS.stream().filter(glob::matches).toList());
                    TreeSet<String> selected = new TreeSet<>(copy.select(pattern, Rename.parse("*=copy-of-*")).stream()
                            .map(Transfer.Item::sourceId).toList());
                    assertEquals(expected, selected, kind + " --pattern " + pattern);
                }
            }
        }
    }
}
