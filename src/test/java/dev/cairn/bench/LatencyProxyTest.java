package dev.cairn.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.backend.TestPostgres;
import dev.cairn.backend.TestS3;
import dev.cairn.backend.systemdb.PostgresUri;
import java.net.URI;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.apache5.Apache5HttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

/** The bench's latency proxy in front of the test servers: bytes arrive intact, each round trip costs twice the delay. */
@Tag("bench")
class LatencyProxyTest {

    private static final Duration ONE_WAY = Duration.ofMillis(25);
    private static final long ROUND_TRIP_MS = 2 * ONE_WAY.toMillis();

    @Test
    void postgresQueriesTakeARoundTripAndReturnTheirRows() throws Exception {
        String direct = TestPostgres.serverUri();
        Matcher port = Pattern.compile("@127\\.0\\.0\\.1:(\\d+)/").matcher(direct);
        assertTrue(port.find(), direct);
        try (LatencyProxy proxy = new LatencyProxy(Integer.parseInt(port.group(1)), ONE_WAY);
             Connection c = PostgresUri.parse(direct.replace(":" + port.group(1) + "/", ":" + proxy.port() + "/")).connect();
             Statement s = c.createStatement()) {
            for (int i = 0; i < 3; i++) {
                long start = System.nanoTime();
                try (ResultSet r = s.executeQuery("SELECT repeat('x', 300000) || " + i)) {
                    assertTrue(r.next());
                    assertEquals("x".repeat(300_000) + i, r.getString(1));
                }
                long ms = (System.nanoTime() - start) / 1_000_000;
                assertTrue(ms >= ROUND_TRIP_MS, "a query took " + ms + " ms, less than a round trip");
            }
        }
    }

    @Test
    void s3ObjectsGoThroughWholeAndEachRequestTakesARoundTrip() throws Exception {
        String bucket = TestS3.freshBucket();
        byte[] data = new byte[3 << 20]; // many chunks in flight at once
        new Random(7).nextBytes(data);
        try (LatencyProxy proxy = new LatencyProxy(TestS3.endpoint().getPort(), ONE_WAY);
             S3Client s3 = S3Client.builder()
                     .endpointOverride(URI.create("http://127.0.0.1:" + proxy.port()))
                     .forcePathStyle(true)
                     .region(Region.US_EAST_1)
                     .credentialsProvider(StaticCredentialsProvider.create(
                             AwsBasicCredentials.create(TestS3.ACCESS_KEY, TestS3.SECRET_KEY)))
                     .httpClient(Apache5HttpClient.create())
                     .build()) {
            s3.putObject(b -> b.bucket(bucket).key("big"), RequestBody.fromBytes(data));
            for (int i = 0; i < 3; i++) {
                long start = System.nanoTime();
                byte[] back = s3.getObjectAsBytes(b -> b.bucket(bucket).key("big")).asByteArray();
                long ms = (System.nanoTime() - start) / 1_000_000;
                assertArrayEquals(data, back);
                assertTrue(ms >= ROUND_TRIP_MS, "a GET took " + ms + " ms, less than a round trip");
            }
        }
    }
}
