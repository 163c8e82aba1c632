package dev.cairn.meltano;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.cairn.backend.BackendException;
import dev.cairn.backend.BackendKind;
import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.BackendSetting;
import dev.cairn.backend.Backends;
import dev.cairn.backend.extension.PostgresExtensionFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A Meltano project folder, read for where its state lives: {@code state_backend.*} and
 * {@code database_uri} from the environment, {@code .env}, the chosen environment's {@code config}
 * and {@code env} in {@code meltano.yml}, then its top level, in Meltano's order of precedence
 * (reference §1.1, §4.5).
 */
public final class MeltanoProject {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final String SYSTEMDB = "systemdb";

    private final Path root;
    private final JsonNode manifest;
    private final Map<String, String> dotEnv;
    private final Map<String, String> processEnv;

    MeltanoProject(Path root, JsonNode manifest, Map<String, String> dotEnv, Map<String, String> processEnv) {
        this.root = root;
        this.manifest = manifest;
        this.dotEnv = dotEnv;
        this.processEnv = processEnv;
    }

    /** Reads the project in a folder (which must hold a {@code meltano.yml}). */
    public static MeltanoProject open(Path folder) {
        return open(folder, System.getenv());
    }

    /** Reads the project in a folder with the given process environment (a command line's, a test's). */
    public static MeltanoProject open(Path folder, Map<String, String> processEnv) {
        Path root = folder.toAbsolutePath().normalize();
        Path yml = root.resolve("meltano.yml");
        if (!Files.isRegularFile(yml)) {
            throw new BackendException("not a Meltano project: no meltano.yml in " + root);
        }
        JsonNode manifest;
        try {
            manifest = YAML.readTree(yml.toFile());
        } catch (IOException e) {
            throw new BackendException("cannot read " + yml + ": " + e.getMessage(), e);
        }
        if (manifest == null || !manifest.isObject()) {
            throw new BackendException(yml + " is not a YAML mapping");
        }
        Path env = root.resolve(".env");
        Map<String, String> dotEnv = Files.isRegularFile(env) ? DotEnv.read(env) : Map.of();
        return new MeltanoProject(root, manifest, dotEnv, processEnv);
    }

    public Path root() {
        return root;
    }

    /** The environment names defined in meltano.yml, in file order. */
    public List<String> environments() {
        List<String> names = new ArrayList<>();
        for (JsonNode env : manifest.path("environments")) {
            names.add(env.path("name").asText());
        }
        return names;
    }

    /** {@code default_environment}, or null. (Meltano ignores it for {@code meltano state}.) */
    public String defaultEnvironment() {
        JsonNode d = manifest.get("default_environment");
        return d == null || d.isNull() ? null : d.asText();
    }

    /**
     * Where the project keeps its state in an environment ({@code null}: none active, as
     * {@code meltano state} runs without {@code --environment}).
     */
    public StateLocation stateLocation(String environment) {
        JsonNode envNode = environment(environment);
        Map<String, String> vars = variables(envNode);
        String databaseUri = setting(vars, envNode, "database_uri");
        String databaseSource = "database_uri";
        if (databaseUri == null) {
            String sysDir = vars.getOrDefault("MELTANO_SYS_DIR_ROOT", root.resolve(".meltano").toString());
            databaseUri = "sqlite:///" + Path.of(sysDir).resolve("meltano.db");
            databaseSource = "the default system database";
        }
        databaseUri = relativeSqlite(databaseUri);
        String uri = setting(vars, envNode, "state_backend.uri");
        String source = "state_backend.uri";
        BackendOptions options = BackendOptions.defaults();
        if (uri == null || uri.equals(SYSTEMDB)) {
            uri = databaseUri;
            source = databaseSource;
        } else {
            // Meltano's state commands add their runs row to the system database whatever the state backend.
            options = options.withSetting(BackendOptions.SYSTEM_DATABASE, databaseUri);
            uri = extensionUri(uri);
        }
        String lockTimeout = setting(vars, envNode, "state_backend.lock_timeout_seconds");
        if (lockTimeout != null) {
            options = options.withLockStaleAfter(Duration.ofSeconds(Long.parseLong(lockTimeout.trim())));
        }
        // every kind's Meltano settings: which kind the URI names is the factory's to decide when it opens
        for (BackendKind kind : Backends.kinds()) {
            for (BackendSetting described : kind.settings()) {
                String value = described.isMeltano() ? setting(vars, envNode, described.meltanoName()) : null;
                if (value != null) {
                    options = options.withSetting(described.key(), value);
                }
            }
        }
        return new StateLocation(relativeSqlite(uri), options, source, environment);
    }

    /**
     * A state backend URI of Meltano's PostgreSQL extension ({@code state_backend.uri: postgresql://…},
     * which Meltano 4 hands to the extension's entry point, never to the system database) in the form
     * that names that kind; a DuckDB file's relative path against the project root, where Meltano runs.
     */
    private String extensionUri(String uri) {
        if (uri.matches("(?s)postgresql(\\+psycopg2?)?://.*")) {
            return PostgresExtensionFactory.SCHEME + uri.substring(uri.indexOf("://"));
        }
        if (uri.startsWith("duckdb://") && !uri.startsWith("duckdb:///") && !uri.startsWith("duckdb://md:")) {
            return "duckdb://" + root.resolve(uri.substring("duckdb://".length())).normalize();
        }
        return uri;
    }

    /** Meltano resolves a relative SQLite path against the project root. */
    private String relativeSqlite(String uri) {
        if (uri.startsWith("sqlite:///") && !uri.startsWith("sqlite:////")) {
            return "sqlite:///" + root.resolve(uri.substring("sqlite:///".length())).normalize();
        }
        return uri;
    }

    private JsonNode environment(String name) {
        if (name == null) {
            return MissingNode.getInstance();
        }
        for (JsonNode env : manifest.path("environments")) {
            if (name.equals(env.path("name").asText())) {
                return env;
            }
        }
        throw new UnknownEnvironment("environment '" + name + "' is not defined in " + root.resolve("meltano.yml")
                + " (defined: " + String.join(", ", environments()) + ")");
    }

    /** Variables for ${...} expansion and env-var settings: process env over .env over the environment's env. */
    private Map<String, String> variables(JsonNode envNode) {
        Map<String, String> vars = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = manifest.path("env").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            vars.put(e.getKey(), e.getValue().asText());
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = envNode.path("env").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            vars.put(e.getKey(), e.getValue().asText());
        }
        vars.putAll(dotEnv);
        vars.putAll(processEnv);
        return vars;
    }

    /** A setting by Meltano's precedence: env var, then environment config, then top level. */
    private String setting(Map<String, String> vars, JsonNode envNode, String dotted) {
        String envVar = "MELTANO_" + dotted.toUpperCase(Locale.ROOT).replace('.', '_');
        if (vars.containsKey(envVar)) {
            return vars.get(envVar);
        }
        for (JsonNode scope : List.of(envNode.path("config"), manifest)) {
            JsonNode value = lookup(scope, dotted);
            if (value != null) {
                return Expansion.expand(value.asText(), vars);
            }
        }
        return null;
    }

    /** Reads {@code a.b.c} nested ({@code a: {b: {c: …}}}) or flat ({@code a.b.c: …}), as Meltano accepts both. */
    private static JsonNode lookup(JsonNode scope, String dotted) {
        JsonNode flat = scope.get(dotted);
        if (flat != null && !flat.isNull() && !flat.isContainerNode()) {
            return flat;
        }
        JsonNode node = scope;
        for (String part : dotted.split("\\.")) {
            node = node.path(part);
        }
        return node.isMissingNode() || node.isNull() || node.isContainerNode() ? null : node;
    }
}
