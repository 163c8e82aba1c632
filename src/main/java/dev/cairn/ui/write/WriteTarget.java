package dev.cairn.ui.write;

import dev.cairn.backend.StateBackend;
import dev.cairn.ui.connect.Environment;

/**
 * Where a write goes: an open backend with the name, environment and read-only flag of its
 * connection, which decide what the write must confirm and whether it is offered at all.
 */
public record WriteTarget(String name, StateBackend backend, Environment environment, boolean readOnly) {

    public boolean isProduction() {
        return environment == Environment.PROD;
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
