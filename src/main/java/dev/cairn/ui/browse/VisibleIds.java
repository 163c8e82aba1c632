package dev.cairn.ui.browse;

import java.util.List;
import javafx.collections.ObservableListBase;

/**
 * The IDs the list shows: replaced whole by each filter pass, as one change, without copying. An
 * {@code observableArrayList}'s {@code setAll} adds its entries one by one, each recorded for the
 * change it fires: a seventh of a 100,000-ID keystroke in a JFR profile.
 */
final class VisibleIds extends ObservableListBase<StateIdEntry> {

    private List<StateIdEntry> entries = List.of();

    /** Shows {@code next}, which nobody may modify afterwards. */
    void show(List<StateIdEntry> next) {
        List<StateIdEntry> shown = entries;
        if (shown == next || shown.isEmpty() && next.isEmpty()) {
            return;
        }
        entries = next;
        beginChange();
        nextReplace(0, next.size(), shown);
        endChange();
    }

    @Override
    public StateIdEntry get(int index) {
        return entries.get(index);
    }

    @Override
    public int size() {
        return entries.size();
    }
}
