package dev.cairn.backend.systemdb;

import dev.cairn.backend.BackendException;
import dev.cairn.backend.BackendFactory;
import dev.cairn.backend.BackendKind;
import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.StateBackend;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import org.sqlite.SQLiteConfig;

/**
 * Opens a SQLite system database from Meltano's SQLAlchemy URL: {@code sqlite:///relative/path} or
 * {@code sqlite:////absolute/path} (also {@code jdbc:sqlite:path}).
 */
public final class SqliteBackendFactory implements BackendFactory {

    private static final BackendKind KIND = new BackendKind("sqlite", "A SQLite system database",
            List.of("sqlite", "jdbc:sqlite"), "sqlite:///path/to/meltano.db", SqliteBackendFactory::problem,
            List.of(), false);

    @Override
    public BackendKind kind() {
        return KIND;
    }

    @Override
    public boolean accepts(String uri) {
        return uri.startsWith("sqlite:") || uri.startsWith("jdbc:sqlite:");
    }

    private static String problem(String uri) {
        if (uri.startsWith("sqlite:") && !uri.startsWith("sqlite:///")) {
            return "A SQLite URI needs an absolute path: sqlite:///abs/path/meltano.db";
        }
        try {
            path(uri);
            return null;
        } catch (BackendException e) {
            return e.getMessage();
        }
    }

    @Override
    public StateBackend open(String uri, BackendOptions options) {
        Path file = path(uri);
        if (!Files.isRegularFile(file)) {
            throw new BackendException("no SQLite database at " + file + " (from " + uri + ")");
        }
        SQLiteConfig config = new SQLiteConfig();
        config.setBusyTimeout((int) Math.min(Integer.MAX_VALUE, Math.max(1000, options.lockWait().toMillis())));
        config.setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
        if (options.readOnly()) {
            config.setReadOnly(true);
        }
        String jdbcUrl = "jdbc:sqlite:" + file;
        SerializedConnection connection = new SerializedConnection(() -> {
            Connection c = config.createConnection(jdbcUrl);
            c.setAutoCommit(true);
            return c;
        });
        try {
            return new SystemDbBackend("sqlite:///" + file, connection, new SqliteDialect());
        } catch (RuntimeException e) {
            connection.close();
            throw e;
        }
    }

    static Path path(String uri) {
        String rest;
        if (uri.startsWith("jdbc:sqlite:")) {
            rest = uri.substring("jdbc:sqlite:".length());
        } else if (uri.startsWith("sqlite:///")) {
            rest = uri.substring("sqlite:///".length());
        } else {
            throw new BackendException("a SQLite URI has the form sqlite:///relative/path or sqlite:////absolute/path, not " + uri);
        }
        int query = rest.indexOf('?');
        if (query >= 0) {
            rest = rest.substring(0, query);
        }
        if (rest.isEmpty() || rest.equals(":memory:")) {
            throw new BackendException("an in-memory SQLite database holds no Meltano state: " + uri);
        }
        return Path.of(rest).toAbsolutePath().normalize();
    }
}
