package dev.cairn.backend;

/** A Meltano system database's {@code runs} table, where state commands leave their history. */
public interface RunLog extends AutoCloseable {

    /** Adds the row, committed on its own. */
    void record(MeltanoRun run);

    @Override
    void close();
}
