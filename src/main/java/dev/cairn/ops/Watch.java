package dev.cairn.ops;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cairn.backend.RunLog;
import dev.cairn.backend.RunRow;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.state.BookmarkChange;
import dev.cairn.state.DiffSummary;
import dev.cairn.state.JsonDiff;
import dev.cairn.state.StateError;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Watches one state while a pipeline runs on it: every interval it asks the backend whether the
 * state changed ({@link StateBackend#changeStamp}, one small request) and reads it only when it did,
 * telling what the new checkpoint changed per stream. While nothing changes the interval doubles,
 * up to {@link Polling#MAX_BACKOFF} times the one asked for; a change brings it back. A watch that saw a
 * run under way at its start (a live RUNNING row of the ID's job in the runs table) ends by itself
 * when that run does; otherwise it runs until {@link #stop()} or its thread is interrupted.
 */
public final class Watch {

    /** What a new checkpoint changed, told when the state was read after it. */
    public record Change(Instant at, StoredState state, String summary, List<BookmarkChange> bookmarks) {}

    /** How a watch ended. */
    public enum Ending {
        /** The run it saw at its start is no longer running. */
        RUN_ENDED,
        /** {@link #stop()}, or its thread was interrupted. */
        STOPPED
    }

    /** What a watch tells, on the thread that runs it. */
    public interface Listener {
        /** The state as first read, and the run under way on it (null: none, or the backend keeps no runs). */
        void started(StoredState state, RunRow run);

        void changed(Change change);
    }

    private final StateBackend backend;
    private final String stateId;
    private final Polling polling;

    public Watch(StateBackend backend, String stateId, Duration interval) {
        this.backend = backend;
        this.stateId = stateId;
        this.polling = new Polling(interval);
    }

    /** Ends a running watch at its next wait (from any thread); a watch not yet started ends at once. */
    public void stop() {
        polling.stop();
    }

    /** Watches until the run it saw ends or it is stopped; blocking. */
    public Ending run(Listener listener) {
        String stamp = backend.changeStamp(stateId);
        StoredState current = backend.read(stateId);
        RunRow run = liveRun();
        listener.started(current, run);
        for (boolean changed = true; polling.awaitNext(changed); ) {
            String now = backend.changeStamp(stateId);
            changed = !now.equals(stamp);
            if (changed) {
                stamp = now;
                current = reread(current, listener);
            }
            if (run != null && liveRun() == null) {
                // the run's last checkpoint may have landed since this look
                if (!backend.changeStamp(stateId).equals(stamp)) {
                    reread(current, listener);
                }
                return Ending.RUN_ENDED;
            }
        }
        return Ending.STOPPED;
    }

    /** The state read again, told to the listener if its documents changed (a look may race the write it saw). */
    private StoredState reread(StoredState before, Listener listener) {
        StoredState after = backend.read(stateId);
        if (!after.document().equals(before.document())) {
            listener.changed(change(before, after));
        }
        return after;
    }

    private static Change change(StoredState before, StoredState after) {
        Instant at = Instant.now();
        try {
            JsonNode was = before.document().effective();
            JsonNode is = after.document().effective();
            return new Change(at, after, DiffSummary.of(was, is, JsonDiff.diff(was, is)).description(),
                    BookmarkChange.between(was, is));
        } catch (StateError e) {
            return new Change(at, after, "The state cannot be read as Meltano reads it: " + e.getMessage(), List.of());
        }
    }

    /** The live RUNNING row of the ID's job; null where none, or where the backend keeps no runs. */
    private RunRow liveRun() {
        RunRow run = RunLog.running(backend, stateId).orElse(null);
        return run == null || run.isStale(Instant.now()) ? null : run;
    }
}
