package dev.cairn.ui.connect;

import dev.cairn.backend.BackendKind;
import dev.cairn.backend.BackendSetting;
import dev.cairn.backend.Backends;
import dev.cairn.backend.StateBackend;
import dev.cairn.ui.Texts;
import dev.cairn.ui.task.BackgroundTask;
import dev.cairn.ui.task.TaskExecutor;
import dev.cairn.ui.task.TaskSlot;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.ObjectBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The connect form: URI, name, environment, read-only flag, the settings the URI's backend kind
 * offers ({@link BackendKind#offeredSettings()}: S3's endpoint and profile, Azure's account URL, …),
 * whether to save. {@link #problemProperty()} says what is wrong with the input (empty when it can connect).
 */
public final class ConnectViewModel {

    private final StringProperty uri = new SimpleStringProperty(this, "uri", "");
    private final StringProperty name = new SimpleStringProperty(this, "name", "");
    private final ObjectProperty<Environment> environment = new SimpleObjectProperty<>(this, "environment", Environment.DEV);
    /**
     * The connection being edited, if any: its Meltano project environment stays with it while its
     * URI does (a project's connection edited, say, to read-only is still that environment's).
     */
    private SavedConnection loaded;
    private final BooleanProperty readOnly = new SimpleBooleanProperty(this, "readOnly", false);
    /** Every setting's value by key, kept while the URI changes kind, so that changing it back loses nothing. */
    private final Map<String, StringProperty> settings = new HashMap<>();
    private final BooleanProperty save = new SimpleBooleanProperty(this, "save", true);
    private final StringProperty testResult = new SimpleStringProperty(this, "testResult", "");
    private final BooleanProperty testing = new SimpleBooleanProperty(this, "testing", false);
    private final StringBinding problem;
    private final ObjectBinding<BackendKind> kind;
    private final TaskSlot tests;
    private final Function<SavedConnection, StateBackend> opener;

    /** {@code opener} opens a backend for Test connection; blocking, run on {@code executor}'s pool. */
    public ConnectViewModel(TaskExecutor executor, Function<SavedConnection, StateBackend> opener) {
        this.tests = new TaskSlot(executor);
        this.opener = opener;
        problem = Bindings.createStringBinding(() -> problem(uri.get(), effectiveName()), uri, name);
        kind = Bindings.createObjectBinding(() -> Backends.kindOf(uri.get().strip()).orElse(null), uri);
        // production connections start read-only: changing prod must be a deliberate choice
        environment.addListener((o, a, b) -> {
            if (b == Environment.PROD) {
                readOnly.set(true);
            }
        });
    }

    static String problem(String uriText, String nameText) {
        String u = uriText == null ? "" : uriText.strip();
        List<BackendKind> kinds = Backends.kinds();
        if (u.isEmpty()) {
            return Texts.get("connect.problem.noUri", kinds.get(0).exampleUri());
        }
        BackendKind kind = Backends.kindOf(u).orElse(null);
        if (kind != null) {
            String malformed = kind.problem(u);
            if (malformed != null) {
                return malformed;
            }
        } else if (!u.toLowerCase(Locale.ROOT).matches("^[a-z][a-z0-9+.-]*://.*")) {
            return Texts.get("connect.problem.notUri", String.join(", ", kinds.stream().map(k -> k.schemes().get(0) + "://…").toList()));
        }
        if (nameText == null || nameText.isBlank()) {
            return Texts.get("connect.problem.noName");
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
        Map<String, String> values = new LinkedHashMap<>();
        for (BackendSetting setting : fields()) {
            values.put(setting.key(), settingProperty(setting.key()).get().strip());
        }
        String strippedUri = uri.get().strip();
        return new SavedConnection(effectiveName().strip(), strippedUri, environment.get(), readOnly.get(), values,
                loaded != null && loaded.uri().equals(strippedUri) ? loaded.meltanoEnvironment() : null);
    }

    public void load(SavedConnection c) {
        loaded = c;
        uri.set(c.uri());
        name.set(c.name());
        environment.set(c.environment());
        readOnly.set(c.readOnly());
        settings.values().forEach(value -> value.set(""));
        c.settings().forEach((key, value) -> settingProperty(key).set(value));
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

    /** The kind of backend the URI names (its factory accepts it), or {@code null}. */
    public ObjectBinding<BackendKind> kindProperty() {
        return kind;
    }

    /** The settings the form has fields for: those the URI's kind offers, none for a URI no kind accepts. */
    public List<BackendSetting> fields() {
        return kind.get() == null ? List.of() : kind.get().offeredSettings();
    }

    /** The value of a setting by its key ({@code s3.endpoint_url}), "" when none is given. */
    public StringProperty settingProperty(String key) {
        return settings.computeIfAbsent(key, k -> new SimpleStringProperty(this, k, ""));
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
}
