package dev.cairn.backend.blob;

import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobContainerClient;
import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.TestAzurite;

/** The Azure adapter against Azurite, which answers 409 BlobAlreadyExists to {@code If-None-Match: *} on an existing blob. */
class AzureBlobStoreTest extends CloudBlobStoreContractTest {

    BlobContainerClient container;

    @Override
    BlobStore openStore() {
        container = TestAzurite.container(TestAzurite.freshContainer());
        return new AzureBlobStore(TestAzurite.container(container.getBlobContainerName()),
                "azure://" + container.getBlobContainerName(), BackendOptions.REQUEST_TIMEOUT);
    }

    @Override
    void theirPut(String key, String content) {
        container.getBlobClient(key).upload(BinaryData.fromString(content), true);
    }

    @Override
    void theirDelete(String key) {
        container.getBlobClient(key).delete();
    }

    @Override
    String contentType(String key) {
        return container.getBlobClient(key).getProperties().getContentType();
    }
}
