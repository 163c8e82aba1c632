package dev.cairn.backend.blob;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.LockStatus;
import dev.cairn.backend.LockedException;
import dev.cairn.backend.StateStorage;
import dev.cairn.backend.TestAzurite;
import dev.cairn.backend.TestGcs;
import dev.cairn.backend.TestS3;
import dev.cairn.backend.Version;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Meltano's lock on a real folder, a real S3 server and Azurite: Cairn deletes only the lock it saw. */
@Tag("server")
class MeltanoLockTest {

    private static final String KEY = "dev:a/lock";
    private static final String STALE = "1717225200.481233";

    @TempDir
    Path dir;
    BlobStore store;

    @AfterEach
    void close() {
        store.close();
    }

    private BlobStore open(String kind) {
        store = kind.equals("file") ? new FileBlobStore(dir.resolve("root"))
                : kind.equals("azure") ? new AzureBlobStore(TestAzurite.container(TestAzurite.freshContainer()), "azure://test",
                        BackendOptions.REQUEST_TIMEOUT)
                : kind.equals("gcs")
                        ? new GcsBlobStore(GcsConnection.resolve(TestGcs.options()).client(), TestGcs.freshBucket(), "gs://test")
                : new S3BlobStore(TestS3.client(), TestS3.freshBucket(), "s3://test", BackendOptions.REQUEST_TIMEOUT);
        return store;
    }

    private static MeltanoLock lock(BlobStore on) {
        return new MeltanoLock(on, Duration.ofSeconds(10), Duration.ofMillis(600), Clock.systemUTC());
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private String lockContent() {
        BlobStore.Blob blob = store.get(KEY);
        return blob == null ? null : new String(blob.data(), StandardCharsets.UTF_8);
    }

    private static String freshMeltanoLock() {
        Instant now = Instant.now();
        return now.getEpochSecond() + "." + now.getNano() / 1000;
    }

    /** A lock holding no timestamp is as old as its file or object: held at first, stale after the lock timeout. */
    @ParameterizedTest
    @ValueSource(strings = {"file", "s3"})
    void aLockOfGarbageGoesStaleByTheTimeItWasWritten(String kind) {
        BlobStore on = open(kind);
        on.put(KEY, bytes("garbage"), null);
        LockStatus now = lock(on).status(KEY);
        assertEquals(LockStatus.State.HELD, now.state());
        assertTrue(now.since() != null, "since the object was written, not 'since null'");
        LockStatus later = new MeltanoLock(on, Duration.ofSeconds(10), Duration.ofMillis(600),
                Clock.offset(Clock.systemUTC(), Duration.ofMinutes(1))).status(KEY);
        assertEquals(LockStatus.State.STALE, later.state(), later.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"file", "s3", "azure", "gcs"})
    void releaseLeavesTheLockOfWhoeverBrokeOursAlone(String kind) {
        BlobStore on = open(kind);
        Version held = lock(on).acquire("dev:a", KEY);
        String pipelines = freshMeltanoLock();
        on.put(KEY, bytes(pipelines), null); // ours was broken as stale during a slow write, and a pipeline took it
        lock(on).release(KEY, held);
        assertEquals(pipelines, lockContent());
    }

    @ParameterizedTest
    @ValueSource(strings = {"file", "s3", "azure", "gcs"})
    void aBreakerDeletesOnlyTheStaleLockItSaw(String kind) {
        BlobStore on = open(kind);
        String pipelines = freshMeltanoLock();
        on.put(KEY, bytes(STALE), null);
        BlobStore racing = new Racing(on, key -> on.put(key, bytes(pipelines), null));
        MeltanoLock breaker = lock(racing);
        assertThrows(LockedException.class, () -> breaker.breakIfStale("dev:a", KEY));
        assertEquals(pipelines, lockContent(), "the lock taken between our read and our delete is theirs");

        on.put(KEY, bytes(STALE), null);
        MeltanoLock impatient = lock(racing);
        assertThrows(LockedException.class, () -> impatient.acquire("dev:a", KEY));
        assertEquals(pipelines, lockContent());
    }

    @ParameterizedTest
    @ValueSource(strings = {"file", "s3", "azure", "gcs"})
    void aLockLeftByAKilledCairnIsRecognisedAndRemovedAtOnce(String kind) {
        BlobStore on = open(kind);
        MeltanoLock lock = lock(on);
        on.put(KEY, bytes(KilledCairn.lockContent()), null);
        LockStatus status = lock.status(KEY);
        assertEquals(LockStatus.State.STALE, status.state(), "fresh, but its process is gone");
        assertTrue(status.detail().contains("no longer runs"), status.detail());
        lock.removeLeftover(KEY);
        assertNull(lockContent());

        on.put(KEY, bytes(KilledCairn.lockContent()), null);
        long start = System.nanoTime();
        Version held = new MeltanoLock(on, Duration.ofSeconds(10), Duration.ofSeconds(30), Clock.systemUTC()).acquire("dev:a", KEY);
        assertTrue(Duration.ofNanos(System.nanoTime() - start).toSeconds() < 5, "broken at once, not once stale after 10 s");
        String ours = lockContent();
        lock.removeLeftover(KEY);
        assertEquals(ours, lockContent(), "the lock of a running Cairn (this one) is not a leftover");
        lock.release(KEY, held);

        String pipelines = freshMeltanoLock();
        on.put(KEY, bytes(pipelines), null);
        lock.removeLeftover(KEY);
        assertEquals(pipelines, lockContent(), "nor is Meltano's");
    }

    @ParameterizedTest
    @ValueSource(strings = {"file", "s3", "azure", "gcs"})
    void cairnsLockIsAFloatMeltanoReadsAsTheSameInstant(String kind) {
        BlobStore on = open(kind);
        Instant before = Instant.now();
        Version held = lock(on).acquire("dev:a", KEY);
        String content = lockContent();
        assertTrue(content.matches("[0-9]+\\.[0-9]+"), "Python's float() syntax: " + content);
        double seconds = Double.parseDouble(content);
        assertTrue(Math.abs(seconds - before.toEpochMilli() / 1000.0) < 5, content);
        assertEquals(LockStatus.State.HELD, lock(on).status(KEY).state());
        lock(on).release(KEY, held);
        assertNull(lockContent());
    }

    /** A real store where someone else acts on a key right after each of our reads of it. */
    private static final class Racing implements BlobStore {
        private final BlobStore store;
        private final Consumer<String> afterRead;

        Racing(BlobStore store, Consumer<String> afterRead) {
            this.store = store;
            this.afterRead = afterRead;
        }

        @Override
        public String displayUri() {
            return store.displayUri();
        }

        @Override
        public StateStorage storage() {
            return store.storage();
        }

        @Override
        public Blob get(String key) {
            Blob blob = store.get(key);
            afterRead.accept(key);
            return blob;
        }

        @Override
        public Version put(String key, byte[] data, Version expected) {
            return store.put(key, data, expected);
        }

        @Override
        public void delete(String key, Version expected) {
            store.delete(key, expected);
        }

        @Override
        public void list(String prefix, BiConsumer<String, Instant> keys) {
            store.list(prefix, keys);
        }

        @Override
        public void close() {
            store.close();
        }
    }
}
