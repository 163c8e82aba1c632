package dev.cairn.ui.history;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.backend.RunLog;
import dev.cairn.backend.RunRow;
import dev.cairn.ops.Edit;
import dev.cairn.ops.EditRefused;
import dev.cairn.ops.Journal;
import dev.cairn.ops.Timeline;
import dev.cairn.state.StateError;
import dev.cairn.ui.ReadWhileShown;
import dev.cairn.ui.Selection;
import dev.cairn.ui.Texts;
import dev.cairn.ui.diff.AlignedDiff;
import dev.cairn.ui.task.BackgroundTask;
import dev.cairn.ui.task.TaskExecutor;
import dev.cairn.ui.task.TaskSlot;
import dev.cairn.ui.write.StoredJson;
import dev.cairn.ui.write.WriteFlowViewModel;
import dev.cairn.ui.write.WriteScope;
import dev.cairn.ui.write.WriteTarget;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The selected ID's timeline: every run and state edit Meltano's {@code runs} table keeps for it,
 * newest first, with Cairn's journalled writes interleaved (the same lines as {@code cairn log}). A
 * page reads only its own rows ({@link Timeline#page}); older ones come with "load more". A chosen
 * point's state is worked out only when it is chosen: compared with the state stored now, or with a
 * second chosen point, and offered for restore as a complete write.
 */
public final class TimelineViewModel extends ReadWhileShown {

    /** Rows read per page: what fits on a screen, each row's payload parsed once for its change summary. */
    public static final int PAGE = 25;

    /** A diff to show, with what each side is. */
    public record Comparison(AlignedDiff diff, String left, String right) { }

    /** A page read: its lines, and where the next one starts (null: this was the last). */
    private record Page(boolean hasRuns, List<Timeline.Item> items, List<Journal.Entry> writes, Long nextBefore, Instant nextUpTo) { }

    /** The first page, and what settling the journal's writes left unsettled (a sentence, or nothing). */
    private record FirstPage(Page page, String unsettled) { }

    /** What the chosen points came to: the diff, and the restore of a single run's checkpoint (or null). */
    private record Compared(Comparison comparison, Edit restore, String note) { }

    private final Journal journal;
    private final WriteFlowViewModel flow;
    private final WriteScope scope;
    private final TaskSlot loading;
    private final TaskSlot comparing;
    private final ObservableList<Timeline.Item> items = FXCollections.observableArrayList();
    private final ReadOnlyBooleanWrapper more = new ReadOnlyBooleanWrapper(this, "more");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyStringWrapper note = new ReadOnlyStringWrapper(this, "note", "");
    private final ReadOnlyObjectWrapper<Comparison> comparison = new ReadOnlyObjectWrapper<>(this, "comparison");
    private final ReadOnlyObjectWrapper<Edit> restore = new ReadOnlyObjectWrapper<>(this, "restore");
    /** The journal's writes to the subject, read with the first page and interleaved page by page. */
    private List<Journal.Entry> writes = List.of();
    private Long nextBefore;
    private Instant nextUpTo;

    /** The runs and {@code journal}'s writes; a restore of a run's checkpoint is previewed and written through {@code flow}, to where {@code scope} writes. */
    public TimelineViewModel(TaskExecutor executor, Journal journal, WriteFlowViewModel flow, WriteScope scope) {
        this(journal, new TaskSlot(executor), new TaskSlot(executor), flow, scope);
    }

    private TimelineViewModel(Journal journal, TaskSlot loading, TaskSlot comparing, WriteFlowViewModel flow, WriteScope scope) {
        super(loading, comparing);
        this.journal = journal;
        this.flow = flow;
        this.scope = scope;
        this.loading = loading;
        this.comparing = comparing;
    }

    /** Writes back the state a run's checkpoint left ({@link #restoreProperty}), previewed like any write. */
    public void restorePoint(Edit restore) {
        WriteTarget on = scope.target();
        if (on != null && restore != null && subject() != null) {
            flow.start(on, subject().stateId(), restore, null);
        }
    }

    /** Reads the first page (again, after a write). */
    @Override
    protected void read(Selection s) {
        comparing.cancel();
        comparison.set(null);
        restore.set(null);
        note.set("");
        if (s == null) {
            loading.cancel();
            items.clear();
            more.set(false);
            message.set(Texts.get("timeline.none"));
            return;
        }
        String id = s.stateId();
        message.set(Texts.get("timeline.reading", id));
        loading.run(BackgroundTask.of(Texts.get("timeline.task", id), context -> {
            String unsettled = HistoryViewModel.settle(journal, s.backend(), id);
            List<Journal.Entry> journalled = journal.history(s.backend().displayUri(), id);
            context.checkCancelled();
            return new FirstPage(readPage(s, journalled, null, null), unsettled);
        }).lane(s.backend()), first -> {
            Page page = first.page();
            items.setAll(page.items());
            writes = page.writes();
            next(page);
            message.set((!page.hasRuns()
                    ? Texts.get(s.backend().isSystemDatabase() ? "timeline.noRunsTable" : "timeline.keepsNoRuns", s.backend().displayUri())
                    : Texts.get(items.isEmpty() ? "timeline.noneYet" : "timeline.shown", id)) + first.unsettled());
        }, failure -> message.set(failure.message()), () -> {
            readAgainWhenShown();
            message.set(Texts.get("timeline.cancelled", id));
        });
    }

    /** Reads the next page of older rows and adds it at the end. */
    public void loadMore() {
        Selection s = subject();
        if (s == null || !more.get() || loading.isBusy()) {
            return;
        }
        Long before = nextBefore;
        Instant upTo = nextUpTo;
        List<Journal.Entry> journalled = writes;
        loading.run(BackgroundTask.of(Texts.get("timeline.older", s.stateId()), context -> readPage(s, journalled, before, upTo))
                        .lane(s.backend()),
                page -> {
                    items.addAll(page.items());
                    next(page);
                }, failure -> message.set(failure.message()), () -> { });
    }

    private void next(Page page) {
        nextBefore = page.nextBefore();
        nextUpTo = page.nextUpTo();
        more.set(page.nextBefore() != null);
    }

    /** One page, off the FX thread: runs older than {@code before}, with the writes between {@code upTo} and the oldest of them. */
    private static Page readPage(Selection s, List<Journal.Entry> journalled, Long before, Instant upTo) {
        RunLog runs = s.backend().runs().orElse(null);
        if (runs == null) {
            return new Page(false, Timeline.interleave(List.of(), journalled, upTo, true), journalled, null, null);
        }
        List<Timeline.Point> points = Timeline.page(runs, s.stateId(), before, PAGE);
        boolean last = points.size() < PAGE;
        List<Timeline.Item> page = Timeline.interleave(points, journalled, upTo, last);
        RunRow oldest = points.isEmpty() ? null : points.get(points.size() - 1).run();
        return new Page(true, page, journalled, last ? null : oldest.id(), last ? null : oldest.startedAt());
    }

    /**
     * The user chose these lines: one is compared with the state stored now and, if it is a run's
     * checkpoint, offered for restore; two are compared with each other, the older on the left.
     */
    public void choose(List<Timeline.Item> chosen) {
        comparing.cancel();
        comparison.set(null);
        restore.set(null);
        Selection s = subject();
        if (s == null || chosen.isEmpty() || chosen.size() > 2) {
            note.set(chosen.size() > 2 ? Texts.get("timeline.tooMany") : "");
            return;
        }
        note.set(Texts.get("timeline.working"));
        List<Timeline.Item> sorted = chosen.stream()
                .sorted(Comparator.comparing(Timeline.Item::time, Comparator.nullsFirst(Comparator.<Instant>naturalOrder()))).toList();
        comparing.run(BackgroundTask.of(Texts.get("timeline.comparing", s.stateId()), context -> {
            if (sorted.size() == 2) {
                JsonNode older = stateAt(s, sorted.get(0));
                JsonNode newer = stateAt(s, sorted.get(1));
                return new Compared(new Comparison(AlignedDiff.of(older, newer), label(sorted.get(0)), label(sorted.get(1))), null, "");
            }
            Timeline.Item item = sorted.get(0);
            JsonNode then = stateAt(s, item);
            JsonNode now = StoredJson.effective(s.stored().document());
            Edit edit = then instanceof ObjectNode checkpoint && item.point() != null
                    ? Edit.restoreCheckpoint(checkpoint, item.point().run().runId()) : null;
            return new Compared(new Comparison(AlignedDiff.of(then, now), label(item), Texts.get("timeline.storedNow")), edit,
                    edit == null ? Texts.get("timeline.restoreFromHistory") : "");
        }), done -> {
            comparison.set(done.comparison());
            restore.set(done.restore());
            note.set(done.note());
        }, failure -> note.set(failure.message()), () -> note.set(Texts.get("timeline.comparingCancelled")));
    }

    /**
     * The effective state at a line: what a run's checkpoints left (a partial one merged onto those
     * before it), or what a journalled write stored.
     */
    private static JsonNode stateAt(Selection s, Timeline.Item item) throws EditRefused, StateError {
        if (item.point() != null) {
            RunLog runs = s.backend().runs().orElseThrow();
            return Timeline.stateAfter(runs, s.stateId(), item.point().run());
        }
        return StoredJson.effective(item.write().after());
    }

    private static String label(Timeline.Item item) {
        return item.point() != null ? "after run " + item.point().run().runId() + " (" + item.time() + ")"
                : "after Cairn's " + item.write().verb() + " (" + item.time() + ")";
    }

    /** A line of the list, after its outcome chip: when, run ID, trigger, duration, checkpoint, what changed. */
    public static String describe(Timeline.Item item) {
        if (item.write() != null) {
            return HistoryViewModel.describe(item.write());
        }
        Timeline.Point p = item.point();
        RunRow run = p.run();
        String when = run.startedAt() == null ? "(no start time)" : HistoryViewModel.when(run.startedAt());
        String took = Timeline.duration(run);
        return when + "  run " + run.runId() + (run.trigger() == null ? "" : " · " + run.trigger())
                + (took.equals("-") ? "" : " · " + took) + " · " + p.checkpoint().label()
                + (p.change().isEmpty() ? "" : " — " + p.change());
    }

    /** The outcome chip of a line: SUCCESS, FAIL, RUNNING, RUNNING (stale), STATE_EDIT, or CAIRN for a journalled write. */
    public static String outcome(Timeline.Item item, Instant now) {
        return item.point() == null ? "CAIRN" : Timeline.outcome(item.point().run(), now);
    }

    public ObservableList<Timeline.Item> items() {
        return items;
    }

    /** Older rows remain to be read. */
    public ReadOnlyBooleanProperty moreProperty() {
        return more.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** About the chosen points: being worked out, why there is no restore, or why they cannot be compared. */
    public ReadOnlyStringProperty noteProperty() {
        return note.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Comparison> comparisonProperty() {
        return comparison.getReadOnlyProperty();
    }

    /** The restore of the one chosen run's checkpoint as a complete write, ready for the write sheet; null otherwise. */
    public ReadOnlyObjectProperty<Edit> restoreProperty() {
        return restore.getReadOnlyProperty();
    }
}
