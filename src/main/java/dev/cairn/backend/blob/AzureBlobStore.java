package dev.cairn.backend.blob;

import com.azure.core.exception.AzureException;
import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.models.BlobDownloadContentResponse;
import com.azure.storage.blob.models.BlobErrorCode;
import com.azure.storage.blob.models.BlobHttpHeaders;
import com.azure.storage.blob.models.BlobRequestConditions;
import com.azure.storage.blob.models.BlobStorageException;
import com.azure.storage.blob.models.ListBlobsOptions;
import com.azure.storage.blob.options.BlockBlobSimpleUploadOptions;
import dev.cairn.backend.BackendException;
import dev.cairn.backend.Version;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.function.BiConsumer;

/**
 * An Azure Blob Storage container as a blob store. Versions are ETags; puts are conditional with
 * {@code If-Match} / {@code If-None-Match: *}, so a writer that ignores Meltano's lock still cannot
 * slip a change in between Cairn's read and its write. Every call carries the request timeout (see
 * {@link AzureConnection#requestTimeout}).
 */
final class AzureBlobStore extends CloudBlobStore {

    private final BlobContainerClient container;
    private final Duration requestTimeout;

    AzureBlobStore(BlobContainerClient container, String displayUri, Duration requestTimeout) {
        super("azure", URI.create(container.getAccountUrl()), accountOfHost(container), container.getBlobContainerName(),
                displayUri);
        this.container = container;
        this.requestTimeout = requestTimeout;
    }

    /**
     * The storage account, where the host names it as Azure's own hosts do ({@code dev.blob.core.windows.net},
     * {@code dev.privatelink.blob.core.windows.net}); null for a custom domain, whose first label need not be
     * the account, and for a path-style endpoint (Azurite's {@code http://127.0.0.1:10000/devstoreaccount1}),
     * whose path, part of the service, names the account already.
     */
    private static String accountOfHost(BlobContainerClient container) {
        String host = URI.create(container.getAccountUrl()).getHost();
        return host != null && host.toLowerCase(Locale.ROOT).contains(".blob.core.")
                ? container.getAccountName().toLowerCase(Locale.ROOT) : null;
    }

    @Override
    public Blob get(String key) {
        try {
            BlobDownloadContentResponse response = blob(key).downloadContentWithResponse(null, null, requestTimeout,
                    Context.NONE);
            return new Blob(response.getValue().toBytes(), Version.of(response.getDeserializedHeaders().getETag()));
        } catch (BlobStorageException e) {
            if (BlobErrorCode.BLOB_NOT_FOUND.equals(e.getErrorCode())) {
                return null;
            }
            throw failure("read", key, e);
        } catch (RuntimeException e) {
            throw failure("read", key, e);
        }
    }

    /** The blob's properties (a HEAD): its ETag. */
    @Override
    public String changeStamp(String key) {
        try {
            return blob(key).getPropertiesWithResponse(null, requestTimeout, Context.NONE).getValue().getETag();
        } catch (BlobStorageException e) {
            if (BlobErrorCode.BLOB_NOT_FOUND.equals(e.getErrorCode()) || e.getStatusCode() == 404) {
                return Version.ABSENT.token();
            }
            throw failure("read", key, e);
        } catch (RuntimeException e) {
            throw failure("read", key, e);
        }
    }

    @Override
    public Version put(String key, byte[] data, Version expected) {
        BlobRequestConditions conditions = new BlobRequestConditions();
        if (Version.ABSENT.equals(expected)) {
            conditions.setIfNoneMatch("*");
        } else if (expected != null) {
            conditions.setIfMatch(expected.token());
        }
        BlockBlobSimpleUploadOptions upload = new BlockBlobSimpleUploadOptions(BinaryData.fromBytes(data))
                .setHeaders(new BlobHttpHeaders().setContentType(S3BlobStore.CONTENT_TYPE))
                .setRequestConditions(conditions);
        try {
            return Version.of(blob(key).getBlockBlobClient().uploadWithResponse(upload, requestTimeout, Context.NONE)
                    .getValue().getETag());
        } catch (BlobStorageException e) {
            if (expected != null && isPreconditionFailure(e)) {
                return ownRetriedWrite(key, data);
            }
            throw failure("write", key, e);
        } catch (RuntimeException e) {
            throw failure("write", key, e);
        }
    }

    /**
     * 412: the blob is not at the expected ETag (real Azure may say so for {@code If-None-Match: *}
     * too); 409 BlobAlreadyExists: {@code If-None-Match: *} on a blob that exists (Azurite, and Azure
     * at times); 404 BlobNotFound: {@code If-Match} on a blob deleted meanwhile.
     */
    private static boolean isPreconditionFailure(BlobStorageException e) {
        return e.getStatusCode() == 412
                || BlobErrorCode.BLOB_ALREADY_EXISTS.equals(e.getErrorCode())
                || BlobErrorCode.BLOB_NOT_FOUND.equals(e.getErrorCode());
    }

    @Override
    public void delete(String key, Version expected) {
        BlobRequestConditions conditions = new BlobRequestConditions().setIfMatch(expected == null ? null : expected.token());
        try {
            blob(key).deleteWithResponse(null, conditions, requestTimeout, Context.NONE);
        } catch (BlobStorageException e) {
            if (BlobErrorCode.BLOB_NOT_FOUND.equals(e.getErrorCode())) {
                return;
            }
            if (expected != null && e.getStatusCode() == 412) {
                deletedUnlessChanged(key);
                return;
            }
            throw failure("delete", key, e);
        } catch (RuntimeException e) {
            throw failure("delete", key, e);
        }
    }

    /**
     * Every page of the listing, handed on as it arrives: 1000 names a request, as S3 pages, for a
     * quick first page; the request timeout is each page's.
     */
    @Override
    public void list(String prefix, BiConsumer<String, Instant> keys) {
        ListBlobsOptions options = new ListBlobsOptions().setPrefix(prefix.isEmpty() ? null : prefix).setMaxResultsPerPage(1000);
        try {
            container.listBlobs(options, requestTimeout)
                    .forEach(item -> keys.accept(item.getName(), item.getProperties().getLastModified().toInstant()));
        } catch (AzureException | UncheckedIOException e) {
            throw failure("list", prefix + "*", e);
        } catch (RuntimeException e) {
            // the listing's, or the consumer's own, which goes on as it is
            throw AzureBackendFactory.cutAtTimeout(e) ? failure("list", prefix + "*", e) : e;
        }
    }

    @Override
    public void close() {
        // nothing to close: Java 17's HTTP client has no close, its idle connections end on their own
    }

    private BlobClient blob(String key) {
        return container.getBlobClient(key);
    }

    private BackendException failure(String action, String key, RuntimeException e) {
        return failure(action, key, AzureBackendFactory.reason(e, requestTimeout), e);
    }
}
