package dev.cairn.ui;

import dev.cairn.ui.task.TaskSlot;
import java.util.List;

/**
 * A tab that reads something about the selection (the journal, the runs table) only while shown:
 * hidden, it stops what it was reading and reads nothing; a write meanwhile ({@link #refresh})
 * only notes that it must read again, which it does when shown next.
 */
public abstract class ReadWhileShown implements SelectionTab {

    private final List<TaskSlot> slots;
    private Selection subject;
    private boolean active;
    /** Whether what is shown was read for the subject since the last write. */
    private boolean upToDate;

    protected ReadWhileShown(TaskSlot... slots) {
        this.slots = List.of(slots);
    }

    @Override
    public final void activate(Selection selection) {
        active = true;
        // each read of the selected ID is a new selection: Ctrl+R reads again too
        if (upToDate && selection == subject) {
            return;
        }
        subject = selection;
        refresh();
    }

    @Override
    public final void deactivate() {
        active = false;
        if (slots.stream().anyMatch(TaskSlot::isBusy)) {
            slots.forEach(TaskSlot::cancel);
            upToDate = false;
        }
    }

    /** Reads again (after a write from here or from the command line); while hidden, notes that it must. */
    public final void refresh() {
        upToDate = active;
        if (active) {
            read(subject);
        }
    }

    /** Reads what the tab shows of {@code subject} (null: nothing is selected), in the background. */
    protected abstract void read(Selection subject);

    /** The read was cancelled: the next activation reads again. */
    protected final void readAgainWhenShown() {
        upToDate = false;
    }

    /** The selection the tab shows, or null. */
    public final Selection subject() {
        return subject;
    }
}
