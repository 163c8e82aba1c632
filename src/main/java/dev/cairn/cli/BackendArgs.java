package dev.cairn.cli;

import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.blob.FileBackendFactory;
import java.time.Duration;
import picocli.CommandLine.Option;

/** How a command reaches its backend: the URI and the options that go with it. */
final class BackendArgs {

    @Option(names = {"-b", "--backend"}, required = true, paramLabel = "URI",
            description = "State backend: sqlite:///path/meltano.db, postgresql://..., file:///path, s3://bucket/prefix.")
    String uri;

    @Option(names = "--windows-layout", description = "Read a file:// backend written by Meltano on Windows (base64 folder names).")
    boolean windowsLayout;

    @Option(names = "--s3-endpoint", paramLabel = "URL", description = "S3-compatible endpoint (MinIO, ...), path-style.")
    String s3Endpoint;

    @Option(names = "--lock-timeout", paramLabel = "SECONDS", defaultValue = "10",
            description = "Meltano's lock_timeout_seconds: an older lock is stale and broken (default: ${DEFAULT-VALUE}).")
    long lockTimeoutSeconds;

    @Option(names = "--lock-wait", paramLabel = "SECONDS", defaultValue = "30",
            description = "How long a write waits for a pipeline's lock before giving up (default: ${DEFAULT-VALUE}).")
    long lockWaitSeconds;

    @Option(names = "--read-only", description = "Refuse every write to this backend.")
    boolean readOnly;

    StateBackend open() {
        return open(uri);
    }

    /** Opens another backend with the same options (a copy's destination, a diff's other side). */
    StateBackend open(String otherUri) {
        BackendOptions options = BackendOptions.defaults()
                .withLockStaleAfter(Duration.ofSeconds(lockTimeoutSeconds))
                .withLockWait(Duration.ofSeconds(lockWaitSeconds))
                .withReadOnly(readOnly);
        if (windowsLayout) {
            options = options.withSetting(FileBackendFactory.LAYOUT_SETTING, "windows");
        }
        if (s3Endpoint != null) {
            options = options.withSetting("s3.endpoint_url", s3Endpoint);
        }
        return Backends.open(otherUri, options);
    }
}
