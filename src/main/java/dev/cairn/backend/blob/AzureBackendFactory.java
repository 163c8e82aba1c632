package dev.cairn.backend.blob;

import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.models.BlobStorageException;
import dev.cairn.backend.BackendException;
import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Transport;

/**
 * Opens Meltano's {@code azure://container/prefix} backend (see {@link AzureConnection} for the
 * account). The URI is read as Meltano reads it ({@link CloudUri}); like Meltano, Cairn never creates
 * the container.
 */
public final class AzureBackendFactory extends CloudBackendFactory {

    public AzureBackendFactory() {
        super("azure://", "container");
    }

    @Override
    BlobStore openStore(CloudUri location, BackendOptions options) {
        AzureConnection connection = AzureConnection.resolve(options);
        BlobServiceClient service = connection.client();
        BlobContainerClient container = service.getBlobContainerClient(location.host());
        checkContainer(container, location, service.getAccountUrl(), connection);
        return new AzureBlobStore(container, location.display());
    }

    /** Fails early, in one line naming the container, account and credentials, rather than on the first listing. */
    private static void checkContainer(BlobContainerClient container, CloudUri location, String accountUrl,
                                       AzureConnection connection) {
        String where = "container " + location.host() + " at " + accountUrl + " (credentials: "
                + connection.credentialSource() + ")";
        boolean exists;
        try {
            exists = container.exists();
        } catch (RuntimeException e) {
            throw new BackendException("cannot open " + location.display() + ": " + reason(e) + ", " + where, e);
        }
        if (!exists) {
            throw new BackendException("cannot open " + location.display() + ": no such " + where
                    + "; Meltano does not create it either");
        }
    }

    /**
     * An error in one line: a service error by its status and code (the SDK's message carries the
     * whole XML body), a transport failure by its first line.
     */
    static String reason(RuntimeException e) {
        if (e instanceof BlobStorageException) {
            BlobStorageException s = (BlobStorageException) e;
            return "HTTP " + s.getStatusCode() + (s.getErrorCode() == null ? "" : " " + s.getErrorCode());
        }
        return Transport.reasonOrFirstLine(e);
    }
}
