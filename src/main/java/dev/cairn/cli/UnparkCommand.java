package dev.cairn.cli;

import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.ops.EditRefused;
import dev.cairn.ops.Park;
import dev.cairn.ops.WriteCommand;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "unpark", description = "Put a parked state back after a full refresh, then delete the parked copy:"
        + " --restore replaces what the refresh wrote, --merge merges the parked bookmarks under the refreshed ones"
        + " (Meltano's merge: a stream the refresh reached keeps its newer bookmark). The parked copy is the newest"
        + " ID.parked-<time> unless --from names it. Both writes are previewed and confirmed together.")
final class UnparkCommand implements Callable<Integer> {

    @Mixin
    BackendArgs backend;

    @Parameters(paramLabel = "ID", description = "The state whose parked copy is put back.")
    String stateId;

    static final class How {
        @Option(names = "--restore", required = true, description = "The parked state replaces the current one, as stored.")
        boolean restore;

        @Option(names = "--merge", required = true, description = "The parked state merged under the current one.")
        boolean merge;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    How how;

    @Option(names = "--from", paramLabel = "PARKED_ID", description = "The parked copy to put back (default: the newest"
            + " ID.parked-<time>).")
    String fromId;

    @Mixin
    WriteFlags flags;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws EditRefused {
        try (StateBackend b = backend.open()) {
            String parkedId = fromId != null ? fromId : Park.newest(b, stateId).map(Park.Parked::parkedId)
                    .orElseThrow(() -> new UserError("there is no parked state of " + PrintableId.of(stateId) + " on "
                            + b.displayUri() + " (named " + PrintableId.of(stateId) + Park.MARK + "<time>); give --from"));
            StoredState parked = b.read(parkedId);
            if (!parked.exists()) {
                throw new UserError("there is no state " + PrintableId.of(parkedId) + " on " + b.displayUri() + " to unpark");
            }
            List<WriteCommand> commands = Park.unpark(b, stateId, parked, how.restore ? Park.Return.RESTORE : Park.Return.MERGE);
            new Writes(spec.commandLine().getOut(), spec.commandLine().getErr()).apply(commands, flags,
                    (how.restore ? "Restore " : "Merge back ") + PrintableId.of(stateId) + " on " + b.displayUri() + " from "
                            + PrintableId.of(parkedId) + ", then delete " + PrintableId.of(parkedId) + "?");
        }
        return 0;
    }
}
