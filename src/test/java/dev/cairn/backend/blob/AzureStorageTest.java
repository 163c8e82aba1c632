package dev.cairn.backend.blob;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.azure.storage.blob.BlobContainerClientBuilder;
import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.StateStorage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Which Azure containers are one storage, told without a server: accounts of one region may answer
 * on one address, so a container of another account with the same name is another storage whatever
 * its host resolves to.
 */
@Tag("unit")
class AzureStorageTest {

    @Test
    void twoAccountsAreTwoStoragesThoughTheirContainersShareAName() {
        StateStorage dev = store("https://dev.blob.core.windows.net").storage();
        StateStorage prod = store("https://prod.blob.core.windows.net").storage();
        assertEquals("dev", ((StateStorage.ObjectStore) dev).account());
        assertFalse(StateStorage.same(dev, prod), "dev's container is not prod's");
        assertTrue(StateStorage.same(dev, store("https://DEV.blob.core.windows.net/").storage()), "one account, spelled twice");
    }

    @Test
    void anAccountNotNamedForCertainIsLeftToTheService() {
        assertNull(((StateStorage.ObjectStore) store("https://state.example.com").storage()).account(),
                "a custom domain's first label need not be the account");
        StateStorage local = store("http://127.0.0.1:10000/devstoreaccount1").storage();
        assertNull(((StateStorage.ObjectStore) local).account(), "path-style: the service's path names the account");
        assertTrue(StateStorage.same(local, store("http://localhost:10000/devstoreaccount1").storage()));
    }

    /** A store on the account URL, built without asking the service anything. */
    private static AzureBlobStore store(String accountUrl) {
        return new AzureBlobStore(new BlobContainerClientBuilder().endpoint(accountUrl).containerName("meltano").buildClient(),
                "azure://meltano/state", BackendOptions.REQUEST_TIMEOUT);
    }
}
