package dev.cairn.ui.connect;

import dev.cairn.backend.BackendOptions;
import dev.cairn.meltano.MeltanoProject;
import dev.cairn.meltano.StateLocation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * An environment of a Meltano project and where it keeps its state, as {@code --project} reads it,
 * offered as a connection named {@code project · environment}: prod-like names are production (and
 * start read-only, as a production connection does), and a blob backend keeps its project's system
 * database so that its writes add Meltano's runs rows there.
 */
public record ProjectEnvironment(String project, String environment, StateLocation location) {

    private static final Set<String> PROD = Set.of("prod", "production", "prd");
    private static final Set<String> STAGING = Set.of("staging", "stage", "stg");
    private static final Set<String> DEV = Set.of("dev", "development", "local");

    /** Every environment of the project in {@code folder} (the project itself when it defines none). Blocking: reads files. */
    public static List<ProjectEnvironment> read(Path folder) {
        MeltanoProject project = MeltanoProject.open(folder);
        String name = project.root().getFileName() == null ? project.root().toString() : project.root().getFileName().toString();
        List<ProjectEnvironment> out = new ArrayList<>();
        List<String> environments = project.environments();
        for (String environment : environments.isEmpty() ? java.util.Collections.<String>singletonList(null) : environments) {
            out.add(new ProjectEnvironment(name, environment, project.stateLocation(environment)));
        }
        return out;
    }

    public String name() {
        return environment == null ? project : project + " · " + environment;
    }

    public Environment kind() {
        String e = environment == null ? "" : environment.toLowerCase(Locale.ROOT);
        return PROD.contains(e) ? Environment.PROD : STAGING.contains(e) ? Environment.STAGING
                : DEV.contains(e) ? Environment.DEV : Environment.OTHER;
    }

    /** The connection to open; the project's secrets (keys in its .env) are not kept in it. */
    public SavedConnection connection() {
        BackendOptions options = location.options();
        Map<String, String> settings = new LinkedHashMap<>(options.settings());
        if (!options.lockStaleAfter().equals(BackendOptions.defaults().lockStaleAfter())) {
            settings.put("lock_timeout_seconds", Long.toString(options.lockStaleAfter().toSeconds()));
        }
        return new SavedConnection(name(), location.uri(), kind(), kind() == Environment.PROD, settings);
    }
}
