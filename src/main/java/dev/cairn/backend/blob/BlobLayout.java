package dev.cairn.backend.blob;

import dev.cairn.backend.ListedState;
import java.util.function.Consumer;

/** Where Meltano keeps a state ID's {@code state.json} and {@code lock} in a store, and how it lists IDs. */
interface BlobLayout {

    String stateKey(String stateId);

    String lockKey(String stateId);

    /** The IDs in the store matching the pattern as Meltano's list for this layout matches it (null: all). */
    void list(BlobStore store, String pattern, Consumer<ListedState> sink);

    String STATE_FILE = "state.json";
    String LOCK_FILE = "lock";
}
