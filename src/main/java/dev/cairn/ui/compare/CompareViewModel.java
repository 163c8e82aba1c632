package dev.cairn.ui.compare;

import dev.cairn.backend.BackendException;
import dev.cairn.backend.StateBackend;
import dev.cairn.ops.Rename;
import dev.cairn.ops.Transfer;
import dev.cairn.ops.compare.Comparison;
import dev.cairn.ops.compare.IdComparison;
import dev.cairn.ops.compare.IdComparison.Status;
import dev.cairn.state.StateComparison;
import dev.cairn.ui.Selection;
import dev.cairn.ui.Texts;
import dev.cairn.ui.browse.IdFilter;
import dev.cairn.ui.browse.IdOrder;
import dev.cairn.ui.diff.DiffViewModel;
import dev.cairn.ui.task.BackgroundTask;
import dev.cairn.ui.task.TaskExecutor;
import dev.cairn.ui.task.TaskSlot;
import dev.cairn.ui.task.UserError;
import dev.cairn.ui.transfer.TransferViewModel;
import dev.cairn.ui.write.WriteTarget;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
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
import javafx.collections.transformation.FilteredList;
import javafx.collections.transformation.SortedList;

/**
 * Compare backends…: the window's {@code cairn compare}. Runs a {@link Comparison} of the backend
 * it was opened on ("here") with another open one ("there"), optionally through a rename
 * ({@code dev:*=prod:*}), in the background with progress and cancel; rows arrive as IDs are
 * compared, handed to the FX thread in batches (a few a second, not one task per ID). Holds every
 * ID's row with its status, the counts per status, a status filter, the ID filter (text or a
 * pattern, as the ID list's), the order, and the checked rows; shows the selected row's diff in its
 * own {@link DiffViewModel}; hands the checked rows to the copy form ({@link TransferViewModel},
 * "the IDs chosen") either way, and after the copy compares again only the IDs it wrote.
 */
public final class CompareViewModel {

    /** Where the comparison is. */
    public enum Stage { COMPARING, COMPARED, CANCELLED, FAILED }

    /** How the rows are ordered. */
    public enum Order { ID, STATUS, AHEAD }

    /** Which way checked rows are copied: from here to there (→), or from there to here (←). */
    public enum Direction { TO_THERE, TO_HERE }

    /** Batches of rows go to the FX thread at most this often. */
    static final Duration FLUSH_EVERY = Duration.ofMillis(100);

    /** One ID of either side: its comparison, and whether it is checked for a copy. */
    public static final class Row {
        private final IdComparison result;
        private final BooleanProperty checked = new SimpleBooleanProperty(this, "checked");

        Row(IdComparison result) {
            this.result = result;
        }

        public IdComparison result() {
            return result;
        }

        public String hereId() {
            return result.hereId();
        }

        public String thereId() {
            return result.thereId();
        }

        public Status status() {
            return result.status();
        }

        public BooleanProperty checkedProperty() {
            return checked;
        }

        public boolean isChecked() {
            return checked.get();
        }

        /** How far here's newest bookmark is ahead of there's (negative: behind); null where not known. */
        public Duration lead() {
            StateComparison detail = result.detail();
            return detail == null || result.status() != Status.DIFFERENT ? null : detail.newestLead();
        }

        /** What differs, or why a side cannot be read; "" for an ID that reads alike. */
        public String detail() {
            List<String> parts = new ArrayList<>();
            if (result.hereProblem() != null) {
                parts.add(Texts.get("compare.problem.here", result.hereProblem()));
            }
            if (result.thereProblem() != null) {
                parts.add(Texts.get("compare.problem.there", result.thereProblem()));
            }
            if (result.status() == Status.DIFFERENT && result.detail() != null && result.detail().summary() != null) {
                parts.add(result.detail().sentence());
            }
            return String.join("; ", parts);
        }

        @Override
        public String toString() {
            return result.status().label() + " " + result.hereId();
        }
    }

    private final TaskExecutor executor;
    private final TaskSlot comparing;
    private final TaskSlot reading;
    private final TaskSlot again;
    private final DiffViewModel diff;
    private final TransferViewModel transfer;
    private final ReadOnlyBooleanWrapper showing = new ReadOnlyBooleanWrapper(this, "showing");
    private final ReadOnlyObjectWrapper<Stage> stage = new ReadOnlyObjectWrapper<>(this, "stage", Stage.COMPARED);
    private final ReadOnlyStringWrapper hereName = new ReadOnlyStringWrapper(this, "hereName", "");
    private final ObservableList<WriteTarget> others = FXCollections.observableArrayList();
    private final ObjectProperty<WriteTarget> there = new SimpleObjectProperty<>(this, "there");
    private final StringProperty rename = new SimpleStringProperty(this, "rename", "");
    private final ObservableList<Row> rows = FXCollections.observableArrayList();
    private final FilteredList<Row> filtered = new FilteredList<>(rows);
    private final SortedList<Row> shown = new SortedList<>(filtered);
    private final Map<String, Row> byHereId = new HashMap<>();
    private final ReadOnlyObjectWrapper<Map<Status, Integer>> counts =
            new ReadOnlyObjectWrapper<>(this, "counts", new EnumMap<>(Status.class));
    private final ObjectProperty<Status> statusFilter = new SimpleObjectProperty<>(this, "statusFilter");
    private final StringProperty filterText = new SimpleStringProperty(this, "filterText", "");
    private final ObjectProperty<Order> order = new SimpleObjectProperty<>(this, "order", Order.ID);
    private final ObjectProperty<Row> selected = new SimpleObjectProperty<>(this, "selected");
    private final ReadOnlyIntegerWrapper checkedCount = new ReadOnlyIntegerWrapper(this, "checkedCount");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private final ReadOnlyStringWrapper notice = new ReadOnlyStringWrapper(this, "notice", "");
    private final Queue<IdComparison> arrived = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean flushScheduled = new AtomicBoolean();
    private final AtomicReference<Comparison.Progress> lastProgress = new AtomicReference<>();
    private final AtomicReference<Comparison> running = new AtomicReference<>();
    /** Bumped by every new comparison, cancel and close: a batch of an older one is dropped. */
    private long generation;
    private WriteTarget here;
    /** The sides and rename of the rows shown, as compared. */
    private Compared compared;
    /** The copy handed to the copy form, until it has finished. */
    private HandedOver handedOver;

    private record Compared(WriteTarget here, WriteTarget there, Rename rename) {
        String thereIdOf(String hereId) {
            return rename == null ? hereId : rename.apply(hereId);
        }
    }

    private record HandedOver(Compared sides, Direction direction, List<Transfer.Item> items) {}

    /**
     * @param diff the compared IDs' own diff (not the inspector's), shown beside the table
     * @param transfer the copy form, that copies checked rows
     */
    public CompareViewModel(TaskExecutor executor, DiffViewModel diff, TransferViewModel transfer) {
        this.executor = executor;
        this.comparing = new TaskSlot(executor);
        this.reading = new TaskSlot(executor);
        this.again = new TaskSlot(executor);
        this.diff = diff;
        this.transfer = transfer;
        diff.modeProperty().set(DiffViewModel.Mode.OTHER_BACKEND);
        statusFilter.addListener(o -> refilter());
        filterText.addListener(o -> refilter());
        order.addListener(o -> shown.setComparator(comparator(order.get())));
        shown.setComparator(comparator(Order.ID));
        selected.addListener((o, was, now) -> showDiff(now));
        transfer.onFinished(this::copied);
    }

    /** Opens on {@code from}, to be compared with one of {@code open} (the open backends; {@code from} among them or not). */
    public void open(WriteTarget from, List<WriteTarget> open) {
        if (from == null) {
            return;
        }
        here = from;
        hereName.set(from.name());
        others.setAll(open.stream().filter(t -> t.backend() != from.backend()).toList());
        WriteTarget keep = there.get();
        if (keep == null || !others.contains(keep)) {
            there.set(others.isEmpty() ? null : others.get(0));
        }
        showing.set(true);
        notice.set("");
        if (there.get() == null) {
            status.set(Texts.get("compare.status.noOther"));
            return;
        }
        compare();
    }

    /** The open backends changed: a side that closed ends the comparison; the choices follow. */
    public void openChanged(List<WriteTarget> open) {
        if (!showing.get()) {
            return;
        }
        if (open.stream().noneMatch(t -> t.backend() == here.backend())) {
            close();
            return;
        }
        List<WriteTarget> now = open.stream().filter(t -> t.backend() != here.backend()).toList();
        WriteTarget keep = there.get();
        others.setAll(now);
        if (keep != null && !now.contains(keep)) {
            there.set(now.isEmpty() ? null : now.get(0));
        }
    }

    /** Compares the two sides afresh: every row goes, and comes back as its ID is compared. */
    public void compare() {
        WriteTarget h = here;
        WriteTarget t = there.get();
        if (h == null || t == null) {
            return;
        }
        Rename r;
        try {
            r = rename.get().isBlank() ? null : Rename.parse(rename.get().strip());
        } catch (IllegalArgumentException e) {
            status.set(Texts.get("compare.status.badRename", e.getMessage()));
            stage.set(Stage.FAILED);
            return;
        }
        stopRunning();
        long mine = ++generation;
        Compared sides = new Compared(h, t, r);
        compared = sides;
        rows.clear();
        byHereId.clear();
        arrived.clear();
        lastProgress.set(null);
        selected.set(null);
        counted();
        UnaryOperator<String> idThere = r == null ? UnaryOperator.identity() : id -> r.matches(id) ? r.apply(id) : id;
        DiffViewModel.BackendChoice choice = new DiffViewModel.BackendChoice(t.name(), t.backend(), idThere);
        diff.setOtherBackends(List.of(choice));
        diff.otherBackendProperty().set(choice);
        notice.set("");
        status.set(Texts.get("compare.status.starting"));
        stage.set(Stage.COMPARING);
        Comparison comparison = new Comparison(h.backend(), t.backend(), null, r);
        running.set(comparison);
        comparing.run(BackgroundTask.of(Texts.get("compare.task", h.name(), t.name()), context -> {
            if (r == null && Comparison.sameStorage(h.backend(), t.backend())) {
                throw new BackendException(Texts.get("compare.sameStorage", h.name(), t.name()));
            }
            return comparison.run(new Comparison.Listener() {
                    @Override
                    public void compared(IdComparison result) {
                        arrived.add(result);
                        if (context.isCancelled()) {
                            comparison.cancel(); // the status bar's Cancel
                        }
                        flushSoon(mine);
                    }

                    @Override
                    public void progress(Comparison.Progress progress) {
                        lastProgress.set(progress);
                        context.progress(progress.compared(), -1);
                        flushSoon(mine);
                    }
                });
        }).lane(h.backend()), totals -> {
                    flush();
                    running.set(null);
                    stage.set(Stage.COMPARED);
                    status.set(doneLine(sides));
                }, failure -> {
                    flush();
                    running.set(null);
                    status.set(UserError.sentence(failure.message()));
                    stage.set(Stage.FAILED);
                }, () -> {
                    flush();
                    running.set(null);
                    status.set(Texts.get("compare.status.cancelled", rows.size()));
                    stage.set(Stage.CANCELLED);
                });
    }

    /** Hands what has arrived to the FX thread once per {@link #FLUSH_EVERY}, not once per ID. */
    private void flushSoon(long mine) {
        if (flushScheduled.compareAndSet(false, true)) {
            executor.after(FLUSH_EVERY, () -> {
                flushScheduled.set(false);
                if (mine == generation) {
                    flush();
                }
            });
        }
    }

    /** The rows compared since the last batch, added at once; the counts and the progress line with them. */
    private void flush() {
        List<Row> batch = new ArrayList<>();
        for (IdComparison result = arrived.poll(); result != null; result = arrived.poll()) {
            Row row = new Row(result);
            row.checked.addListener((o, was, now) -> checkedCount.set(checkedCount.get() + (now ? 1 : -1)));
            byHereId.put(result.hereId(), row);
            batch.add(row);
        }
        if (!batch.isEmpty()) {
            rows.addAll(batch);
            counted();
        }
        Comparison.Progress p = lastProgress.get();
        if (p != null && stage.get() == Stage.COMPARING) {
            status.set(Texts.get("compare.status.comparing", p.readHere(), p.readThere(), rows.size()));
        }
    }

    private void counted() {
        Map<Status, Integer> n = new EnumMap<>(Status.class);
        int checked = 0;
        for (Row row : rows) {
            n.merge(row.status(), 1, Integer::sum);
            checked += row.isChecked() ? 1 : 0;
        }
        counts.set(n);
        checkedCount.set(checked);
    }

    /** "Compared 1,234 IDs of prod and staging: 56 differ.", from the rows as they are now. */
    private String doneLine(Compared sides) {
        Map<Status, Integer> n = counts.get();
        int total = n.values().stream().mapToInt(Integer::intValue).sum();
        int agree = n.getOrDefault(Status.SAME, 0) + n.getOrDefault(Status.SAME_EFFECTIVE, 0);
        return Texts.get("compare.status.done", total, sides.here().name(), sides.there().name(), total - agree);
    }

    private void refilter() {
        IdFilter text = IdFilter.of(filterText.get());
        Status only = statusFilter.get();
        filtered.setPredicate(row -> (only == null || row.status() == only)
                && (text.isEmpty() || text.matches(row.hereId()) || text.matches(row.thereId())));
    }

    static Comparator<Row> comparator(Order order) {
        Comparator<Row> byId = Comparator.comparing(Row::hereId, IdOrder.NATURAL_ORDER);
        return switch (order) {
            case ID -> byId;
            case STATUS -> Comparator.comparing(Row::status).thenComparing(byId);
            // the furthest apart first, either way; rows with no dated bookmark to tell by last
            case AHEAD -> Comparator.comparing((Row r) -> r.lead() == null ? null : r.lead().abs(),
                    Comparator.nullsLast(Comparator.<Duration>reverseOrder())).thenComparing(byId);
        };
    }

    /** Stops the comparison under way; the rows compared so far stay. */
    public void cancel() {
        if (stage.get() == Stage.COMPARING) {
            stopRunning();
            generation++;
            flush();
            status.set(Texts.get("compare.status.cancelled", rows.size()));
            stage.set(Stage.CANCELLED);
        }
    }

    private void stopRunning() {
        Comparison c = running.getAndSet(null);
        if (c != null) {
            c.cancel();
        }
        comparing.cancel();
    }

    public void close() {
        stopRunning();
        generation++;
        reading.cancel();
        again.cancel();
        if (stage.get() == Stage.COMPARING) {
            stage.set(Stage.CANCELLED);
        }
        diff.deactivate();
        showing.set(false);
    }

    /** The selected row's diff: this side's state read in its lane, the other side's by the diff (renamed). */
    private void showDiff(Row row) {
        Compared sides = compared;
        if (row == null || sides == null) {
            reading.cancel();
            diff.activate(null);
            return;
        }
        StateBackend backend = sides.here().backend();
        String id = row.hereId();
        reading.run(BackgroundTask.of(Texts.get("compare.read", id), context -> backend.read(id)).lane(backend),
                stored -> diff.activate(new Selection(sides.here().name(), backend, stored, null)),
                failure -> notice.set(UserError.sentence(failure.message())));
    }

    /** Checks every row of a status (all of them, whatever the filters show). */
    public void checkAll(Status of) {
        for (Row row : rows) {
            if (row.status() == of) {
                row.checked.set(true);
            }
        }
    }

    public void uncheckAll() {
        rows.forEach(row -> row.checked.set(false));
    }

    /** The checked rows a copy this way can take: those with a state on the side it copies from. */
    public List<Row> copyable(Direction direction) {
        Status absent = direction == Direction.TO_THERE ? Status.ONLY_THERE : Status.ONLY_HERE;
        return rows.stream().filter(r -> r.isChecked() && r.status() != absent).toList();
    }

    /**
     * Hands the checked rows to the copy form, which previews every one of them (policy, production's
     * typed confirmation, progress, cancel, per-ID results, journal and undo are its own).
     */
    public void copy(Direction direction) {
        Compared sides = compared;
        if (sides == null) {
            return;
        }
        List<Transfer.Item> items = copyable(direction).stream().map(r -> direction == Direction.TO_THERE
                ? new Transfer.Item(r.hereId(), r.thereId()) : new Transfer.Item(r.thereId(), r.hereId())).toList();
        if (items.isEmpty()) {
            notice.set(Texts.get("compare.nothingToCopy"));
            return;
        }
        notice.set("");
        HandedOver copy = new HandedOver(sides, direction, items);
        handedOver = copy;
        List<WriteTarget> open = new ArrayList<>();
        open.add(sides.here());
        open.addAll(others);
        transfer.openWith(direction == Direction.TO_THERE ? sides.here() : sides.there(),
                direction == Direction.TO_THERE ? sides.there() : sides.here(), copy.items(), open);
    }

    /** A copy handed over has finished: only the IDs it wrote are compared again, their rows replaced in place. */
    private void copied() {
        HandedOver copy = handedOver;
        if (copy == null || !transfer.chosen().equals(copy.items())) {
            return;
        }
        handedOver = null;
        if (!showing.get() || copy.sides() != compared) {
            return;
        }
        List<String> touched = new ArrayList<>();
        for (TransferViewModel.Row r : transfer.rows()) {
            if (r.done() && (r.outcome() == Transfer.Outcome.COPIED || r.outcome() == Transfer.Outcome.MOVED)) {
                touched.add(copy.direction() == Direction.TO_THERE ? r.sourceId() : r.targetId());
            }
        }
        refresh(touched);
    }

    /** Compares these IDs (this side's names) again, and only them; an ID neither side holds any more leaves the table. */
    void refresh(List<String> hereIds) {
        Compared sides = compared;
        if (sides == null || hereIds.isEmpty()) {
            return;
        }
        StateBackend h = sides.here().backend();
        StateBackend t = sides.there().backend();
        again.run(BackgroundTask.of(Texts.get("compare.again", hereIds.size()), context -> {
            Map<String, IdComparison> now = new HashMap<>();
            for (String id : hereIds) {
                context.checkCancelled();
                now.put(id, Comparison.compareOne(h, t, id, sides.thereIdOf(id)));
            }
            return now;
        }).lane(h), now -> {
            if (sides != compared) {
                return;
            }
            Row wasSelected = selected.get();
            now.forEach((id, result) -> {
                Row old = byHereId.remove(id);
                int at = old == null ? -1 : rows.indexOf(old);
                if (result == null) {
                    if (at >= 0) {
                        rows.remove(at);
                    }
                    return;
                }
                Row row = new Row(result);
                row.checked.addListener((o, was, checked) -> checkedCount.set(checkedCount.get() + (checked ? 1 : -1)));
                byHereId.put(id, row);
                if (at >= 0) {
                    rows.set(at, row);
                } else {
                    rows.add(row);
                }
                if (old == wasSelected) {
                    selected.set(row);
                }
            });
            counted();
            if (stage.get() == Stage.COMPARED) {
                status.set(doneLine(sides));
            }
            notice.set(Texts.get("compare.refreshed", now.size()));
        }, failure -> notice.set(UserError.sentence(failure.message())));
    }

    /** "2 d 3 h · prod": by how much and which side's newest bookmark is ahead and by how much; "" where not known. */
    public String aheadBy(Row row) {
        Duration lead = row.lead();
        Compared sides = compared;
        if (lead == null || sides == null) {
            return "";
        }
        if (lead.isZero()) {
            return Texts.get("compare.ahead.even");
        }
        String side = lead.isNegative() ? sides.there().name() : sides.here().name();
        return Texts.get("compare.ahead.by", side, span(lead.abs()));
    }

    /** A span in its two largest units: "2 d 3 h", "5 h 12 min", "40 s". */
    static String span(Duration d) {
        long days = d.toDays();
        long hours = d.toHoursPart();
        long minutes = d.toMinutesPart();
        if (days > 0) {
            return days + " d" + (hours > 0 ? " " + hours + " h" : "");
        }
        if (hours > 0) {
            return hours + " h" + (minutes > 0 ? " " + minutes + " min" : "");
        }
        return minutes > 0 ? minutes + " min" : d.toSecondsPart() + " s";
    }

    /** The selected row's diff, this side's state against the other side's. */
    public DiffViewModel diff() {
        return diff;
    }

    /** This side's name, as the title and the buttons say it. */
    public ReadOnlyStringProperty hereNameProperty() {
        return hereName.getReadOnlyProperty();
    }

    public WriteTarget here() {
        return here;
    }

    public ReadOnlyBooleanProperty showingProperty() {
        return showing.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Stage> stageProperty() {
        return stage.getReadOnlyProperty();
    }

    /** The open backends to compare with. */
    public ObservableList<WriteTarget> others() {
        return others;
    }

    /** The other side; choosing another one compares again when the user says so. */
    /** A copy this way would write to a read-only connection, which refuses every write: its button is off. */
    public BooleanBinding readOnlyTarget(Direction direction) {
        return Bindings.createBooleanBinding(() -> {
            WriteTarget target = direction == Direction.TO_THERE ? there.get() : here;
            return target != null && target.readOnly();
        }, there, hereName);
    }

    public ObjectProperty<WriteTarget> thereProperty() {
        return there;
    }

    /** How this side's IDs are named there ({@code dev:*=prod:*}), "" for alike. */
    public StringProperty renameProperty() {
        return rename;
    }

    /** Every ID of either side compared so far, in the order they arrived. */
    public ObservableList<Row> rows() {
        return rows;
    }

    /** The rows the filters let through, in the chosen order: what the table shows. */
    public ObservableList<Row> shown() {
        return shown;
    }

    public ReadOnlyObjectProperty<Map<Status, Integer>> countsProperty() {
        return counts.getReadOnlyProperty();
    }

    /** The one status shown, or null for all. */
    public ObjectProperty<Status> statusFilterProperty() {
        return statusFilter;
    }

    /** Text in the IDs (either side's), or a pattern ({@code dev:tap-*}) as the ID list's filter. */
    public StringProperty filterTextProperty() {
        return filterText;
    }

    public ObjectProperty<Order> orderProperty() {
        return order;
    }

    public ObjectProperty<Row> selectedProperty() {
        return selected;
    }

    public ReadOnlyIntegerProperty checkedCountProperty() {
        return checkedCount.getReadOnlyProperty();
    }

    /** "Compared 1,234 IDs of prod and staging: 56 differ", "Comparing… read 300 here, 280 there", … */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** What a copy or a refresh said, or "". */
    public ReadOnlyStringProperty noticeProperty() {
        return notice.getReadOnlyProperty();
    }

    /** The other side's name, as the table's headers and buttons say it. */
    public String thereName() {
        return there.get() == null ? "" : there.get().name();
    }
}
