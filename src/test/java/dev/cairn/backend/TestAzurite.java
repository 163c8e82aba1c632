package dev.cairn.backend;

import com.azure.core.http.jdk.httpclient.JdkHttpClientBuilder;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

/**
 * The Azure Blob Storage server of this test JVM: Azurite (npm, installed from
 * {@code src/test/node/package-lock.json} by {@code npm ci}) in memory, started on first use on a
 * free port and stopped when the JVM exits. Each test gets its own container. A server that cannot
 * start fails the tests; they are never skipped.
 */
public final class TestAzurite {

    /** Azurite's well-known development account. */
    private static final String ACCOUNT = "devstoreaccount1";
    private static final String KEY =
            "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";
    private static final Path SERVER = Path.of("src/test/node/node_modules/.bin/azurite-blob");
    private static final Pattern LISTENING = Pattern.compile("successfully listens on (http://\\S+?:\\d+)");

    private static final AtomicInteger CONTAINERS = new AtomicInteger();
    private static NodeTestServer.Started server;

    private TestAzurite() {}

    /** The connection string of the test account, as Meltano's {@code azure.connection_string} takes it. */
    public static String connectionString() {
        return connectionString(endpoint());
    }

    /** The connection string of the test account on a proxy in front of the server, at {@code endpoint}. */
    public static String connectionString(URI endpoint) {
        return "DefaultEndpointsProtocol=http;AccountName=" + ACCOUNT + ";AccountKey=" + KEY
                + ";BlobEndpoint=" + endpoint + "/" + ACCOUNT + ";";
    }

    /** {@code http://127.0.0.1:<port>}, where the server listens. */
    public static synchronized URI endpoint() {
        if (server == null) {
            server = start();
        }
        return URI.create(server.url());
    }

    /**
     * Stops the server; the next test to ask for it starts a new, empty one. For a test that leaves
     * thousands of blobs behind, which Azurite keeps in memory: after the bulk copies, a race of
     * 1,000 writes took 296 s instead of 11 s, and in another run a container create in a later
     * test timed out after 284 s. Why it slows down so (its scans of every blob, or the sweep it
     * runs every ten minutes) was not measured; a new server was enough.
     */
    public static synchronized void restart() {
        if (server != null) {
            server.stop();
            server = null;
        }
    }

    /** A new, empty container. */
    public static String freshContainer() {
        String name = "cairn-test-" + ProcessHandle.current().pid() + "-" + CONTAINERS.incrementAndGet();
        client().createBlobContainer(name);
        return name;
    }

    /** A plain SDK client on the test server, for arranging and checking blobs behind the backend's back. */
    public static BlobServiceClient client() {
        return new BlobServiceClientBuilder().connectionString(connectionString())
                .httpClient(new JdkHttpClientBuilder().build()).buildClient();
    }

    public static BlobContainerClient container(String name) {
        return client().getBlobContainerClient(name);
    }

    private static NodeTestServer.Started start() {
        if (!Files.isExecutable(SERVER)) {
            throw new IllegalStateException("Azurite is not installed in src/test/node (Node.js 18+ and"
                    + " `npm ci --prefix src/test/node`, as .ci/run does)");
        }
        return NodeTestServer.start("Azurite", List.of(SERVER.toString(), "--blobHost", "127.0.0.1", "--blobPort", "0",
                "--inMemoryPersistence", "--disableTelemetry", "--skipApiVersionCheck", "--silent"), LISTENING);
    }
}
