package dev.cairn.backend.blob;

import com.google.cloud.storage.BlobId;
import com.google.cloud.storage.BlobInfo;
import com.google.cloud.storage.Storage;
import com.google.cloud.storage.StorageException;
import dev.cairn.backend.BackendException;
import dev.cairn.backend.Version;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.time.Instant;
import java.util.function.BiConsumer;

/**
 * A Google Cloud Storage bucket as a blob store. Versions are object generations; writes carry
 * {@code ifGenerationMatch} (0 for "only if absent") and so do deletes, so a writer that ignores
 * Meltano's lock still cannot slip a change in between Cairn's read and its write.
 */
final class GcsBlobStore extends CloudBlobStore {

    /** A read looks up the generation, then reads those bytes; a writer in between sends it round again. */
    private static final int READ_TRIES = 5;

    private final Storage storage;
    private final String bucket;

    GcsBlobStore(Storage storage, String bucket, String displayUri) {
        super("gs", URI.create(storage.getOptions().getHost()), null, bucket, displayUri);
        this.storage = storage;
        this.bucket = bucket;
    }

    /**
     * Fails early, in one line naming the bucket and credentials, rather than on the first listing.
     * A one-key listing, not a bucket lookup: it needs only the object rights a state backend has anyway.
     */
    void checkBucket(String credentialSource) {
        String where = "bucket " + bucket + " (credentials: " + credentialSource + ")";
        try {
            storage.list(bucket, Storage.BlobListOption.pageSize(1),
                    Storage.BlobListOption.fields(Storage.BlobField.NAME));
        } catch (StorageException e) {
            if (e.getCode() == 404) {
                throw new BackendException("cannot open " + displayUri() + ": no such " + where
                        + "; Meltano does not create it either");
            }
            throw new BackendException("cannot open " + displayUri() + ": " + GcsBackendFactory.reason(e) + ", " + where, e);
        } catch (RuntimeException e) {
            throw new BackendException("cannot open " + displayUri() + ": " + GcsBackendFactory.reason(e) + ", " + where, e);
        }
    }

    @Override
    public Blob get(String key) {
        try {
            for (int i = 0; i < READ_TRIES; i++) {
                // qualified: Blob here is BlobStore's own
                com.google.cloud.storage.Blob meta = storage.get(BlobId.of(bucket, key), Storage.BlobGetOption.fields(Storage.BlobField.GENERATION));
                if (meta == null) {
                    return null;
                }
                try {
                    byte[] data = storage.readAllBytes(BlobId.of(bucket, key, meta.getGeneration()));
                    return new Blob(data, Version.of(Long.toString(meta.getGeneration())));
                } catch (StorageException e) {
                    if (e.getCode() != 404) {
                        throw e;
                    }
                    // that generation was replaced or deleted since: look again
                }
            }
            throw failure("read", key, "it changed on every one of " + READ_TRIES + " reads", null);
        } catch (StorageException e) {
            throw failure("read", key, e);
        }
    }

    /** The object's metadata, its generation field alone. */
    @Override
    public String changeStamp(String key) {
        try {
            // qualified: Blob here is BlobStore's own
            com.google.cloud.storage.Blob meta = storage.get(BlobId.of(bucket, key),
                    Storage.BlobGetOption.fields(Storage.BlobField.GENERATION));
            return meta == null ? Version.ABSENT.token() : Long.toString(meta.getGeneration());
        } catch (StorageException e) {
            throw failure("read", key, e);
        }
    }

    @Override
    public Version put(String key, byte[] data, Version expected) {
        BlobInfo info = BlobInfo.newBuilder(bucket, key).setContentType(S3BlobStore.CONTENT_TYPE).build();
        Storage.BlobWriteOption[] condition = expected == null ? new Storage.BlobWriteOption[0]
                : new Storage.BlobWriteOption[] {Version.ABSENT.equals(expected) ? Storage.BlobWriteOption.doesNotExist()
                        : Storage.BlobWriteOption.generationMatch(generation(expected))};
        try {
            // a resumable upload: the one way of writing that every GCS JSON API server takes
            // qualified: Blob here is BlobStore's own
            com.google.cloud.storage.Blob written = storage.createFrom(info, new ByteArrayInputStream(data), condition);
            return Version.of(Long.toString(written.getGeneration()));
        } catch (StorageException e) {
            if (expected != null && e.getCode() == 412) {
                return ownRetriedWrite(key, data);
            }
            throw failure("write", key, e);
        } catch (IOException e) {
            throw failure("write", key, GcsBackendFactory.reason(e), e);
        }
    }

    @Override
    public void delete(String key, Version expected) {
        Storage.BlobSourceOption[] condition = expected == null ? new Storage.BlobSourceOption[0]
                : new Storage.BlobSourceOption[] {Storage.BlobSourceOption.generationMatch(generation(expected))};
        try {
            storage.delete(BlobId.of(bucket, key), condition); // false: already gone, which is what was asked
        } catch (StorageException e) {
            if (expected != null && e.getCode() == 412) {
                deletedUnlessChanged(key);
                return;
            }
            throw failure("delete", key, e);
        }
    }

    /** Every page of the listing, handed on as it arrives: 1000 names a request, as S3 pages. */
    @Override
    public void list(String prefix, BiConsumer<String, Instant> keys) {
        try {
            storage.list(bucket, Storage.BlobListOption.prefix(prefix), Storage.BlobListOption.pageSize(1000),
                            Storage.BlobListOption.fields(Storage.BlobField.NAME, Storage.BlobField.UPDATED))
                    .iterateAll().forEach(blob -> keys.accept(blob.getName(), blob.getUpdateTimeOffsetDateTime().toInstant()));
        } catch (StorageException e) {
            throw failure("list", prefix + "*", e);
        }
    }

    @Override
    public void close() {
        try {
            storage.close();
        } catch (Exception e) {
            // closing an HTTP client's pool: nothing of ours is left half-done
        }
    }

    private static long generation(Version version) {
        return Long.parseLong(version.token());
    }

    private BackendException failure(String action, String key, StorageException e) {
        return failure(action, key, GcsBackendFactory.reason(e), e);
    }
}
