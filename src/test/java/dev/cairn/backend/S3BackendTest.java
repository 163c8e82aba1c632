package dev.cairn.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Object;

/** Meltano's S3 backend against a real S3 server (S3Proxy in-process), opened through {@link Backends}. */
@Tag("server")
class S3BackendTest extends CloudBackendContractTest {

    String bucket;
    final S3Client s3 = TestS3.client();

    @Override
    String freshUri() {
        bucket = TestS3.freshBucket();
        return "s3://" + bucket + "/state";
    }

    @Override
    String missingUri() {
        return "s3://no-such-container-here/state";
    }

    @AfterEach
    void closeClient() {
        s3.close();
    }

    @Override
    BackendOptions options() {
        return BackendOptions.defaults()
                .withSetting("s3.endpoint_url", TestS3.endpoint().toString())
                .withSetting("s3.aws_access_key_id", TestS3.ACCESS_KEY)
                .withSetting("s3.aws_secret_access_key", TestS3.SECRET_KEY);
    }

    @Override
    void put(String key, String content) {
        s3.putObject(b -> b.bucket(bucket).key(key), RequestBody.fromString(content));
    }

    @Override
    String object(String key) {
        try {
            return s3.getObjectAsBytes(b -> b.bucket(bucket).key(key)).asString(StandardCharsets.UTF_8);
        } catch (NoSuchKeyException e) {
            return null;
        }
    }

    @Override
    List<String> keys() {
        return s3.listObjectsV2Paginator(b -> b.bucket(bucket)).contents().stream()
                .map(S3Object::key).sorted().collect(Collectors.toList());
    }

    @Override
    String nativeVersion(String key) {
        return s3.headObject(b -> b.bucket(bucket).key(key)).eTag();
    }

    @Override
    String contentType(String key) {
        return s3.headObject(b -> b.bucket(bucket).key(key)).contentType();
    }

    @Test
    void credentialsInTheUriAreUsedRawAndNeverShown() {
        String uri = "s3://" + TestS3.ACCESS_KEY + ":" + TestS3.SECRET_KEY + "@" + bucket.toUpperCase() + "/state/";
        BackendOptions endpointOnly = BackendOptions.defaults().withSetting("s3.endpoint_url", TestS3.endpoint().toString());
        try (StateBackend b = Backends.open(uri, endpointOnly)) {
            assertEquals(List.of(), b.list((String) null));
            assertFalse(b.displayUri().contains(TestS3.SECRET_KEY), b.displayUri());
            assertTrue(b.displayUri().contains(TestS3.ACCESS_KEY + ":***@"), b.displayUri());
        }
        String wrong = "s3://" + TestS3.ACCESS_KEY + ":N0tTheSecret@" + bucket + "/state";
        BackendException e = assertThrows(BackendException.class, () -> Backends.open(wrong, endpointOnly));
        for (Throwable t = e; t != null; t = t.getCause()) {
            assertFalse(String.valueOf(t.getMessage()).contains("N0tTheSecret"), t.toString());
        }
    }
}
