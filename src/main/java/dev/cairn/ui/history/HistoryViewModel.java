package dev.cairn.ui.history;

import dev.cairn.backend.StateBackend;
import dev.cairn.ops.Edit;
import dev.cairn.ops.Journal;
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
import java.util.List;
import java.util.Locale;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The writes Cairn made to the selected ID, newest first, from the same local journal the command
 * line keeps ({@code cairn history ID}): each with its time, action and outcome, and the change it
 * made (before → after, as stored). Undo and restore are offered by the window.
 */
public final class HistoryViewModel extends ReadWhileShown {

    private final Journal journal;
    private final WriteFlowViewModel flow;
    private final WriteScope scope;
    private final TaskSlot loading;
    private final TaskSlot diffing;
    private final ObservableList<Journal.Entry> entries = FXCollections.observableArrayList();
    private final ObjectProperty<Journal.Entry> selected = new SimpleObjectProperty<>(this, "selected");
    private final ReadOnlyObjectWrapper<AlignedDiff> diff = new ReadOnlyObjectWrapper<>(this, "diff");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");

    /** The writes {@code journal} holds; their undo and restore are previewed and written through {@code flow}, to where {@code scope} writes. */
    public HistoryViewModel(TaskExecutor executor, Journal journal, WriteFlowViewModel flow, WriteScope scope) {
        this(journal, new TaskSlot(executor), new TaskSlot(executor), flow, scope);
    }

    private HistoryViewModel(Journal journal, TaskSlot loading, TaskSlot diffing, WriteFlowViewModel flow, WriteScope scope) {
        super(loading, diffing);
        this.journal = journal;
        this.flow = flow;
        this.scope = scope;
        this.loading = loading;
        this.diffing = diffing;
        selected.addListener((o, a, b) -> showChange(b));
    }

    /** Undoes the journalled write, while the state is still as it left it (previewed). */
    public void undo(Journal.Entry entry) {
        WriteTarget on = scope.target();
        if (on != null && entry != null) {
            flow.startUndo(on, entry);
        }
    }

    /** Puts back the state as it was before a journalled write, onto whatever is stored now (previewed). */
    public void restore(Journal.Entry entry) {
        WriteTarget on = scope.target();
        if (on == null || entry == null) {
            return;
        }
        flow.start(on, entry.stateId(), Edit.restoreBefore(entry, when(entry.time())), null);
    }

    @Override
    protected void read(Selection subject) {
        String uri = subject == null ? null : subject.backend().displayUri();
        String id = subject == null ? null : subject.stateId();
        Journal.Entry kept = selected.get();
        if (uri == null || id == null || kept != null && !(kept.backend().equals(uri) && kept.stateId().equals(id))) {
            // another ID, or none: nothing of the last one's history stays on show
            selected.set(null);
            entries.clear();
        }
        if (uri == null || id == null) {
            loading.cancel();
            message.set(Texts.get("history.none"));
            return;
        }
        message.set(Texts.get("history.reading", id));
        StateBackend backend = subject.backend();
        loading.run(BackgroundTask.of(Texts.get("history.task", id), context -> {
            String unsettled = settle(journal, backend, id);
            return new Read(journal.history(uri, id), unsettled);
        }).lane(backend), read -> {
            List<Journal.Entry> list = read.entries();
            Journal.Entry keep = selected.get();
            entries.setAll(list);
            message.set((list.isEmpty() ? Texts.get("history.noWrites", id, journal.file())
                    : Texts.get("history.shown", list.size(), journal.file())) + read.unsettled());
            selected.set(keep == null ? (list.isEmpty() ? null : list.get(0))
                    : list.stream().filter(e -> e.id().equals(keep.id())).findFirst().orElse(list.isEmpty() ? null : list.get(0)));
        }, failure -> message.set(failure.message()),
                () -> {
                    readAgainWhenShown();
                    message.set(Texts.get("history.cancelled", id));
                });
    }

    /** The writes read, and what settling them left unsettled (a sentence, or nothing). */
    private record Read(List<Journal.Entry> entries, String unsettled) { }

    /**
     * Settles the ID's writes whose end the journal could not record, so that they show as they
     * ended rather than as 'started'. Blocking: reads the state once where it has such writes.
     *
     * @return what could not be settled, as a sentence to add to the tab's message, or "" when nothing
     */
    static String settle(Journal journal, StateBackend backend, String stateId) {
        return journal.settle(backend, stateId).map(unsettled -> " " + unsettled.message() + ".").orElse("");
    }

    private void showChange(Journal.Entry entry) {
        diff.set(null);
        if (entry == null) {
            diffing.cancel();
            return;
        }
        diffing.run(BackgroundTask.of(Texts.get("history.comparing"), context ->
                AlignedDiff.of(StoredJson.stored(entry.before()), StoredJson.stored(entry.after()))), diff::set,
                failure -> message.set(failure.message()), () -> message.set(Texts.get("history.comparingCancelled")));
    }

    /** Whether the newest write of the list is this one (undo applies to the last write only). */
    public boolean isLatest(Journal.Entry entry) {
        List<Journal.Entry> done = entries.stream().filter(Journal.Entry::isDone).toList();
        return !done.isEmpty() && done.get(0).id().equals(entry.id());
    }

    /** A time as the lists show it: UTC, to the second. */
    public static String when(Instant time) {
        return time.toString().replace('T', ' ').replaceFirst("\\.\\d+Z$", "Z");
    }

    /** A line of the list: when, what, how it ended. */
    public static String describe(Journal.Entry e) {
        String when = when(e.time());
        String status = e.status() == Journal.Status.DONE ? "" : " — " + e.status().name().toLowerCase(Locale.ROOT)
                + (e.error() == null ? "" : ": " + e.error());
        return when + "  " + e.action() + status;
    }

    public ObservableList<Journal.Entry> entries() {
        return entries;
    }

    public ObjectProperty<Journal.Entry> selectedProperty() {
        return selected;
    }

    public ReadOnlyObjectProperty<AlignedDiff> diffProperty() {
        return diff.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }
}
