package dev.cairn.ui.write;

import dev.cairn.backend.StateBackend;
import dev.cairn.ops.EnvironmentGuard;
import dev.cairn.ui.connect.Environment;
import java.util.Optional;

/**
 * Where a write goes: an open backend with the name, environment and read-only flag of its
 * connection, which decide what the write must confirm and whether it is offered at all.
 *
 * @param meltanoEnvironment the Meltano project environment the connection was opened from; null
 *     for a connection made from a URI (as the connection keeps it)
 */
public record WriteTarget(String name, StateBackend backend, Environment environment, boolean readOnly,
                          String meltanoEnvironment) {

    /** A target of no Meltano project environment. */
    public WriteTarget(String name, StateBackend backend, Environment environment, boolean readOnly) {
        this(name, backend, environment, readOnly, null);
    }

    public boolean isProduction() {
        return environment == Environment.PROD;
    }

    /**
     * The environment whose state IDs this target holds, for the environment guard: the project
     * environment the connection was opened from, else the one all its stored IDs name, as for a
     * backend the command line is given by URI ({@link EnvironmentGuard#ofStored}); empty where
     * neither tells. Blocking: may list the backend.
     */
    public Optional<String> idEnvironment() {
        return meltanoEnvironment != null ? Optional.of(meltanoEnvironment) : EnvironmentGuard.ofStored(backend);
    }

    /** Why writes are not offered here (the connection's flag, or the backend's own reason), or null when they are. */
    public String whyReadOnly() {
        return readOnly ? readOnlyReason(name, backend.displayUri())
                : backend.readOnlyReason().map(reason -> name + " is read-only: its states are " + reason + ".").orElse(null);
    }

    /** The sentence that explains disabled write actions. */
    public static String readOnlyReason(String name, String displayUri) {
        return name + " is a read-only connection: writes are disabled here, and the backend refuses every write to "
                + displayUri + " (Edit the connection, F2 in the sidebar, to change it).";
    }
}
