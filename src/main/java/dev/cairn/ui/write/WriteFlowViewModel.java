package dev.cairn.ui.write;

import dev.cairn.backend.StoredState;
import dev.cairn.ops.ConflictRetry;
import dev.cairn.ops.Edit;
import dev.cairn.ops.EditRefused;
import dev.cairn.ops.Journal;
import dev.cairn.ops.WriteCommand;
import dev.cairn.ops.WriteService;
import dev.cairn.ops.plan.Plan;
import dev.cairn.state.JsonReplay;
import dev.cairn.state.StateDocument;
import dev.cairn.ui.Texts;
import dev.cairn.ui.task.BackgroundTask;
import dev.cairn.ui.task.TaskExecutor;
import dev.cairn.ui.task.TaskSlot;
import dev.cairn.ui.task.UserError;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableMap;

/**
 * One write from plan to outcome, for the write sheet: it is planned on the state as read and
 * previewed (the diff, the lock, the target named); confirmed, it is journalled and written with
 * compare-and-set. If the state changed since the read, nothing is written and the conflict is shown
 * with the choice to re-plan the same edit onto what is stored now (previewed again) or to discard it.
 */
public final class WriteFlowViewModel {

    /** Where the flow is; CANCELLED: the planning was stopped, with nothing written. */
    public enum Stage { CLOSED, PLANNING, PREVIEW, WRITING, DONE, CONFLICT, FAILED, CANCELLED }

    /** Which diff the preview shows: the effective state (what the tap gets), or the stored documents (completed and partial). */
    public enum View { EFFECTIVE, STORED }

    private interface Planner {
        WritePlan plan() throws EditRefused;
    }

    private final TaskSlot work;
    private final WriteService writes;
    private final ReadOnlyObjectWrapper<Stage> stage = new ReadOnlyObjectWrapper<>(this, "stage", Stage.CLOSED);
    private final ReadOnlyObjectWrapper<WritePlan> plan = new ReadOnlyObjectWrapper<>(this, "plan");
    private final ReadOnlyObjectWrapper<Conflict> conflict = new ReadOnlyObjectWrapper<>(this, "conflict");
    private final ReadOnlyObjectWrapper<UserError> error = new ReadOnlyObjectWrapper<>(this, "error");
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper(this, "title", "");
    private final ReadOnlyStringWrapper uri = new ReadOnlyStringWrapper(this, "uri", "");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyStringWrapper requiredTyping = new ReadOnlyStringWrapper(this, "requiredTyping", "");
    private final StringProperty typed = new SimpleStringProperty(this, "typed", "");
    private final ObjectProperty<View> view = new SimpleObjectProperty<>(this, "view", View.EFFECTIVE);
    private final BooleanBinding canConfirm;
    private final ObservableMap<String, JsonReplay.Pick> picks = FXCollections.observableHashMap();
    private final BooleanBinding canReapply;
    private final List<Consumer<WriteCommand>> writtenListeners = new ArrayList<>();
    private final List<Runnable> discardedListeners = new ArrayList<>();
    private final ReadOnlyBooleanWrapper cancellable = new ReadOnlyBooleanWrapper(this, "cancellable", true);
    private final ReadOnlyObjectWrapper<Instant> lockWaitEnds = new ReadOnlyObjectWrapper<>(this, "lockWaitEnds");
    private WriteTarget target;
    private WriteCommand written;
    private PendingWrite<Outcome> writing;

    public WriteFlowViewModel(TaskExecutor executor, Journal journal) {
        this.work = new TaskSlot(executor);
        this.writes = new WriteService(journal, ConflictRetry.NONE);
        canConfirm = Bindings.createBooleanBinding(() -> stage.get() == Stage.PREVIEW && plan.get() != null
                        && !plan.get().command().changesNothing()
                        && (requiredTyping.get().isEmpty() || requiredTyping.get().equals(typed.get().strip())),
                stage, plan, requiredTyping, typed);
        canReapply = Bindings.createBooleanBinding(() -> stage.get() == Stage.CONFLICT && conflict.get() != null
                        && conflict.get().overlaps().stream().allMatch(o -> picks.containsKey(o.pointer())),
                stage, conflict, picks);
    }

    /** Plans {@code edit} on the state as read ({@code read}; null reads it now) and shows the preview. */
    public void start(WriteTarget target, String stateId, Edit edit, StoredState read) {
        begin(target, edit.verb() + " of " + stateId, () -> {
            WriteCommand command = read == null ? WriteCommand.plan(target.backend(), stateId, edit)
                    : WriteCommand.plan(target.backend(), edit, read);
            return WritePlan.read(command, edit, target.backend());
        });
    }

    /**
     * Undoes a journalled write: the command puts back the state from before it, and only while the
     * state is still as that write left it. Re-planned after a conflict, it restores that document
     * onto whatever is stored then (previewed again).
     */
    public void startUndo(WriteTarget target, Journal.Entry entry) {
        begin(target, "Undo of " + entry.verb() + " of " + entry.stateId(), () -> {
            WriteCommand command = WriteCommand.undo(target.backend(), entry);
            return WritePlan.read(command, undoing(entry.before(), command), target.backend());
        });
    }

    /**
     * Undoes Cairn's last write to the target's backend (for {@code stateId}, or any ID when null) as
     * {@code cairn undo} does: without an ID, with the rest of its operation on the backend (both
     * halves of a move), previewed by the last write's undo and written with it as one run.
     */
    public void startUndoLast(WriteTarget target, String stateId) {
        begin(target, Texts.get("write.undoLast.title"), () -> {
            WriteService.Undo undo = writes.undoLast(target.backend(), stateId);
            WriteCommand command = undo.commands().get(0);
            return WritePlan.read(command, undoing(command.after(), command), target.backend()).undoing(undo);
        });
    }

    /** An undo's edit, to re-plan it after a conflict: the document from before, put back whatever is stored then. */
    private static Edit undoing(StateDocument before, WriteCommand undo) {
        return Edit.restore(before, undo.verb(), "Undo");
    }

    private void begin(WriteTarget writeTarget, String what, Planner planner) {
        if (stage.get() == Stage.WRITING) {
            return; // one write at a time: this one ends first, or is cancelled before it starts
        }
        this.target = writeTarget;
        written = null;
        plan.set(null);
        conflict.set(null);
        error.set(null);
        typed.set("");
        requiredTyping.set("");
        title.set(what);
        uri.set(writeTarget.backend().displayUri());
        message.set(Texts.get("write.planning"));
        stage.set(Stage.PLANNING);
        cancellable.set(true);
        String taskTitle = Texts.get("write.planning.task", what, writeTarget.backend().displayUri());
        work.run(BackgroundTask.of(taskTitle, context -> planner.plan()).lane(writeTarget.backend()),
                this::preview, failure -> fail("Cannot " + lowerFirst(what), taskTitle, failure), () -> {
                    message.set(Texts.get("write.planningCancelled"));
                    stage.set(Stage.CANCELLED);
                });
    }

    private void preview(WritePlan planned) {
        plan.set(planned);
        conflict.set(null);
        WriteCommand command = planned.command();
        title.set(command.action());
        boolean typing = target.isProduction() && command.deletes();
        requiredTyping.set(typing ? command.stateId() : "");
        typed.set("");
        message.set(command.changesNothing() ? planned.summary()
                : Texts.get("write.review", planned.summary() + operation(planned.undoLast())));
        stage.set(Stage.PREVIEW);
    }

    /** What else Undo last takes back with the write previewed, and where the rest is undone; "" for any other write. */
    private static String operation(WriteService.Undo undo) {
        if (undo == null) {
            return "";
        }
        List<WriteCommand> rest = undo.commands().subList(1, undo.commands().size());
        return (rest.isEmpty() ? "" : " " + Texts.get("write.undoLast.rest", rest.size(),
                        String.join(", ", rest.stream().map(WriteCommand::stateId).toList())))
                + (undo.otherBackends().isEmpty() ? "" : " " + Texts.get("write.undoLast.elsewhere", String.join(", ", undo.otherBackends())));
    }

    /**
     * Writes the previewed plan: journal first, then compare-and-set against the version read. It
     * can be cancelled ({@link #cancel}) only until a worker starts it; from then on it runs to its
     * outcome, which is shown even if its task is cancelled from the status bar meanwhile.
     */
    public void confirm() {
        if (!canConfirm.get()) {
            return;
        }
        WritePlan planned = plan.get();
        WriteCommand command = planned.command();
        PendingWrite<Outcome> run = new PendingWrite<>();
        writing = run;
        stage.set(Stage.WRITING);
        cancellable.set(true);
        message.set(Texts.get("write.waiting"));
        long token = work.nextToken();
        work.run(BackgroundTask.of(command.description(), context -> {
            // the status bar's Cancel must not pretend to stop it either: its task cannot stop from here on
            context.unstoppable();
            run.start(context);
            Instant givesUp = lockWaitEnd(command);
            work.publish(token, () -> {
                cancellable.set(false);
                lockWaitEnds.set(givesUp);
                message.set(Texts.get("write.writing"));
            });
            return run.finish(write(planned));
        }).lane(command.backend()), outcome -> ended(run), failure -> {
            writing = null;
            cancellable.set(true);
            lockWaitEnds.set(null);
            fail(Texts.get("write.nothingWritten"), command.description(), failure);
        }, () -> ended(run));
    }

    /**
     * Save as plan…: the previewed write saved to {@code file} as a plan (Open plan… or {@code cairn
     * apply} writes it later, compare-and-set on the state read for this preview); nothing is written
     * to the backend, and the preview stays, saying what was saved. Not of an undo, which is written
     * now or not at all ({@code cairn undo} takes no {@code --plan-out} either).
     */
    public void savePlan(Path file) {
        if (stage.get() != Stage.PREVIEW || plan.get() == null || plan.get().command().isUndo()) {
            return;
        }
        Plan.Builder builder = new Plan.Builder();
        builder.addChanging(plan.get().commands());
        work.run(BackgroundTask.of(Texts.get("write.savePlan.title") + ": " + file, context -> PlanSaving.save(file, builder, null)),
                message::set, failure -> message.set(PlanSaving.failed(file, failure.message())));
    }

    /**
     * When the write, about to start, gives up waiting for Meltano's lock if a pipeline holds it
     * now (the backend's own wait, counted from here: it starts waiting just after), or null when
     * nothing holds it or the backend does not wait.
     */
    private static Instant lockWaitEnd(WriteCommand command) {
        Duration wait = command.backend().lockWait();
        try {
            if (wait.isZero() || !command.backend().lockStatus(command.stateId()).isHeld()) {
                return null;
            }
        } catch (RuntimeException e) {
            return null; // only the countdown is lost: the write itself meets the same trouble and reports it
        }
        return Instant.now().plus(wait);
    }

    /**
     * The countdown the sheet shows while the write waits for Meltano's lock: the seconds left at
     * {@code now} (rounded up) before it gives up with nothing written; "" when it is not waiting.
     */
    public String lockWaitNote(Instant now) {
        Instant ends = lockWaitEnds.get();
        WritePlan planned = plan.get();
        if (ends == null || planned == null) {
            return "";
        }
        long left = Math.max(0, (Duration.between(now, ends).toMillis() + 999) / 1000);
        return Texts.get("write.lockWait", planned.command().stateId(), left);
    }

    /** What a started write came to; kept here so that it is shown however its task ends. */
    private Outcome write(WritePlan planned) {
        WriteService.Run run = writes.execute(planned.commands(), (outcome, done, total) -> { });
        WriteService.Refused refused = run.stopped();
        if (refused == null) {
            return new Outcome(null, null, run.count());
        }
        if (refused instanceof WriteService.Conflicted c && planned.commands().size() == 1) {
            return new Outcome(Conflict.of(planned, c.why().current()), null, 0);
        }
        return new Outcome(null, UserError.of(refused.planned().description(), refused.why()), run.count());
    }

    private void ended(PendingWrite<Outcome> run) {
        if (writing != run) {
            return;
        }
        writing = null;
        cancellable.set(true);
        lockWaitEnds.set(null);
        Outcome outcome = run.outcome();
        WriteCommand command = plan.get().command();
        if (outcome == null) {
            message.set(Texts.get("write.cancelledBeforeStart", plan.get().summary()));
            stage.set(Stage.PREVIEW);
        } else if (outcome.conflict() != null) {
            picks.clear();
            conflict.set(outcome.conflict());
            message.set(outcome.conflict().explanation());
            stage.set(Stage.CONFLICT);
        } else if (outcome.failure() != null) {
            fail(outcome.written() == 0 ? Texts.get("write.nothingWritten")
                    : Texts.get("write.undoLast.stopped", outcome.written(), plan.get().commands().size()),
                    command.description(), outcome.failure());
        } else {
            written = command;
            int rest = plan.get().commands().size() - 1;
            message.set("Done: " + command.description() + (command.deletes() ? "." : " (now at version " + command.written() + ").")
                    + command.runsRowNote().map(note -> " " + note).orElse("")
                    + (rest == 0 ? "" : " " + Texts.get("write.undoLast.done", rest)));
            stage.set(Stage.DONE);
            writtenListeners.forEach(l -> l.accept(command));
        }
    }

    /**
     * Stops what the sheet is doing: planning, or a confirmed write a worker has not started yet
     * (back to its preview, nothing written). A write that started cannot be stopped; this does nothing then.
     */
    public void cancel() {
        PendingWrite<Outcome> run = writing;
        if (run == null) {
            close();
        } else if (run.callOff()) {
            work.cancel();
            ended(run);
        }
    }

    /**
     * How a started write ended: written (both null), refused by a conflict, or failed; {@code written}
     * of its run's commands went through.
     */
    private record Outcome(Conflict conflict, UserError failure, int written) { }

    /**
     * After a conflict: plans the same edit onto the state stored now, and previews it again; where
     * both changed the same place, with the value picked there ({@link #pick}).
     */
    public void reapply() {
        if (!canReapply.get()) {
            return;
        }
        Conflict c = conflict.get();
        Edit edit = c.overlaps().isEmpty() ? c.attempted().edit() : c.attempted().edit().picking(Map.copyOf(picks));
        StoredState current = c.current();
        begin(target, edit.verb() + " of " + current.stateId(), () -> WritePlan.read(
                WriteCommand.plan(target.backend(), edit, current), edit, target.backend()));
    }

    /** After a conflict: whose value stays at one place both changed (an overlap's pointer). */
    public void pick(String pointer, JsonReplay.Pick side) {
        picks.put(pointer, side);
    }

    /** After a conflict: drops the change; what is stored now stays. */
    public void discard() {
        close();
        discardedListeners.forEach(Runnable::run);
    }

    /** Undoes the write this flow just made (itself compare-and-set, previewed first). */
    public void undoWritten() {
        if (stage.get() != Stage.DONE || written == null) {
            return;
        }
        WriteCommand done = written;
        begin(target, "Undo of " + done.action(), () -> {
            WriteCommand undo = done.undo();
            return WritePlan.read(undo, undoing(done.before().exists() ? done.before().document() : null, undo), target.backend());
        });
    }

    /** Closes the sheet; not while a write runs (it ends first, and its outcome is shown). */
    public void close() {
        if (writing != null) {
            return;
        }
        work.cancel();
        stage.set(Stage.CLOSED);
        plan.set(null);
        conflict.set(null);
    }

    private void fail(String doing, String taskTitle, UserError failure) {
        String reason = failure.message().startsWith(taskTitle + ": ")
                ? failure.message().substring(taskTitle.length() + 2) : failure.message();
        String refused = UserError.sentence(doing + ": " + reason);
        error.set(new UserError(refused, failure.details()));
        message.set(refused);
        stage.set(Stage.FAILED);
    }

    private static String lowerFirst(String s) {
        return s.isEmpty() ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }

    /** Called on the FX thread after every successful write (to re-read what it changed). */
    public void onWritten(Consumer<WriteCommand> listener) {
        writtenListeners.add(listener);
    }

    /** Called when the user discards a change a conflict refused (to drop it wherever it was made). */
    public void onDiscarded(Runnable listener) {
        discardedListeners.add(listener);
    }

    public ReadOnlyObjectProperty<Stage> stageProperty() {
        return stage.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<WritePlan> planProperty() {
        return plan.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Conflict> conflictProperty() {
        return conflict.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<UserError> errorProperty() {
        return error.getReadOnlyProperty();
    }

    /** The write's action and state ID ("Clear partial state of prod:x"); {@link #uriProperty} says on which backend. */
    public ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }

    /** The URI of the backend written to, the headline's second line. */
    public ReadOnlyStringProperty uriProperty() {
        return uri.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** What must be typed to confirm (the state ID of a destructive write on production), or "". */
    public ReadOnlyStringProperty requiredTypingProperty() {
        return requiredTyping.getReadOnlyProperty();
    }

    public StringProperty typedProperty() {
        return typed;
    }

    public ObjectProperty<View> viewProperty() {
        return view;
    }

    public BooleanBinding canConfirmProperty() {
        return canConfirm;
    }

    /** Cancel is offered: anything but a write that has started. */
    public ReadOnlyBooleanProperty cancellableProperty() {
        return cancellable.getReadOnlyProperty();
    }

    /** While a confirmed write waits for a pipeline's Meltano lock: when it gives up; null otherwise. */
    public ReadOnlyObjectProperty<Instant> lockWaitEndsProperty() {
        return lockWaitEnds.getReadOnlyProperty();
    }

    /** In a conflict: a pick has been made at every place both changed. */
    public BooleanBinding canReapplyProperty() {
        return canReapply;
    }

    /** The picks made so far at the conflict's overlaps, by pointer. */
    public ObservableMap<String, JsonReplay.Pick> picks() {
        return picks;
    }

    public WriteTarget target() {
        return target;
    }

    /** The write this flow made, once DONE. */
    public WriteCommand written() {
        return written;
    }
}
