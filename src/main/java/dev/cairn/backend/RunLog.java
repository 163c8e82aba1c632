package dev.cairn.backend;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;

/** A Meltano system database's {@code runs} table, where pipelines and state commands leave their history. */
public interface RunLog extends AutoCloseable {

    /** Whether the database has its {@code runs} table: without it, it has no runs to show and records none. */
    boolean hasRunsTable();

    /**
     * Adds the row, committed on its own; returns false, adding nothing, where the database has no
     * {@code runs} table (Meltano's always have one; a hand-made or pruned one may not).
     */
    boolean record(MeltanoRun run);

    /** The RUNNING rows, alive or stale, newest start first, without their payloads. */
    List<RunRow> runningJobs();

    /** The newest RUNNING row per job name (a pipeline's job name is its state ID), without payloads. */
    default Map<String, RunRow> runningByJob() {
        Map<String, RunRow> newest = new LinkedHashMap<>();
        for (RunRow run : runningJobs()) {
            newest.putIfAbsent(run.jobName(), run);
        }
        return newest;
    }

    /**
     * The newest RUNNING row of one job (a pipeline's state ID), without its payload: what a
     * selected ID needs, without reading every job's rows.
     */
    default Optional<RunRow> running(String jobName) {
        return Optional.ofNullable(runningByJob().get(jobName));
    }

    /** What {@link #running(String)} says for a backend's runs table; empty where the backend knows none. */
    static Optional<RunRow> running(StateBackend backend, String jobName) {
        return backend.runs().flatMap(runs -> runs.running(jobName));
    }

    /** What {@link #runningByJob} says for a backend's runs table; empty where the backend knows none. */
    static Map<String, RunRow> runningByJob(StateBackend backend) {
        return backend.runs().map(RunLog::runningByJob).orElse(Map.of());
    }

    /**
     * One job's rows, newest first, payloads included: at most {@code limit} rows older than the
     * row {@code beforeId} (null: from the newest), only rows carrying state if {@code checkpointsOnly}.
     */
    List<RunRow> history(String jobName, Long beforeId, int limit, boolean checkpointsOnly);

    /**
     * A job's newest {@code limit} rows, newest first, for a look at what changed (a run that
     * started or ended): without their payloads where the database can leave them unread.
     */
    default List<RunRow> recent(String jobName, int limit) {
        return history(jobName, null, limit, false);
    }

    /** One run of a job by its run ID, payload included. */
    Optional<RunRow> run(String jobName, UUID runId);

    /**
     * The runs of a job whose run ID, written as 32 hex digits, starts with {@code hexDigits}
     * (lower-case), newest first, at most {@code limit}, without payloads: a run named by a short
     * prefix, as git takes a short hash.
     */
    List<RunRow> runsStartingWith(String jobName, String hexDigits, int limit);

    /**
     * The states Meltano's migration {@code 6828cc5b1a4f} would build from this table, one per job
     * name matching the Meltano pattern (null: all): completed {@code {}}, the merged checkpoints as partial.
     */
    void reconstructStates(String pattern, Consumer<StoredState> sink);

    @Override
    void close();
}
