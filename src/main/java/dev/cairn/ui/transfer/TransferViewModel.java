package dev.cairn.ui.transfer;

import dev.cairn.backend.RunLog;
import dev.cairn.backend.RunRow;
import dev.cairn.backend.StateBackend;
import dev.cairn.ops.EnvironmentGuard;
import dev.cairn.ops.Journal;
import dev.cairn.ops.Rename;
import dev.cairn.ops.Transfer;
import dev.cairn.ops.Transfer.Item;
import dev.cairn.ops.Transfer.Outcome;
import dev.cairn.ops.plan.Plan;
import dev.cairn.ui.Texts;
import dev.cairn.ui.browse.IdFilter;
import dev.cairn.ui.task.BackgroundTask;
import dev.cairn.ui.task.TaskExecutor;
import dev.cairn.ui.task.TaskSlot;
import dev.cairn.ui.task.UserError;
import dev.cairn.ui.write.PendingWrite;
import dev.cairn.ui.write.PlanSaving;
import dev.cairn.ui.write.WriteTarget;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Copy or move one ID, or the IDs a pattern selects, to another ID or another open backend, with an
 * ID rewrite ({@code dev:*=prod:*}) and a policy for destinations that already hold a state. It is
 * a composite command over {@link Transfer}: first planned (every item read on both sides, the
 * expected outcome shown), then run with progress and cancel, ending in a per-ID result table.
 * Production asks for the state ID (or the pattern) to be typed before anything is written there.
 */
public final class TransferViewModel {

    /** Where the form is. */
    public enum Stage { EDITING, PLANNING, PLANNED, RUNNING, FINISHED }

    /** One ID, a pattern, or IDs handed over as they are (Compare backends…' checked rows). */
    public enum Scope {
        ONE_ID("transfer.scope.oneId"), PATTERN("transfer.scope.pattern"), IDS("transfer.scope.ids");

        private final String key;

        Scope(String key) {
            this.key = key;
        }

        @Override
        public String toString() {
            return Texts.get(key);
        }
    }

    /**
     * A row of the table, one ID's: planned, then the outcome; {@code refused}: the plan refused it,
     * so the run never tried it (its result reads "refused", as its plan did, not "failed").
     */
    public record Row(String sourceId, String targetId, Outcome outcome, String detail, boolean done, boolean refused) {
        Row(String sourceId, String targetId, Outcome outcome, String detail, boolean done) {
            this(sourceId, targetId, outcome, detail, done, outcome == Outcome.FAILED && !done);
        }

        /** The result of the run for this row's ID. */
        Row withResult(Transfer.Result result) {
            return new Row(sourceId, targetId, result.outcome(), result.detail(), true,
                    refused && result.outcome() == Outcome.FAILED);
        }

        /** "copied", or before the run "to copy". */
        public String status() {
            return refused ? word(outcome, false) : word(outcome, done);
        }
    }

    private final TaskSlot planning;
    private final TaskExecutor executor;
    private final Journal journal;
    private final BooleanProperty showing = new SimpleBooleanProperty(this, "showing");
    private final ReadOnlyObjectWrapper<Stage> stage = new ReadOnlyObjectWrapper<>(this, "stage", Stage.EDITING);
    private final ObjectProperty<Transfer.Mode> mode = new SimpleObjectProperty<>(this, "mode", Transfer.Mode.COPY);
    private final ObjectProperty<Scope> scope = new SimpleObjectProperty<>(this, "scope", Scope.ONE_ID);
    /** The scopes offered: "the IDs chosen" only while the form holds some. */
    private final ObservableList<Scope> scopes = FXCollections.observableArrayList(Scope.ONE_ID, Scope.PATTERN);
    private final StringProperty sourceId = new SimpleStringProperty(this, "sourceId", "");
    private final StringProperty targetId = new SimpleStringProperty(this, "targetId", "");
    private final StringProperty pattern = new SimpleStringProperty(this, "pattern", "");
    private final StringProperty rename = new SimpleStringProperty(this, "rename", "");
    private final ObservableList<WriteTarget> destinations = FXCollections.observableArrayList();
    private final ObjectProperty<WriteTarget> destination = new SimpleObjectProperty<>(this, "destination");
    private final ObjectProperty<Transfer.OnConflict> onConflict =
            new SimpleObjectProperty<>(this, "onConflict", Transfer.OnConflict.SKIP);
    private final BooleanProperty preservePartial = new SimpleBooleanProperty(this, "preservePartial");
    private final StringProperty typed = new SimpleStringProperty(this, "typed", "");
    private final ObservableList<Row> rows = FXCollections.observableArrayList();
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(this, "progress", 0);
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyStringWrapper environmentWarning = new ReadOnlyStringWrapper(this, "environmentWarning", "");
    /** The plan writes IDs naming another environment into one whose IDs name production: typed confirmation, as on a production connection. */
    private final ReadOnlyBooleanWrapper foreignIntoProduction = new ReadOnlyBooleanWrapper(this, "foreignIntoProduction");
    private final StringBinding requiredTyping;
    private final StringBinding whyNot;
    private final BooleanBinding canRun;
    private final List<Runnable> finishedListeners = new ArrayList<>();
    private WriteTarget source;
    private List<Item> planned = List.of();
    /** The environment the destination's stored IDs name, read with the plan; what Save as plan… records. */
    private String plannedEnvironment;
    /** The IDs handed over with {@link #openWith}, each with its destination ID. */
    private List<Item> chosen = List.of();
    private final AtomicReference<Run> running = new AtomicReference<>();

    public TransferViewModel(TaskExecutor executor, Journal journal) {
        this.executor = executor;
        this.planning = new TaskSlot(executor);
        this.journal = journal;
        requiredTyping = Bindings.createStringBinding(this::computeRequiredTyping, mode, scope, sourceId, pattern, destination,
                foreignIntoProduction);
        whyNot = Bindings.createStringBinding(this::computeWhyNot, mode, destination);
        canRun = Bindings.createBooleanBinding(() -> stage.get() == Stage.PLANNED && whyNot.get().isEmpty()
                        && rows.stream().anyMatch(r -> r.outcome() == Outcome.COPIED || r.outcome() == Outcome.MOVED)
                        && (requiredTyping.get().isEmpty() || requiredTyping.get().equals(typed.get().strip())),
                stage, whyNot, rows, requiredTyping, typed);
        for (Observable input : new Observable[] {mode, scope, sourceId, targetId, pattern, rename,
                destination, onConflict, preservePartial}) {
            input.addListener(o -> {
                if (stage.get() == Stage.PLANNED || stage.get() == Stage.FINISHED) {
                    stage.set(Stage.EDITING);
                    rows.clear();
                    message.set("");
                    environmentWarning.set("");
                    foreignIntoProduction.set(false);
                }
            });
        }
    }

    /**
     * Opens the form on the current backend, the selected ID (or none) prefilled; a filtered list
     * ({@code listFilter}) makes the IDs it shows the pattern to copy.
     */
    public void open(WriteTarget from, String selectedId, List<WriteTarget> openBackends, String listFilter) {
        this.source = from;
        chosen = List.of();
        if (scope.get() == Scope.IDS) {
            scope.set(Scope.ONE_ID);
        }
        // removed alone, not set anew: a choice box clears its value when its item leaves the list, even for a moment
        scopes.remove(Scope.IDS);
        destinations.setAll(openBackends);
        // where a copy usually goes: another backend that takes writes, not the read-only archive, and
        // production only when it is the one writable choice (it is never the default by being listed first)
        Predicate<WriteTarget> other = t -> t.backend() != from.backend();
        destination.set(openBackends.stream().filter(other.and(t -> !t.readOnly() && !t.isProduction())).findFirst()
                .or(() -> openBackends.stream().filter(other.and(t -> !t.readOnly())).findFirst())
                .or(() -> openBackends.stream().filter(other).findFirst()).orElse(from));
        sourceId.set(selectedId == null ? "" : selectedId);
        targetId.set(selectedId == null ? "" : selectedId);
        String filter = listFilter == null ? "" : listFilter.strip();
        if (!filter.isEmpty()) {
            // the IDs the list shows: its filter as a pattern (a substring filter becomes *text*)
            pattern.set(IdFilter.of(filter).isPattern() ? filter : "*" + filter + "*");
            scope.set(Scope.PATTERN);
        } else if (pattern.get().isBlank() && selectedId != null) {
            int colon = selectedId.indexOf(':');
            pattern.set(colon > 0 ? selectedId.substring(0, colon + 1) + "*" : selectedId);
        }
        shownAfresh();
    }

    /** The form shown with nothing planned or typed yet. */
    private void shownAfresh() {
        typed.set("");
        rows.clear();
        environmentWarning.set("");
        foreignIntoProduction.set(false);
        progress.set(0);
        message.set("");
        stage.set(Stage.EDITING);
        showing.set(true);
    }

    /**
     * Opens the form on IDs chosen elsewhere (Compare backends…' checked rows), each with its ID at
     * the destination, and previews them at once: the plan lists every one of them with what will
     * happen to it; policy, production's typed confirmation, the run and its journal are the form's own.
     */
    public void openWith(WriteTarget from, WriteTarget to, List<Item> items, List<WriteTarget> openBackends) {
        this.source = from;
        chosen = List.copyOf(items);
        if (!scopes.contains(Scope.IDS)) {
            scopes.add(Scope.IDS);
        }
        destinations.setAll(openBackends);
        destination.set(to);
        mode.set(Transfer.Mode.COPY);
        scope.set(Scope.IDS);
        shownAfresh();
        plan();
    }

    /** The IDs handed over with {@link #openWith} ("the IDs chosen"), empty otherwise. */
    public List<Item> chosen() {
        return chosen;
    }

    public void close() {
        cancel();
        planning.cancel();
        showing.set(false);
    }

    private String computeRequiredTyping() {
        WriteTarget to = destination.get();
        boolean prodWrite = to != null && (to.isProduction() || foreignIntoProduction.get());
        boolean prodDelete = source != null && source.isProduction() && mode.get() == Transfer.Mode.MOVE;
        if (!prodWrite && !prodDelete) {
            return "";
        }
        return switch (scope.get()) {
            case ONE_ID -> sourceId.get().strip();
            case PATTERN -> pattern.get().strip();
            // no ID or pattern stands for the IDs chosen: the production connection's name does, as for allowing its writes
            case IDS -> prodWrite ? to.name() : source.name();
        };
    }

    private String computeWhyNot() {
        WriteTarget to = destination.get();
        if (to == null) {
            return Texts.get("transfer.why.noDestination");
        }
        if (to.readOnly()) {
            return to.whyReadOnly();
        }
        if (mode.get() == Transfer.Mode.MOVE && source != null && source.readOnly()) {
            return "A move deletes the source: " + source.whyReadOnly();
        }
        return "";
    }

    /** Reads every selected ID on both sides and shows what running would do, writing nothing. */
    public void plan() {
        WriteTarget from = source;
        WriteTarget to = destination.get();
        if (from == null || to == null) {
            return;
        }
        Transfer transfer = transfer(from, to);
        Scope s = scope.get();
        boolean moving = mode.get() == Transfer.Mode.MOVE;
        String one = sourceId.get().strip();
        String oneTarget = targetId.get().strip().isEmpty() ? one : targetId.get().strip();
        String glob = pattern.get().strip();
        String renameSpec = rename.get().strip();
        List<Item> given = chosen;
        stage.set(Stage.PLANNING);
        rows.clear();
        environmentWarning.set("");
        foreignIntoProduction.set(false);
        message.set(Texts.get("transfer.planning", verb()));
        planning.run(BackgroundTask.of(Texts.get("transfer.planning.task", verb()), context -> {
            List<Item> items;
            if (s == Scope.ONE_ID) {
                if (one.isEmpty()) {
                    throw new IllegalArgumentException(Texts.get("transfer.problem.noId", verb()));
                }
                items = List.of(new Item(one, oneTarget));
            } else if (s == Scope.IDS) {
                if (given.isEmpty()) {
                    throw new IllegalArgumentException(Texts.get("transfer.problem.noIds", verb()));
                }
                items = given;
            } else {
                if (glob.isEmpty()) {
                    throw new IllegalArgumentException(Texts.get("transfer.problem.noPattern"));
                }
                items = transfer.select(glob, renameSpec.isEmpty() ? Rename.identity() : Rename.parse(renameSpec));
            }
            // pipelines the runs tables say are running on a destination, or on a source a move clears
            Map<String, RunRow> runningThere = RunLog.runningByJob(to.backend());
            Map<String, RunRow> runningHere = moving ? RunLog.runningByJob(from.backend()) : Map.of();
            Instant now = Instant.now();
            List<Row> out = new ArrayList<>();
            int i = 0;
            for (Item item : items) {
                context.checkCancelled();
                Transfer.Planned p = transfer.plan(item);
                String detail = withRunning(withRunning(p.detail(), "destination", runningThere.get(item.targetId()), now),
                        "source", runningHere.get(item.sourceId()), now);
                out.add(new Row(item.sourceId(), item.targetId(), p.expected(), detail, false));
                context.progress(++i, items.size());
            }
            return new Planned(items, out, guard(to, items));
        }).lane(to.backend()), result -> {
            planned = result.items();
            plannedEnvironment = result.guard().environment();
            environmentWarning.set(result.guard().warning());
            foreignIntoProduction.set(result.guard().production());
            rows.setAll(result.rows());
            message.set(result.rows().isEmpty() ? Texts.get("transfer.noMatch", glob)
                    : counts(result.rows(), false) + " " + whatIsWritten());
            stage.set(Stage.PLANNED);
        }, failure -> {
            message.set(UserError.sentence(failure.message().replace(" (IllegalArgumentException)", "")));
            stage.set(Stage.EDITING);
        }, () -> {
            message.set(Texts.get("transfer.previewCancelled", verbed()));
            stage.set(Stage.EDITING);
        });
    }

    private record Planned(List<Item> items, List<Row> rows, Guarded guard) { }

    /**
     * The environment guard on a plan: the destination's environment (null for none), the warning
     * naming the IDs written that name another ("" for none), and whether that environment is production.
     */
    private record Guarded(String environment, String warning, boolean production) { }

    /**
     * The destination's environment ({@link WriteTarget#idEnvironment}: its project environment, or
     * the one all its stored IDs name, as the command line's {@code --to-backend} reads it), and the
     * IDs of {@code items} that name another. Blocking: may list the destination.
     */
    private static Guarded guard(WriteTarget to, List<Item> items) {
        return to.idEnvironment().map(environment -> {
            EnvironmentGuard guard = new EnvironmentGuard(environment);
            List<String> foreign = guard.foreignIds(items.stream().map(Item::targetId).toList());
            return foreign.isEmpty() ? new Guarded(environment, "", false)
                    : new Guarded(environment, Texts.get("transfer.environmentWarning", guard.warning(foreign, id -> id),
                            guard.rename(foreign)), guard.production());
        }).orElse(new Guarded(null, "", false));
    }

    /**
     * Save as plan…: the previewed copy or move saved to {@code file} as a plan, planned again on the
     * states stored now as the command line's {@code --plan-out} plans it (an ID that would be skipped,
     * fail or conflict left out); nothing is written to either backend.
     */
    public void savePlan(Path file) {
        if (stage.get() != Stage.PLANNED || source == null || destination.get() == null) {
            return;
        }
        WriteTarget to = destination.get();
        Transfer transfer = transfer(source, to);
        List<Item> items = planned;
        String environment = plannedEnvironment;
        planning.run(BackgroundTask.of(Texts.get("write.savePlan.title") + ": " + file, context -> {
            Plan.Builder builder = new Plan.Builder();
            long leftOut = builder.addTransfer(transfer, items).stream()
                    .filter(p -> p.expected() != Outcome.SKIPPED).count();
            String saved = PlanSaving.save(file, builder, environment);
            return leftOut == 0 ? saved : saved + " " + Texts.get("transfer.planLeftOut", leftOut);
        }).lane(to.backend()), message::set, failure -> message.set(PlanSaving.failed(file, failure.message())));
    }

    /** A planned row's detail, with the pipeline running on its destination or source ("destination running: run …"). */
    private static String withRunning(String detail, String side, RunRow run, Instant now) {
        return run == null ? detail : (detail == null || detail.isEmpty() ? "" : detail + " · ") + side + " " + run.describeRunning(now);
    }

    /** Says plainly, under the plan, which of the two kinds of copy will run. */
    private String whatIsWritten() {
        return preservePartial.get()
                ? Texts.get("transfer.writes.asStored")
                : Texts.get("transfer.writes.effective");
    }

    /**
     * Runs the planned items; every row ends with its outcome and reason — also when the run is
     * cancelled (from the sheet or the status bar) or fails: the IDs done before it stopped show
     * what was done to them, the rest that they were not touched.
     */
    public void run() {
        if (!canRun.get()) {
            return;
        }
        Transfer transfer = transfer(source, destination.get());
        Run run = new Run(transfer, new PendingWrite<>());
        running.set(run);
        List<Item> items = planned;
        Map<Item, Integer> index = new HashMap<>();
        for (int i = 0; i < items.size(); i++) {
            index.put(items.get(i), i);
        }
        stage.set(Stage.RUNNING);
        progress.set(0);
        message.set(capitalized(verb()) + "ing " + items.size() + (items.size() == 1 ? " state" : " states") + " …");
        executor.submit(BackgroundTask.of(capitalized(verb()) + " to " + destination.get().name(), context -> {
            run.write().start(context);
            return run.write().finish(transfer.run(items, 4, (done, total, result) -> {
                if (context.isCancelled()) {
                    transfer.cancel(); // the status bar's Cancel
                }
                context.progress(done, total);
                executor.uiThread().execute(() -> {
                    Integer i = index.get(result.item());
                    if (i != null && i < rows.size()) {
                        rows.set(i, rows.get(i).withResult(result));
                    }
                    progress.set((double) done / total);
                });
            }));
        }).lane(destination.get().backend()).onSuccess(results -> ended(run, null))
                .onFailure(error -> ended(run, error))
                .onCancelled(() -> ended(run, null)));
    }

    /** A run of the transfer: once a worker started it, it stops only between IDs ({@link Transfer#cancel}). */
    private record Run(Transfer transfer, PendingWrite<List<Transfer.Result>> write) { }

    private void ended(Run run, UserError failure) {
        if (!running.compareAndSet(run, null)) {
            return;
        }
        if (!run.write().started()) {
            message.set(Texts.get("transfer.cancelledBeforeStart", verbed()));
            stage.set(Stage.PLANNED);
            return;
        }
        List<Row> out = new ArrayList<>();
        if (run.write().outcome() != null) {
            List<Transfer.Result> results = run.write().outcome();
            for (int i = 0; i < results.size(); i++) {
                out.add(rows.get(i).withResult(results.get(i)));
            }
        } else {
            // The run failed as a whole: an ID it did not report on may or may not have been done.
            for (Row r : rows) {
                out.add(r.done() ? r : new Row(r.sourceId(), r.targetId(), Outcome.CANCELLED,
                        "the run stopped before reporting on this ID: list both backends again to see", true));
            }
        }
        rows.setAll(out);
        progress.set(1);
        String summary = counts(out, true) + run.transfer().runsRowNote().map(note -> " " + note).orElse("");
        message.set(failure == null ? summary : failure.message() + " " + summary);
        stage.set(Stage.FINISHED);
        finishedListeners.forEach(Runnable::run);
    }

    /**
     * Cancels the run: before a worker starts it, nothing is done; after, it stops once the IDs in
     * flight are done (each ID is copied, or moved, whole or not at all).
     */
    public void cancel() {
        Run run = running.get();
        if (run == null) {
            return;
        }
        if (run.write().callOff()) {
            ended(run, null);
        } else {
            run.transfer().cancel();
            message.set(Texts.get("transfer.stopping"));
        }
    }

    static String counts(List<Row> rows, boolean done) {
        Map<Outcome, Integer> n = new EnumMap<>(Outcome.class);
        rows.forEach(r -> n.merge(r.outcome(), 1, Integer::sum));
        // in the order of the outcomes, each as the table reads it (refused IDs stay "refused" after the run)
        Map<String, Integer> byStatus = new LinkedHashMap<>();
        rows.stream().sorted(Comparator.comparing(Row::outcome).thenComparing(r -> !r.refused()))
                .forEach(r -> byStatus.merge(r.status(), 1, Integer::sum));
        List<String> parts = new ArrayList<>();
        byStatus.forEach((status, count) -> parts.add(count + " " + status));
        boolean stopped = done && n.containsKey(Outcome.CANCELLED);
        String head = !done ? rows.size() + (rows.size() == 1 ? " ID: " : " IDs: ") : stopped ? "Stopped: " : "Finished: ";
        String moved = stopped && n.containsKey(Outcome.MOVED)
                ? " The moved IDs are gone from the source; the cancelled ones were not touched." : "";
        return head + String.join(", ", parts) + "." + moved;
    }

    /** How an outcome reads in the table, after the run or (planned) before it. */
    static String word(Outcome outcome, boolean done) {
        switch (outcome) {
            case COPIED: return done ? "copied" : "to copy";
            case MOVED: return done ? "moved" : "to move";
            case SKIPPED: return done ? "skipped" : "to skip";
            case CONFLICT: return done ? "conflict" : "conflicting";
            case FAILED: return done ? "failed" : "refused";
            default: return "cancelled";
        }
    }

    private Transfer transfer(WriteTarget from, WriteTarget to) {
        StateBackend target = to.backend();
        return new Transfer(from.backend(), target, mode.get(), onConflict.get(),
                preservePartial.get() ? Transfer.Content.AS_STORED : Transfer.Content.EFFECTIVE, journal);
    }

    private String verb() {
        return Texts.get(mode.get() == Transfer.Mode.MOVE ? "transfer.verb.move" : "transfer.verb.copy");
    }

    private String verbed() {
        return Texts.get(mode.get() == Transfer.Mode.MOVE ? "transfer.verbed.move" : "transfer.verbed.copy");
    }

    private static String capitalized(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    /** Called when a run finished (to re-list what it changed). */
    public void onFinished(Runnable listener) {
        finishedListeners.add(listener);
    }

    public WriteTarget source() {
        return source;
    }

    public ReadOnlyBooleanProperty showingProperty() {
        return showing;
    }

    public ReadOnlyObjectProperty<Stage> stageProperty() {
        return stage.getReadOnlyProperty();
    }

    public ObjectProperty<Transfer.Mode> modeProperty() {
        return mode;
    }

    public ObjectProperty<Scope> scopeProperty() {
        return scope;
    }

    /** The scopes the form offers now. */
    public ObservableList<Scope> scopes() {
        return scopes;
    }

    public StringProperty sourceIdProperty() {
        return sourceId;
    }

    public StringProperty targetIdProperty() {
        return targetId;
    }

    public StringProperty patternProperty() {
        return pattern;
    }

    public StringProperty renameProperty() {
        return rename;
    }

    public ObservableList<WriteTarget> destinations() {
        return destinations;
    }

    public ObjectProperty<WriteTarget> destinationProperty() {
        return destination;
    }

    public ObjectProperty<Transfer.OnConflict> onConflictProperty() {
        return onConflict;
    }

    /** Copy both stored documents as they are instead of what Meltano's copy stores (the effective state). */
    public BooleanProperty preservePartialProperty() {
        return preservePartial;
    }

    public StringProperty typedProperty() {
        return typed;
    }

    public ObservableList<Row> rows() {
        return rows;
    }

    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** The environment guard's warning on the preview: IDs to be written that name another environment than the destination's; "" for none. */
    public ReadOnlyStringProperty environmentWarningProperty() {
        return environmentWarning.getReadOnlyProperty();
    }

    /** The ID or pattern production asks to be typed, or "". */
    public StringBinding requiredTypingProperty() {
        return requiredTyping;
    }

    /** Why the transfer cannot run ("" when it can). */
    public StringBinding whyNotProperty() {
        return whyNot;
    }

    public BooleanBinding canRunProperty() {
        return canRun;
    }
}
