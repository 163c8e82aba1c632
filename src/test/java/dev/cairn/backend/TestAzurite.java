package dev.cairn.backend;

import com.azure.core.http.jdk.httpclient.JdkHttpClientBuilder;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
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
    private static String connectionString;

    private TestAzurite() {}

    /** The connection string of the test account, as Meltano's {@code azure.connection_string} takes it. */
    public static synchronized String connectionString() {
        if (connectionString == null) {
            connectionString = "DefaultEndpointsProtocol=http;AccountName=" + ACCOUNT + ";AccountKey=" + KEY
                    + ";BlobEndpoint=" + start() + "/" + ACCOUNT + ";";
        }
        return connectionString;
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

    private static String start() {
        if (!Files.isExecutable(SERVER)) {
            throw new IllegalStateException("Azurite is not installed in src/test/node (Node.js 18+ and"
                    + " `npm ci --prefix src/test/node`, as .ci/run does)");
        }
        long start = System.nanoTime();
        Process process;
        try {
            process = new ProcessBuilder(SERVER.toString(), "--blobHost", "127.0.0.1", "--blobPort", "0",
                    "--inMemoryPersistence", "--disableTelemetry", "--skipApiVersionCheck", "--silent")
                    .redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start Azurite (" + SERVER + ")", e);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(process::destroy, "stop-test-azurite"));
        CompletableFuture<String> endpoint = new CompletableFuture<>();
        List<String> output = Collections.synchronizedList(new ArrayList<>());
        Thread reader = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = lines.readLine()) != null; ) {
                    Matcher m = LISTENING.matcher(line);
                    if (m.find()) {
                        endpoint.complete(m.group(1));
                    } else if (!endpoint.isDone()) {
                        output.add(line);
                    }
                }
            } catch (IOException e) {
                endpoint.completeExceptionally(e);
            }
            endpoint.completeExceptionally(new IllegalStateException("Azurite exited: " + String.join("\n", List.copyOf(output))));
        }, "test-azurite-output");
        reader.setDaemon(true);
        reader.start();
        try {
            String url = endpoint.get(60, TimeUnit.SECONDS);
            System.err.printf("test Azurite started at %s in %d ms%n", url, (System.nanoTime() - start) / 1_000_000);
            return url;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while Azurite starts", e);
        } catch (ExecutionException | TimeoutException e) {
            process.destroy();
            throw new IllegalStateException("Azurite did not start: " + String.join("\n", List.copyOf(output)), e);
        }
    }
}
