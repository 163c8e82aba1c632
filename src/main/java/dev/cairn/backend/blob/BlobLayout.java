package dev.cairn.backend.blob;

import dev.cairn.backend.BackendException;
import dev.cairn.backend.ListedState;
import java.time.Instant;
import java.util.function.BiConsumer;

/** Where Meltano keeps a state ID's {@code state.json} and {@code lock} in a store, and how it lists IDs. */
interface BlobLayout {

    String STATE_FILE = "state.json";
    String LOCK_FILE = "lock";
    String STATE_SUFFIX = "/" + STATE_FILE;

    /** The folder (key prefix) holding an ID's {@code state.json} and {@code lock}. */
    String folder(String stateId);

    /** The raw key prefix every ID's folder starts with: a listing of it sees every state and lock. */
    default String root() {
        return "";
    }

    /**
     * The IDs in the store matching the pattern as Meltano's list for this layout matches it (null:
     * all), each with the time its {@code state.json} was last written.
     */
    void list(BlobStore store, String pattern, BiConsumer<ListedState, Instant> sink);

    /**
     * The IDs of {@link #list} (no pattern) that start with the prefix; a layout whose keys start
     * with their IDs narrows the store's listing to the prefix.
     */
    default void listStartingWith(BlobStore store, String idPrefix, BiConsumer<ListedState, Instant> sink) {
        list(store, null, (listed, modified) -> {
            if (listed.stateId().startsWith(idPrefix)) {
                sink.accept(listed, modified);
            }
        });
    }

    default String stateKey(String stateId) {
        return folder(nonEmpty(stateId)) + STATE_SUFFIX;
    }

    default String lockKey(String stateId) {
        return folder(nonEmpty(stateId)) + "/" + LOCK_FILE;
    }

    /** An empty ID would put its {@code state.json} straight into the root (or prefix) folder, where no ID lives. */
    private static String nonEmpty(String stateId) {
        if (stateId.isEmpty()) {
            throw new BackendException("a state ID cannot be empty in a file or cloud backend: its folder would be the backend's own");
        }
        return stateId;
    }

    /** The folder of a key that names a {@code state.json} below a folder, or null for any other key. */
    static String stateFolder(String key) {
        return key.endsWith(STATE_SUFFIX) ? key.substring(0, key.length() - STATE_SUFFIX.length()) : null;
    }
}
