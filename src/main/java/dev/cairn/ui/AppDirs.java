package dev.cairn.ui;

import java.nio.file.Path;
import java.util.Map;

/**
 * Where Cairn keeps its files: saved connections in the config folder, the demo workspace in the
 * data folder. XDG locations by default; {@code cairn.config.dir}/{@code CAIRN_CONFIG_DIR} and
 * {@code cairn.data.dir}/{@code CAIRN_DATA_DIR} override them (tests point them at temp folders).
 */
public record AppDirs(Path config, Path data) {

    public static AppDirs fromEnvironment() {
        return resolve(System.getProperties(), System.getenv(), Path.of(System.getProperty("user.home")));
    }

    static AppDirs resolve(java.util.Properties props, Map<String, String> env, Path home) {
        Path config = pick(props.getProperty("cairn.config.dir"), env.get("CAIRN_CONFIG_DIR"),
                env.get("XDG_CONFIG_HOME"), home.resolve(".config"));
        Path data = pick(props.getProperty("cairn.data.dir"), env.get("CAIRN_DATA_DIR"),
                env.get("XDG_DATA_HOME"), home.resolve(".local/share"));
        return new AppDirs(config, data);
    }

    private static Path pick(String property, String envOverride, String xdg, Path fallbackBase) {
        if (property != null && !property.isBlank()) {
            return Path.of(property);
        }
        if (envOverride != null && !envOverride.isBlank()) {
            return Path.of(envOverride);
        }
        Path base = xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute() ? Path.of(xdg) : fallbackBase;
        return base.resolve("cairn");
    }

    public Path demo() {
        return data.resolve("demo");
    }
}
