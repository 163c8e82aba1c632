package dev.cairn.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.backend.StateBackend;
import dev.cairn.ops.ConflictRetry;
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
import picocli.CommandLine.Spec;

@Command(name = "merge", description = "Merge a document into a state's partial state (a partial write, as"
        + " `meltano state merge`), with Meltano's merge rule. Asks no confirmation, as Meltano.")
final class MergeCommand implements Callable<Integer> {

    @Mixin
    BackendArgs backend;

    @Mixin
    DocumentArgs input;

    @Option(names = "--from-state-id", paramLabel = "SRC", description = "Merge the effective state of another ID.")
    String fromStateId;

    @Option(names = "--dry-run", description = WriteFlags.DRY_RUN)
    boolean dryRun;

    @Option(names = "--plan-out", paramLabel = "FILE", description = WriteFlags.PLAN_OUT_DESCRIPTION)
    Path planOut;

    /** Not in the help, as there is nothing to force; accepted, as when the help offered it, so that such scripts still run. */
    @Option(names = "--force", hidden = true)
    boolean force;

    @Mixin
    RetryOption retries;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws EditRefused {
        ConflictRetry retry = retries.retry(input.ifVersion);
        try (StateBackend b = backend.open()) {
            ObjectNode document = fromStateId != null ? effectiveOf(b) : input.document(true, spec.commandLine().getErr());
            WriteCommand command = WriteCommand.plan(b, input.stateId, Edit.merge(document));
            Writes.requireVersion(command, input.ifVersion);
            new Writes(spec.commandLine().getOut(), spec.commandLine().getErr(), retry).apply(List.of(command),
                    WriteFlags.withoutQuestion(spec, dryRun, planOut), null);
        }
        return 0;
    }

    private ObjectNode effectiveOf(StateBackend b) {
        if (input.hasDocument()) {
            throw new UsageError("give one source: STATE, --input-file or --from-state-id");
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
