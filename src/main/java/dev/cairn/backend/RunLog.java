package dev.cairn.backend;

import java.util.List;

/** A Meltano system database's {@code runs} table, where pipelines and state commands leave their history. */
public interface RunLog extends AutoCloseable {

    /** Adds the row, committed on its own. */
    void record(MeltanoRun run);

    /** The RUNNING rows, alive or stale, newest start first, without their payloads. */
    List<RunRow> runningJobs();

    @Override
    void close();
}
