package dev.cairn.backend;

/**
 * Opens the backends of one kind; found through {@link java.util.ServiceLoader} (a line in
 * {@code META-INF/services/dev.cairn.backend.BackendFactory}).
 */
public interface BackendFactory {

    /** What the kind is, its URIs and settings: everything outside the factory reads the kind from here. */
    BackendKind kind();

    /** Whether this factory opens URIs like this one (usually by scheme). */
    boolean accepts(String uri);

    StateBackend open(String uri, BackendOptions options);
}
