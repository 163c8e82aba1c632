package dev.cairn.backend.blob;

import dev.cairn.backend.StateStorage;
import dev.cairn.backend.Version;
import java.time.Instant;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;

/**
 * The little a state backend needs of an object store (a local folder, S3, Azure, GCS): keys are
 * '/'-separated paths. Conditional puts and deletes make compare-and-set possible where the store
 * supports it natively; the Meltano lock protocol guards the rest.
 */
public interface BlobStore extends AutoCloseable {

    /** The store's location with secrets removed. */
    String displayUri();

    /** What the store is: its folder, or its bucket on its service (see {@link StateStorage}). */
    StateStorage storage();

    /** The blob at the key, or {@code null} when there is none. */
    Blob get(String key);

    /**
     * A token that differs whenever the blob at the key has changed, "absent" while there is none:
     * the blob's version where nothing cheaper tells; stores override it with a request for the
     * blob's metadata alone (a HEAD), its bytes left where they are.
     */
    default String changeStamp(String key) {
        Blob blob = get(key);
        return blob == null ? Version.ABSENT.token() : blob.version().token();
    }

    /**
     * Stores bytes at the key if the blob there is still at {@code expected}: {@code null} means
     * unconditionally, {@link Version#ABSENT} means only if no blob exists.
     *
     * @return the version now stored
     * @throws PreconditionFailed the blob is not at {@code expected}; nothing was written
     */
    Version put(String key, byte[] data, Version expected);

    /**
     * {@link #put}, asking {@code stillAllowed} once more at the last moment before the new bytes can
     * become visible; {@code false} fails the put with nothing written. A store whose compare is not
     * atomic (a folder) asks it just before its rename, where it narrows the window a racing writer has.
     */
    default Version put(String key, byte[] data, Version expected, BooleanSupplier stillAllowed) {
        if (!stillAllowed.getAsBoolean()) {
            throw new PreconditionFailed(key);
        }
        return put(key, data, expected);
    }

    /**
     * Whether {@link #put} and {@link #delete} check {@code expected} atomically in the store itself
     * (S3's and Azure's {@code If-Match}), so that a put needs no read before it to be a compare-and-set.
     */
    default boolean comparesAtomically() {
        return false;
    }

    /**
     * Whether a {@link #put} that failed may have stored its bytes all the same: over a network the
     * server may carry a request out and its answer be lost or cut short; a folder's failed write
     * leaves nothing.
     */
    default boolean failedPutMayHaveLanded() {
        return false;
    }

    /**
     * Deletes the blob at the key if there is one and it is still at {@code expected} ({@code null}:
     * whatever its version). A blob deleted meanwhile is no failure: what was asked is done.
     *
     * @throws PreconditionFailed the blob is at another version; nothing was deleted
     */
    void delete(String key, Version expected);

    /**
     * Every key starting with the prefix (a raw string prefix, as S3 lists), in store order, with
     * the time its blob was last written: the listing carries it, so it costs no request of its own.
     */
    void list(String prefix, BiConsumer<String, Instant> keys);

    @Override
    void close();

    /** A blob's bytes and version. */
    record Blob(byte[] data, Version version) {}

    /** A conditional put found the blob at another version. */
    final class PreconditionFailed extends RuntimeException {
        public PreconditionFailed(String key) {
            super("the blob at " + key + " changed", null, false, false);
        }
    }
}
