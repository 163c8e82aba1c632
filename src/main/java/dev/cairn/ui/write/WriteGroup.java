package dev.cairn.ui.write;

import dev.cairn.backend.ConflictException;
import dev.cairn.backend.StateBackend;
import dev.cairn.ops.Journal;
import dev.cairn.ops.WriteCommand;
import dev.cairn.ui.task.TaskContext;
import java.util.List;

/**
 * The writes of one operation on several states, from a form of the window (a rewind of the IDs
 * selected, an unpark): planned commands executed in order as one journal group, and that group
 * undone as one, as {@code cairn undo} does. Runs on a worker.
 */
public final class WriteGroup {

    /**
     * How the writes went: how many were written before one stopped the rest, and that one
     * ({@code stoppedAt}) with why: a conflict (the state changed since it was read) or another failure.
     */
    public record Written(int count, WriteCommand stoppedAt, RuntimeException why) {

        public boolean conflict() {
            return why instanceof ConflictException;
        }
    }

    private WriteGroup() {}

    /** Executes the commands in order, each compare-and-set on its read, journalled in {@code group}; stops at the first refused. */
    public static Written execute(List<WriteCommand> commands, Journal journal, String group, TaskContext context) {
        for (int i = 0; i < commands.size(); i++) {
            WriteCommand command = commands.get(i);
            try {
                command.execute(journal, group);
            } catch (RuntimeException e) {
                return new Written(i, command, e);
            }
            context.progress(i + 1, commands.size());
        }
        return new Written(commands.size(), null, null);
    }

    /**
     * Undoes the group's writes to the backend still undoable, newest first: all of them or, where a
     * state changed since the group wrote it, none (a conflict naming those states). The undo is a
     * group of its own; the number of states put back.
     */
    public static int undo(StateBackend backend, Journal journal, String group) {
        List<WriteCommand> undos = WriteCommand.undoGroup(backend, journal.undoableInGroup(backend.displayUri(), group));
        String undoing = Journal.newGroup();
        for (WriteCommand undo : undos) {
            undo.execute(journal, undoing);
        }
        return undos.size();
    }
}
