package dev.cairn.testing;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.UUID;

/**
 * Inserts {@code runs} rows as Meltano's {@code Job} leaves them: naive UTC times, a RUNNING row
 * without an end, the run's last payload with its flags, a run ID in each database's own type.
 */
public final class RunRows {

    private final Connection connection;
    private final boolean sqlite;

    public RunRows(Connection connection, boolean sqlite) {
        this.connection = connection;
        this.sqlite = sqlite;
    }

    /** Minutes ago, as the naive UTC time Meltano stores. */
    public static LocalDateTime minutesAgo(long minutes) {
        return LocalDateTime.now(ZoneOffset.UTC).minusMinutes(minutes);
    }

    /**
     * A row of {@code jobName}: ended 20 minutes after its start unless RUNNING, with its last
     * heartbeat as given (null: none); returns its run ID.
     */
    public UUID add(String jobName, String state, LocalDateTime started, int flags, String payload, String trigger,
                    LocalDateTime heartbeat) throws SQLException {
        return add(UUID.randomUUID(), jobName, state, started, flags, payload, trigger, heartbeat);
    }

    /** {@link #add(String, String, LocalDateTime, int, String, String, LocalDateTime)} with this run ID. */
    public UUID add(UUID runId, String jobName, String state, LocalDateTime started, int flags, String payload, String trigger,
                    LocalDateTime heartbeat) throws SQLException {
        try (PreparedStatement s = connection.prepareStatement("INSERT INTO runs (job_name, state, started_at, ended_at, payload,"
                + " payload_flags, run_id, \"trigger\", last_heartbeat_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            s.setString(1, jobName);
            s.setString(2, state);
            s.setObject(3, started);
            s.setObject(4, state.equals("RUNNING") ? null : started.plusMinutes(20));
            s.setString(5, payload);
            s.setInt(6, flags);
            if (sqlite) {
                s.setString(7, runId.toString().replace("-", ""));
            } else {
                s.setObject(7, runId);
            }
            s.setString(8, trigger);
            s.setObject(9, heartbeat);
            s.executeUpdate();
        }
        return runId;
    }
}
