package dev.cairn.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.cloud.storage.Blob;
import com.google.cloud.storage.BlobId;
import com.google.cloud.storage.Storage;
import dev.cairn.backend.blob.GcsConnection;
import dev.cairn.state.Json;
import dev.cairn.state.StateDocument;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Meltano's GCS backend against a real GCS JSON API server (the firebase-tools emulator, behind the
 * proxy that enforces the preconditions it ignores), opened through {@link Backends}. The test
 * classpath is the shipped one plus test libraries: the gRPC transport the build leaves out is not on it.
 */
@Tag("server")
class GcsBackendTest extends CloudBackendContractTest {

    Storage client;
    String bucket;

    @Override
    String freshUri() {
        bucket = TestGcs.freshBucket();
        client = TestGcs.client();
        return "gs://" + bucket + "/state";
    }

    @Override
    String missingUri() {
        return "gs://no-such-container-here/state";
    }

    @Override
    BackendOptions options() {
        return TestGcs.options();
    }

    @Override
    void put(String key, String content) {
        TestGcs.put(client, bucket, key, content.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    String object(String key) {
        Blob blob = client.get(BlobId.of(bucket, key));
        return blob == null ? null : new String(blob.getContent(), StandardCharsets.UTF_8);
    }

    @Override
    List<String> keys() {
        return StreamSupport.stream(client.list(bucket).iterateAll().spliterator(), false).map(Blob::getName).sorted()
                .collect(Collectors.toList());
    }

    @Override
    String nativeVersion(String key) {
        return Long.toString(client.get(BlobId.of(bucket, key)).getGeneration());
    }

    @Override
    String contentType(String key) {
        return client.get(BlobId.of(bucket, key)).getContentType();
    }

    @Test
    void theGrpcTransportIsNotOnTheClasspath() {
        assertThrows(ClassNotFoundException.class, () -> Class.forName("io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder"));
        assertThrows(ClassNotFoundException.class, () -> Class.forName("com.google.storage.v2.StorageGrpc"));
    }

    @Test
    void anUnreachableServerIsOneLineNamingTheBucket() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        BackendException e = assertThrows(BackendException.class, () -> Backends.open(uri,
                BackendOptions.defaults().withSetting(GcsConnection.EMULATOR_HOST_SETTING, "127.0.0.1:" + closedPort)));
        assertTrue(e.getMessage().contains("bucket " + bucket), e.getMessage());
        assertTrue(e.getMessage().contains("127.0.0.1:" + closedPort), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void theBucketIsTheLowerCasedHostAndThePrefixLosesItsSlashes() throws Exception {
        String mixedCase = uri.replace("gs://cairn-test", "gs://Cairn-Test").replace("/state", "//state//");
        try (StateBackend b = Backends.open(mixedCase, options())) {
            b.write("dev:a", StateDocument.completeWrite(Json.parseObject("{}")), Version.ABSENT);
        }
        assertEquals(List.of("state/dev:a/state.json"), keys());
    }
}
