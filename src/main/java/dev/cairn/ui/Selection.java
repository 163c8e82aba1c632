package dev.cairn.ui;

import dev.cairn.backend.LockStatus;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.state.RenderedState;
import java.util.Objects;

/**
 * The state the window has selected, as read once: the backend it is on (by the name the sidebar
 * shows), what is stored, Meltano's lock on it, and its documents' texts, each printed once for all
 * tabs. Published by the window each time the selected ID is read; every tab works from it instead
 * of reading (or printing) again.
 */
public record Selection(String backendName, StateBackend backend, StoredState stored, LockStatus lock,
                        RenderedState rendered) {

    public Selection {
        Objects.requireNonNull(backend);
        Objects.requireNonNull(stored);
        Objects.requireNonNull(rendered);
    }

    /** A selection whose texts are not printed yet. */
    public Selection(String backendName, StateBackend backend, StoredState stored, LockStatus lock) {
        this(backendName, backend, stored, lock, new RenderedState(stored.document()));
    }

    public String stateId() {
        return stored.stateId();
    }
}
