package dev.cairn.ui.connect;

import dev.cairn.backend.StateBackend;
import dev.cairn.backend.blob.AzureConnection;
import dev.cairn.backend.blob.GcsConnection;
import dev.cairn.ui.task.BackgroundTask;
import dev.cairn.ui.task.TaskExecutor;
import dev.cairn.ui.task.TaskSlot;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The connect form: URI, name, environment, read-only flag, S3 endpoint and profile, Azure account
 * URL, GCS key file and emulator, whether to save. {@link #problemProperty()} says what is wrong with the input (empty when it can connect).
 */
public final class ConnectViewModel {

    private static final Map<String, String> CLOUD_URI_NEEDS = Map.of(
            "s3://", "An S3 URI needs a bucket: s3://bucket/prefix",
            "azure://", "An Azure URI needs a container: azure://container/prefix",
            "gs://", "A GCS URI needs a bucket: gs://bucket/prefix");

    private final StringProperty uri = new SimpleStringProperty(this, "uri", "");
    private final StringProperty name = new SimpleStringProperty(this, "name", "");
    private final ObjectProperty<Environment> environment = new SimpleObjectProperty<>(this, "environment", Environment.DEV);
    private final BooleanProperty readOnly = new SimpleBooleanProperty(this, "readOnly", false);
    private final StringProperty s3Endpoint = new SimpleStringProperty(this, "s3Endpoint", "");
    private final StringProperty s3Profile = new SimpleStringProperty(this, "s3Profile", "");
    private final StringProperty azureAccountUrl = new SimpleStringProperty(this, "azureAccountUrl", "");
    private final StringProperty gcsCredentialsPath = new SimpleStringProperty(this, "gcsCredentialsPath", "");
    private final StringProperty gcsEmulatorHost = new SimpleStringProperty(this, "gcsEmulatorHost", "");
    private final BooleanProperty save = new SimpleBooleanProperty(this, "save", true);
    private final StringProperty testResult = new SimpleStringProperty(this, "testResult", "");
    private final BooleanProperty testing = new SimpleBooleanProperty(this, "testing", false);
    private final StringBinding problem;
    private final javafx.beans.binding.BooleanBinding s3;
    private final javafx.beans.binding.BooleanBinding azure;
    private final javafx.beans.binding.BooleanBinding gcs;
    private final TaskSlot tests;
    private final Function<SavedConnection, StateBackend> opener;

    /** {@code opener} opens a backend for Test connection; blocking, run on {@code executor}'s pool. */
    public ConnectViewModel(TaskExecutor executor, Function<SavedConnection, StateBackend> opener) {
        this.tests = new TaskSlot(executor);
        this.opener = opener;
        problem = Bindings.createStringBinding(() -> problem(uri.get(), effectiveName()), uri, name);
        s3 = Bindings.createBooleanBinding(() -> uri.get().toLowerCase(Locale.ROOT).startsWith("s3://"), uri);
        azure = Bindings.createBooleanBinding(() -> uri.get().toLowerCase(Locale.ROOT).startsWith("azure://"), uri);
        gcs = Bindings.createBooleanBinding(() -> uri.get().toLowerCase(Locale.ROOT).startsWith("gs://"), uri);
        // production connections start read-only: changing prod must be a deliberate choice
        environment.addListener((o, a, b) -> {
            if (b == Environment.PROD) {
                readOnly.set(true);
            }
        });
    }

    static String problem(String uriText, String nameText) {
        String u = uriText == null ? "" : uriText.strip();
        if (u.isEmpty()) {
            return "Enter a backend URI, e.g. sqlite:///home/me/project/.meltano/meltano.db";
        }
        String lower = u.toLowerCase(Locale.ROOT);
        if (lower.startsWith("sqlite:")) {
            if (!lower.startsWith("sqlite:////") && !lower.startsWith("sqlite:///")) {
                return "A SQLite URI needs an absolute path: sqlite:///abs/path/meltano.db";
            }
        } else if (lower.startsWith("file:")) {
            if (!lower.startsWith("file:///")) {
                return "A file backend URI needs an absolute path: file:///abs/dir";
            }
        } else if (lower.startsWith("postgresql:") || lower.startsWith("postgresql+") || lower.startsWith("postgres:")) {
            try {
                URI parsed = new URI(u.replaceFirst("^[a-z0-9+]+:", "postgresql:"));
                if (parsed.getHost() == null) {
                    return "A PostgreSQL URI needs a host: postgresql://user@host:5432/db";
                }
            } catch (java.net.URISyntaxException e) {
                return "Not a valid URI: " + e.getReason();
            }
        } else if (lower.matches("^(s3|azure|gs)://.*")) {
            String scheme = lower.substring(0, lower.indexOf("://") + 3);
            if (lower.length() == scheme.length() || lower.charAt(scheme.length()) == '/') {
                return CLOUD_URI_NEEDS.get(scheme);
            }
        } else if (!lower.matches("^[a-z][a-z0-9+.-]*://.*")) {
            return "Not a backend URI: expected sqlite:///…, postgresql://…, file:///…, s3://…, azure://… or gs://…";
        }
        if (nameText == null || nameText.isBlank()) {
            return "Give the connection a name";
        }
        return "";
    }

    /**
     * Test connection: opens the backend off the UI thread, lists its state IDs and closes it;
     * {@link #testResultProperty()} then says how many states it found, or the error in one line.
     */
    public void testConnection() {
        String wrong = problem(uri.get(), effectiveName());
        if (!wrong.isEmpty()) {
            testResult.set(wrong);
            return;
        }
        SavedConnection connection = toConnection();
        testing.set(true);
        testResult.set("Testing " + connection.displayUri() + " …");
        tests.run(BackgroundTask.of("Testing " + connection.displayUri(), context -> {
            try (StateBackend backend = opener.apply(connection)) {
                long[] found = {0};
                backend.list(null, listed -> found[0]++);
                return found[0];
            }
        }).lane(connection), found -> {
            testing.set(false);
            testResult.set(found + (found == 1 ? " state found" : " states found"));
        }, error -> {
            testing.set(false);
            testResult.set(error.message());
        });
    }

    /** The name typed, or where none is, the one suggested from the URI (the name field's placeholder). */
    public String effectiveName() {
        return name.get().isBlank() ? suggestedName() : name.get();
    }

    /** Suggests a name from the URI when the user has not typed one. */
    public String suggestedName() {
        String u = uri.get().strip();
        int slash = u.replaceAll("/+$", "").lastIndexOf('/');
        return slash < 0 ? u : u.substring(slash + 1);
    }

    public SavedConnection toConnection() {
        Map<String, String> settings = new LinkedHashMap<>();
        if (s3.get()) {
            settings.put("s3.endpoint_url", s3Endpoint.get().strip());
            settings.put("s3.profile", s3Profile.get().strip());
        }
        if (azure.get()) {
            settings.put(AzureConnection.ACCOUNT_URL_SETTING, azureAccountUrl.get().strip());
        }
        if (gcs.get()) {
            settings.put(GcsConnection.CREDENTIALS_PATH_SETTING, gcsCredentialsPath.get().strip());
            settings.put(GcsConnection.EMULATOR_HOST_SETTING, gcsEmulatorHost.get().strip());
        }
        return new SavedConnection(effectiveName().strip(), uri.get().strip(), environment.get(), readOnly.get(), settings);
    }

    public void load(SavedConnection c) {
        uri.set(c.uri());
        name.set(c.name());
        environment.set(c.environment());
        readOnly.set(c.readOnly());
        s3Endpoint.set(c.settings().getOrDefault("s3.endpoint_url", ""));
        s3Profile.set(c.settings().getOrDefault("s3.profile", ""));
        azureAccountUrl.set(c.settings().getOrDefault(AzureConnection.ACCOUNT_URL_SETTING, ""));
        gcsCredentialsPath.set(c.settings().getOrDefault(GcsConnection.CREDENTIALS_PATH_SETTING, ""));
        gcsEmulatorHost.set(c.settings().getOrDefault(GcsConnection.EMULATOR_HOST_SETTING, ""));
        save.set(false);
    }

    public StringProperty uriProperty() {
        return uri;
    }

    public StringProperty nameProperty() {
        return name;
    }

    public ObjectProperty<Environment> environmentProperty() {
        return environment;
    }

    public BooleanProperty readOnlyProperty() {
        return readOnly;
    }

    public StringProperty s3EndpointProperty() {
        return s3Endpoint;
    }

    public StringProperty s3ProfileProperty() {
        return s3Profile;
    }

    public StringProperty azureAccountUrlProperty() {
        return azureAccountUrl;
    }

    /** A service-account key file ({@code gcs.application_credentials_path}); empty: application-default credentials. */
    public StringProperty gcsCredentialsPathProperty() {
        return gcsCredentialsPath;
    }

    public StringProperty gcsEmulatorHostProperty() {
        return gcsEmulatorHost;
    }

    public BooleanProperty saveProperty() {
        return save;
    }

    /** What Test connection found: "N states found", the error, or "" before a test. */
    public StringProperty testResultProperty() {
        return testResult;
    }

    public BooleanProperty testingProperty() {
        return testing;
    }

    public StringBinding problemProperty() {
        return problem;
    }

    public javafx.beans.binding.BooleanBinding isS3() {
        return s3;
    }

    public javafx.beans.binding.BooleanBinding isAzure() {
        return azure;
    }

    public javafx.beans.binding.BooleanBinding isGcs() {
        return gcs;
    }
}
