package dev.cairn.backend;

import com.google.cloud.NoCredentials;
import com.google.cloud.storage.BlobId;
import com.google.cloud.storage.BlobInfo;
import com.google.cloud.storage.Storage;
import com.google.cloud.storage.StorageOptions;
import dev.cairn.backend.blob.GcsConnection;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

/**
 * The Google Cloud Storage server of this test JVM: the Cloud Storage emulator of firebase-tools (npm,
 * installed from {@code src/test/node/package-lock.json} by {@code npm ci}), started by
 * {@code src/test/node/gcs-emulator.js} on first use on a free port and stopped when the JVM exits,
 * behind a {@link GcsPreconditionProxy} that enforces the preconditions and bucket existence the
 * emulator ignores. Each test gets its own bucket. A server that cannot start fails the tests; they
 * are never skipped.
 */
public final class TestGcs {

    private static final Path LAUNCHER = Path.of("src/test/node/gcs-emulator.js");
    private static final Pattern LISTENING = Pattern.compile("gcs emulator listens on (http://\\S+:\\d+)");

    private static final AtomicInteger BUCKETS = new AtomicInteger();
    private static GcsPreconditionProxy proxy;

    private TestGcs() {}

    /** Where the backend reaches the server, as {@code STORAGE_EMULATOR_HOST} would say it. */
    public static synchronized String endpoint() {
        if (proxy == null) {
            proxy = new GcsPreconditionProxy(URI.create(start()));
        }
        return proxy.endpoint();
    }

    /** The backend options that reach the test server. */
    public static BackendOptions options() {
        return BackendOptions.defaults().withSetting(GcsConnection.EMULATOR_HOST_SETTING, endpoint());
    }

    /** A new, empty bucket. */
    public static String freshBucket() {
        String name = "cairn-test-" + ProcessHandle.current().pid() + "-" + BUCKETS.incrementAndGet();
        endpoint();
        proxy.createBucket(name);
        return name;
    }

    /**
     * A plain client on the test server, for arranging and checking objects behind the backend's back
     * (through the proxy, so that its writes and the backend's conditional ones are serialised as in GCS).
     */
    public static Storage client() {
        return StorageOptions.http().setHost(endpoint()).setProjectId("test").setCredentials(NoCredentials.getInstance())
                .build().getService();
    }

    /** Another writer's unconditional put (the emulator takes resumable uploads only). */
    public static void put(Storage client, String bucket, String key, byte[] data) {
        try {
            client.createFrom(BlobInfo.newBuilder(BlobId.of(bucket, key)).build(), new ByteArrayInputStream(data));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String start() {
        if (!Files.isRegularFile(LAUNCHER)) {
            throw new IllegalStateException("no " + LAUNCHER + ": run the tests from the project folder");
        }
        return NodeTestServer.start("GCS emulator", List.of("node", LAUNCHER.toString(), "0"), LISTENING).url();
    }
}
