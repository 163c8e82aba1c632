package dev.cairn.ui.edit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.ops.ConflictRetry;
import dev.cairn.ops.Edit;
import dev.cairn.ops.EditRefused;
import dev.cairn.ops.Journal;
import dev.cairn.ops.WriteCommand;
import dev.cairn.ops.WriteService;
import dev.cairn.state.Bookmark;
import dev.cairn.state.Json;
import dev.cairn.state.JsonSyntaxError;
import dev.cairn.state.PythonJson;
import dev.cairn.state.Rewind;
import dev.cairn.state.StateError;
import dev.cairn.ui.Selection;
import dev.cairn.ui.Texts;
import dev.cairn.ui.task.BackgroundTask;
import dev.cairn.ui.task.TaskContext;
import dev.cairn.ui.task.TaskExecutor;
import dev.cairn.ui.task.TaskSlot;
import dev.cairn.ui.task.UserError;
import dev.cairn.ui.write.PlanSaving;
import dev.cairn.ui.write.WriteFlowViewModel;
import dev.cairn.ui.write.WriteScope;
import dev.cairn.ui.write.WriteTarget;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
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
 * The rewind form. On one bookmark (a stream, or a partition): the replication value to resume from,
 * starting at the current one, entered as the kind of value it is — a date and time for timestamps
 * (keeping the stored value's offset notation), a number, or text; the write sheet previews it.
 * On the states selected in the ID list ({@link #openStates}): every bookmark (or those of the
 * streams named) moved back to a moment, by a duration or by a number, never forward, as {@code
 * cairn rewind} does; previewed here per ID and stream, written as one journal group and undone as one.
 */
public final class RewindViewModel {

    /** How the value is entered. */
    public enum Kind { TIMESTAMP, NUMBER, TEXT }

    /** What the form rewinds: one bookmark of the selected state, or the states selected in the list. */
    public enum Scope { BOOKMARK, STATES }

    /** Where a rewind of states moves their bookmarks, as {@code cairn rewind}'s options. */
    public enum By { TO_DATETIME, BY_DURATION, SHIFT_BY }

    /** Where a rewind of states is: its fields being filled in, its preview planned or shown, its writes made or undone. */
    public enum Stage { EDITING, PLANNING, PREVIEW, WRITING, DONE, UNDONE, FAILED }

    /**
     * One line of a rewind of states' preview: a bookmark of one state and what becomes of it.
     *
     * @param stateId the state
     * @param step what the rewind does to the bookmark; null on a line about the whole state ({@code note})
     * @param note why the state is not rewound; null on a bookmark's line
     */
    public record Line(String stateId, Rewind.Step step, String note) {

        /** "stream issues: "2024-05-02T06:30:00+00:00" → "2024-04-01T00:00:00Z"", or what is left alone and why. */
        public String text() {
            if (step == null) {
                return note;
            }
            String what = (step.context() == null ? "stream " : "partition "
                    + PythonJson.write(step.context(), PythonJson.Style.COMPACT) + " of stream ") + step.stream();
            switch (step.kind()) {
                case REWOUND:
                    return what + ": " + json(step.from()) + " → " + json(step.to()) + (step.markersDropped() ? " *" : "");
                case ALREADY_BEFORE:
                    return what + ": " + json(step.from()) + " (" + step.why() + ")";
                case LEFT_ALONE:
                    return Texts.get("rewind.leftAlone", what, step.why());
                default:
                    return what + ": " + step.why();
            }
        }

        private static String json(JsonNode value) {
            return PythonJson.write(value, PythonJson.Style.COMPACT);
        }
    }

    private static final Pattern TIMESTAMP = Pattern.compile(
            "(\\d{4}-\\d{2}-\\d{2})(?:([T ])(\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d{1,9})?)?)(Z|[+-]\\d{2}:?\\d{2})?)?");
    private static final Pattern TIME = Pattern.compile("\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d{1,9})?)?");

    private final BooleanProperty showing = new SimpleBooleanProperty(this, "showing");
    private final ObjectProperty<Kind> kind = new SimpleObjectProperty<>(this, "kind", Kind.TEXT);
    private final StringProperty text = new SimpleStringProperty(this, "text", "");
    private final ObjectProperty<LocalDate> date = new SimpleObjectProperty<>(this, "date");
    private final StringProperty time = new SimpleStringProperty(this, "time", "");
    private final StringProperty zone = new SimpleStringProperty(this, "zone", "+00:00");
    private final StringBinding problem;
    private Bookmark bookmark;
    private String separator = "T";

    private final TaskSlot work;
    private final WriteService writes;
    private final ObjectProperty<Scope> scope = new SimpleObjectProperty<>(this, "scope", Scope.BOOKMARK);
    private final ObjectProperty<By> by = new SimpleObjectProperty<>(this, "by", By.TO_DATETIME);
    private final StringProperty amount = new SimpleStringProperty(this, "amount", "");
    private final StringProperty streams = new SimpleStringProperty(this, "streams", "");
    private final StringBinding statesProblem;
    private final ReadOnlyObjectWrapper<Stage> stage = new ReadOnlyObjectWrapper<>(this, "stage", Stage.EDITING);
    private final ObservableList<Line> lines = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyBooleanWrapper markersDropped = new ReadOnlyBooleanWrapper(this, "markersDropped");
    private final ReadOnlyStringWrapper requiredTyping = new ReadOnlyStringWrapper(this, "requiredTyping", "");
    private final StringProperty typed = new SimpleStringProperty(this, "typed", "");
    private final BooleanBinding canConfirm;
    private final List<Runnable> writtenListeners = new ArrayList<>();
    private final WriteFlowViewModel flow;
    private final WriteScope writeScope;
    private WriteTarget target;
    /** The state a bookmark's rewind is planned on, as read when the form opened. */
    private StoredState read;
    private List<String> stateIds = List.of();
    private List<WriteCommand> planned = List.of();
    /** The rewind's writes once made, which its undo takes back. */
    private WriteService.Run written;

    /**
     * A form whose rewind of states writes itself, journalled in {@code journal}, and whose rewind of
     * a bookmark of the state {@code selected} holds is previewed and written through {@code flow}.
     */
    public RewindViewModel(TaskExecutor executor, Journal journal, WriteFlowViewModel flow, WriteScope selected) {
        this.work = new TaskSlot(executor);
        this.writes = new WriteService(journal, ConflictRetry.NONE);
        this.flow = flow;
        this.writeScope = selected;
        statesProblem = Bindings.createStringBinding(this::checkStates, by, amount, streams);
        problem = Bindings.createStringBinding(() -> scope.get() == Scope.STATES ? statesProblem.get() : check(),
                scope, kind, text, date, time, zone, statesProblem);
        canConfirm = Bindings.createBooleanBinding(() -> stage.get() == Stage.PREVIEW && !planned.isEmpty()
                        && (requiredTyping.get().isEmpty() || requiredTyping.get().equals(typed.get().strip())),
                stage, requiredTyping, typed);
    }

    /** Opens the form on a bookmark of the selected state, with its current value in the fields. */
    public void open(Bookmark row) {
        Selection selected = writeScope.selection();
        if (selected == null || writeScope.target() == null) {
            return;
        }
        target = writeScope.target();
        read = selected.stored();
        work.cancel();
        scope.set(Scope.BOOKMARK);
        this.bookmark = row;
        JsonNode value = row.replicationValue();
        String current = value == null || value.isNull() ? "" : value.isTextual() ? value.textValue() : PythonJson.dumps(value);
        Matcher m = value != null && value.isTextual() ? TIMESTAMP.matcher(current) : null;
        boolean timestampKey = row.has(Bookmark.Flag.NOT_A_TIMESTAMP);
        if (m != null && m.matches()) {
            kind.set(Kind.TIMESTAMP);
            date.set(LocalDate.parse(m.group(1)));
            separator = m.group(2) == null ? "T" : m.group(2);
            time.set(m.group(3) == null ? "" : m.group(3));
            zone.set(m.group(4) == null ? "" : m.group(4));
        } else if (value != null && value.isNumber()) {
            kind.set(Kind.NUMBER);
        } else {
            kind.set(timestampKey || (value == null && looksLikeTimeKey(row.replicationKey())) ? Kind.TIMESTAMP : Kind.TEXT);
            date.set(null);
            time.set("00:00:00");
            zone.set("+00:00");
        }
        text.set(current);
        showing.set(true);
    }

    private static boolean looksLikeTimeKey(String key) {
        return key != null && (key.endsWith("_at") || key.toLowerCase(Locale.ROOT).contains("date")
                || key.toLowerCase(Locale.ROOT).contains("time"));
    }

    /** Closes the form; not while its writes run (they end first, and the form shows how). */
    public void close() {
        if (stage.get() == Stage.WRITING) {
            return;
        }
        work.cancel();
        showing.set(false);
    }

    /**
     * Opens the form on states (the ID list's selection) of the target's backend: the bookmarks go
     * back to the moment, by the duration or by the number the fields say, in every stream or those named.
     */
    public void openStates(WriteTarget on, List<String> ids) {
        work.cancel();
        target = on;
        stateIds = List.copyOf(ids);
        bookmark = null;
        scope.set(Scope.STATES);
        planned = List.of();
        written = null;
        lines.clear();
        markersDropped.set(false);
        typed.set("");
        // on production the number of states is typed to confirm, as the copy form has its pattern typed
        requiredTyping.set(on.isProduction() ? Integer.toString(stateIds.size()) : "");
        message.set(Texts.get("rewind.states.intro"));
        stage.set(Stage.EDITING);
        showing.set(true);
    }

    private String checkStates() {
        try {
            rewind();
            return "";
        } catch (IllegalArgumentException e) {
            String m = e.getMessage();
            return m.isEmpty() ? m : Character.toUpperCase(m.charAt(0)) + m.substring(1) + (m.endsWith(".") ? "" : ".");
        }
    }

    /** The rewind the fields of a rewind of states say; throws with a sentence when they say nothing valid. */
    public Rewind rewind() {
        String given = amount.get() == null ? "" : amount.get().strip();
        if (given.isEmpty()) {
            throw new IllegalArgumentException(Texts.get("rewind.states.empty." + by.get().name()));
        }
        Rewind.Target to;
        switch (by.get()) {
            case TO_DATETIME:
                to = Rewind.toMoment(given);
                break;
            case BY_DURATION:
                to = Rewind.backBy(given);
                break;
            default:
                try {
                    to = Rewind.shiftBy(Long.parseLong(given));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("'" + given + "' is not a whole number (-100)", e);
                }
        }
        Set<String> only = new LinkedHashSet<>();
        for (String stream : (streams.get() == null ? "" : streams.get()).split(",")) {
            if (!stream.isBlank()) {
                only.add(stream.strip());
            }
        }
        return new Rewind(to, only);
    }

    /**
     * Reads each state and previews what the rewind does to each of its bookmarks; the states a
     * bookmark moves back in are planned as writes on the states as read (compare-and-set on them).
     */
    public void preview() {
        if (scope.get() != Scope.STATES || !statesProblem.get().isEmpty() || stage.get() == Stage.WRITING) {
            return;
        }
        Rewind rewind = rewind();
        StateBackend backend = target.backend();
        List<String> ids = stateIds;
        planned = List.of();
        written = null;
        lines.clear();
        markersDropped.set(false);
        typed.set("");
        stage.set(Stage.PLANNING);
        message.set(Texts.get("rewind.states.planning", ids.size()));
        String title = Texts.get("rewind.states.task", ids.size(), backend.displayUri());
        work.run(BackgroundTask.of(title, context -> plan(backend, ids, rewind, context)).lane(backend), this::previewed,
                failure -> failed(failure.message()), () -> {
                    message.set(Texts.get("rewind.states.cancelled"));
                    stage.set(Stage.EDITING);
                });
    }

    private record Plan(List<Line> lines, List<WriteCommand> commands) {}

    private static Plan plan(StateBackend backend, List<String> ids, Rewind rewind, TaskContext context) throws EditRefused {
        List<Line> lines = new ArrayList<>();
        List<WriteCommand> commands = new ArrayList<>();
        for (int i = 0; i < ids.size() && !context.isCancelled(); i++) {
            StoredState stored = backend.read(ids.get(i));
            context.progress(i + 1, ids.size());
            if (!stored.exists()) {
                lines.add(new Line(stored.stateId(), null, Texts.get("rewind.states.absent")));
                continue;
            }
            List<Rewind.Step> steps;
            try {
                steps = rewind.plan(stored.document().effective());
            } catch (StateError e) {
                lines.add(new Line(stored.stateId(), null, Texts.get("rewind.states.unreadable", e.getMessage())));
                continue;
            }
            if (steps.isEmpty()) {
                lines.add(new Line(stored.stateId(), null, Texts.get("rewind.states.noBookmark")));
            }
            steps.forEach(step -> lines.add(new Line(stored.stateId(), step, null)));
            if (steps.stream().anyMatch(Rewind.Step::rewinds)) {
                commands.add(WriteCommand.plan(backend, Edit.rewind(rewind), stored));
            }
        }
        return new Plan(lines, commands);
    }

    private void previewed(Plan plan) {
        lines.setAll(plan.lines());
        planned = plan.commands();
        markersDropped.set(plan.lines().stream().anyMatch(l -> l.step() != null && l.step().markersDropped()));
        message.set(planned.isEmpty() ? Texts.get("rewind.states.nothing")
                : Texts.get("rewind.states.review", planned.size(), target.backend().displayUri())
                        + (requiredTyping.get().isEmpty() ? "" : " " + Texts.get("rewind.states.type", requiredTyping.get())));
        stage.set(Stage.PREVIEW);
    }

    /**
     * Save as plan…: the previewed rewinds saved to {@code file} as a plan, each on the state
     * previewed; nothing is written (Open plan… or {@code cairn apply} writes them later).
     */
    public void savePlan(Path file) {
        if (stage.get() != Stage.PREVIEW || planned.isEmpty()) {
            return;
        }
        // qualified: Plan here is this form's record of the rewind's lines and commands
        dev.cairn.ops.plan.Plan.Builder builder = new dev.cairn.ops.plan.Plan.Builder();
        builder.addChanging(planned);
        work.run(BackgroundTask.of(Texts.get("write.savePlan.title") + ": " + file, context -> PlanSaving.save(file, builder, null)),
                message::set, failure -> message.set(PlanSaving.failed(file, failure.message())));
    }

    /**
     * Writes the previewed rewinds, each compare-and-set on the state as previewed, journalled as
     * one group; a state changed since its preview stops the run, what was written staying (and
     * undoable as the group).
     */
    public void confirm() {
        if (!canConfirm.get()) {
            return;
        }
        List<WriteCommand> commands = planned;
        stage.set(Stage.WRITING);
        message.set(Texts.get("rewind.states.writing", commands.size()));
        work.run(BackgroundTask.of(Texts.get("rewind.states.writeTask", commands.size(), target.backend().displayUri()), context -> {
            context.unstoppable();
            return writes.execute(commands, (outcome, done, total) -> context.progress(done, total));
        }).lane(target.backend()), this::written, failure -> failed(failure.message()), () -> { });
    }

    private void written(WriteService.Run done) {
        written = done;
        WriteService.Refused refused = done.stopped();
        String result = Texts.get("rewind.states.done", done.count(), planned.size());
        String stopped = refused == null ? "" : refused instanceof WriteService.Conflicted
                ? Texts.get("rewind.states.conflict", refused.planned().stateId())
                : UserError.of(refused.planned().description(), refused.why()).message();
        message.set(stopped.isEmpty() ? result : UserError.sentence(stopped) + " " + result);
        stage.set(done.count() == 0 && !stopped.isEmpty() ? Stage.FAILED : Stage.DONE);
        if (done.count() > 0) {
            writtenListeners.forEach(Runnable::run);
        }
    }

    /**
     * Undoes the rewind's writes as one: all of them, or, where a state changed since the rewind
     * wrote it, none (and says which). The undo is a journal group of its own.
     */
    public void undo() {
        if (stage.get() != Stage.DONE || written == null) {
            return;
        }
        WriteService.Run undone = written;
        StateBackend backend = target.backend();
        stage.set(Stage.WRITING);
        message.set(Texts.get("rewind.states.undoing"));
        work.run(BackgroundTask.of(Texts.get("rewind.states.undoTask", backend.displayUri()), context -> {
            context.unstoppable();
            return writes.undo(backend, undone);
        }).lane(backend), count -> {
            message.set(Texts.get("rewind.states.undone", count));
            stage.set(Stage.UNDONE);
            writtenListeners.forEach(Runnable::run);
        }, failure -> {
            message.set(UserError.sentence(failure.message()));
            stage.set(Stage.DONE);
        }, () -> { });
    }

    private void failed(String why) {
        message.set(UserError.sentence(why));
        stage.set(Stage.FAILED);
    }

    /** Called on the FX thread after a rewind of states (or its undo) wrote something, to re-read what it changed. */
    public void onWritten(Runnable listener) {
        writtenListeners.add(listener);
    }

    /** Back from a preview (or a failure) to the fields, nothing written. */
    public void backToFields() {
        if (stage.get() == Stage.PREVIEW || stage.get() == Stage.FAILED) {
            work.cancel();
            stage.set(Stage.EDITING);
            message.set(Texts.get("rewind.states.intro"));
        }
    }

    private String check() {
        try {
            value();
            return "";
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    /** The value to store, as the fields say; throws with a sentence when they say nothing valid. */
    public JsonNode value() {
        switch (kind.get()) {
            case TIMESTAMP: {
                if (date.get() == null) {
                    throw new IllegalArgumentException(Texts.get("rewind.problem.noDate"));
                }
                String t = time.get() == null ? "" : time.get().strip();
                if (!t.isEmpty() && !TIME.matcher(t).matches()) {
                    throw new IllegalArgumentException(Texts.get("rewind.problem.time"));
                }
                String z = zone.get() == null ? "" : zone.get().strip();
                if (!z.isEmpty() && !z.matches("Z|[+-]\\d{2}:?\\d{2}")) {
                    throw new IllegalArgumentException(Texts.get("rewind.problem.offset"));
                }
                String out = date.get() + (t.isEmpty() ? "" : separator + t + z);
                return JsonNodeFactory.instance.textNode(out);
            }
            case NUMBER: {
                try {
                    JsonNode n = Json.parse(text.get().strip());
                    if (!n.isNumber()) {
                        throw new IllegalArgumentException(Texts.get("rewind.problem.number"));
                    }
                    return n;
                } catch (JsonSyntaxError e) {
                    throw new IllegalArgumentException(Texts.get("rewind.problem.number"));
                }
            }
            default:
                if (text.get().isEmpty()) {
                    throw new IllegalArgumentException(Texts.get("rewind.problem.noValue"));
                }
                return JsonNodeFactory.instance.textNode(text.get());
        }
    }

    /** Previews the rewind of the bookmark the fields describe, on the state as read when the form opened. */
    public void submit() {
        if (problem.get().isEmpty()) {
            flow.start(target, read.stateId(), edit(), read);
        }
    }

    /** The edit to preview: the bookmark set to {@link #value()}, in-progress markers dropped. */
    public Edit edit() {
        return Edit.rewind(bookmark.stream(), bookmark.context(), value());
    }

    /** "stream users" or "partition org=meltano of stream issues"; for a rewind of states, how many and on which backend. */
    public String what() {
        if (scope.get() == Scope.STATES) {
            return Texts.get("rewind.states.what", stateIds.size(), target == null ? "" : target.backend().displayUri());
        }
        if (bookmark == null) {
            return "";
        }
        return bookmark.context() == null ? "stream " + bookmark.stream()
                : "partition " + bookmark.contextLabel() + " of stream " + bookmark.stream();
    }

    /** The bookmark's current value as text, for the form's header. */
    public String currentValue() {
        if (scope.get() == Scope.STATES) {
            return String.join(", ", stateIds);
        }
        JsonNode v = bookmark == null ? null : bookmark.replicationValue();
        return v == null || v.isNull() ? "none" : v.isTextual() ? v.textValue() : PythonJson.dumps(v);
    }

    public Bookmark bookmark() {
        return bookmark;
    }

    public ReadOnlyBooleanProperty showingProperty() {
        return showing;
    }

    public ObjectProperty<Kind> kindProperty() {
        return kind;
    }

    public StringProperty textProperty() {
        return text;
    }

    public ObjectProperty<LocalDate> dateProperty() {
        return date;
    }

    public StringProperty timeProperty() {
        return time;
    }

    public StringProperty zoneProperty() {
        return zone;
    }

    /** Why the fields are not a valid value (or rewind), "" when they are. */
    public StringBinding problemProperty() {
        return problem;
    }

    public ObjectProperty<Scope> scopeProperty() {
        return scope;
    }

    public ObjectProperty<By> byProperty() {
        return by;
    }

    /** The moment, duration or number of a rewind of states, as typed. */
    public StringProperty amountProperty() {
        return amount;
    }

    /** The streams a rewind of states moves, comma-separated; empty: every stream. */
    public StringProperty streamsProperty() {
        return streams;
    }

    public ReadOnlyObjectProperty<Stage> stageProperty() {
        return stage.getReadOnlyProperty();
    }

    /** The preview of a rewind of states: each state's bookmarks, before → after, and those left alone. */
    public ObservableList<Line> lines() {
        return lines;
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** A rewound bookmark held an interrupted run's markers, which the rewind drops (the preview says so). */
    public ReadOnlyBooleanProperty markersDroppedProperty() {
        return markersDropped.getReadOnlyProperty();
    }

    /** What must be typed to confirm a rewind of states on production (their number), or "". */
    public ReadOnlyStringProperty requiredTypingProperty() {
        return requiredTyping.getReadOnlyProperty();
    }

    public StringProperty typedProperty() {
        return typed;
    }

    public BooleanBinding canConfirmProperty() {
        return canConfirm;
    }

    /** The connection a rewind of states writes to; null before one opened. */
    public WriteTarget target() {
        return target;
    }

    /** The states a rewind of states is about. */
    public List<String> stateIds() {
        return stateIds;
    }
}
