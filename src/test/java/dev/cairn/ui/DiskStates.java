package dev.cairn.ui;

import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.systemdb.MeltanoSchema;
import dev.cairn.state.StatePart;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * Real backends with given stored texts, for view-model tests: a SQLite system DB (rows inserted
 * as written, a held lock as a RUNNING job with a fresh heartbeat) or a {@code file://} folder
 * ({@code state.json} as Meltano lays it out, a held lock as a fresh {@code lock} file).
 */
public final class DiskStates {

    private final Path dir;
    private final boolean files;
    private int runs;

    private DiskStates(Path dir, boolean files) {
        this.dir = dir;
        this.files = files;
    }

    public static DiskStates systemDb(Path dir) {
        MeltanoSchema.createSqlite(dir.resolve("meltano.db"));
        return new DiskStates(dir, false);
    }

    public static DiskStates files(Path dir) {
        return new DiskStates(dir.resolve("state"), true);
    }

    /** Stores the two documents' texts as they are ({@code null}: NULL). */
    public DiskStates put(String id, String completed, String partial) {
        try {
            if (files) {
                Path folder = Files.createDirectories(dir.resolve(id));
                boolean corrupt = StatePart.parse(completed).isCorrupt();
                Files.writeString(folder.resolve("state.json"), corrupt ? completed
                        : "{\"completed\": " + completed + ", \"partial\": " + partial + "}");
            } else {
                sql("INSERT INTO state (state_id, completed_state, partial_state) VALUES (?, ?, ?)", id, completed, partial);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    /** A pipeline holds the ID's lock now. */
    public DiskStates lock(String id) {
        try {
            if (files) {
                Files.writeString(Files.createDirectories(dir.resolve(id)).resolve("lock"),
                        Double.toString(System.currentTimeMillis() / 1000.0));
            } else {
                String now = LocalDateTime.now(ZoneOffset.UTC).toString().replace('T', ' ');
                sql("INSERT INTO runs (id, job_name, state, started_at, last_heartbeat_at, payload_flags)"
                        + " VALUES (?, ?, 'RUNNING', ?, ?, 0)", Integer.toString(++runs), id, now, now);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    /** Opens the backend; a file backend of no states yet is an empty folder (a missing one is refused). */
    public StateBackend open() {
        if (files) {
            try {
                Files.createDirectories(dir);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        String uri = files ? "file://" + dir : "sqlite:///" + dir.resolve("meltano.db");
        return Backends.open(uri, BackendOptions.defaults());
    }

    private void sql(String statement, String... values) {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("meltano.db"));
             PreparedStatement s = c.prepareStatement(statement)) {
            for (int i = 0; i < values.length; i++) {
                s.setString(i + 1, values[i]);
            }
            s.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
