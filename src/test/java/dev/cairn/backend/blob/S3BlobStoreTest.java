package dev.cairn.backend.blob;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cairn.backend.TestS3;
import dev.cairn.backend.Version;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;

/** The S3 adapter's conditional writes against a real server: the server, not Cairn, decides who wins. */
class S3BlobStoreTest {

    String bucket;
    S3Client other;
    S3BlobStore store;

    @BeforeEach
    void open() {
        bucket = TestS3.freshBucket();
        other = TestS3.client();
        store = new S3BlobStore(TestS3.client(), bucket, "s3://" + bucket);
    }

    @AfterEach
    void close() {
        store.close();
        other.close();
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private void theirPut(String key, String content) {
        other.putObject(b -> b.bucket(bucket).key(key), RequestBody.fromString(content));
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
        other.deleteObject(b -> b.bucket(bucket).key("a/state.json"));
        assertThrows(BlobStore.PreconditionFailed.class, () -> store.put("a/state.json", bytes("2"), mine));
        assertNull(store.get("a/state.json"));
    }

    @Test
    void everyObjectIsJson() {
        store.put("a/lock", bytes("1717225200.481233"), Version.ABSENT);
        assertEquals("application/json", other.headObject(b -> b.bucket(bucket).key("a/lock")).contentType());
    }

    @Test
    void listingUsesTheRawPrefixWithoutATrailingSlash() {
        for (String key : List.of("state/a/state.json", "state-old/b/state.json", "other/c/state.json", "statefile")) {
            theirPut(key, "{}");
        }
        List<String> keys = new ArrayList<>();
        store.list("state", keys::add);
        assertEquals(List.of("state-old/b/state.json", "state/a/state.json", "statefile"), keys.stream().sorted().toList());
    }

    @Test
    void deleteOfAMissingObjectIsQuiet() {
        store.delete("nothing/here", null);
        assertNull(store.get("nothing/here"));
    }
}
