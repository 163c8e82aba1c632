package dev.cairn.ui.main;

import dev.cairn.ui.Selection;
import dev.cairn.ui.SelectionTab;
import dev.cairn.ui.bookmarks.BookmarksViewModel;
import dev.cairn.ui.browse.StateIdEntry;
import dev.cairn.ui.diff.DiffViewModel;
import dev.cairn.ui.inspect.InspectorViewModel;
import dev.cairn.ui.inspect.SelectionModel;
import dev.cairn.ui.inspect.WatchViewModel;
import dev.cairn.ui.task.TaskExecutor;
import java.util.function.Function;
import javafx.beans.Observable;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.value.ChangeListener;
import javafx.collections.ListChangeListener;

/**
 * The inspector's side of the window: the ID selected in the current backend's list, read by the
 * {@link SelectionModel}, the inspector's documents, its Watch toggle, and the one tab of
 * {@link InspectorTabs} shown, the only one working on the selection.
 */
final class InspectorModel {

    private final ConnectionsViewModel connections;
    private final SelectionModel selection;
    private final InspectorViewModel inspector;
    private final WatchViewModel watch;
    private final DiffViewModel diff;
    private final BookmarksViewModel bookmarks;
    /** The view model of a tab by its id, null for a document tab. */
    private final Function<String, SelectionTab> tabs;
    /** The id of the inspector's shown tab ({@link InspectorTabs}); null while a document tab is shown. */
    private final ObjectProperty<String> shown = new SimpleObjectProperty<>(this, "shown");
    /**
     * A list listed anew moves its selection to the same ID's new entry; whoever listed it again (Ctrl+R, a write)
     * publishes the state again itself, so only another ID is read here.
     */
    private final ChangeListener<StateIdEntry> listSelection = (obs, old, now) -> {
        if (old == null || now == null || !old.stateId().equals(now.stateId())) {
            select();
        }
    };
    private SelectionTab activeTab;

    InspectorModel(TaskExecutor executor, ConnectionsViewModel connections, SelectionModel selection,
                   Function<String, SelectionTab> tabs) {
        this.connections = connections;
        this.selection = selection;
        this.tabs = tabs;
        this.inspector = new InspectorViewModel(executor, selection);
        this.watch = new WatchViewModel(executor);
        this.diff = new DiffViewModel(executor);
        this.bookmarks = new BookmarksViewModel(executor);
        selection.selectionProperty().addListener((Observable o) -> showSelection());
        shown.addListener((Observable o) -> showSelection());
        connections.sessions().addListener((ListChangeListener<BackendSession>) change -> otherBackendsChanged());
        connections.currentProperty().addListener((obs, old, now) -> {
            otherBackendsChanged();
            if (old != null && old.list() != null) {
                old.list().selectedProperty().removeListener(listSelection);
            }
            if (now != null && now.list() != null) {
                now.list().selectedProperty().addListener(listSelection);
            }
            select();
        });
    }

    /** Hands the selection to the shown tab's view model only; the one hidden just now stops. */
    private void showSelection() {
        SelectionTab next = tabs.apply(shown.get());
        if (activeTab != null && activeTab != next) {
            activeTab.deactivate();
        }
        activeTab = next;
        Selection now = selection.selectionProperty().get();
        if (next != null) {
            next.activate(now);
        }
    }

    /** Reads the ID the current backend's list has selected (or selects nothing). */
    private void select() {
        BackendSession session = connections.currentProperty().get();
        StateIdEntry entry = session == null || session.list() == null ? null : session.list().selectedProperty().get();
        selection.select(session == null ? null : session.backend(), session == null ? null : session.name(),
                entry == null ? null : entry.stateId());
        watch.setSubject(session == null ? null : session.backend(), entry == null ? null : entry.stateId());
    }

    /** The diff compares across the open backends other than the current one. */
    void otherBackendsChanged() {
        diff.setOtherBackends(connections.otherBackends());
    }

    SelectionModel selection() {
        return selection;
    }

    ObjectProperty<String> shownProperty() {
        return shown;
    }

    InspectorViewModel inspector() {
        return inspector;
    }

    WatchViewModel watch() {
        return watch;
    }

    DiffViewModel diff() {
        return diff;
    }

    BookmarksViewModel bookmarks() {
        return bookmarks;
    }
}
