package dev.cairn.backend;

/** The stored state changed since it was read; nothing was written. Carries what is stored now. */
public class ConflictException extends BackendException {

    private final StoredState current;

    public ConflictException(StoredState current, Version expected) {
        super("state " + current.stateId() + " changed since it was read (read at version " + expected
                + ", now " + (current.exists() ? "at " + current.version() : "absent") + "); nothing was written");
        this.current = current;
    }

    /** A conflict told in other words (what was done about it, too); {@code current} is what is stored now. */
    protected ConflictException(String message, StoredState current) {
        super(message);
        this.current = current;
    }

    public StoredState current() {
        return current;
    }
}
