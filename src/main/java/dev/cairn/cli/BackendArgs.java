package dev.cairn.cli;

import dev.cairn.backend.BackendKind;
import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.BackendSetting;
import dev.cairn.backend.Backends;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.blob.FileBackendFactory;
import dev.cairn.backend.blob.S3Connection;
import dev.cairn.backend.extension.PostgresExtensionFactory;
import dev.cairn.meltano.MeltanoProject;
import dev.cairn.meltano.ProjectDiscovery;
import dev.cairn.meltano.StateLocation;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** How a command reaches its backend: a URI, or a Meltano project that says where its state lives. */
final class BackendArgs {

    /** The verb this is mixed into; its root is the {@link Cli} with the invocation's environment and working directory. */
    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    /** Where the help of {@code --backend} lists the kinds' example URIs (see {@link #withKinds}). */
    static final String KINDS = "{backend-kinds}";

    @Option(names = {"-b", "--backend"}, paramLabel = "URI", description = "State backend, e.g. " + KINDS + ".")
    String uri;

    @Option(names = "--project", paramLabel = "DIR",
            description = "Use the state backend of this Meltano project (meltano.yml, .env, MELTANO_* variables)."
                    + " Without --backend or --project: MELTANO_PROJECT_ROOT's, or the project the working directory is in.")
    Path project;

    @Option(names = "--environment", paramLabel = "ENV", description = "The project's environment whose settings apply (default: MELTANO_ENVIRONMENT;"
                    + " default_environment is ignored, as by `meltano state`).")
    String environment;

    @Option(names = "--windows-layout", description = "Read a file:// backend written by Meltano on Windows (base64 folder names).")
    boolean windowsLayout;

    @Option(names = "--s3-endpoint", paramLabel = "URL", description = "S3-compatible endpoint (MinIO, ...), path-style.")
    String s3Endpoint;

    @Option(names = "--setting", paramLabel = "KEY=VALUE",
            description = "A setting of the backend, as Meltano names it without state_backend., e.g."
                    + " s3.endpoint_url=URL (the settings of each kind: docs/backends.md). Repeatable; wins over the project's.")
    Map<String, String> settings = new LinkedHashMap<>();

    @Option(names = "--lock-timeout", paramLabel = "SECONDS",
            description = "Meltano's lock_timeout_seconds: an older lock is stale and broken (default: 10, or the project's).")
    Long lockTimeoutSeconds;

    @Option(names = "--lock-wait", paramLabel = "SECONDS", defaultValue = "30",
            description = "How long a write waits for a pipeline's lock before giving up (default: ${DEFAULT-VALUE}).")
    long lockWaitSeconds;

    @Option(names = "--read-only", description = "Refuse every write to this backend.")
    boolean readOnly;

    @Option(names = "--connect-timeout", paramLabel = "SECONDS", defaultValue = "10",
            description = "How long reaching the backend's server may take, login included (default: ${DEFAULT-VALUE};"
                    + " a PostgreSQL URI's connect_timeout wins).")
    long connectTimeoutSeconds;

    @Option(names = "--read-timeout", paramLabel = "SECONDS", defaultValue = "30",
            description = "How long the backend's server may stay silent in an answer (default: ${DEFAULT-VALUE}).")
    long readTimeoutSeconds;

    @Option(names = BackendOptions.REQUEST_TIMEOUT_OPTION, paramLabel = "SECONDS", defaultValue = "120",
            description = "How long a call to an S3, Azure or GCS server may take in all, retries included, however"
                    + " slowly its answer keeps coming (default: ${DEFAULT-VALUE}).")
    long requestTimeoutSeconds;

    /** The environment of the project {@link #open()} opened the backend of; null before, or for a URI. */
    private String openedEnvironment;

    /** Whether the command line names a backend: a URI, a project or an environment. */
    boolean named() {
        return uri != null || project != null || environment != null;
    }

    /**
     * The environment whose state backend {@link #open()} opened ({@code --environment}, or
     * {@code MELTANO_ENVIRONMENT}); null for a backend given by URI, or a project opened without one.
     */
    String environment() {
        return openedEnvironment;
    }

    StateBackend open() {
        if (uri != null && project != null) {
            throw new UsageError("give --backend or --project, not both");
        }
        if (uri != null) {
            return open(uri);
        }
        Cli root = (Cli) mixee.root().userObject();
        Invocation invocation = root.invocation();
        ProjectDiscovery.Found found = project != null
                ? new ProjectDiscovery.Found(invocation.workingDir().resolve(project).toAbsolutePath().normalize(), "--project")
                : ProjectDiscovery.find(invocation.workingDir(), invocation.env()).orElseThrow(() -> new UsageError(
                        "give the state backend: --backend URI, or --project DIR, or run it in a Meltano project's folder"));
        StateLocation location = MeltanoProject.open(found.root(), invocation.env())
                .stateLocation(ProjectDiscovery.environment(environment, invocation.env()));
        openedEnvironment = location.environment();
        root.announce("state backend " + location.describe() + " of project " + found.root()
                + (project != null ? "" : " (" + found.how() + ")"));
        return opened(System.nanoTime(), Backends.open(location.uri(), options(location.options())));
    }

    /** Opens another backend with the same options (a copy's destination, a diff's other side). */
    StateBackend open(String otherUri) {
        long start = System.nanoTime();
        StateBackend backend = Backends.open(otherUri, options(BackendOptions.defaults()));
        if (!otherUri.startsWith(PostgresExtensionFactory.SCHEME) && backend.displayUri().startsWith(PostgresExtensionFactory.SCHEME)) {
            ((Cli) mixee.root().userObject()).announce(backend.displayUri() + " (the database holds the table of Meltano's"
                    + " PostgreSQL extension, not a system database)");
        }
        return opened(start, backend);
    }

    private StateBackend opened(long start, StateBackend backend) {
        ((Cli) mixee.root().userObject()).info(BackendArgs.class, "Opened {} in {} ms", backend.displayUri(),
                (System.nanoTime() - start) / 1_000_000);
        String uri = backend.displayUri();
        boolean windows = windowsLayout || "windows".equals(settings.get(FileBackendFactory.LAYOUT_SETTING));
        if (!windows && uri.startsWith("file:") && FileBackendFactory.looksLikeWindowsLayout(uri)) {
            ((Cli) mixee.root().userObject()).warn(uri + " looks written by Meltano on Windows (folders named with the"
                    + " base64 of their IDs): add --windows-layout to read them as IDs");
        }
        return backend;
    }

    private BackendOptions options(BackendOptions base) {
        if (connectTimeoutSeconds < 1 || readTimeoutSeconds < 1 || requestTimeoutSeconds < 1) {
            throw new UsageError("--connect-timeout, --read-timeout and --request-timeout take a whole number of"
                    + " seconds, at least 1");
        }
        BackendOptions options = base.withLockWait(Duration.ofSeconds(lockWaitSeconds)).withReadOnly(readOnly)
                .withConnectTimeout(Duration.ofSeconds(connectTimeoutSeconds))
                .withReadTimeout(Duration.ofSeconds(readTimeoutSeconds))
                .withRequestTimeout(Duration.ofSeconds(requestTimeoutSeconds));
        if (lockTimeoutSeconds != null) {
            options = options.withLockStaleAfter(Duration.ofSeconds(lockTimeoutSeconds));
        }
        if (windowsLayout) {
            options = options.withSetting(FileBackendFactory.LAYOUT_SETTING, "windows");
        }
        if (s3Endpoint != null) {
            options = options.withSetting(S3Connection.ENDPOINT_SETTING, s3Endpoint);
        }
        for (Map.Entry<String, String> setting : settings.entrySet()) {
            if (Backends.setting(setting.getKey()).isEmpty()) {
                throw new UsageError("no backend has a setting " + setting.getKey() + " (settings: " + String.join(", ",
                        Backends.kinds().stream().flatMap(k -> k.settings().stream()).map(BackendSetting::key).toList())
                        + ")");
            }
            options = options.withSetting(setting.getKey(), setting.getValue());
        }
        return options;
    }

    /**
     * {@code option} as its help shows it: {@link #KINDS} in its description replaced by the example
     * URIs of the registered backend kinds, so that a new kind needs no edit here.
     */
    static OptionSpec withKinds(OptionSpec option) {
        String[] description = option.description();
        if (Arrays.stream(description).noneMatch(line -> line.contains(KINDS))) {
            return option;
        }
        String kinds = String.join(", ", Backends.kinds().stream().map(BackendKind::exampleUri).toList());
        return OptionSpec.builder(option)
                .description(Arrays.stream(description).map(line -> line.replace(KINDS, kinds)).toArray(String[]::new))
                .build();
    }
}
