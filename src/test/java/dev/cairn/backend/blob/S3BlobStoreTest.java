package dev.cairn.backend.blob;

import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.TestS3;
import org.junit.jupiter.api.AfterEach;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;

/** The S3 adapter against S3Proxy 4.1, which honours {@code If-Match} / {@code If-None-Match} as AWS does. */
class S3BlobStoreTest extends CloudBlobStoreContractTest {

    String bucket;
    final S3Client other = TestS3.client();

    @Override
    BlobStore openStore() {
        bucket = TestS3.freshBucket();
        return new S3BlobStore(TestS3.client(), bucket, "s3://" + bucket, BackendOptions.REQUEST_TIMEOUT);
    }

    @AfterEach
    void closeOther() {
        other.close();
    }

    @Override
    void theirPut(String key, String content) {
        other.putObject(b -> b.bucket(bucket).key(key), RequestBody.fromString(content));
    }

    @Override
    void theirDelete(String key) {
        other.deleteObject(b -> b.bucket(bucket).key(key));
    }

    @Override
    String contentType(String key) {
        return other.headObject(b -> b.bucket(bucket).key(key)).contentType();
    }
}
