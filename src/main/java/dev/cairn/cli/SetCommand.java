package dev.cairn.cli;

import dev.cairn.backend.StateBackend;
import dev.cairn.ops.ConflictRetry;
import dev.cairn.ops.Edit;
import dev.cairn.ops.EditRefused;
import dev.cairn.ops.WriteCommand;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "set", description = "Replace a state (a complete write, as `meltano state set`): the document becomes"
        + " the completed state and the partial state is emptied.")
final class SetCommand implements Callable<Integer> {

    @Mixin
    BackendArgs backend;

    @Mixin
    DocumentArgs input;

    @Option(names = "--no-validate", description = "Accept a document without a top-level singer_state.")
    boolean noValidate;

    @Mixin
    WriteFlags flags;

    @Mixin
    RetryOption retries;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws EditRefused {
        ConflictRetry retry = retries.retry(input.ifVersion);
        var document = input.document(!noValidate, spec.commandLine().getErr());
        try (StateBackend b = backend.open()) {
            WriteCommand command = WriteCommand.plan(b, input.stateId, Edit.set(document));
            Writes.requireVersion(command, input.ifVersion);
            new Writes(spec.commandLine().getOut(), spec.commandLine().getErr(), retry).apply(List.of(command), flags,
                    command.description() + "? This will overwrite the state's current value.");
        }
        return 0;
    }
}
