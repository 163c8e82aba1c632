package dev.cairn.backend.blob;

import dev.cairn.backend.BackendException;
import dev.cairn.backend.StateStorage;
import dev.cairn.backend.Version;
import java.net.URI;
import java.util.Arrays;

/**
 * What S3, Azure and GCS share as blob stores: the service checks a put's or a delete's expected
 * version itself, and the SDK's own retries and a racing deleter make a failed condition mean less
 * than it says, which each store reads the same way here.
 */
abstract class CloudBlobStore implements BlobStore {

    /** Where keys live, as the service names it ({@code s3://bucket}), for error messages. */
    private final String location;
    private final String displayUri;
    private final StateStorage.ObjectStore storage;

    /**
     * @param kind the URI scheme Meltano names the service by: {@code s3}, {@code azure}, {@code gs}
     * @param service the endpoint the client talks to, or null for the cloud's own
     * @param account the account the bucket is in, where the service has them (Azure), else null
     */
    CloudBlobStore(String kind, URI service, String account, String bucket, String displayUri) {
        this.location = kind + "://" + bucket;
        this.displayUri = displayUri;
        this.storage = new StateStorage.ObjectStore(kind, service, account, bucket);
    }

    @Override
    public final String displayUri() {
        return displayUri;
    }

    @Override
    public final StateStorage storage() {
        return storage;
    }

    @Override
    public final boolean comparesAtomically() {
        return true;
    }

    @Override
    public final boolean failedPutMayHaveLanded() {
        return true;
    }

    /**
     * What a conditional put that failed its condition really met. The SDKs retry a request whose
     * response they lost; the retry of a conditional put that went through the first time fails its
     * condition against our own write, which is then found stored.
     *
     * @return the version of our own bytes, stored by the first try
     * @throws PreconditionFailed someone else's blob is there
     */
    final Version ownRetriedWrite(String key, byte[] data) {
        Blob now = get(key);
        if (now != null && Arrays.equals(now.data(), data)) {
            return now.version();
        }
        throw new PreconditionFailed(key);
    }

    /**
     * What a conditional delete that failed its condition really met: the services answer the
     * expected version of a blob deleted meanwhile as a failed condition too, and a blob gone is
     * what was asked.
     *
     * @throws PreconditionFailed the blob is there at another version
     */
    final void deletedUnlessChanged(String key) {
        if (get(key) != null) {
            throw new PreconditionFailed(key);
        }
    }

    /** Service errors and transport failures (the server gone, after the client's retries) alike. */
    final BackendException failure(String action, String key, String reason, Exception cause) {
        return new BackendException("cannot " + action + " " + location + "/" + key + " (" + displayUri + "): " + reason,
                cause);
    }
}
