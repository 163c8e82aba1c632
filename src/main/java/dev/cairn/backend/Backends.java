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
                String systemDatabase = options.setting(BackendOptions.SYSTEM_DATABASE);
                if (systemDatabase != null && !(backend instanceof RunLog)) {
                    backend = new RunRecordingBackend(backend, () -> runLog(systemDatabase, options));
                }
                return options.readOnly() ? new ReadOnlyBackend(backend) : backend;
            }
            known.add(factory.schemes());
        }
        throw new BackendException("unknown backend URI " + Redaction.redact(uri) + " (expected one of: "
                + String.join(", ", known) + ")");
    }

    /** The project's system database, opened with the state backend's options but for its own URI. */
    private static RunLog runLog(String uri, BackendOptions options) {
        StateBackend systemDb = open(uri, options.withSetting(BackendOptions.SYSTEM_DATABASE, null));
        if (systemDb instanceof RunLog) {
            return (RunLog) systemDb;
        }
        systemDb.close();
        throw new BackendException(Redaction.redact(uri) + " is not a system database, so it has no runs table");
    }
}
