package dev.cairn.backend.blob;

import com.google.cloud.storage.BlobId;
import com.google.cloud.storage.Storage;
import dev.cairn.backend.TestGcs;
import java.nio.charset.StandardCharsets;

/**
 * The GCS adapter against the firebase-tools emulator. The emulator ignores preconditions: the 412s
 * these tests meet come from the proxy in front of it, which answers as GCS does.
 */
class GcsBlobStoreTest extends CloudBlobStoreContractTest {

    Storage client;
    String bucket;

    @Override
    BlobStore openStore() {
        bucket = TestGcs.freshBucket();
        client = TestGcs.client();
        return new GcsBlobStore(GcsConnection.resolve(TestGcs.options()).client(), bucket, "gs://" + bucket);
    }

    @Override
    void theirPut(String key, String content) {
        TestGcs.put(client, bucket, key, content.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    void theirDelete(String key) {
        client.delete(BlobId.of(bucket, key));
    }

    @Override
    String contentType(String key) {
        return client.get(BlobId.of(bucket, key)).getContentType();
    }
}
