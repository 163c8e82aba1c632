package dev.cairn.cli;

import dev.cairn.backend.RunLog;
import dev.cairn.backend.RunRow;
import dev.cairn.backend.StateBackend;
import dev.cairn.ops.ConflictRetry;
import dev.cairn.ops.Edit;
import dev.cairn.ops.EditRefused;
import dev.cairn.ops.Timeline;
import dev.cairn.ops.WriteCommand;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "restore", description = "Write back the state a run's checkpoint left (see `log`) as a complete write,"
        + " as `meltano state set` does, with its own runs row; journalled, so `undo` takes it back.")
final class RestoreCommand implements Callable<Integer> {

    @Mixin
    BackendArgs backend;

    @Parameters(paramLabel = "ID", description = "The state ID to write back.")
    String stateId;

    @Option(names = "--run", required = true, paramLabel = "RUN_ID", description = "The run whose checkpoint to restore: its run ID, or"
            + " the start of it that names one run of the ID (as git takes a short hash).")
    String runId;

    @Option(names = "--if-version", paramLabel = "V", description = "Write only if the state is still at this version.")
    String ifVersion;

    @Mixin
    WriteFlags flags;

    @Mixin
    RetryOption retries;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws EditRefused {
        ConflictRetry retry = retries.retry(ifVersion);
        try (StateBackend b = backend.open()) {
            RunLog runs = Running.runsOf(b);
            RunRow run = Running.run(runs, stateId, runId);
            Edit restore = Edit.restoreCheckpoint(Timeline.stateAfter(runs, stateId, run), run.runId());
            WriteCommand command = WriteCommand.plan(b, stateId, restore);
            Writes.requireVersion(command, ifVersion);
            new Writes(spec.commandLine().getOut(), spec.commandLine().getErr(), retry).apply(List.of(command), flags,
                    command.description() + "? This will overwrite the state's current value.");
        }
        return 0;
    }
}
