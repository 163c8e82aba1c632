package dev.cairn.ui.connect;

import dev.cairn.backend.BackendOptions;
import dev.cairn.meltano.MeltanoProject;
import dev.cairn.meltano.StateLocation;
import dev.cairn.ops.EnvironmentKind;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An environment of a Meltano project and where it keeps its state, as {@code --project} reads it,
 * offered as a connection named {@code project · environment}: prod-like names are production (and
 * start read-only, as a production connection does), and a blob backend keeps its project's system
 * database so that its writes add Meltano's runs rows there.
 */
public record ProjectEnvironment(String project, String environment, StateLocation location) {

    /** Every environment of the project in {@code folder} (the project itself when it defines none). Blocking: reads files. */
    public static List<ProjectEnvironment> read(Path folder) {
        MeltanoProject project = MeltanoProject.open(folder);
        String name = project.root().getFileName() == null ? project.root().toString() : project.root().getFileName().toString();
        List<ProjectEnvironment> out = new ArrayList<>();
        List<String> environments = project.environments();
        for (String environment : environments.isEmpty() ? Collections.<String>singletonList(null) : environments) {
            out.add(new ProjectEnvironment(name, environment, project.stateLocation(environment)));
        }
        return out;
    }

    public String name() {
        return environment == null ? project : project + " · " + environment;
    }

    /** What the environment's name says it is ({@link EnvironmentKind}). */
    public Environment kind() {
        return Environment.parse(EnvironmentKind.of(environment).name());
    }

    /** The connection to open; the project's secrets (keys in its .env) are not kept in it. */
    public SavedConnection connection() {
        BackendOptions options = location.options();
        Map<String, String> settings = new LinkedHashMap<>(options.settings());
        if (!options.lockStaleAfter().equals(BackendOptions.defaults().lockStaleAfter())) {
            settings.put("lock_timeout_seconds", Long.toString(options.lockStaleAfter().toSeconds()));
        }
        return new SavedConnection(name(), location.uri(), kind(), kind() == Environment.PROD, settings, environment);
    }
}
