package dev.cairn.backend;

/** Opens the backends of one family; found through {@link java.util.ServiceLoader}. */
public interface BackendFactory {

    /** Whether this factory opens URIs like this one (usually by scheme). */
    boolean accepts(String uri);

    /** The URI schemes, for help texts. */
    String schemes();

    StateBackend open(String uri, BackendOptions options);
}
