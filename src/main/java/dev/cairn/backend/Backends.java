package dev.cairn.backend;

import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/** Opens a backend from its URI with whichever family accepts it. */
public final class Backends {

    private Backends() {}

    /** The registered factories, in the order of the services file, loaded once. */
    private static final class Registered {
        static final List<BackendFactory> FACTORIES = ServiceLoader.load(BackendFactory.class).stream()
                .map(ServiceLoader.Provider::get).toList();
    }

    /** Every registered backend kind. */
    public static List<BackendKind> kinds() {
        return Registered.FACTORIES.stream().map(BackendFactory::kind).toList();
    }

    /**
     * The kind {@code uri} names: the one with its scheme, else the first whose factory accepts it.
     * A factory may accept another kind's scheme to tell them apart when it opens (Meltano's
     * PostgreSQL extension takes {@code postgresql://} databases that hold only its table), which
     * does not make such a URI its kind before it is opened.
     */
    public static Optional<BackendKind> kindOf(String uri) {
        if (uri == null) {
            return Optional.empty();
        }
        List<BackendKind> accepting = Registered.FACTORIES.stream().filter(f -> f.accepts(uri)).map(BackendFactory::kind).toList();
        return accepting.stream().filter(kind -> kind.schemes().stream().anyMatch(scheme -> uri.startsWith(scheme + ":")))
                .findFirst().or(() -> accepting.stream().findFirst());
    }

    /** The setting some kind describes under {@code key}, if any. */
    public static Optional<BackendSetting> setting(String key) {
        return kinds().stream().flatMap(k -> k.settings().stream()).filter(s -> s.key().equals(key)).findFirst();
    }

    public static StateBackend open(String uri, BackendOptions options) {
        if (uri == null || uri.isBlank()) {
            throw new BackendException("no backend URI given");
        }
        for (BackendFactory factory : Registered.FACTORIES) {
            if (factory.accepts(uri)) {
                StateBackend backend = factory.open(uri, options);
                String systemDatabase = options.setting(BackendOptions.SYSTEM_DATABASE);
                if (systemDatabase != null && !(backend instanceof RunLog)) {
                    backend = new RunRecordingBackend(backend, () -> runLog(systemDatabase, options));
                }
                return options.readOnly() ? new ReadOnlyBackend(backend) : backend;
            }
        }
        throw new BackendException("unknown backend URI " + Redaction.redact(uri) + " (expected one of: "
                + String.join(", ", kinds().stream().map(BackendKind::exampleUri).toList()) + ")");
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
