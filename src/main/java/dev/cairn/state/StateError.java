package dev.cairn.state;

/** A stored state Meltano cannot read: what is wrong, and where. */
public final class StateError extends Exception {

    /** Why the state cannot be read. */
    public enum Kind { CORRUPT_JSON, NULL_DOCUMENT, MERGE }

    private final Kind kind;
    private final String path;

    public StateError(Kind kind, String message, String path) {
        super(message);
        this.kind = kind;
        this.path = path;
    }

    static StateError corrupt(String part, JsonSyntaxError e) {
        return new StateError(Kind.CORRUPT_JSON, "the " + part + " state is not valid JSON: " + e.getMessage(), "");
    }

    public Kind kind() {
        return kind;
    }

    /** JSON pointer where a merge fails, or {@code ""}. */
    public String path() {
        return path;
    }
}
