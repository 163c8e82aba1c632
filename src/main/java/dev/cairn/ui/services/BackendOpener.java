package dev.cairn.ui.services;

import dev.cairn.backend.Backends;
import dev.cairn.backend.StateBackend;
import dev.cairn.ui.connect.SavedConnection;

/** Opens the backend of a connection; blocking, called from background tasks. Tests pass fakes. */
@FunctionalInterface
public interface BackendOpener {

    StateBackend open(SavedConnection connection);

    /** Through {@link Backends#open}: whichever backend family accepts the URI. */
    BackendOpener DEFAULT = connection -> Backends.open(connection.uri(), connection.options());
}
