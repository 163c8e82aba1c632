package dev.cairn.ui.park;

import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.ops.ConflictRetry;
import dev.cairn.ops.EditRefused;
import dev.cairn.ops.Journal;
import dev.cairn.ops.Park;
import dev.cairn.ops.Transfer;
import dev.cairn.ops.WriteService;
import dev.cairn.ui.Selection;
import dev.cairn.ui.Texts;
import dev.cairn.ui.task.BackgroundTask;
import dev.cairn.ui.task.TaskContext;
import dev.cairn.ui.task.TaskExecutor;
import dev.cairn.ui.task.TaskSlot;
import dev.cairn.ui.task.UserError;
import dev.cairn.ui.write.WriteScope;
import dev.cairn.ui.write.WriteTarget;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * A guided backfill ({@link Park}) in the window: Park for a full refresh… moves the selected state
 * aside to {@code ID.parked-<UTC time>}, refused while a pipeline runs on the ID; on a parked ID,
 * Restore puts the parked state back over what the refresh wrote and Merge back merges it under
 * the refreshed one, then deletes the parked copy. Each is one journal group, undone as one here.
 */
public final class ParkViewModel {

    /** What the form does. */
    public enum Action { PARK, RESTORE, MERGE }

    /** Where it is: asking, working, done (undoable), undone, or refused with the reason shown. */
    public enum Stage { READY, WORKING, DONE, UNDONE, FAILED }

    private final TaskSlot work;
    private final Journal journal;
    private final WriteService writes;
    private final ReadOnlyBooleanWrapper showing = new ReadOnlyBooleanWrapper(this, "showing");
    private final ReadOnlyObjectWrapper<Stage> stage = new ReadOnlyObjectWrapper<>(this, "stage", Stage.READY);
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper(this, "title", "");
    private final ReadOnlyStringWrapper detail = new ReadOnlyStringWrapper(this, "detail", "");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyStringWrapper requiredTyping = new ReadOnlyStringWrapper(this, "requiredTyping", "");
    private final StringProperty typed = new SimpleStringProperty(this, "typed", "");
    private final BooleanBinding canConfirm;
    private final List<Runnable> writtenListeners = new ArrayList<>();
    private WriteTarget target;
    private Action action;
    private String stateId;
    private String parkedId;
    private String group;

    private final WriteScope scope;

    /** A form on what {@code scope} has selected, its writes journalled in {@code journal}. */
    public ParkViewModel(TaskExecutor executor, Journal journal, WriteScope scope) {
        this.work = new TaskSlot(executor);
        this.journal = journal;
        this.scope = scope;
        this.writes = new WriteService(journal, ConflictRetry.NONE);
        canConfirm = Bindings.createBooleanBinding(() -> (stage.get() == Stage.READY || stage.get() == Stage.FAILED)
                        && (requiredTyping.get().isEmpty() || requiredTyping.get().equals(typed.get().strip())),
                stage, requiredTyping, typed);
    }

    /**
     * Opens Park for a full refresh… on the selected ID ({@code how} null), or, on a parked ID, the
     * form that puts it back as {@code how} says.
     */
    public void open(Park.Return how) {
        Selection selected = scope.selection();
        WriteTarget on = scope.target();
        if (selected == null || on == null) {
            return;
        }
        if (how == null) {
            openPark(on, selected.stateId());
        } else if (Park.parse(selected.stateId()).isPresent()) {
            openUnpark(on, selected.stateId(), how);
        }
    }

    /** Opens the form that parks the state {@code id} (its parked ID named when it is parked). */
    public void openPark(WriteTarget on, String id) {
        open(on, Action.PARK, id, null);
        title.set(Texts.get("park.title", id));
        detail.set(Texts.get("park.detail", Park.parkedId(id, Instant.now())));
        // on production the ID is typed: the pipeline's next run there starts from scratch
        requiredTyping.set(on.isProduction() ? id : "");
    }

    /** Opens the form that puts a parked copy back ({@code parked} is a parked ID, {@link Park#parse}) as {@code how} says. */
    public void openUnpark(WriteTarget on, String parked, Park.Return how) {
        String id = Park.parse(parked).map(Park.Parked::stateId).orElseThrow(
                () -> new IllegalArgumentException(parked + " is not a parked ID"));
        open(on, how == Park.Return.RESTORE ? Action.RESTORE : Action.MERGE, id, parked);
        title.set(Texts.get("park.title." + action.name(), id));
        detail.set(Texts.get("park.detail." + action.name(), parked, id));
        requiredTyping.set("");
    }

    private void open(WriteTarget on, Action what, String id, String parked) {
        work.cancel();
        target = on;
        action = what;
        stateId = id;
        parkedId = parked;
        group = null;
        typed.set("");
        message.set("");
        stage.set(Stage.READY);
        showing.set(true);
    }

    /** Parks, or puts back; refused with the reason shown (a running pipeline, a state changed meanwhile). */
    public void confirm() {
        if (!canConfirm.get()) {
            return;
        }
        StateBackend backend = target.backend();
        Action doing = action;
        stage.set(Stage.WORKING);
        message.set(Texts.get("park.working." + doing.name()));
        work.run(BackgroundTask.of(title.get() + " on " + backend.displayUri(), context -> {
            context.unstoppable();
            return doing == Action.PARK ? park(backend) : unpark(backend, doing, context);
        }).lane(backend), done -> {
            group = done.group();
            message.set(done.message());
            stage.set(done.group() == null ? Stage.FAILED : Stage.DONE);
            if (done.group() != null) {
                writtenListeners.forEach(Runnable::run);
            }
        }, failure -> {
            message.set(UserError.sentence(failure.message()));
            stage.set(Stage.FAILED);
        }, () -> { });
    }

    /** What a park or unpark came to: the journal group written (null: nothing was), and the sentence saying so. */
    private record Done(String group, String message) {}

    private Done park(StateBackend backend) {
        if (!backend.read(stateId).exists()) {
            return new Done(null, Texts.get("park.absent", stateId, backend.displayUri()));
        }
        Park.requireIdle(backend, stateId);
        String to = Park.parkedId(stateId, Instant.now());
        Transfer transfer = Park.transfer(backend, journal);
        Transfer.Result result = transfer.run(List.of(new Transfer.Item(stateId, to)), 1, (done, total, r) -> { }).get(0);
        if (result.outcome() != Transfer.Outcome.MOVED) {
            return new Done(null, UserError.sentence(Texts.get("park.refused", stateId, result.detail())));
        }
        parkedId = to;
        Journal.Entry last = journal.lastUndoable(backend, to);
        return new Done(last == null ? null : last.group(), Texts.get("park.done", stateId, to)
                + transfer.runsRowNote().map(note -> " " + note).orElse(""));
    }

    private Done unpark(StateBackend backend, Action how, TaskContext context) throws EditRefused {
        StoredState parked = backend.read(parkedId);
        if (!parked.exists()) {
            return new Done(null, Texts.get("park.absent", parkedId, backend.displayUri()));
        }
        WriteService.Run written = writes.execute(Park.unpark(backend, stateId, parked,
                how == Action.RESTORE ? Park.Return.RESTORE : Park.Return.MERGE), (outcome, done, total) -> context.progress(done, total));
        WriteService.Refused refused = written.stopped();
        if (refused != null) {
            String why = refused instanceof WriteService.Conflicted ? Texts.get("park.conflict", refused.planned().stateId())
                    : UserError.of(refused.planned().description(), refused.why()).message();
            return new Done(written.count() == 0 ? null : written.group(), UserError.sentence(why));
        }
        return new Done(written.group(), Texts.get("park.done." + how.name(), parkedId, stateId));
    }

    /** Undoes the park or unpark as one: every write of it, or none where a state changed since. */
    public void undo() {
        if (stage.get() != Stage.DONE || group == null) {
            return;
        }
        StateBackend backend = target.backend();
        String undone = group;
        stage.set(Stage.WORKING);
        message.set(Texts.get("park.undoing"));
        work.run(BackgroundTask.of(Texts.get("park.undoTask", stateId, backend.displayUri()), context -> {
            context.unstoppable();
            return writes.undoGroup(backend, undone);
        }).lane(backend), count -> {
            message.set(Texts.get("park.undone", stateId));
            stage.set(Stage.UNDONE);
            writtenListeners.forEach(Runnable::run);
        }, failure -> {
            message.set(UserError.sentence(failure.message()));
            stage.set(Stage.DONE);
        }, () -> { });
    }

    /** Closes the form; not while it writes (that ends first, and the form shows how). */
    public void close() {
        if (stage.get() == Stage.WORKING) {
            return;
        }
        work.cancel();
        showing.set(false);
    }

    /** Called on the FX thread after a park, an unpark or its undo wrote something, to re-read what it changed. */
    public void onWritten(Runnable listener) {
        writtenListeners.add(listener);
    }

    public Action action() {
        return action;
    }

    public String stateId() {
        return stateId;
    }

    /** The parked ID: the one put back, or after a park the one the state went to; null before. */
    public String parkedId() {
        return parkedId;
    }

    public WriteTarget target() {
        return target;
    }

    public ReadOnlyBooleanProperty showingProperty() {
        return showing.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Stage> stageProperty() {
        return stage.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }

    /** What the action does, before it is confirmed: the preview. */
    public ReadOnlyStringProperty detailProperty() {
        return detail.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** What must be typed to confirm a park on production (the ID), or "". */
    public ReadOnlyStringProperty requiredTypingProperty() {
        return requiredTyping.getReadOnlyProperty();
    }

    public StringProperty typedProperty() {
        return typed;
    }

    public BooleanBinding canConfirmProperty() {
        return canConfirm;
    }
}
