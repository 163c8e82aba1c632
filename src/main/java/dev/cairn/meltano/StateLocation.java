package dev.cairn.meltano;

import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Redaction;

/**
 * Where a Meltano project keeps its state: the backend URI, the options its settings imply, which
 * setting said so, and for which environment.
 */
public record StateLocation(String uri, BackendOptions options, String source, String environment) {

    /** For display: the URI without secrets, and where it came from. */
    public String describe() {
        return Redaction.redact(uri) + " (from " + source + (environment == null ? "" : ", environment " + environment) + ")";
    }
}
