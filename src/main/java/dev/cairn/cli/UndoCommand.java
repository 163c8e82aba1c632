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
        + " state has changed since that write.")
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
        Writes writes = new Writes(spec.commandLine().getOut(), spec.commandLine().getErr());
        try (StateBackend b = backend.open()) {
            Journal.Entry last = writes.journal().lastUndoable(b, stateId);
            if (last == null) {
                throw new UserError("no write by Cairn to undo on " + b.displayUri() + (stateId == null ? "" : " for " + stateId));
            }
            WriteCommand undo = WriteCommand.undo(b, last);
            writes.apply(List.of(undo), flags, undo.description() + " (made " + last.time() + ")?");
        }
        return 0;
    }
}
