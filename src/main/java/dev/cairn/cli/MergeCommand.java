package dev.cairn.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.backend.StateBackend;
import dev.cairn.ops.Edit;
import dev.cairn.ops.EditRefused;
import dev.cairn.ops.WriteCommand;
import dev.cairn.state.StateError;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "merge", description = "Merge a document into a state's partial state (a partial write, as"
        + " `meltano state merge`), with Meltano's merge rule.")
final class MergeCommand implements Callable<Integer> {

    @Mixin
    BackendArgs backend;

    @Parameters(index = "0", paramLabel = "ID")
    String stateId;

    @Parameters(index = "1", arity = "0..1", paramLabel = "STATE", description = "The document as JSON text.")
    String state;

    @Option(names = "--input-file", paramLabel = "FILE", description = "Read the document from a file (- for stdin).")
    Path inputFile;

    @Option(names = "--from-state-id", paramLabel = "SRC", description = "Merge the effective state of another ID.")
    String fromStateId;

    @Option(names = "--if-version", paramLabel = "V", description = "Write only if the state is still at this version.")
    String ifVersion;

    @Option(names = "--dry-run", description = "Print the change it would make and write nothing.")
    boolean dryRun;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws EditRefused {
        Writes writes = new Writes(spec.commandLine().getOut(), spec.commandLine().getErr());
        try (StateBackend b = backend.open()) {
            ObjectNode document = fromStateId != null ? effectiveOf(b) : StateInput.read(state, inputFile, true);
            WriteCommand command = WriteCommand.plan(b, stateId, Edit.merge(document));
            Writes.requireVersion(command, ifVersion);
            if (dryRun) {
                writes.preview(List.of(command));
            } else {
                writes.execute(List.of(command));
            }
        }
        return 0;
    }

    private ObjectNode effectiveOf(StateBackend b) {
        if (state != null || inputFile != null) {
            throw new UserError("give one source: STATE, --input-file or --from-state-id");
        }
        JsonNode effective;
        try {
            effective = b.read(fromStateId).document().effective();
        } catch (StateError e) {
            throw new UserError("cannot read state " + fromStateId + ": " + e.getMessage());
        }
        if (effective == null || !effective.isObject()) {
            throw new UserError("state " + fromStateId + " is not a JSON object");
        }
        StateInput.requireSingerState((ObjectNode) effective, "state " + fromStateId);
        return (ObjectNode) effective;
    }
}
