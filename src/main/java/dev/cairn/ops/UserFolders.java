package dev.cairn.ops;

import java.nio.file.Path;

/**
 * Where Cairn keeps its files: data (journal, demo workspace) and configuration (saved
 * connections). {@code CAIRN_HOME} (or the system property {@code cairn.home}) puts both under one
 * folder, for tests and portable installs; otherwise the XDG base directories are used.
 */
public final class UserFolders {

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

    public Journal journal() {
        return new Journal(data.resolve("journal"));
    }
}
