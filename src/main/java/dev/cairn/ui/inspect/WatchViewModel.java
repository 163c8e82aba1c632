package dev.cairn.ui.inspect;

import dev.cairn.backend.RunRow;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.ops.Polling;
import dev.cairn.ops.Watch;
import dev.cairn.state.BookmarkChange;
import dev.cairn.ui.Texts;
import dev.cairn.ui.task.BackgroundTask;
import dev.cairn.ui.task.TaskExecutor;
import java.time.Duration;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The inspector's Watch toggle: while on, {@link Watch} looks at the selected state every interval
 * (one small request; longer waits while nothing changes) and reads it again when its version
 * changed; each new checkpoint's changes per stream (old → new) are listed here, newest first. The
 * inspector's documents, and so their scroll position, tab and find, stay as they are (Refresh
 * shows the state as read last). It stops by itself when the run it saw ends, and says so; another
 * selection, or the toggle, stops it.
 */
public final class WatchViewModel {

    /** The changes kept: the newest checkpoints' lines. */
    static final int KEPT = 50;

    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss");

    private final TaskExecutor executor;
    private final Duration interval;
    private final BooleanProperty watching = new SimpleBooleanProperty(this, "watching");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private final ObservableList<String> changes = FXCollections.observableArrayList();
    private StateBackend backend;
    private String stateId;
    private Watch watch;
    /** Which watch the FX thread's updates are for: a stopped one's late ones are dropped. */
    private long generation;

    public WatchViewModel(TaskExecutor executor) {
        this(executor, Polling.DEFAULT_INTERVAL);
    }

    public WatchViewModel(TaskExecutor executor, Duration interval) {
        this.executor = executor;
        this.interval = interval;
        watching.addListener((o, was, now) -> {
            if (now) {
                start();
            } else {
                stop(Texts.get("watch.stopped"));
            }
        });
    }

    /** The state selected now (null: none): another one than the watched stops the watch. */
    public void setSubject(StateBackend on, String id) {
        if (on == backend && Objects.equals(id, stateId)) {
            return;
        }
        backend = on;
        stateId = id;
        watching.set(false);
        changes.clear();
        status.set("");
    }

    private void start() {
        if (backend == null || stateId == null) {
            watching.set(false);
            return;
        }
        long mine = ++generation;
        Watch w = new Watch(backend, stateId, interval);
        watch = w;
        String id = stateId;
        status.set(Texts.get("watch.starting", id));
        executor.submit(BackgroundTask.of(Texts.get("watch.task", id), context -> {
            // the toggle stops it: the status bar's Cancel could not reach the wait inside the watch
            context.unstoppable();
            return w.run(new Watch.Listener() {
                @Override
                public void started(StoredState state, RunRow run) {
                    publish(mine, () -> status.set(run == null ? Texts.get("watch.noRun", id, interval.toMillis() / 1000.0)
                            : Texts.get("watch.run", id, interval.toMillis() / 1000.0)));
                }

                @Override
                public void changed(Watch.Change change) {
                    publish(mine, () -> list(change));
                }
            });
        }).lane(w).onSuccess(ending -> {
            if (mine == generation && ending == Watch.Ending.RUN_ENDED) {
                watch = null;
                status.set(Texts.get("watch.runEnded"));
                watching.set(false);
            }
        }).onFailure(failure -> {
            if (mine == generation) {
                watch = null;
                status.set(Texts.get("watch.failed", failure.message()));
                watching.set(false);
            }
        }));
    }

    private void publish(long mine, Runnable update) {
        executor.uiThread().execute(() -> {
            if (mine == generation) {
                update.run();
            }
        });
    }

    /** A checkpoint's changes listed first (named apart from the listener's {@code changed}, which it would call instead). */
    private void list(Watch.Change change) {
        String at = LocalTime.ofInstant(change.at(), ZoneId.systemDefault()).format(CLOCK);
        List<String> lines = new ArrayList<>();
        if (change.bookmarks().isEmpty()) {
            lines.add(at + "  " + change.summary());
        }
        for (BookmarkChange bookmark : change.bookmarks()) {
            lines.add(at + "  " + bookmark.line());
        }
        changes.addAll(0, lines);
        if (changes.size() > KEPT) {
            changes.remove(KEPT, changes.size());
        }
        status.set(Texts.get("watch.changed", at, change.state().version()));
    }

    private void stop(String why) {
        generation++;
        if (watch != null) {
            watch.stop();
            watch = null;
            status.set(why);
        }
    }

    /** The toggle: on watches the selected state. */
    public BooleanProperty watchingProperty() {
        return watching;
    }

    /** What the watch is doing, or how it ended. */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** Each checkpoint's changes per stream ("12:01:03  ~ issues: "a" -> "b""), newest first. */
    public ObservableList<String> changes() {
        return changes;
    }
}
