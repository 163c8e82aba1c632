package dev.cairn.cli;

import dev.cairn.backend.StateBackend;
import dev.cairn.ops.EditRefused;
import dev.cairn.ops.WriteCommand;
import dev.cairn.ops.WriteService;
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
            WriteService.Undo undo = writes.service().undoLast(b, stateId);
            List<WriteCommand> undos = undo.commands();
            String made = " (made " + undo.last().time() + ")";
            String question = undos.size() == 1 ? undos.get(0).description() + made + "?"
                    : "Undo the " + undos.size() + " writes of one operation on " + b.displayUri() + made + ": "
                            + String.join(", ", undos.stream().map(UndoCommand::summary).toList()) + "?";
            writes.apply(undos, flags, question);
            for (String other : undo.otherBackends()) {
                spec.commandLine().getErr().println("The same operation also wrote to " + other + "; undo it there with"
                        + " `cairn undo --backend " + ShellWord.of(other) + "`.");
            }
        }
        return 0;
    }

    /** An undo in a few words: the ID, and what the state goes from and to. */
    private static String summary(WriteCommand undo) {
        String from = undo.before().exists() ? "state" : "absent";
        String to = undo.deletes() ? "absent" : undo.before().exists() ? "state as before" : "state";
        return PrintableId.of(undo.stateId()) + " (" + from + " -> " + to + ")";
    }
}
