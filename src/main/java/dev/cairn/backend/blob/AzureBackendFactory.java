package dev.cairn.backend.blob;

import com.azure.core.util.Context;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.models.BlobStorageException;
import dev.cairn.backend.BackendException;
import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.BackendSetting;
import dev.cairn.backend.Transport;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeoutException;

/**
 * Opens Meltano's {@code azure://container/prefix} backend (see {@link AzureConnection} for the
 * account). The URI is read as Meltano reads it ({@link CloudUri}); like Meltano, Cairn never creates
 * the container.
 */
public final class AzureBackendFactory extends CloudBackendFactory {

    public AzureBackendFactory() {
        super("azure", "Azure Blob Storage", "azure://", "container", "An Azure URI", List.of(
                BackendSetting.meltano(AzureConnection.CONNECTION_STRING_SETTING,
                        "MELTANO_STATE_BACKEND_AZURE_CONNECTION_STRING", "Azure connection string").asSecret(),
                BackendSetting.meltano(AzureConnection.ACCOUNT_URL_SETTING, "MELTANO_STATE_BACKEND_AZURE_STORAGE_ACCOUNT_URL",
                        "Azure account URL")
                        .withHint("https://account.blob.core.windows.net (empty: the connection string)")
                        .inConnectForm()));
    }

    @Override
    BlobStore openStore(CloudUri location, BackendOptions options) {
        AzureConnection connection = AzureConnection.resolve(options);
        BlobServiceClient service = connection.client();
        BlobContainerClient container = service.getBlobContainerClient(location.host());
        checkContainer(container, location, service.getAccountUrl(), connection);
        return new AzureBlobStore(container, location.display(), connection.requestTimeout());
    }

    /** Fails early, in one line naming the container, account and credentials, rather than on the first listing. */
    private static void checkContainer(BlobContainerClient container, CloudUri location, String accountUrl,
                                       AzureConnection connection) {
        String where = "container " + location.host() + " at " + accountUrl + " (credentials: "
                + connection.credentialSource() + ")";
        boolean exists;
        try {
            exists = container.existsWithResponse(connection.requestTimeout(), Context.NONE).getValue();
        } catch (RuntimeException e) {
            throw new BackendException("cannot open " + location.display() + ": " + reason(e, connection.requestTimeout())
                    + ", " + where, e);
        }
        if (!exists) {
            throw new BackendException("cannot open " + location.display() + ": no such " + where
                    + "; Meltano does not create it either");
        }
    }

    /**
     * An error in one line: a service error by its status and code (the SDK's message carries the
     * whole XML body), a call cut at its timeout (the SDK's TimeoutException, wrapped) as such, a
     * transport failure by its first line.
     */
    static String reason(RuntimeException e, Duration requestTimeout) {
        if (e instanceof BlobStorageException) {
            BlobStorageException s = (BlobStorageException) e;
            return "HTTP " + s.getStatusCode() + (s.getErrorCode() == null ? "" : " " + s.getErrorCode());
        }
        return cutAtTimeout(e) ? Transport.tookLongerThan(requestTimeout) : Transport.reasonOrFirstLine(e);
    }

    /** Whether the SDK cut the call at the timeout it was given (it throws its TimeoutException, wrapped). */
    static boolean cutAtTimeout(RuntimeException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof TimeoutException) {
                return true;
            }
        }
        return false;
    }
}
