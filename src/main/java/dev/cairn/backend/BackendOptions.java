package dev.cairn.backend;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How to open a backend, beyond its URI. {@code settings} holds family-specific values by Meltano's
 * setting names without the {@code state_backend.} prefix (e.g. {@code s3.endpoint_url}), and
 * {@link #SYSTEM_DATABASE}.
 *
 * @param lockStaleAfter a Meltano lock older than this is stale and may be broken ({@code lock_timeout_seconds})
 * @param lockWait how long a write waits for a held lock before failing
 * @param readOnly refuse every write
 * @param connectTimeout how long reaching a server may take (TCP connect, and the login on a database)
 * @param readTimeout how long a server may stay silent in the middle of an answer
 * @param requestTimeout how long a cloud server (S3, Azure, GCS) may take over one call in all, its retries
 *        included, however steadily the bytes of its answer keep coming
 */
public record BackendOptions(Duration lockStaleAfter, Duration lockWait, boolean readOnly,
                             Map<String, String> settings, Duration connectTimeout, Duration readTimeout,
                             Duration requestTimeout) {

    public static final Duration MELTANO_LOCK_TIMEOUT = Duration.ofSeconds(10);
    public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
    public static final Duration READ_TIMEOUT = Duration.ofSeconds(30);
    /**
     * Four read timeouts, about what the four tries of Azure's and Google's clients wait on a silent
     * server; a 50 MB state arrives in it at 3.5 Mbit/s.
     */
    public static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(120);
    /** The command line's option for {@link #requestTimeout}, which the error of a request cut so names. */
    public static final String REQUEST_TIMEOUT_OPTION = "--request-timeout";

    /**
     * Meltano's {@code database_uri}: the project's system database, given for a state backend
     * outside it, where writes add the {@code runs} rows Meltano's state commands add.
     */
    public static final String SYSTEM_DATABASE = "database_uri";

    public static BackendOptions defaults() {
        return new BackendOptions(MELTANO_LOCK_TIMEOUT, Duration.ofSeconds(30), false, Map.of(),
                CONNECT_TIMEOUT, READ_TIMEOUT, REQUEST_TIMEOUT);
    }

    public BackendOptions withLockStaleAfter(Duration d) {
        return new BackendOptions(d, lockWait, readOnly, settings, connectTimeout, readTimeout, requestTimeout);
    }

    public BackendOptions withLockWait(Duration d) {
        return new BackendOptions(lockStaleAfter, d, readOnly, settings, connectTimeout, readTimeout, requestTimeout);
    }

    public BackendOptions withReadOnly(boolean ro) {
        return new BackendOptions(lockStaleAfter, lockWait, ro, settings, connectTimeout, readTimeout, requestTimeout);
    }

    public BackendOptions withConnectTimeout(Duration d) {
        return new BackendOptions(lockStaleAfter, lockWait, readOnly, settings, d, readTimeout, requestTimeout);
    }

    public BackendOptions withReadTimeout(Duration d) {
        return new BackendOptions(lockStaleAfter, lockWait, readOnly, settings, connectTimeout, d, requestTimeout);
    }

    public BackendOptions withRequestTimeout(Duration d) {
        return new BackendOptions(lockStaleAfter, lockWait, readOnly, settings, connectTimeout, readTimeout, d);
    }

    public BackendOptions withSetting(String name, String value) {
        Map<String, String> copy = new LinkedHashMap<>(settings);
        if (value == null) {
            copy.remove(name);
        } else {
            copy.put(name, value);
        }
        return new BackendOptions(lockStaleAfter, lockWait, readOnly, Map.copyOf(copy), connectTimeout, readTimeout,
                requestTimeout);
    }

    public String setting(String name) {
        return settings.get(name);
    }
}
