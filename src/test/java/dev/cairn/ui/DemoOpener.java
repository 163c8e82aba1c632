package dev.cairn.ui;

import dev.cairn.backend.BackendFactory;
import dev.cairn.backend.LockStatus;
import dev.cairn.ui.connect.SavedConnection;
import dev.cairn.ui.main.BackendOpener;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.ServiceLoader;
import java.util.stream.Stream;

/**
 * Opens the demo workspace's backends for UI tests: through the real backends when the SQLite and
 * file families are on the classpath, else by loading the demo files into {@link InMemoryBackend}s
 * (the real families were still being written on main when the UI tests were).
 */
public final class DemoOpener {

    private DemoOpener() {}

    public static BackendOpener get() {
        boolean real = ServiceLoader.load(BackendFactory.class).stream().map(ServiceLoader.Provider::get)
                .anyMatch(f -> f.accepts("sqlite:////x.db"));
        return real ? BackendOpener.DEFAULT : DemoOpener::inMemory;
    }

    private static InMemoryBackend inMemory(SavedConnection c) {
        InMemoryBackend backend = new InMemoryBackend(c.displayUri());
        try {
            if (c.uri().startsWith("sqlite:")) {
                try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + c.uri().substring("sqlite:///".length()));
                     Statement st = db.createStatement();
                     ResultSet rows = st.executeQuery("SELECT state_id, completed_state, partial_state FROM state")) {
                    while (rows.next()) {
                        backend.put(rows.getString(1), rows.getString(2), rows.getString(3));
                    }
                }
                return backend;
            }
            Path root = Path.of(java.net.URI.create(c.uri()));
            try (Stream<Path> files = Files.walk(root)) {
                for (Path file : (Iterable<Path>) files.filter(p -> p.getFileName().toString().equals("state.json"))::iterator) {
                    String id = root.relativize(file.getParent()).toString();
                    String text = Files.readString(file);
                    try {
                        var node = dev.cairn.state.Json.parse(text);
                        backend.put(id, node.get("completed") == null || node.get("completed").isNull() ? null
                                        : dev.cairn.state.PythonJson.dumps(node.get("completed")),
                                node.get("partial") == null || node.get("partial").isNull() ? null
                                        : dev.cairn.state.PythonJson.dumps(node.get("partial")));
                    } catch (dev.cairn.state.JsonSyntaxError e) {
                        backend.put(id, text, "{}");
                    }
                    if (id.contains("/")) {
                        backend.hide(id, "'/' in the ID: `meltano state list` does not look this deep");
                    }
                    Path lock = file.resolveSibling("lock");
                    if (Files.exists(lock)) {
                        double epoch = Double.parseDouble(Files.readString(lock));
                        Instant at = Instant.ofEpochMilli((long) (epoch * 1000));
                        backend.lock(id, at.isAfter(Instant.now().minusSeconds(3600))
                                ? LockStatus.held(at, "lock file") : LockStatus.stale(at, "lock file"));
                    }
                }
            }
            return backend;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
