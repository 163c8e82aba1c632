package dev.cairn.backend.blob;

import com.google.api.client.http.javanet.NetHttpTransport;
import com.google.api.gax.retrying.RetrySettings;
import com.google.auth.Credentials;
import com.google.auth.oauth2.GoogleCredentials;
import com.google.auth.oauth2.ServiceAccountCredentials;
import com.google.cloud.NoCredentials;
import com.google.cloud.http.HttpTransportOptions;
import com.google.cloud.storage.Storage;
import com.google.cloud.storage.StorageOptions;
import dev.cairn.backend.BackendException;
import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Transport;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * How to reach Google Cloud Storage, resolved as Meltano resolves it: service-account credentials
 * from {@code gcs.application_credentials_json} or a file named by {@code gcs.application_credentials_path}
 * (the older {@code gcs.application_credentials} standing in for it), never both; without either,
 * Google's application-default credentials. Each setting may also come from its
 * {@code MELTANO_STATE_BACKEND_GCS_…} variable. {@code STORAGE_EMULATOR_HOST}, as Google's Python
 * client (and so Meltano) honours it, points everything at an emulator, without credentials (so does
 * Cairn's {@code gcs.emulator_host}, for a saved connection).
 */
public final class GcsConnection {

    public static final String CREDENTIALS_PATH_SETTING = "gcs.application_credentials_path";
    public static final String CREDENTIALS_JSON_SETTING = "gcs.application_credentials_json";
    /** Meltano's deprecated name for the path. */
    public static final String CREDENTIALS_SETTING = "gcs.application_credentials";
    /** Cairn's own: an emulator's address, as {@code STORAGE_EMULATOR_HOST} gives it (which it wins over). */
    public static final String EMULATOR_HOST_SETTING = "gcs.emulator_host";
    static final String EMULATOR_VARIABLE = "STORAGE_EMULATOR_HOST";

    /** Four tries, 0.25 s to 2 s apart, as for Azure: the client's default keeps retrying a dead server for minutes. */
    private static final int ATTEMPTS = 4;

    private final String emulatorHost;
    private final String credentialsPath;
    private final String credentialsJson;
    private final Duration connectTimeout;
    private final Duration readTimeout;
    private final Duration requestTimeout;

    private GcsConnection(String emulatorHost, String credentialsPath, String credentialsJson, Duration connectTimeout,
                          Duration readTimeout, Duration requestTimeout) {
        this.emulatorHost = emulatorHost;
        this.credentialsPath = credentialsPath;
        this.credentialsJson = credentialsJson;
        this.connectTimeout = connectTimeout;
        this.readTimeout = readTimeout;
        this.requestTimeout = requestTimeout;
    }

    public static GcsConnection resolve(BackendOptions options) {
        return resolve(options, System.getenv());
    }

    static GcsConnection resolve(BackendOptions options, Map<String, String> env) {
        String json = SettingValues.first(options.setting(CREDENTIALS_JSON_SETTING),
                env.get("MELTANO_STATE_BACKEND_GCS_APPLICATION_CREDENTIALS_JSON"));
        String path = SettingValues.first(options.setting(CREDENTIALS_PATH_SETTING),
                env.get("MELTANO_STATE_BACKEND_GCS_APPLICATION_CREDENTIALS_PATH"),
                options.setting(CREDENTIALS_SETTING), env.get("MELTANO_STATE_BACKEND_GCS_APPLICATION_CREDENTIALS"));
        if (json != null && path != null) {
            throw new BackendException("the GCS state backend takes " + CREDENTIALS_PATH_SETTING + " or "
                    + CREDENTIALS_JSON_SETTING + ", not both (as Meltano)");
        }
        String emulator = SettingValues.first(options.setting(EMULATOR_HOST_SETTING), env.get(EMULATOR_VARIABLE));
        if (emulator != null && !emulator.contains("://")) {
            emulator = "http://" + emulator;
        }
        return new GcsConnection(emulator, path, json, options.connectTimeout(), options.readTimeout(),
                options.requestTimeout());
    }

    /**
     * The client, on the HTTP JSON API (the only transport this build carries), with the same bounds as
     * the other clients: --connect-timeout to connect, --read-timeout of silence in an answer, and the
     * request timeout, which cuts each request ({@link DeadlineConnections}) and after which no retry begins.
     */
    public Storage client() {
        NetHttpTransport transport = new NetHttpTransport.Builder()
                .setConnectionFactory(new DeadlineConnections(requestTimeout)).build();
        HttpTransportOptions http = HttpTransportOptions.newBuilder().setHttpTransportFactory(() -> transport)
                .setConnectTimeout((int) connectTimeout.toMillis()).setReadTimeout((int) readTimeout.toMillis()).build();
        RetrySettings retries = StorageOptions.getDefaultRetrySettings().toBuilder().setMaxAttempts(ATTEMPTS)
                .setInitialRetryDelayDuration(Duration.ofMillis(250)).setMaxRetryDelayDuration(Duration.ofSeconds(2))
                .setTotalTimeoutDuration(requestTimeout).build();
        StorageOptions.Builder builder = StorageOptions.http().setTransportOptions(http).setRetrySettings(retries);
        if (emulatorHost != null) {
            builder.setHost(emulatorHost).setProjectId("emulator").setCredentials(NoCredentials.getInstance());
        } else {
            builder.setCredentials(credentials());
        }
        return builder.build().getService();
    }

    private Credentials credentials() {
        if (credentialsJson != null) {
            try (InputStream in = new ByteArrayInputStream(credentialsJson.getBytes(StandardCharsets.UTF_8))) {
                return ServiceAccountCredentials.fromStream(in);
            } catch (IOException | RuntimeException e) {
                // the parser's message can quote the document: only say which setting is wrong
                throw new BackendException("cannot use " + CREDENTIALS_JSON_SETTING
                        + ": not a Google service-account key in JSON", e);
            }
        }
        if (credentialsPath != null) {
            try (InputStream in = Files.newInputStream(Path.of(credentialsPath))) {
                return ServiceAccountCredentials.fromStream(in);
            } catch (IOException | RuntimeException e) {
                throw new BackendException("cannot use the Google service-account key " + credentialsPath + " ("
                        + CREDENTIALS_PATH_SETTING + "): " + Transport.firstLine(e), e);
            }
        }
        try {
            return GoogleCredentials.getApplicationDefault();
        } catch (IOException e) {
            throw new BackendException("no Google credentials: set " + CREDENTIALS_PATH_SETTING + " or "
                    + CREDENTIALS_JSON_SETTING + ", or application-default credentials (GOOGLE_APPLICATION_CREDENTIALS,"
                    + " gcloud auth application-default login)", e);
        }
    }

    /** Where credentials come from, for diagnostics; never the key. */
    public String credentialSource() {
        if (emulatorHost != null) {
            return "none, " + EMULATOR_VARIABLE + "=" + emulatorHost;
        }
        if (credentialsJson != null) {
            return CREDENTIALS_JSON_SETTING;
        }
        return credentialsPath != null ? credentialsPath : "Google application-default credentials";
    }
}
