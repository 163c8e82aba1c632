package dev.cairn.backend.blob;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cairn.backend.Version;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A cloud adapter's conditional writes against its real server: the server, not Cairn, decides who
 * wins. Each subclass gives a store on a fresh bucket or container and a second client on it.
 */
@Tag("unit")
abstract class CloudBlobStoreContractTest {

    BlobStore store;

    /** A store on a fresh, empty bucket or container. */
    abstract BlobStore openStore();

    /** Another writer's put, behind the store's back. */
    abstract void theirPut(String key, String content);

    abstract void theirDelete(String key);

    abstract String contentType(String key);

    @BeforeEach
    void open() {
        store = openStore();
    }

    @AfterEach
    void close() {
        store.close();
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void createOnlyIfAbsentUsesIfNoneMatch() {
        Version v = store.put("a/state.json", bytes("{}"), Version.ABSENT);
        assertEquals(v, store.get("a/state.json").version());
        assertThrows(BlobStore.PreconditionFailed.class, () -> store.put("a/state.json", bytes("{\"x\": 1}"), Version.ABSENT));
        assertArrayEquals(bytes("{}"), store.get("a/state.json").data());
    }

    @Test
    void replaceOnlyAtTheVersionReadUsesIfMatch() {
        Version mine = store.put("a/state.json", bytes("1"), null);
        theirPut("a/state.json", "2");
        assertThrows(BlobStore.PreconditionFailed.class, () -> store.put("a/state.json", bytes("3"), mine));
        assertArrayEquals(bytes("2"), store.get("a/state.json").data());

        Version theirs = store.get("a/state.json").version();
        Version next = store.put("a/state.json", bytes("3"), theirs);
        assertNotEquals(theirs, next);
        assertArrayEquals(bytes("3"), store.get("a/state.json").data());
    }

    @Test
    void replacingAnObjectDeletedMeanwhileFails() {
        Version mine = store.put("a/state.json", bytes("1"), null);
        theirDelete("a/state.json");
        assertThrows(BlobStore.PreconditionFailed.class, () -> store.put("a/state.json", bytes("2"), mine));
        assertNull(store.get("a/state.json"));
    }

    @Test
    void everyObjectIsJson() {
        store.put("a/lock", bytes("1717225200.481233"), Version.ABSENT);
        assertEquals("application/json", contentType("a/lock"));
    }

    @Test
    void listingUsesTheRawPrefixWithoutATrailingSlash() {
        for (String key : List.of("state/a/state.json", "state-old/b/state.json", "other/c/state.json", "statefile")) {
            theirPut(key, "{}");
        }
        List<String> keys = new ArrayList<>();
        store.list("state", (key, modified) -> keys.add(key));
        assertEquals(List.of("state-old/b/state.json", "state/a/state.json", "statefile"), keys.stream().sorted().toList());
    }

    @Test
    void deleteOfAMissingObjectIsQuiet() {
        store.delete("nothing/here", null);
        assertNull(store.get("nothing/here"));
    }

    @Test
    void deleteOnlyAtTheVersionReadUsesIfMatch() {
        Version mine = store.put("a/state.json", bytes("1"), null);
        theirPut("a/state.json", "2");
        assertThrows(BlobStore.PreconditionFailed.class, () -> store.delete("a/state.json", mine));
        assertArrayEquals(bytes("2"), store.get("a/state.json").data());

        store.delete("a/state.json", store.get("a/state.json").version());
        assertNull(store.get("a/state.json"));
        store.delete("a/state.json", mine); // gone meanwhile: what was asked is done
    }
}
