package dev.cairn.ui.main;

import dev.cairn.backend.LockStatus;
import dev.cairn.ops.Edit;
import dev.cairn.ops.Journal;
import dev.cairn.ui.Selection;
import dev.cairn.ui.edit.EditorViewModel;
import dev.cairn.ui.edit.MergeViewModel;
import dev.cairn.ui.edit.RewindViewModel;
import dev.cairn.ui.history.HistoryViewModel;
import dev.cairn.ui.history.TimelineViewModel;
import dev.cairn.ui.inspect.SelectionModel;
import dev.cairn.ui.lock.BreakLockViewModel;
import dev.cairn.ui.park.ParkViewModel;
import dev.cairn.ui.plan.PlanViewModel;
import dev.cairn.ui.task.TaskExecutor;
import dev.cairn.ui.transfer.TransferViewModel;
import dev.cairn.ui.write.WriteFlowViewModel;
import dev.cairn.ui.write.WriteScope;
import dev.cairn.ui.write.WriteTarget;
import java.nio.file.Path;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ObjectProperty;

/**
 * The window's writes: the forms over the inspector and the tabs that write, each opening and
 * planning its own write on the current backend and the selection ({@link WriteScope}), and the one
 * write flow every planned command goes through. Here they are made, kept one at a time, and
 * followed by what a write changed. Writes are offered only on connections that allow them; the
 * backend refuses the rest anyway.
 */
public final class WriteActions implements WriteScope {

    private final ConnectionsViewModel connections;
    private final SelectionModel selection;
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
    private final InspectorForms forms;

    WriteActions(TaskExecutor executor, Journal journal, ConnectionsViewModel connections, SelectionModel selection) {
        this.connections = connections;
        this.selection = selection;
        ObjectProperty<BackendSession> current = connections.currentProperty();
        this.flow = new WriteFlowViewModel(executor, journal);
        this.editor = new EditorViewModel(executor, flow, this);
        this.merge = new MergeViewModel(executor, flow, this);
        this.rewind = new RewindViewModel(executor, journal, flow, this);
        this.park = new ParkViewModel(executor, journal, this);
        this.transfer = new TransferViewModel(executor, journal);
        this.breakLock = new BreakLockViewModel(executor);
        this.plan = new PlanViewModel(executor, journal);
        this.history = new HistoryViewModel(executor, journal, flow, this);
        this.timeline = new TimelineViewModel(executor, journal, flow, this);
        AfterWrites after = new AfterWrites(connections, selection, history, timeline);
        plan.onWritten(backends -> backends.forEach(after::wrote));
        rewind.onWritten(() -> after.wrote(rewind.target().backend()));
        park.onWritten(() -> after.wrote(park.target().backend()));
        breakLock.onBroken(selection::reload);
        transfer.onFinished(() -> after.copied(transfer.source().backend(), transfer.destinationProperty().get().backend()));
        flow.onWritten(command -> {
            editor.saved();
            after.written(command);
        });
        flow.onDiscarded(() -> {
            editor.revert();
            selection.reload();
        });
        this.forms = new InspectorForms(flow);
        forms.add(merge.showingProperty(), merge::close);
        forms.add(rewind.showingProperty(), rewind::close);
        forms.add(park.showingProperty(), park::close);
        forms.add(transfer.showingProperty(), transfer::close);
        forms.add(breakLock.showingProperty(), breakLock::close);
        forms.add(plan.showingProperty(), plan::close);
        whyReadOnly = Bindings.createStringBinding(() -> current.get() == null ? "" : current.get().whyReadOnly(), current);
        writable = Bindings.createBooleanBinding(() -> selection.selectionProperty().get() != null
                && whyReadOnly.get().isEmpty() && flow.stageProperty().get() == WriteFlowViewModel.Stage.CLOSED,
                selection.selectionProperty(), whyReadOnly, flow.stageProperty());
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
    }

    @Override
    public WriteTarget target() {
        BackendSession s = connections.currentProperty().get();
        return s == null ? null : s.target();
    }

    @Override
    public Selection selection() {
        return selection.selectionProperty().get();
    }

    /** Plans an edit on the selected state as read and opens its preview. */
    public void write(Edit edit) {
        Selection read = selection();
        if (target() != null && read != null) {
            flow.start(target(), read.stateId(), edit, read.stored());
        }
    }

    /** Opens the rewind form on the IDs selected in the list (the inspector's one when the list has none). */
    public void openRewindStates() {
        BackendSession s = connections.currentProperty().get();
        if (target() == null || s.list() == null) {
            return;
        }
        List<String> ids = s.list().chosen().stream().map(e -> e.stateId()).toList();
        if (ids.isEmpty() && selection() != null) {
            ids = List.of(selection().stateId());
        }
        if (!ids.isEmpty()) {
            rewind.openStates(target(), ids);
        }
    }

    /** Opens the copy / move form on the current backend with the selected ID, towards any open backend. */
    public void openTransfer() {
        BackendSession s = connections.currentProperty().get();
        if (target() != null) {
            transfer.open(target(), selection() == null ? null : selection().stateId(), connections.openTargets(),
                    s.list() == null ? "" : s.list().filterTextProperty().get());
        }
    }

    /** Undoes Cairn's last write to the current backend (from this window or the command line). */
    public void undoLast() {
        if (target() != null && whyReadOnly.get().isEmpty()) {
            flow.startUndoLast(target(), null);
        }
    }

    /** Opens the form that breaks Meltano's stale lock on the selected ID. */
    public void openBreakLock() {
        if (hasStaleLock() && target() != null) {
            breakLock.open(target(), selection().stateId(), selection().lock());
        }
    }

    /**
     * Open plan…: the plan in {@code file} previewed against the open connections, to apply it there;
     * not while a write's sheet is open.
     */
    public void openPlan(Path file) {
        if (flow.stageProperty().get() != WriteFlowViewModel.Stage.CLOSED) {
            return;
        }
        plan.open(file, connections.openTargets());
    }

    /** Open plan…'s form. */
    public PlanViewModel plan() {
        return plan;
    }

    /** Whether the selected ID has a stale lock that can be broken. */
    public boolean hasStaleLock() {
        LockStatus lock = selection() == null ? null : selection().lock();
        return lock != null && lock.state() == LockStatus.State.STALE && whyReadOnly.get().isEmpty();
    }

    /** The forms over the inspector, closed before a comparison or a check-up takes its place. */
    void closeForms() {
        forms.closeAll();
    }

    public WriteFlowViewModel flow() {
        return flow;
    }

    public EditorViewModel editor() {
        return editor;
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
