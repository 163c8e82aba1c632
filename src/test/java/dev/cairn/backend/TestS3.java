package dev.cairn.backend;

import dev.cairn.testing.Waits;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.nio2blob.TransientNio2BlobStore;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.apache5.Apache5HttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;

/**
 * The S3 server of this test JVM: S3Proxy 4.1 in memory, with AWS signature checking, started on
 * first use. (Older S3Proxy versions ignore conditional writes, so only 4.x tests them.) Each test
 * gets its own bucket. A server that cannot start fails the tests; they are never skipped. Tests
 * that stop their server mid-run start a {@link Server} of their own.
 */
public final class TestS3 {

    public static final String ACCESS_KEY = "cairn-test-key";
    /** '+' and '=' as real AWS secrets have them; Meltano passes them on undecoded, so must Cairn. */
    public static final String SECRET_KEY = "cairn-test+secret=";

    private static final AtomicInteger BUCKETS = new AtomicInteger();
    private static Server shared;

    private TestS3() {}

    /** {@code http://127.0.0.1:<port>} */
    public static URI endpoint() {
        return shared().endpoint();
    }

    /** A new, empty bucket. */
    public static String freshBucket() {
        return shared().freshBucket();
    }

    /**
     * Stores an object straight into the server's store, bypassing HTTP and signing: for seeding the
     * benchmark's 100,000 objects in seconds rather than minutes. Listings and reads see it as any other.
     */
    public static void putDirect(String bucket, String key, byte[] data) {
        shared().store.putBlob(PutObjectRequest.builder().bucket(bucket).key(key).contentType("application/json")
                .contentLength((long) data.length).build(), new ByteArrayInputStream(data));
    }

    /** A plain SDK client on the test server, for arranging and checking objects behind the backend's back. */
    public static S3Client client() {
        return shared().client();
    }

    private static synchronized Server shared() {
        if (shared == null) {
            Server server = Server.start();
            Runtime.getRuntime().addShutdownHook(new Thread(server::stop, "stop-test-s3"));
            shared = server;
        }
        return shared;
    }

    /** One S3Proxy over an in-memory store that outlives the HTTP server: it can be stopped and started again. */
    public static final class Server implements AutoCloseable {
        private final TransientNio2BlobStore store = new TransientNio2BlobStore();
        private S3Proxy proxy;
        private int port;

        private Server() {}

        /** Starts a new server on a free port. */
        public static Server start() {
            Server server = new Server();
            server.startOn(0);
            return server;
        }

        public URI endpoint() {
            return URI.create("http://127.0.0.1:" + port);
        }

        /** Stops answering, as a crashed server would: connections are refused until {@link #restart}. */
        public void stop() {
            try {
                proxy.stop();
            } catch (Exception e) {
                throw new IllegalStateException("cannot stop the test S3Proxy", e);
            }
        }

        /** Serves the same objects again, on the same port. */
        public void restart() {
            startOn(port);
        }

        /** A new, empty bucket. */
        public String freshBucket() {
            String bucket = "cairn-test-" + ProcessHandle.current().pid() + "-" + BUCKETS.incrementAndGet();
            try (S3Client s3 = client()) {
                s3.createBucket(b -> b.bucket(bucket));
            }
            return bucket;
        }

        public S3Client client() {
            return S3Client.builder()
                    .endpointOverride(endpoint())
                    .forcePathStyle(true)
                    .region(Region.US_EAST_1)
                    .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(ACCESS_KEY, SECRET_KEY)))
                    .httpClient(Apache5HttpClient.create())
                    .build();
        }

        @Override
        public void close() {
            stop();
        }

        private void startOn(int wanted) {
            long start = System.nanoTime();
            try {
                proxy = S3Proxy.builder()
                        .blobStore(store)
                        .endpoint(URI.create("http://127.0.0.1:" + wanted))
                        .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, ACCESS_KEY, SECRET_KEY)
                        .build();
                proxy.start();
                Waits.until(() -> proxy.getState().equals("STARTED"), Duration.ofSeconds(60), "the in-process S3Proxy to start");
                port = proxy.getPort();
                System.err.printf("test S3 server started on port %d in %d ms%n", port, (System.nanoTime() - start) / 1_000_000);
            } catch (Exception e) {
                throw new IllegalStateException("cannot start the in-process S3Proxy for the tests", e);
            }
        }
    }
}
