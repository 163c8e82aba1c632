package dev.cairn.ui;

import dev.cairn.backend.LockStatus;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import java.util.Objects;

/**
 * The state the window has selected, as read once: the backend it is on (by the name the sidebar
 * shows), what is stored, and Meltano's lock on it. Published by the window each time the selected
 * ID is read; every tab works from it instead of reading again.
 */
public record Selection(String backendName, StateBackend backend, StoredState stored, LockStatus lock) {

    public Selection {
        Objects.requireNonNull(backend);
        Objects.requireNonNull(stored);
    }

    public String stateId() {
        return stored.stateId();
    }
}
