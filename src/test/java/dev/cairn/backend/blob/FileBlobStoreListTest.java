package dev.cairn.backend.blob;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A folder's listing by prefix walks only the folder the prefix names (a lock's age is asked with
 * the lock's key), and lists the same keys the whole walk filtered by the prefix would.
 */
@Tag("unit")
class FileBlobStoreListTest {

    @TempDir
    Path dir;

    private static List<String> keys(FileBlobStore store, String prefix) {
        List<String> keys = new ArrayList<>();
        store.list(prefix, (key, modified) -> keys.add(key));
        return keys.stream().sorted().toList();
    }

    @Test
    void aPrefixListsWhatTheWholeListingHoldsUnderIt() throws Exception {
        Path root = Files.createDirectories(dir.resolve("root"));
        FileBlobStore store = new FileBlobStore(root);
        for (String key : List.of("dev:a/state.json", "dev:a/lock", "dev:ab/lock", "dev:a/b/state.json", "dev:a/b/lock",
                "prod:c/state.json")) {
            store.put(key, "x".getBytes(StandardCharsets.UTF_8), null);
        }
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere/x"));
        Files.writeString(elsewhere.resolve("lock"), "x");
        Files.createSymbolicLink(root.resolve("linked"), elsewhere.getParent());
        List<String> all = keys(store, "");
        for (String prefix : List.of("dev:a/lock", "dev:a/", "dev:a/b/lock", "dev:a", "dev:a/b/", "dev:a/./lock",
                "dev:a/b/../lock", "linked/x/lock", "linked/", "missing/lock", "/dev:a/lock")) {
            assertEquals(all.stream().filter(k -> k.startsWith(prefix)).toList(), keys(store, prefix), prefix);
        }
        assertEquals(List.of("dev:a/lock"), keys(store, "dev:a/lock"));
        assertEquals(List.of(), keys(store, "linked/x/lock"), "a link below the root is not followed");
    }
}
