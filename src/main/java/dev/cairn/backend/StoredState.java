package dev.cairn.backend;

import dev.cairn.state.StateDocument;
import java.util.Objects;

/** A state as read from a backend: the document (or none) and the version it was read at. */
public final class StoredState {

    private final String stateId;
    private final StateDocument document;
    private final Version version;

    private StoredState(String stateId, StateDocument document, Version version) {
        this.stateId = Objects.requireNonNull(stateId);
        this.document = document;
        this.version = Objects.requireNonNull(version);
    }

    public static StoredState present(String stateId, StateDocument document, Version version) {
        return new StoredState(stateId, Objects.requireNonNull(document), version);
    }

    public static StoredState absent(String stateId) {
        return new StoredState(stateId, null, Version.ABSENT);
    }

    public String stateId() {
        return stateId;
    }

    public boolean exists() {
        return document != null;
    }

    /** The stored document; for an absent state, what Meltano reports for it ({@code {}} / {@code {}}). */
    public StateDocument document() {
        return document == null ? StateDocument.EMPTY : document;
    }

    public Version version() {
        return version;
    }

    @Override
    public String toString() {
        return stateId + "@" + version + (exists() ? " " + document : " (absent)");
    }
}
