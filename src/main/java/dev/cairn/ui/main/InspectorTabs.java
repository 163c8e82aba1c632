package dev.cairn.ui.main;

import dev.cairn.ops.Edit;
import dev.cairn.ui.SelectionTab;
import dev.cairn.ui.bookmarks.BookmarksView;
import dev.cairn.ui.diff.DiffView;
import dev.cairn.ui.edit.EditorView;
import dev.cairn.ui.history.HistoryView;
import dev.cairn.ui.history.TimelineView;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import javafx.scene.Node;

/**
 * The inspector's tabs that work on the selected state, after its document tabs, described once:
 * adding a tab is one entry here (with its view, its view model and its label in {@code cairn.properties}).
 * The window hands the selection to the shown tab's view model only ({@link SelectionTab}); the
 * view is made once, when the window is built.
 */
final class InspectorTabs {

    /**
     * A tab: its {@code id} (the {@code Tab}'s id, what tests and shortcuts select it by), its label's
     * key, its view model in the window's model, and how its view is made from the window's model.
     */
    record Entry(String id, String labelKey, Function<MainViewModel, SelectionTab> model, Function<MainViewModel, Node> view) {}

    static final List<Entry> ALL = List.of(
            new Entry("diff", "main.tab.diff", MainViewModel::diff, model -> new DiffView(model.diff())),
            new Entry("bookmarks", "main.tab.bookmarks", MainViewModel::bookmarks, model -> {
                WriteActions writes = model.writes();
                BookmarksView view = new BookmarksView(model.bookmarks());
                view.installActions(writes.rewind()::open, bookmark -> writes.write(Edit.clearBookmark(bookmark.stream(), bookmark.context())),
                        writes.writableProperty());
                return view;
            }),
            new Entry("edit", "main.tab.edit", model -> model.writes().editor(), model -> {
                WriteActions writes = model.writes();
                return new EditorView(writes.editor(), writes.editor()::save, writes.whyReadOnlyProperty());
            }),
            new Entry("history", "main.tab.history", model -> model.writes().history(), model -> {
                WriteActions writes = model.writes();
                return new HistoryView(writes.history(), writes.history()::undo, writes.history()::restore, writes.writableProperty());
            }),
            new Entry("timeline", "main.tab.timeline", model -> model.writes().timeline(), model -> {
                WriteActions writes = model.writes();
                return new TimelineView(writes.timeline(), writes.timeline()::restorePoint, writes.writableProperty());
            }));

    private InspectorTabs() {}

    /** The tab with this id; none for the document tabs (and null). */
    static Optional<Entry> byId(String id) {
        return ALL.stream().filter(e -> e.id().equals(id)).findFirst();
    }
}
