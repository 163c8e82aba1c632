package dev.cairn.ui.main;

import dev.cairn.backend.StateBackend;
import dev.cairn.ops.WriteCommand;
import dev.cairn.ui.browse.IdOrder;
import dev.cairn.ui.browse.StateListViewModel;
import dev.cairn.ui.history.HistoryViewModel;
import dev.cairn.ui.history.TimelineViewModel;
import dev.cairn.ui.inspect.SelectionModel;
import java.util.function.Predicate;

/**
 * What the window reads again after a write: the ID lists of the backend written to (by the instance
 * its sessions opened, as two URIs may name one storage), the selected state, and the History and
 * Timeline tabs, which show only while they are shown.
 */
final class AfterWrites {

    private final ConnectionsViewModel connections;
    private final SelectionModel selection;
    private final HistoryViewModel history;
    private final TimelineViewModel timeline;

    AfterWrites(ConnectionsViewModel connections, SelectionModel selection, HistoryViewModel history, TimelineViewModel timeline) {
        this.connections = connections;
        this.selection = selection;
        this.history = history;
        this.timeline = timeline;
    }

    /**
     * A write from the sheet: on the selected ID, what it stored is the new selection, which the ID's
     * entry, the inspector and the shown tab follow; a write that adds or deletes an ID, or writes
     * another one, has its backend's lists listed again.
     */
    void written(WriteCommand command) {
        if (!command.before().exists() || command.deletes() || !selection.written(command)) {
            wrote(command.backend());
        } else {
            // a list in the order of update times has one time changed: it is listed anew with its times
            relist(command.backend(), list -> list.orderProperty().get() == IdOrder.RECENT);
        }
    }

    /** Re-reads what writes to {@code backend} changed: its lists, the selected state, its history. */
    void wrote(StateBackend backend) {
        relist(backend, list -> true);
        selection.reload();
        history.refresh();
        timeline.refresh();
    }

    /** A copy or move: the destination's lists, and the source as written to (a move clears it). */
    void copied(StateBackend from, StateBackend to) {
        relist(to, list -> true);
        wrote(from);
    }

    private void relist(StateBackend backend, Predicate<StateListViewModel> which) {
        connections.sessions().stream().filter(s -> s.list() != null && s.backend() == backend && which.test(s.list()))
                .forEach(s -> s.list().refresh());
    }
}
