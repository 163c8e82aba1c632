package dev.cairn.cli;

import dev.cairn.backend.StateBackend;
import dev.cairn.ops.Edit;
import dev.cairn.ops.EditRefused;
import dev.cairn.ops.WriteCommand;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "set", description = "Replace a state (a complete write, as `meltano state set`): the document becomes"
        + " the completed state and the partial state is emptied.")
final class SetCommand implements Callable<Integer> {

    @Mixin
    BackendArgs backend;

    @Parameters(index = "0", paramLabel = "ID")
    String stateId;

    @Parameters(index = "1", arity = "0..1", paramLabel = "STATE", description = "The state as JSON text.")
    String state;

    @Option(names = "--input-file", paramLabel = "FILE", description = "Read the state from a file (- for stdin).")
    Path inputFile;

    @Option(names = "--if-version", paramLabel = "V", description = "Write only if the state is still at this version (from get --show-version).")
    String ifVersion;

    @Option(names = "--no-validate", description = "Accept a document without a top-level singer_state.")
    boolean noValidate;

    @Option(names = "--force", description = "Do not ask for confirmation.")
    boolean force;

    @Option(names = "--dry-run", description = "Print the change it would make and write nothing.")
    boolean dryRun;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws EditRefused {
        var document = StateInput.read(state, inputFile, !noValidate);
        Writes writes = new Writes(spec.commandLine().getOut(), spec.commandLine().getErr());
        try (StateBackend b = backend.open()) {
            WriteCommand command = WriteCommand.plan(b, stateId, Edit.set(document));
            Writes.requireVersion(command, ifVersion);
            if (dryRun) {
                writes.preview(List.of(command));
                return 0;
            }
            Writes.confirm(command.description() + "? This will overwrite the state's current value.", force);
            writes.execute(List.of(command));
        }
        return 0;
    }
}
