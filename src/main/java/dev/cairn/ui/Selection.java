package dev.cairn.ui;

import dev.cairn.backend.LockStatus;
import dev.cairn.backend.RunRow;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.state.RenderedState;
import java.util.Objects;

/**
 * The state the window has selected, as read once: the backend it is on (by the name the sidebar
 * shows), what is stored, Meltano's lock on it, the newest RUNNING row of its pipeline (null: none),
 * and its documents' texts, each printed once for all tabs. Published by the selection model each
 * time the selected ID is read or written; the ID list's badges, the inspector and every tab work
 * from it instead of reading (or printing) again.
 */
public record Selection(String backendName, StateBackend backend, StoredState stored, LockStatus lock,
                        RenderedState rendered, RunRow running) {

    public Selection {
        Objects.requireNonNull(backend);
        Objects.requireNonNull(stored);
        Objects.requireNonNull(rendered);
    }

    /** A selection with no pipeline running on it. */
    public Selection(String backendName, StateBackend backend, StoredState stored, LockStatus lock, RenderedState rendered) {
        this(backendName, backend, stored, lock, rendered, null);
    }

    /** A selection with no pipeline running on it, whose texts are not printed yet. */
    public Selection(String backendName, StateBackend backend, StoredState stored, LockStatus lock) {
        this(backendName, backend, stored, lock, new RenderedState(stored.document()));
    }

    /** The same ID, lock and run with what a write stored: its texts are printed anew. */
    public Selection written(StoredState now) {
        return new Selection(backendName, backend, now, lock, new RenderedState(now.document()), running);
    }

    public String stateId() {
        return stored.stateId();
    }
}
