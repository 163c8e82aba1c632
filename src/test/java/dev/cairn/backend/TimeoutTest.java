package dev.cairn.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.backend.blob.AzureConnection;
import dev.cairn.backend.blob.S3Connection;
import dev.cairn.testing.LoopbackServer;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Servers that never answer, hang up, or are not there: every open fails within the configured
 * timeouts (plus a first use's class loading on a busy machine), in one line naming the server.
 */
@Tag("unit")
class TimeoutTest {

    private static final BackendOptions SHORT = BackendOptions.defaults()
            .withConnectTimeout(Duration.ofSeconds(1))
            .withReadTimeout(Duration.ofSeconds(1));

    private final List<LoopbackServer> servers = new ArrayList<>();

    @AfterEach
    void stopServers() throws Exception {
        for (LoopbackServer server : servers) {
            server.close();
        }
    }

    private int server(boolean hangUp) throws IOException {
        LoopbackServer server = hangUp ? LoopbackServer.hangingUp() : LoopbackServer.silent();
        servers.add(server);
        return server.port();
    }

    private static String failure(String uri, BackendOptions options, Duration within) {
        BackendException e = assertTimeoutPreemptively(within, () -> assertThrows(BackendException.class,
                () -> Backends.open(uri, options).close()));
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        return e.getMessage();
    }

    private static String postgres(int port) {
        return "postgresql://cairn@127.0.0.1:" + port + "/meltano";
    }

    @Test
    void postgresThatNeverAnswers() throws Exception {
        int port = server(false);
        assertEquals("cannot connect to 127.0.0.1:" + port + ": no answer in 1 s",
                failure(postgres(port), SHORT, Duration.ofSeconds(6)));
    }

    @Test
    void postgresConnectTimeoutFromTheUriWins() throws Exception {
        int port = server(false);
        long start = System.nanoTime();
        String message = failure(postgres(port) + "?connect_timeout=2", BackendOptions.defaults(), Duration.ofSeconds(6));
        assertEquals("cannot connect to 127.0.0.1:" + port + ": no answer in 2 s", message);
        assertTrue(System.nanoTime() - start >= Duration.ofMillis(1900).toNanos(), "libpq's connect_timeout waited");
    }

    @Test
    void postgresThatIsNotThere() throws Exception {
        int port = LoopbackServer.closedPort();
        assertEquals("cannot connect to 127.0.0.1:" + port + ": connection refused",
                failure(postgres(port), SHORT, Duration.ofSeconds(6)));
    }

    /** What an unreachable host behind a proxy or a firewall looks like: pgjdbc called it an SSL error. */
    @Test
    void postgresThatHangsUp() throws Exception {
        int port = server(true);
        assertEquals("cannot connect to 127.0.0.1:" + port
                        + ": the server closed the connection without answering as PostgreSQL does",
                failure(postgres(port), SHORT, Duration.ofSeconds(6)));
    }

    private static BackendOptions s3(int port) {
        return SHORT.withSetting(S3Connection.ENDPOINT_SETTING, "http://127.0.0.1:" + port)
                .withSetting(S3Connection.REGION_SETTING, "us-east-1");
    }

    @Test
    void s3ThatNeverAnswers() throws Exception {
        int port = server(false);
        String message = failure("s3://KEY:SECRET@bucket/prefix", s3(port), Duration.ofSeconds(10));
        assertTrue(message.contains("127.0.0.1:" + port), message);
        assertTrue(message.toLowerCase().contains("timed out"), message);
    }

    @Test
    void s3ThatIsNotThere() throws Exception {
        int port = LoopbackServer.closedPort();
        String message = failure("s3://KEY:SECRET@bucket/prefix", s3(port), Duration.ofSeconds(10));
        assertTrue(message.contains("127.0.0.1:" + port), message);
    }

    private static BackendOptions azure(int port) {
        return SHORT.withSetting(AzureConnection.CONNECTION_STRING_SETTING, "DefaultEndpointsProtocol=http;AccountName=acct;"
                + "AccountKey=a2V5;BlobEndpoint=http://127.0.0.1:" + port + "/acct;");
    }

    /** Each of the client's four tries waits the read timeout, and no longer. */
    @Test
    void azureThatNeverAnswers() throws Exception {
        int port = server(false);
        String message = failure("azure://container/prefix", azure(port), Duration.ofSeconds(20));
        assertTrue(message.contains("127.0.0.1:" + port), message);
    }

    @Test
    void azureThatIsNotThere() throws Exception {
        int port = LoopbackServer.closedPort();
        String message = failure("azure://container/prefix", azure(port), Duration.ofSeconds(10));
        assertTrue(message.contains("127.0.0.1:" + port), message);
    }
}
