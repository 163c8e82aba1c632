package dev.cairn.backend;

import java.util.Objects;

/**
 * One setting of a backend kind, as its {@link BackendKind} describes it to the Connect form,
 * project discovery, redaction, the command line and the docs.
 *
 * @param key the name in {@link BackendOptions#settings()}: Meltano's, without {@code state_backend.}
 *        ({@code s3.endpoint_url}), or Cairn's own for a setting Meltano does not have
 * @param label what the Connect form calls it ("S3 endpoint")
 * @param hint the Connect form's placeholder: an example value and what an empty field means
 * @param secret a password, key or token: never saved, shown or logged
 * @param environmentVariable the variable the value may also come from, or {@code null}
 * @param meltanoName the setting's name in {@code meltano.yml} ({@code state_backend.s3.endpoint_url}),
 *        or {@code null} for Cairn's own
 * @param defaultValue the value when none is given, or {@code null} for none
 * @param offered whether the Connect form has a field for it (secrets never: they are not saved)
 */
public record BackendSetting(String key, String label, String hint, boolean secret, String environmentVariable,
                             String meltanoName, String defaultValue, boolean offered) {

    /** What {@code meltano.yml} and Meltano's settings put before the key. */
    public static final String MELTANO_PREFIX = "state_backend.";

    public BackendSetting {
        Objects.requireNonNull(key);
        Objects.requireNonNull(label);
        hint = hint == null ? "" : hint;
    }

    /** A setting of Meltano's, {@code state_backend.KEY}, also read from {@code variable}. */
    public static BackendSetting meltano(String key, String variable, String label) {
        return new BackendSetting(key, label, "", false, variable, MELTANO_PREFIX + key, null, false);
    }

    /** A setting of Cairn's own, which Meltano does not read (from {@code variable}, or {@code null} for none). */
    public static BackendSetting cairn(String key, String variable, String label) {
        return new BackendSetting(key, label, "", false, variable, null, null, false);
    }

    public BackendSetting withHint(String text) {
        return new BackendSetting(key, label, text, secret, environmentVariable, meltanoName, defaultValue, offered);
    }

    public BackendSetting asSecret() {
        return new BackendSetting(key, label, hint, true, environmentVariable, meltanoName, defaultValue, offered);
    }

    public BackendSetting withDefault(String value) {
        return new BackendSetting(key, label, hint, secret, environmentVariable, meltanoName, value, offered);
    }

    /** Offered in the Connect form. */
    public BackendSetting inConnectForm() {
        return new BackendSetting(key, label, hint, secret, environmentVariable, meltanoName, defaultValue, true);
    }

    /** Whether Meltano reads it from a project (Cairn's own settings come only from the Connect form or the command line). */
    public boolean isMeltano() {
        return meltanoName != null;
    }
}
