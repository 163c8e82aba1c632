package dev.cairn.ui.bookmarks;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cairn.backend.StoredState;
import dev.cairn.state.Bookmark;
import dev.cairn.state.Bookmarks;
import dev.cairn.state.PythonJson;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StateError;
import dev.cairn.ui.Selection;
import dev.cairn.ui.SelectionTab;
import dev.cairn.ui.Texts;
import dev.cairn.ui.task.BackgroundTask;
import dev.cairn.ui.task.TaskExecutor;
import dev.cairn.ui.task.TaskSlot;
import java.util.List;
import java.util.Locale;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;

/**
 * Where each stream (and SDK partition) of the selected state will resume: its replication key and
 * value, and the flags worth a look (interrupted run, no bookmark, a value that is not a timestamp
 * where the key says it should be). Rows come from {@link Bookmarks} on the effective state.
 */
public final class BookmarksViewModel implements SelectionTab {

    /** A table row: the bookmark and its cells as text, for showing, sorting and filtering. */
    public record Row(Bookmark bookmark, String stream, String partition, String key, String value, String flags,
                      String inProgress) {

        static Row of(Bookmark b) {
            String value = b.replicationValue() == null ? "" : text(b.replicationValue());
            StringBuilder flags = new StringBuilder();
            for (Bookmark.Flag flag : b.flags()) {
                if (flags.length() > 0) {
                    flags.append(", ");
                }
                flags.append(label(flag));
            }
            String inProgress = "";
            if (b.inProgress() != null) {
                Bookmark.InProgress p = b.inProgress();
                inProgress = (p.progressMarkerValue() == null ? "" : "reached " + text(p.progressMarkerValue()))
                        + (p.startingValue() == null ? "" : (" · started at " + text(p.startingValue())))
                        + (p.signpost() == null ? "" : (" · signpost " + text(p.signpost())));
                inProgress = inProgress.startsWith(" · ") ? inProgress.substring(3) : inProgress;
            }
            return new Row(b, b.stream(), b.contextLabel(), b.replicationKey() == null ? "" : b.replicationKey(), value,
                    flags.toString(), inProgress);
        }

        private static String text(JsonNode node) {
            return node.isTextual() ? node.textValue() : PythonJson.dumps(node);
        }

        boolean matches(String needle) {
            return needle.isEmpty() || stream.toLowerCase(Locale.ROOT).contains(needle)
                    || partition.toLowerCase(Locale.ROOT).contains(needle) || key.toLowerCase(Locale.ROOT).contains(needle)
                    || value.toLowerCase(Locale.ROOT).contains(needle) || flags.toLowerCase(Locale.ROOT).contains(needle);
        }
    }

    /** A flag's chip where space is short; {@link #label} is its tooltip. */
    public static String shortLabel(Bookmark.Flag flag) {
        switch (flag) {
            case IN_PROGRESS: return "interrupted";
            case NO_BOOKMARK: return "full refresh";
            case NOT_A_TIMESTAMP: return "not a timestamp";
            default: return "syncing";
        }
    }

    public static String label(Bookmark.Flag flag) {
        switch (flag) {
            case IN_PROGRESS: return "interrupted run";
            case NO_BOOKMARK: return "no bookmark: full refresh";
            case NOT_A_TIMESTAMP: return "not a timestamp";
            default: return "currently syncing";
        }
    }

    private final TaskSlot building;
    private final ObservableList<Row> rows = FXCollections.observableArrayList();
    private final FilteredList<Row> visible = new FilteredList<>(rows);
    private final StringProperty filter = new SimpleStringProperty(this, "filter", "");
    private final BooleanProperty flaggedOnly = new SimpleBooleanProperty(this, "flaggedOnly", false);
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    /** The selection the rows are of; null when they must be built again. */
    private Selection shown;

    public BookmarksViewModel(TaskExecutor executor) {
        this.building = new TaskSlot(executor);
        filter.addListener((o, a, b) -> refilter());
        flaggedOnly.addListener((o, a, b) -> refilter());
    }

    /**
     * @param source what the rows are of ("Where the next run resumes (effective state)"), or null
     * @param message what to say when there is no row to count
     */
    private record Built(List<Row> rows, String source, String message) { }

    /** What the rows shown are of; null while there are none to count. */
    private String source;

    @Override
    public void activate(Selection selection) {
        if (selection != null && selection == shown) {
            return;
        }
        if (selection == null || shown == null || !selection.stored().stateId().equals(shown.stored().stateId())) {
            // another state: the last one's filter would hide its rows
            filter.set("");
            flaggedOnly.set(false);
        }
        shown = selection;
        source = null;
        rows.clear();
        if (selection == null) {
            building.cancel();
            message.set("");
            return;
        }
        StoredState stored = selection.stored();
        message.set(Texts.get("bookmarks.reading"));
        building.run(BackgroundTask.of(Texts.get("bookmarks.task", stored.stateId()), context -> build(stored.document())),
                built -> {
                    source = built.source();
                    rows.setAll(built.rows());
                    message.set(built.message());
                    count();
                }, failure -> message.set(failure.message()),
                () -> {
                    shown = null;
                    message.set(Texts.get("bookmarks.cancelled", stored.stateId()));
                });
    }

    @Override
    public void deactivate() {
        if (building.isBusy()) {
            building.cancel();
            shown = null;
        }
    }

    static Built build(StateDocument doc) {
        JsonNode effective;
        String source;
        try {
            effective = doc.effective();
            source = Texts.get("bookmarks.source.effective");
        } catch (StateError e) {
            if (doc.completed().isCorrupt() || doc.completed().value() == null) {
                return new Built(List.of(), null, Texts.get("bookmarks.unreadable", e.getMessage()));
            }
            effective = doc.completed().value();
            source = Texts.get("bookmarks.source.completed", e.getMessage());
        }
        List<Row> rows = Bookmarks.of(effective).stream().map(Row::of).toList();
        return rows.isEmpty() ? new Built(rows, null, Texts.get("bookmarks.none"))
                : new Built(rows, source, "");
    }

    private void refilter() {
        String needle = filter.get() == null ? "" : filter.get().strip().toLowerCase(Locale.ROOT);
        boolean flagged = flaggedOnly.get();
        visible.setPredicate(needle.isEmpty() && !flagged ? null
                : row -> row.matches(needle) && (!flagged || !row.bookmark().flags().isEmpty()));
        count();
    }

    /** "…: 108,900 rows, 12 flagged", or "…: 12 of 108,900 rows shown, 3 flagged" while a filter hides some. */
    private void count() {
        if (source == null) {
            return;
        }
        long flagged = visible.stream().filter(r -> !r.bookmark().flags().isEmpty()).count();
        String total = String.format(Locale.ROOT, "%,d %s", rows.size(), rows.size() == 1 ? "row" : "rows");
        message.set(source + ": " + (visible.size() == rows.size() ? total : String.format(Locale.ROOT, "%,d of %s shown", visible.size(), total))
                + (flagged == 0 ? "" : String.format(Locale.ROOT, ", %,d flagged", flagged)));
    }

    public ObservableList<Row> rows() {
        return rows;
    }

    public FilteredList<Row> visible() {
        return visible;
    }

    public StringProperty filterProperty() {
        return filter;
    }

    public BooleanProperty flaggedOnlyProperty() {
        return flaggedOnly;
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }
}
