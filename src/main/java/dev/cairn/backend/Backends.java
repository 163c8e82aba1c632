package dev.cairn.backend;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/** Opens a backend from its URI with whichever family accepts it. */
public final class Backends {

    private Backends() {}

    public static StateBackend open(String uri, BackendOptions options) {
        if (uri == null || uri.isBlank()) {
            throw new BackendException("no backend URI given");
        }
        List<String> known = new ArrayList<>();
        for (BackendFactory factory : ServiceLoader.load(BackendFactory.class)) {
            if (factory.accepts(uri)) {
                StateBackend backend = factory.open(uri, options);
                return options.readOnly() ? new ReadOnlyBackend(backend) : backend;
            }
            known.add(factory.schemes());
        }
        throw new BackendException("unknown backend URI " + Redaction.redact(uri) + " (expected one of: "
                + String.join(", ", known) + ")");
    }
}
