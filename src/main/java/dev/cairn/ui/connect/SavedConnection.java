package dev.cairn.ui.connect;

import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.BackendSetting;
import dev.cairn.backend.Backends;
import dev.cairn.backend.Redaction;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * A backend the user connects to: name, URI, environment, read-only flag and non-secret settings
 * (e.g. {@code s3.endpoint_url}, {@code s3.profile}). Never holds a secret: the URI is redacted and
 * secret-looking settings are dropped when one is made.
 *
 * @param meltanoEnvironment the Meltano project environment the connection was opened from (its
 *     state IDs begin {@code <environment>:}), as the environment guard of a write into it needs it;
 *     null for a connection made from a URI, whose stored IDs tell it if anything does
 */
public record SavedConnection(String name, String uri, Environment environment, boolean readOnly,
                              Map<String, String> settings, String meltanoEnvironment) {

    /** A connection made from a URI, of no Meltano project environment. */
    public SavedConnection(String name, String uri, Environment environment, boolean readOnly, Map<String, String> settings) {
        this(name, uri, environment, readOnly, settings, null);
    }

    public SavedConnection {
        Objects.requireNonNull(name);
        Objects.requireNonNull(uri);
        environment = environment == null ? Environment.OTHER : environment;
        settings = withoutSecrets(settings == null ? Map.of() : settings);
    }

    /** Removes what must not be stored; the URI's password, keys and tokens stay in the user's environment. */
    public SavedConnection withoutSecrets() {
        return new SavedConnection(name, Redaction.redact(uri), environment, readOnly, settings, meltanoEnvironment);
    }

    /** A setting a backend kind marks secret, or one whose name says it is. */
    public static boolean isSecretSetting(String key) {
        if (Backends.setting(key).map(BackendSetting::secret).orElse(false)) {
            return true;
        }
        String k = key.toLowerCase(Locale.ROOT);
        return k.contains("secret") || k.contains("password") || k.contains("access_key") || k.contains("token")
                || k.contains("connection_string") || k.contains("credentials_json");
    }

    private static Map<String, String> withoutSecrets(Map<String, String> in) {
        Map<String, String> out = new LinkedHashMap<>();
        in.forEach((k, v) -> {
            if (v != null && !v.isBlank() && !isSecretSetting(k)) {
                out.put(k, v);
            }
        });
        return Map.copyOf(out);
    }

    public BackendOptions options() {
        BackendOptions options = BackendOptions.defaults().withReadOnly(readOnly);
        for (Map.Entry<String, String> e : settings.entrySet()) {
            if (e.getKey().equals("lock_timeout_seconds")) {
                options = options.withLockStaleAfter(Duration.ofSeconds(Long.parseLong(e.getValue())));
            } else {
                options = options.withSetting(e.getKey(), e.getValue());
            }
        }
        return options;
    }

    public String displayUri() {
        return Redaction.redact(uri);
    }

    /** The family for the sidebar icon: sqlite, postgresql, file, s3, … (the URI scheme). */
    public String scheme() {
        int colon = uri.indexOf(':');
        return colon < 0 ? "" : uri.substring(0, colon).toLowerCase(Locale.ROOT);
    }
}
