package dev.cairn.ui.plan;

import dev.cairn.backend.StateBackend;
import dev.cairn.ops.ConflictRetry;
import dev.cairn.ops.EnvironmentGuard;
import dev.cairn.ops.Journal;
import dev.cairn.ops.WriteService;
import dev.cairn.ops.plan.NotAPlan;
import dev.cairn.ops.plan.Plan;
import dev.cairn.ops.plan.PlanFile;
import dev.cairn.ops.plan.PlanRun;
import dev.cairn.ops.plan.PlannedWrite;
import dev.cairn.ui.Texts;
import dev.cairn.ui.task.BackgroundTask;
import dev.cairn.ui.task.TaskExecutor;
import dev.cairn.ui.task.TaskSlot;
import dev.cairn.ui.task.UserError;
import dev.cairn.ui.write.WriteTarget;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Open plan…: a plan file saved with Save as plan… or {@code --plan-out}, read as {@code cairn
 * apply} reads it ({@link PlanFile}: a changed or truncated plan is refused in one line), previewed
 * per write with the diff it was saved with and the states that moved on since, then applied
 * through {@link PlanRun} as {@code cairn apply} applies it: compare-and-set on the state planned
 * on, all or nothing if asked, journalled as one group that Undo takes back whole. The plan's
 * backends must be open connections; a plan made for another environment than a production
 * connection's is refused, and production asks for its connection's name to be typed.
 */
public final class PlanViewModel {

    /** Where the form is; REFUSED: the plan cannot be applied here, and why is the message. */
    public enum Stage { CLOSED, READING, REFUSED, PREVIEW, APPLYING, DONE }

    /**
     * One planned write: the connection it goes to, its ID, its verb, the diff saved with it, and
     * its status ("to write", "changed since", then how it ended) with the reason.
     */
    public record Row(String connection, String stateId, String verb, String diff, String status, String detail,
                      boolean problem) { }

    /** A plan read and checked against the open connections, or why it cannot be applied ({@code refusal}). */
    private record Opened(Plan plan, Map<String, WriteTarget> targets, List<PlanRun.Check> checks, String refusal,
                          String warning, String typing) {

        static Opened refused(String why) {
            return new Opened(null, Map.of(), List.of(), why, "", "");
        }
    }

    private final TaskSlot work;
    private final Journal journal;
    private final WriteService writes;
    private final ReadOnlyBooleanWrapper showing = new ReadOnlyBooleanWrapper(this, "showing");
    private final ReadOnlyObjectWrapper<Stage> stage = new ReadOnlyObjectWrapper<>(this, "stage", Stage.CLOSED);
    private final ReadOnlyObjectWrapper<Path> file = new ReadOnlyObjectWrapper<>(this, "file");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyStringWrapper environmentWarning = new ReadOnlyStringWrapper(this, "environmentWarning", "");
    private final ReadOnlyStringWrapper requiredTyping = new ReadOnlyStringWrapper(this, "requiredTyping", "");
    private final StringProperty typed = new SimpleStringProperty(this, "typed", "");
    private final BooleanProperty allOrNothing = new SimpleBooleanProperty(this, "allOrNothing");
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(this, "progress", 0);
    private final ObservableList<Row> rows = FXCollections.observableArrayList();
    private final BooleanBinding canApply;
    private final ReadOnlyBooleanWrapper canUndo = new ReadOnlyBooleanWrapper(this, "canUndo");
    private final List<Consumer<List<StateBackend>>> writtenListeners = new ArrayList<>();
    private Opened opened;
    /** The journal group the last apply wrote, and the backends it wrote to, for Undo. */
    private String group;
    private List<StateBackend> writtenTo = List.of();

    public PlanViewModel(TaskExecutor executor, Journal journal) {
        this.work = new TaskSlot(executor);
        this.journal = journal;
        this.writes = new WriteService(journal, ConflictRetry.NONE);
        canApply = Bindings.createBooleanBinding(() -> stage.get() == Stage.PREVIEW && opened != null
                        && opened.checks().stream().anyMatch(c -> !c.movedOn())
                        && (requiredTyping.get().isEmpty() || requiredTyping.get().equals(typed.get().strip())),
                stage, requiredTyping, typed);
    }

    /**
     * Reads the plan in {@code planFile} and previews it against the open connections ({@code open});
     * not while a plan is being applied (it ends first, and its results are shown).
     */
    public void open(Path planFile, List<WriteTarget> open) {
        if (stage.get() == Stage.APPLYING) {
            return;
        }
        List<WriteTarget> targets = List.copyOf(open);
        file.set(planFile);
        rows.clear();
        opened = null;
        group = null;
        canUndo.set(false);
        typed.set("");
        requiredTyping.set("");
        environmentWarning.set("");
        progress.set(0);
        message.set(Texts.get("plan.reading", planFile));
        stage.set(Stage.READING);
        showing.set(true);
        work.run(BackgroundTask.of(Texts.get("plan.reading", planFile), context -> read(planFile, targets, journal)),
                this::show, failure -> refuse(failure.message()));
    }

    /** Reads and checks the plan: blocking (the file, and each planned state as stored now). */
    private static Opened read(Path planFile, List<WriteTarget> open, Journal journal) throws IOException {
        Plan plan;
        try {
            plan = PlanFile.read(planFile);
        } catch (NotAPlan e) {
            return Opened.refused(e.getMessage());
        }
        Map<String, WriteTarget> targets = new LinkedHashMap<>();
        Map<String, StateBackend> backends = new LinkedHashMap<>();
        for (String uri : plan.backends()) {
            // the plan keeps URIs without secrets, as the window shows its connections'
            WriteTarget target = open.stream().filter(t -> t.backend().displayUri().equals(uri)).findFirst().orElse(null);
            if (target == null) {
                return Opened.refused(Texts.get("plan.notOpen", uri));
            }
            if (target.whyReadOnly() != null) {
                return Opened.refused(Texts.get("plan.readOnly", target.whyReadOnly()));
            }
            targets.put(uri, target);
            backends.put(uri, target.backend());
        }
        List<String> warnings = new ArrayList<>();
        String typing = "";
        for (Map.Entry<String, WriteTarget> e : targets.entrySet()) {
            WriteTarget target = e.getValue();
            String environment = target.idEnvironment().orElse(null);
            if (target.isProduction() && environment != null && plan.environment() != null
                    && !plan.environment().equals(environment)) {
                return Opened.refused(Texts.get("plan.otherEnvironment", planFile, plan.environment(), target.name(),
                        environment));
            }
            EnvironmentGuard guard = new EnvironmentGuard(environment != null ? environment : plan.environment());
            List<String> written = plan.writes().stream()
                    .filter(w -> w.backend().equals(e.getKey()) && w.after() != null).map(PlannedWrite::stateId).toList();
            List<String> foreign = guard.environment() == null ? List.of() : guard.foreignIds(written);
            if (!foreign.isEmpty()) {
                warnings.add(Texts.get("transfer.environmentWarning", guard.warning(foreign, id -> id), guard.rename(foreign)));
            }
            if (typing.isEmpty() && (target.isProduction() || (!foreign.isEmpty() && guard.production()))) {
                typing = target.name();
            }
        }
        List<PlanRun.Check> checks = new PlanRun(plan, backends, journal).check();
        return new Opened(plan, targets, checks, null, String.join("\n", warnings), typing);
    }

    private void show(Opened read) {
        if (read.refusal() != null) {
            refuse(read.refusal());
            return;
        }
        opened = read;
        List<Row> out = new ArrayList<>();
        int moved = 0;
        for (PlanRun.Check check : read.checks()) {
            PlannedWrite w = check.write();
            moved += check.movedOn() ? 1 : 0;
            out.add(new Row(read.targets().get(w.backend()).name(), w.stateId(), w.shortVerb(), w.diff(),
                    check.movedOn() ? Texts.get("plan.status.movedOn") : Texts.get("plan.status.toWrite"),
                    check.movedOn() ? Texts.get("plan.movedOn", w.versionRead(), check.now().version()) : w.description(),
                    check.movedOn()));
        }
        rows.setAll(out);
        environmentWarning.set(read.warning());
        requiredTyping.set(read.typing());
        Plan plan = read.plan();
        message.set(Texts.get("plan.preview", plan.writes().size(), String.join(", ", read.targets().values().stream()
                        .map(WriteTarget::name).toList()), plan.made().toString(),
                plan.environment() == null ? Texts.get("plan.noEnvironment") : plan.environment(), moved));
        stage.set(Stage.PREVIEW);
    }

    private void refuse(String why) {
        message.set(UserError.sentence(why));
        stage.set(Stage.REFUSED);
    }

    /**
     * Applies the plan as {@code cairn apply} does: each write compare-and-set on the state planned
     * on; a state that moved on is refused (with all or nothing, every write is). Once started it
     * runs to its end: each write is whole or not made.
     */
    public void apply() {
        if (!canApply.get()) {
            return;
        }
        Opened plan = opened;
        boolean all = allOrNothing.get();
        String writing = Journal.newGroup();
        Map<String, StateBackend> backends = new LinkedHashMap<>();
        plan.targets().forEach((uri, target) -> backends.put(uri, target.backend()));
        stage.set(Stage.APPLYING);
        progress.set(0);
        message.set(Texts.get("plan.applying", plan.plan().writes().size()));
        long token = work.nextToken();
        work.run(BackgroundTask.of(Texts.get("plan.applyTitle", file.get()), context -> {
            context.unstoppable();
            return new PlanRun(plan.plan(), backends, journal).run(plan.checks(), all, writing, (result, done, total) -> {
                context.progress(done, total);
                work.publish(token, () -> progress.set((double) done / total));
            });
        }), results -> ended(plan, writing, results), failure -> {
            // a run that failed as a whole may have written some: the journal and the lists say which
            message.set(UserError.sentence(failure.message()));
            stage.set(Stage.DONE);
            finished(plan, writing, true);
        });
    }

    private void ended(Opened plan, String writing, List<PlanRun.Result> results) {
        List<Row> out = new ArrayList<>();
        boolean anyWritten = false;
        Map<PlanRun.Outcome, Integer> counts = new EnumMap<>(PlanRun.Outcome.class);
        for (int i = 0; i < results.size(); i++) {
            PlanRun.Result r = results.get(i);
            Row row = rows.get(i);
            counts.merge(r.outcome(), 1, Integer::sum);
            anyWritten |= r.outcome() == PlanRun.Outcome.WRITTEN;
            out.add(new Row(row.connection(), row.stateId(), row.verb(), row.diff(), word(r.outcome()), r.detail(),
                    r.outcome() != PlanRun.Outcome.WRITTEN));
        }
        rows.setAll(out);
        progress.set(1);
        List<String> parts = new ArrayList<>();
        counts.forEach((outcome, n) -> parts.add(n + " " + word(outcome)));
        message.set(Texts.get("plan.finished", String.join(", ", parts)));
        stage.set(Stage.DONE);
        finished(plan, writing, anyWritten);
    }

    /** {@code mayHaveWritten}: some write landed, or a run that failed as a whole may have made some (Undo takes back what the journal holds). */
    private void finished(Opened plan, String writing, boolean mayHaveWritten) {
        group = writing;
        writtenTo = plan.targets().values().stream().map(WriteTarget::backend).distinct().toList();
        canUndo.set(mayHaveWritten);
        writtenListeners.forEach(l -> l.accept(writtenTo));
    }

    /** How an outcome reads in the table. */
    static String word(PlanRun.Outcome outcome) {
        return Texts.get("plan.outcome." + outcome.name().toLowerCase(Locale.ROOT));
    }

    /**
     * Takes the applied writes back as one, as {@code cairn undo} takes back a group: all of them,
     * or where a state changed since, none (each compare-and-set on what the plan wrote).
     */
    public void undo() {
        if (!canUndo.get() || stage.get() != Stage.DONE) {
            return;
        }
        String undoing = group;
        List<StateBackend> backends = writtenTo;
        canUndo.set(false);
        message.set(Texts.get("plan.undoing"));
        work.run(BackgroundTask.of(Texts.get("plan.undoTitle", file.get()), context -> {
            context.unstoppable();
            int n = 0;
            for (StateBackend backend : backends) {
                n += writes.undoGroup(backend, undoing);
            }
            return n;
        }), n -> {
            message.set(Texts.get("plan.undone", n));
            finishedUndo(backends);
        }, failure -> {
            message.set(UserError.sentence(Texts.get("plan.undoFailed", failure.message())));
            finishedUndo(backends);
        });
    }

    private void finishedUndo(List<StateBackend> backends) {
        writtenListeners.forEach(l -> l.accept(backends));
    }

    /** Closes the form; not while the plan is being applied (it ends first, and its results are shown). */
    public void close() {
        if (stage.get() == Stage.APPLYING) {
            return;
        }
        work.cancel();
        stage.set(Stage.CLOSED);
        showing.set(false);
    }

    /** Called on the FX thread after an apply or its undo, with the backends it wrote to (to list them again). */
    public void onWritten(Consumer<List<StateBackend>> listener) {
        writtenListeners.add(listener);
    }

    public ReadOnlyBooleanProperty showingProperty() {
        return showing.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Stage> stageProperty() {
        return stage.getReadOnlyProperty();
    }

    /** The plan file open. */
    public ReadOnlyObjectProperty<Path> fileProperty() {
        return file.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** The environment guard's warning: planned IDs naming another environment than the one written to; "" for none. */
    public ReadOnlyStringProperty environmentWarningProperty() {
        return environmentWarning.getReadOnlyProperty();
    }

    /** The production connection's name to type before applying, or "". */
    public ReadOnlyStringProperty requiredTypingProperty() {
        return requiredTyping.getReadOnlyProperty();
    }

    public StringProperty typedProperty() {
        return typed;
    }

    /** Write nothing if any state moved on since the plan was made ({@code --all-or-nothing}). */
    public BooleanProperty allOrNothingProperty() {
        return allOrNothing;
    }

    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    public ObservableList<Row> rows() {
        return rows;
    }

    public BooleanBinding canApplyProperty() {
        return canApply;
    }

    public ReadOnlyBooleanProperty canUndoProperty() {
        return canUndo.getReadOnlyProperty();
    }
}
