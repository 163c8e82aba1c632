package dev.cairn.ui.main;

import dev.cairn.backend.LockStatus;
import dev.cairn.backend.StoredState;
import dev.cairn.ops.Edit;
import dev.cairn.ops.EditRefused;
import dev.cairn.ops.Journal;
import dev.cairn.ops.Park;
import dev.cairn.state.Bookmark;
import dev.cairn.ui.Selection;
import dev.cairn.ui.SelectionTab;
import dev.cairn.ui.diff.DiffViewModel;
import dev.cairn.ui.edit.EditorViewModel;
import dev.cairn.ui.edit.MergeViewModel;
import dev.cairn.ui.edit.RewindViewModel;
import dev.cairn.ui.history.HistoryViewModel;
import dev.cairn.ui.history.TimelineViewModel;
import dev.cairn.ui.inspect.InspectorViewModel;
import dev.cairn.ui.lock.BreakLockViewModel;
import dev.cairn.ui.park.ParkViewModel;
import dev.cairn.ui.plan.PlanViewModel;
import dev.cairn.ui.task.TaskExecutor;
import dev.cairn.ui.task.UserError;
import dev.cairn.ui.transfer.TransferViewModel;
import dev.cairn.ui.write.WriteFlowViewModel;
import dev.cairn.ui.write.WriteTarget;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ObjectProperty;
import javafx.collections.ObservableList;

/**
 * Every write the window offers on the selected state — save from the editor, merge, clear, rewind,
 * copy/move, undo, restore, breaking a stale lock — each planned as a command on the state as read
 * and handed to the one write flow for preview, confirmation and its outcome. Writes are offered
 * only on connections that allow them; the backend refuses the rest anyway.
 */
public final class WriteActions {

    private final TaskExecutor executor;
    private final ObjectProperty<BackendSession> current;
    private final ObservableList<BackendSession> sessions;
    private final InspectorViewModel inspector;
    private final Consumer<UserError> errors;
    private final WriteFlowViewModel flow;
    private final EditorViewModel editor;
    private final MergeViewModel merge;
    private final RewindViewModel rewind;
    private final ParkViewModel park;
    private final TransferViewModel transfer;
    private final BreakLockViewModel breakLock;
    private final PlanViewModel plan;
    private final HistoryViewModel history;
    private final TimelineViewModel timeline;
    private final StringBinding whyReadOnly;
    private final BooleanBinding writable;
    private final SelectionTab editTab = new SelectionTab() {
        @Override
        public void activate(Selection selection) {
            editor.setSubject(selection == null ? null : selection.stored(), selection == null ? null : selection.rendered());
        }

        @Override
        public void deactivate() {
            // edits in progress are the user's work: they stay (and a load in flight finishes) for when the tab comes back
        }
    };

    WriteActions(TaskExecutor executor, Journal journal, ObjectProperty<BackendSession> current,
                 ObservableList<BackendSession> sessions, InspectorViewModel inspector, Consumer<UserError> errors) {
        this.executor = executor;
        this.current = current;
        this.sessions = sessions;
        this.inspector = inspector;
        this.errors = errors;
        this.flow = new WriteFlowViewModel(executor, journal);
        this.editor = new EditorViewModel(executor);
        this.merge = new MergeViewModel(executor);
        this.rewind = new RewindViewModel(executor, journal);
        rewind.onWritten(() -> afterWrite(rewind.target().backend().displayUri()));
        this.park = new ParkViewModel(executor, journal);
        park.onWritten(() -> afterWrite(park.target().backend().displayUri()));
        this.transfer = new TransferViewModel(executor, journal);
        this.breakLock = new BreakLockViewModel(executor);
        this.plan = new PlanViewModel(executor, journal);
        plan.onWritten(uris -> uris.forEach(this::afterWrite));
        breakLock.onBroken(inspector::reload);
        this.history = new HistoryViewModel(executor, journal);
        this.timeline = new TimelineViewModel(executor, journal);
        whyReadOnly = Bindings.createStringBinding(() -> {
            BackendSession s = current.get();
            WriteTarget open = s == null ? null : s.target();
            if (open != null) {
                // set again when the backend has opened: only then is its own reason known
                return Objects.requireNonNullElse(open.whyReadOnly(), "");
            }
            return s != null && s.connection().readOnly()
                    ? WriteTarget.readOnlyReason(s.name(), s.connection().displayUri()) : "";
        }, current);
        writable = Bindings.createBooleanBinding(() -> inspector.storedProperty().get() != null
                && whyReadOnly.get().isEmpty() && flow.stageProperty().get() == WriteFlowViewModel.Stage.CLOSED,
                inspector.storedProperty(), whyReadOnly, flow.stageProperty());
        flow.onWritten(command -> {
            editor.saved();
            afterWrite(command.backend().displayUri());
        });
        flow.onDiscarded(() -> {
            editor.revert();
            inspector.reload();
        });
        // the copy form and a write sheet are about the backend they were opened on: another one made
        // current closes them, unless they are copying or writing (which ends first and shows how)
        current.addListener((o, was, now) -> {
            if (transfer.showingProperty().get() && transfer.stageProperty().get() != TransferViewModel.Stage.RUNNING
                    && (now == null || now.target() != transfer.source())) {
                transfer.close();
            }
            if (flow.stageProperty().get() != WriteFlowViewModel.Stage.CLOSED && flow.target() != null
                    && (now == null || now.backend() != flow.target().backend())) {
                flow.close();
            }
        });
        transfer.onFinished(() -> {
            for (BackendSession s : sessions) {
                if (s.list() != null && (s.backend() == transfer.source().backend()
                        || s.backend() == transfer.destinationProperty().get().backend())) {
                    s.list().refresh();
                }
            }
            inspector.reload();
            history.refresh();
            timeline.refresh();
        });
    }

    /** Re-reads what a write to the backend changed: its lists, the selected state, its history. */
    private void afterWrite(String backendUri) {
        for (BackendSession s : sessions) {
            if (s.list() != null && s.backend() != null && s.backend().displayUri().equals(backendUri)) {
                s.list().refresh();
            }
        }
        inspector.reload();
        history.refresh();
        timeline.refresh();
    }

    private WriteTarget target() {
        BackendSession s = current.get();
        return s == null ? null : s.target();
    }

    private StoredState selected() {
        return inspector.storedProperty().get();
    }

    /** Plans an edit on the selected state as the inspector read it and opens its preview. */
    public void write(Edit edit) {
        write(edit, selected());
    }

    private void write(Edit edit, StoredState read) {
        WriteTarget t = target();
        if (t == null || read == null) {
            return;
        }
        closeForms();
        flow.start(t, read.stateId(), edit, read);
    }

    /** Save in the editor: the edited document, compare-and-set against the version the editing began on. */
    public void saveEditor() {
        StoredState read = editor.baseProperty().get();
        try {
            write(editor.edit(), read);
        } catch (EditRefused e) {
            errors.accept(new UserError(UserError.sentence("Cannot save " + read.stateId() + ": " + e.getMessage()), ""));
        }
    }

    public void clearPartial() {
        write(Edit.clearPartial());
    }

    public void clearAll() {
        write(Edit.clear());
    }

    public void clearBookmark(Bookmark bookmark) {
        write(Edit.clearBookmark(bookmark.stream(), bookmark.context()));
    }

    public void openRewind(Bookmark bookmark) {
        if (selected() == null) {
            return;
        }
        flow.close();
        closeForms();
        rewind.open(bookmark);
    }

    /** Opens the rewind form on the IDs selected in the list (the inspector's one when the list has none). */
    public void openRewindStates() {
        WriteTarget t = target();
        BackendSession s = current.get();
        if (t == null || s.list() == null) {
            return;
        }
        List<String> ids = s.list().chosen().stream().map(e -> e.stateId()).toList();
        if (ids.isEmpty() && selected() != null) {
            ids = List.of(selected().stateId());
        }
        if (!ids.isEmpty()) {
            flow.close();
            closeForms();
            rewind.openStates(t, ids);
        }
    }

    /** Opens Park for a full refresh… on the selected ID, or, on a parked ID, the form that puts it back as {@code how} says. */
    public void openPark(Park.Return how) {
        StoredState read = selected();
        WriteTarget t = target();
        if (read == null || t == null) {
            return;
        }
        flow.close();
        closeForms();
        if (how == null) {
            park.openPark(t, read.stateId());
        } else if (Park.parse(read.stateId()).isPresent()) {
            park.openUnpark(t, read.stateId(), how);
        }
    }

    /** Previews the rewind the form describes. */
    public void submitRewind() {
        if (rewind.problemProperty().get().isEmpty()) {
            write(rewind.edit());
        }
    }

    public void openMerge() {
        StoredState read = selected();
        BackendSession s = current.get();
        if (read == null || s == null) {
            return;
        }
        flow.close();
        closeForms();
        List<DiffViewModel.BackendChoice> others = new ArrayList<>();
        for (BackendSession other : sessions) {
            if (other != s && other.backend() != null) {
                others.add(new DiffViewModel.BackendChoice(other.name(), other.backend()));
            }
        }
        merge.open(s.backend(), read, others);
    }

    /** Reads the merge source and previews Meltano's merge of it into the selected state, as read when the form opened. */
    public void submitMerge() {
        StoredState read = merge.subject();
        merge.submit(document -> write(Edit.merge(document), read));
    }

    /** Opens the copy / move form on the current backend with the selected ID. */
    public void openTransfer() {
        WriteTarget t = target();
        if (t == null) {
            return;
        }
        flow.close();
        merge.close();
        rewind.close();
        breakLock.close(); // not the copy form: a copy it runs goes on
        List<WriteTarget> open = new ArrayList<>();
        for (BackendSession s : sessions) {
            if (s.target() != null) {
                open.add(s.target());
            }
        }
        StoredState read = selected();
        BackendSession s = current.get();
        transfer.open(t, read == null ? null : read.stateId(), open, s.list() == null ? "" : s.list().filterTextProperty().get());
    }

    /** Undoes Cairn's last write to the current backend (from this window or the command line). */
    public void undoLast() {
        WriteTarget t = target();
        if (t != null && whyReadOnly.get().isEmpty()) {
            closeForms();
            flow.startUndoLast(t, null);
        }
    }

    public void undo(Journal.Entry entry) {
        WriteTarget t = target();
        if (t != null) {
            flow.startUndo(t, entry);
        }
    }

    /** Puts back the state as it was before a journalled write, onto whatever is stored now (previewed). */
    public void restore(Journal.Entry entry) {
        WriteTarget t = target();
        if (t == null) {
            return;
        }
        flow.start(t, entry.stateId(), Edit.restoreBefore(entry, HistoryViewModel.when(entry.time())), null);
    }

    /** Writes back the state a run's checkpoint left (the Timeline tab's restore), previewed like any write. */
    public void restorePoint(Edit restore) {
        WriteTarget t = target();
        if (t == null || restore == null || timeline.subject() == null) {
            return;
        }
        closeForms();
        flow.start(t, timeline.subject().stateId(), restore, null);
    }

    /** Opens the form that breaks Meltano's stale lock on the selected ID. */
    public void openBreakLock() {
        StoredState read = selected();
        WriteTarget t = target();
        if (read == null || t == null || !hasStaleLock()) {
            return;
        }
        flow.close();
        closeForms();
        breakLock.open(t, read.stateId(), inspector.lockProperty().get());
    }

    /** The forms over the inspector, closed before another one (or the write sheet) opens. */
    void closeForms() {
        plan.close();
        merge.close();
        rewind.close();
        park.close();
        transfer.close();
        breakLock.close();
    }

    /**
     * Open plan…: the plan in {@code file} previewed against the open connections, to apply it there;
     * not while a write's sheet is open.
     */
    public void openPlan(Path file) {
        if (flow.stageProperty().get() != WriteFlowViewModel.Stage.CLOSED) {
            return;
        }
        closeForms();
        List<WriteTarget> open = new ArrayList<>();
        for (BackendSession s : sessions) {
            if (s.target() != null) {
                open.add(s.target());
            }
        }
        plan.open(file, open);
    }

    /** Open plan…'s form. */
    public PlanViewModel plan() {
        return plan;
    }

    /** Whether the selected ID has a stale lock that can be broken. */
    public boolean hasStaleLock() {
        LockStatus lock = inspector.lockProperty().get();
        return lock != null && lock.state() == LockStatus.State.STALE && whyReadOnly.get().isEmpty();
    }

    public WriteFlowViewModel flow() {
        return flow;
    }

    public EditorViewModel editor() {
        return editor;
    }

    /** The Edit tab: the editor loads the selection only while the tab is shown, and keeps its edits when hidden. */
    SelectionTab editTab() {
        return editTab;
    }

    public MergeViewModel merge() {
        return merge;
    }

    public RewindViewModel rewind() {
        return rewind;
    }

    public ParkViewModel park() {
        return park;
    }

    public TransferViewModel transfer() {
        return transfer;
    }

    public BreakLockViewModel breakLock() {
        return breakLock;
    }

    public HistoryViewModel history() {
        return history;
    }

    public TimelineViewModel timeline() {
        return timeline;
    }

    /** Why the current connection takes no writes, "" when it does. */
    public StringBinding whyReadOnlyProperty() {
        return whyReadOnly;
    }

    /** A state is selected, the connection takes writes and no other write is under way. */
    public BooleanBinding writableProperty() {
        return writable;
    }
}
