package dev.cairn.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.cloud.storage.BlobId;
import dev.cairn.backend.blob.AzureConnection;
import dev.cairn.backend.blob.GcsConnection;
import dev.cairn.backend.blob.S3Connection;
import dev.cairn.state.Json;
import dev.cairn.state.StateDocument;
import dev.cairn.testing.EmptyBackends;
import dev.cairn.testing.FaultyHttpProxy;
import java.net.URI;
import java.time.Duration;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * A server that answers a byte at a time, as one did for over 300 s: the socket's read timeout never
 * fires, since bytes keep coming, so only the request timeout ends the call. Each cloud client is put
 * behind a proxy that drips the chosen answers (status line, headers, body) at 5 bytes a second,
 * which keeps a read timeout of 1 s at bay; with a request timeout of 2 s a call must end in a few
 * seconds, where the whole answer would take minutes.
 */
@Tag("server")
class RequestTimeoutTest {

    private static final Duration LIMIT = Duration.ofSeconds(2);
    private static final Duration DRIP = Duration.ofMillis(200);
    /** The limit, twice over on GCS (whose last retry may begin just before it), and a loaded machine's slack. */
    private static final Duration ENDS_WITHIN = LIMIT.multipliedBy(4);
    private static final String TOOK_TOO_LONG = "the request took longer than 2 s (raise --request-timeout to allow more)";
    private static final String ID = "dev:a";

    private FaultyHttpProxy proxy;

    @AfterEach
    void stop() {
        proxy.close();
    }

    private static StateDocument document() {
        return StateDocument.completeWrite(Json.object());
    }

    /** The failure of {@code call}, which must come within {@link #ENDS_WITHIN}, not before the limit, and say why in one line. */
    private static String cutShort(Runnable call) {
        long start = System.nanoTime();
        BackendException e = assertTimeoutPreemptively(ENDS_WITHIN, () -> assertThrows(BackendException.class, call::run));
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        System.err.printf("cut after %d ms: %s%n", took.toMillis(), e.getMessage());
        assertTrue(took.compareTo(LIMIT) >= 0, "ended by the request timeout, not before it: " + took);
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        assertTrue(e.getMessage().contains(TOOK_TOO_LONG), e.getMessage());
        return e.getMessage();
    }

    private static Predicate<FaultyHttpProxy.Request> put(String name) {
        // Azure's keys come with their slashes encoded
        return r -> r.method().equals("PUT") && r.path().replace("%2F", "/").endsWith("/" + name);
    }

    /** Each client, through a proxy in front of its test server. */
    abstract class Cloud {
        abstract URI server();

        /** The backend's URI, on a fresh bucket or container. */
        abstract String uri();

        /** The options that reach the server through the proxy at {@code endpoint}. */
        abstract BackendOptions options(URI endpoint);

        abstract boolean has(String key);

        /** The listing requests, not the one-key listing that checks the bucket on opening. */
        abstract Predicate<FaultyHttpProxy.Request> listing();

        /** The request that writes the state.json (on GCS, which uploads in a session, the one carrying its bytes). */
        abstract Predicate<FaultyHttpProxy.Request> stateWrite();

        private String uri;

        @BeforeEach
        void start() {
            proxy = new FaultyHttpProxy(server());
            uri = uri();
        }

        StateBackend open(Duration requestTimeout) {
            return Backends.open(uri, options(proxy.endpoint()).withReadTimeout(Duration.ofSeconds(1))
                    .withRequestTimeout(requestTimeout).withLockWait(Duration.ofSeconds(2)));
        }

        /** The body drips, its head came at once; a read timeout alone lets the listing go on. */
        @Test
        void listingWhoseBodyDrips() {
            try (StateBackend backend = open(LIMIT); StateBackend unbounded = open(Duration.ofMinutes(1))) {
                backend.write(ID, document(), Version.ABSENT);
                unbounded.list(null);
                proxy.dripBody(listing(), DRIP);
                String message = cutShort(() -> backend.list(null));
                assertEquals("cannot list " + uri + "* (" + uri + "): " + TOOK_TOO_LONG, message);
                assertThrows(AssertionFailedError.class, () -> assertTimeoutPreemptively(ENDS_WITHIN, () -> unbounded.list(null)),
                        "with only the read timeout, the listing was still under way");
            }
        }

        @Test
        void stateWriteWhoseAnswerDrips() {
            try (StateBackend backend = open(LIMIT)) {
                backend.write("dev:warm", document(), Version.ABSENT);
                proxy.drip(stateWrite(), DRIP);
                String message = cutShort(() -> backend.write(ID, document(), Version.ABSENT));
                assertTrue(message.startsWith("cannot write "), message);
                assertTrue(message.endsWith(TOOK_TOO_LONG), message);
                assertTrue(has("meltano/state/" + ID + "/state.json"), "the server stored it before its answer dripped");
                assertFalse(has("meltano/state/" + ID + "/lock"), "the lock Cairn took is gone");
            }
        }
    }

    @Nested
    class S3 extends Cloud {
        private final String bucket = TestS3.freshBucket();

        @Override
        URI server() {
            return TestS3.endpoint();
        }

        @Override
        String uri() {
            return "s3://" + bucket + "/meltano/state";
        }

        @Override
        BackendOptions options(URI endpoint) {
            return EmptyBackends.s3Options().withSetting(S3Connection.ENDPOINT_SETTING, endpoint.toString());
        }

        @Override
        boolean has(String key) {
            try (S3Client s3 = TestS3.client()) {
                s3.headObject(b -> b.bucket(bucket).key(key));
                return true;
            } catch (S3Exception e) {
                if (e.statusCode() == 404) {
                    return false;
                }
                throw e;
            }
        }

        @Override
        Predicate<FaultyHttpProxy.Request> listing() {
            return r -> r.method().equals("GET") && r.query() != null && r.query().contains("list-type=2");
        }

        @Override
        Predicate<FaultyHttpProxy.Request> stateWrite() {
            return put("state.json");
        }

        /** The server made the lock and its answer never ended: the lock is found to be ours, and deleted. */
        @Test
        void lockWhoseAnswerDripsIsTakenBack() {
            try (StateBackend backend = open(LIMIT)) {
                backend.write("dev:warm", document(), Version.ABSENT);
                proxy.drip(put("lock"), DRIP);
                String message = cutShort(() -> backend.write(ID, document(), Version.ABSENT));
                assertEquals("cannot write s3://" + bucket + "/meltano/state/" + ID + "/lock (s3://" + bucket
                        + "/meltano/state): " + TOOK_TOO_LONG, message);
                assertFalse(has("meltano/state/" + ID + "/lock"), "the lock the server made is gone");
                assertFalse(has("meltano/state/" + ID + "/state.json"));
            }
        }

        /** Neither the write nor the deletion of the lock after it end: the error says the lock may be left. */
        @Test
        void aWriteAndItsLocksDeletionDrippedSayTheLockMayBeLeft() {
            try (StateBackend backend = open(LIMIT)) {
                backend.write("dev:warm", document(), Version.ABSENT);
                proxy.drip(put("state.json").or(r -> r.method().equals("DELETE")), DRIP);
                String message = cutShort(() -> backend.write(ID, document(), Version.ABSENT));
                assertEquals("cannot write s3://" + bucket + "/meltano/state/" + ID + "/state.json (s3://" + bucket
                        + "/meltano/state): " + TOOK_TOO_LONG + "; Meltano's lock on " + ID
                        + " may be left behind, stale after 10 s", message);
            }
        }
    }

    @Nested
    class Azure extends Cloud {
        private final String container = TestAzurite.freshContainer();

        @Override
        URI server() {
            return TestAzurite.endpoint();
        }

        @Override
        String uri() {
            return "azure://" + container + "/meltano/state";
        }

        @Override
        BackendOptions options(URI endpoint) {
            return BackendOptions.defaults().withSetting(AzureConnection.CONNECTION_STRING_SETTING,
                    TestAzurite.connectionString(endpoint));
        }

        @Override
        boolean has(String key) {
            return TestAzurite.container(container).getBlobClient(key).exists();
        }

        @Override
        Predicate<FaultyHttpProxy.Request> listing() {
            return r -> r.method().equals("GET") && r.query() != null && r.query().contains("comp=list");
        }

        @Override
        Predicate<FaultyHttpProxy.Request> stateWrite() {
            return put("state.json");
        }
    }

    @Nested
    class Gcs extends Cloud {
        private final String bucket = TestGcs.freshBucket();

        @Override
        URI server() {
            return URI.create(TestGcs.endpoint());
        }

        @Override
        String uri() {
            return "gs://" + bucket + "/meltano/state";
        }

        @Override
        BackendOptions options(URI endpoint) {
            return BackendOptions.defaults().withSetting(GcsConnection.EMULATOR_HOST_SETTING, endpoint.toString());
        }

        @Override
        boolean has(String key) {
            return TestGcs.client().get(BlobId.of(bucket, key)) != null;
        }

        @Override
        Predicate<FaultyHttpProxy.Request> listing() {
            return r -> r.method().equals("GET") && r.path().endsWith("/o") && r.query() != null
                    && r.query().contains("prefix=");
        }

        @Override
        Predicate<FaultyHttpProxy.Request> stateWrite() {
            return r -> r.method().equals("PUT") && r.query() != null && r.query().contains("upload_id")
                    && r.query().contains("state.json");
        }
    }
}
