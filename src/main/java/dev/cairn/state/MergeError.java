package dev.cairn.state;

/** Where Meltano's merge raises (a dict merged onto a non-dict, a NULL document): the path and why. */
public final class MergeError extends Exception {

    private final String path;

    public MergeError(String path, String reason) {
        super("merge fails at " + (path.isEmpty() ? "the top level" : path) + ": " + reason);
        this.path = path;
    }

    /** JSON pointer of the key whose merge fails ({@code ""} for the document itself). */
    public String path() {
        return path;
    }
}
