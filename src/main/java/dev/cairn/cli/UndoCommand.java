package dev.cairn.cli;

import dev.cairn.backend.StateBackend;
import dev.cairn.ops.EditRefused;
import dev.cairn.ops.Journal;
import dev.cairn.ops.WriteCommand;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "undo", description = "Undo Cairn's last write to a backend (or to one ID of it): refused if the"
        + " state has changed since that write. Without an ID, the last operation's writes to the backend (a move,"
        + " a clear of many IDs, a rewind) are undone together, all or none.")
final class UndoCommand implements Callable<Integer> {

    @Mixin
    BackendArgs backend;

    @Parameters(arity = "0..1", paramLabel = "ID", description = "Only the last write to this state ID.")
    String stateId;

    @Mixin
    WriteFlags flags;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws EditRefused {
        if (flags.planOut != null) {
            // applied from a plan, an undo would be journalled as a write of its own, and undo would then take it back
            throw new UsageError("undo takes no --plan-out: it takes back the last write as it stands now");
        }
        Writes writes = new Writes(spec.commandLine().getOut(), spec.commandLine().getErr());
        try (StateBackend b = backend.open()) {
            Journal.Entry last = writes.journal().lastUndoable(b, stateId);
            if (last == null) {
                throw new UserError("no write by Cairn to undo on " + b.displayUri() + (stateId == null ? "" : " for " + stateId));
            }
            if (stateId != null || last.group() == null) {
                WriteCommand undo = WriteCommand.undo(b, last);
                writes.apply(List.of(undo), flags, undo.description() + " (made " + last.time() + ")?");
            } else {
                undoGroup(writes, b, last);
            }
        }
        return 0;
    }

    /**
     * Undoes every write of the last one's group still undoable on the backend, newest first, after
     * one confirmation; then names the other backends the operation wrote to, where the rest is undone.
     */
    private void undoGroup(Writes writes, StateBackend b, Journal.Entry last) throws EditRefused {
        List<Journal.Entry> entries = writes.journal().undoableInGroup(b.displayUri(), last.group());
        List<WriteCommand> undos = WriteCommand.undoGroup(b, entries);
        String question = undos.size() == 1 ? undos.get(0).description() + " (made " + last.time() + ")?"
                : "Undo the " + undos.size() + " writes of one operation on " + b.displayUri() + " (made " + last.time() + "): "
                        + String.join(", ", undos.stream().map(UndoCommand::summary).toList()) + "?";
        writes.apply(undos, flags, question);
        for (String other : writes.journal().otherBackendsToUndo(last.group(), b.displayUri())) {
            spec.commandLine().getErr().println("The same operation also wrote to " + other + "; undo it there with"
                    + " `cairn undo --backend " + ShellWord.of(other) + "`.");
        }
    }

    /** An undo in a few words: the ID, and what the state goes from and to. */
    private static String summary(WriteCommand undo) {
        String from = undo.before().exists() ? "state" : "absent";
        String to = undo.deletes() ? "absent" : undo.before().exists() ? "state as before" : "state";
        return PrintableId.of(undo.stateId()) + " (" + from + " -> " + to + ")";
    }
}
