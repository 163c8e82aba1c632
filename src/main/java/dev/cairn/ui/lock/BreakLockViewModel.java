package dev.cairn.ui.lock;

import dev.cairn.backend.LockStatus;
import dev.cairn.ui.Texts;
import dev.cairn.ui.task.BackgroundTask;
import dev.cairn.ui.task.TaskExecutor;
import dev.cairn.ui.task.TaskSlot;
import dev.cairn.ui.task.UserError;
import dev.cairn.ui.write.WriteTarget;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * Breaking Meltano's stale lock on one state ID, as Meltano's next write would: the form names the
 * ID, the backend and the lock it saw; confirmed, the backend deletes that lock only if it is still
 * the stale one (a pipeline that took the lock meanwhile keeps it, and the refusal is shown).
 */
public final class BreakLockViewModel {

    private final TaskSlot work;
    private final ReadOnlyBooleanWrapper showing = new ReadOnlyBooleanWrapper(this, "showing");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem", "");
    private final List<Runnable> brokenListeners = new ArrayList<>();
    private WriteTarget target;
    private String stateId = "";
    private LockStatus lock;

    public BreakLockViewModel(TaskExecutor executor) {
        this.work = new TaskSlot(executor);
    }

    /** Shows the form for the stale lock {@code lock} seen on {@code stateId}. */
    public void open(WriteTarget target, String stateId, LockStatus lock) {
        work.cancel();
        this.target = target;
        this.stateId = stateId;
        this.lock = lock;
        busy.set(false);
        problem.set("");
        showing.set(false); // a form open for another ID shows this one's texts
        showing.set(true);
    }

    /** Deletes the lock if it is still the stale one; the form closes when it is gone. */
    public void confirm() {
        if (!showing.get() || busy.get()) {
            return;
        }
        WriteTarget t = target;
        String id = stateId;
        busy.set(true);
        problem.set("");
        work.run(BackgroundTask.of(Texts.get("breakLock.task", id), context -> {
            t.backend().breakStaleLock(id);
            return null;
        }).lane(t.backend()), ignored -> {
            busy.set(false);
            close();
            brokenListeners.forEach(Runnable::run);
        }, failure -> {
            busy.set(false);
            problem.set(UserError.sentence(failure.message()));
        });
    }

    public void close() {
        work.cancel();
        busy.set(false);
        showing.set(false);
    }

    /** Called on the FX thread once the lock is gone (to re-read the state's lock). */
    public void onBroken(Runnable listener) {
        brokenListeners.add(listener);
    }

    public String stateId() {
        return stateId;
    }

    /** The backend the lock is on, as its URI is shown. */
    public String backendUri() {
        return target == null ? "" : target.backend().displayUri();
    }

    /** What the lock is: since when, and why it counts as stale. */
    public String lockDetail() {
        if (lock == null) {
            return "";
        }
        return Texts.get("breakLock.detail", lock.since() == null ? "?" : lock.since().toString(),
                lock.detail() == null ? "" : lock.detail());
    }

    public ReadOnlyBooleanProperty showingProperty() {
        return showing.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /** Why the lock was not broken (a pipeline took it meanwhile, the backend failed), or "". */
    public ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }
}
