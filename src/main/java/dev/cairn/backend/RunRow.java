package dev.cairn.backend;

import java.time.Duration;
import java.time.Instant;

/**
 * A row of the system database's {@code runs} table as read back: a pipeline run ({@code RUNNING},
 * {@code SUCCESS}, {@code FAIL}, …) or a state command's {@code STATE_EDIT}. Times are UTC.
 *
 * @param runId as stored: 32 hex digits (SQLite), a dashed UUID (PostgreSQL)
 * @param payload the payload's JSON text, or null where it was not read (a listing of running jobs
 *                never reads payloads, which can be megabytes each)
 */
public record RunRow(long id, String jobName, String state, String runId, Instant startedAt, Instant endedAt,
                     Instant lastHeartbeat, int payloadFlags, String trigger, String payload) {

    /** Meltano's {@code HEARTBEAT_VALID_MINUTES}: a running job whose last heartbeat is older is dead. */
    public static final Duration HEARTBEAT_VALID = Duration.ofMinutes(5);
    /** Meltano's {@code HEARTBEATLESS_JOB_VALID_HOURS}, for jobs from before heartbeats. */
    public static final Duration HEARTBEATLESS_VALID = Duration.ofHours(24);

    public boolean isRunning() {
        return "RUNNING".equals(state);
    }

    /**
     * Meltano's {@code Job.is_stale}: a RUNNING job whose heartbeat (or, without one, whose start) is
     * too old; Meltano marks it failed the next time it looks. A row with neither time is stale too.
     */
    public boolean isStale(Instant now) {
        if (!isRunning()) {
            return false;
        }
        Instant validUntil = lastHeartbeat != null ? lastHeartbeat.plus(HEARTBEAT_VALID)
                : startedAt != null ? startedAt.plus(HEARTBEATLESS_VALID) : null;
        return validUntil == null || now.isAfter(validUntil);
    }

    /** "running: run …, started …, last heartbeat …, trigger …", or "stale run: …" for a dead one. */
    public String describeRunning(Instant now) {
        StringBuilder s = new StringBuilder(isStale(now) ? "stale run: " : "running: ");
        s.append("run ").append(runId).append(", started ").append(startedAt);
        s.append(lastHeartbeat == null ? ", no heartbeat" : ", last heartbeat " + lastHeartbeat);
        if (trigger != null) {
            s.append(", trigger ").append(trigger);
        }
        if (isStale(now)) {
            s.append(" (Meltano will mark it failed)");
        }
        return s.toString();
    }
}
