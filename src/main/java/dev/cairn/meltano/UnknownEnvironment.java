package dev.cairn.meltano;

import dev.cairn.backend.BackendException;

/** The environment asked for is not defined in the project's {@code meltano.yml}: the user named it wrong. */
public final class UnknownEnvironment extends BackendException {

    UnknownEnvironment(String message) {
        super(message);
    }
}
