package dev.cairn.ops;

import java.nio.file.Path;
import java.util.Locale;

/**
 * Where Cairn keeps its files: data (journal, demo workspace), configuration (saved connections)
 * and logs. {@code CAIRN_HOME} (or the system property {@code cairn.home}) puts them under one
 * folder, for tests and portable installs; otherwise the XDG base directories are used, and the
 * platform's own place for logs on Windows and macOS.
 */
public final class UserFolders {

    /** The name of the window's saved connections in the configuration folder. */
    public static final String CONNECTIONS_FILE = "connections.json";

    private final Path data;
    private final Path config;

    public UserFolders(Path data, Path config) {
        this.data = data;
        this.config = config;
    }

    public static UserFolders fromEnvironment() {
        String home = System.getProperty("cairn.home", System.getenv("CAIRN_HOME"));
        if (home != null && !home.isBlank()) {
            Path root = Path.of(home);
            return new UserFolders(root.resolve("data"), root.resolve("config"));
        }
        Path user = Path.of(System.getProperty("user.home"));
        return new UserFolders(xdg("XDG_DATA_HOME", user.resolve(".local/share")).resolve("cairn"),
                xdg("XDG_CONFIG_HOME", user.resolve(".config")).resolve("cairn"));
    }

    /**
     * The log folder: {@code CAIRN_LOG_DIR} (or {@code -Dcairn.log.dir}), else {@code <CAIRN_HOME>/logs},
     * else {@code %LOCALAPPDATA%\Cairn\Logs} on Windows, {@code ~/Library/Logs/Cairn} on macOS and
     * {@code $XDG_STATE_HOME/cairn} (default {@code ~/.local/state/cairn}) elsewhere.
     */
    public static Path logsFromEnvironment() {
        String dir = System.getProperty("cairn.log.dir", System.getenv("CAIRN_LOG_DIR"));
        if (dir != null && !dir.isBlank()) {
            return Path.of(dir);
        }
        String home = System.getProperty("cairn.home", System.getenv("CAIRN_HOME"));
        if (home != null && !home.isBlank()) {
            return Path.of(home, "logs");
        }
        Path user = Path.of(System.getProperty("user.home"));
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        if (os.startsWith("windows")) {
            return xdg("LOCALAPPDATA", user.resolve("AppData/Local")).resolve("Cairn").resolve("Logs");
        }
        if (os.startsWith("mac")) {
            return user.resolve("Library/Logs/Cairn");
        }
        return xdg("XDG_STATE_HOME", user.resolve(".local/state")).resolve("cairn");
    }

    private static Path xdg(String variable, Path fallback) {
        String value = System.getenv(variable);
        return value == null || value.isBlank() ? fallback : Path.of(value);
    }

    public Path data() {
        return data;
    }

    public Path config() {
        return config;
    }

    /** The window's saved connections (ui.connect.ConnectionStore's file), which the shell's completion offers too. */
    public Path connections() {
        return config.resolve(CONNECTIONS_FILE);
    }

    public Journal journal() {
        return new Journal(data.resolve("journal"));
    }
}
