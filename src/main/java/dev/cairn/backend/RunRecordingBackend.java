package dev.cairn.backend;

import dev.cairn.state.StateDocument;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A backend whose state lives outside the project's system database (a {@code file://} or
 * {@code s3://} backend named by a Meltano project): Meltano still adds its {@code runs} row to
 * the system database, and its running pipelines are there. The database is opened at the first write that records a row, so reading
 * a project never needs it, and a system database that cannot be opened stops the write before
 * anything is stored. The row follows the state: a refused write (a conflict, Meltano's lock)
 * leaves no history of a change that did not happen. A system database without a {@code runs}
 * table gets no row, and the write says so.
 */
final class RunRecordingBackend extends ForwardingBackend {

    private final Supplier<RunLog> openRunLog;
    private RunLog runLog;

    RunRecordingBackend(StateBackend backend, Supplier<RunLog> openRunLog) {
        super(backend);
        this.openRunLog = openRunLog;
    }

    @Override
    public CommandWrite write(String stateId, StateDocument document, Version expected, MeltanoRun run) {
        RunLog log = runLog();
        Version written = backend.write(stateId, document, expected);
        boolean recorded;
        try {
            recorded = log.record(run);
        } catch (BackendException e) {
            throw new BackendException("the state of " + stateId + " was written, but its runs row could not be added"
                    + " to the project's system database: " + e.getMessage(), e);
        }
        return new CommandWrite(written, !recorded);
    }

    /**
     * Reading never depends on the system database: one that cannot be opened, or has no
     * {@code runs} table, has no history to show.
     */
    @Override
    public Optional<RunLog> runs() {
        try {
            RunLog log = runLog();
            return log.hasRunsTable() ? Optional.of(log) : Optional.empty();
        } catch (BackendException e) {
            return Optional.empty();
        }
    }

    @Override
    public synchronized void close() {
        try {
            backend.close();
        } finally {
            if (runLog != null) {
                runLog.close();
            }
        }
    }

    private synchronized RunLog runLog() {
        if (runLog == null) {
            runLog = openRunLog.get();
        }
        return runLog;
    }
}
