package dev.cairn.cli;

import dev.cairn.backend.ListedState;
import dev.cairn.backend.StateBackend;
import dev.cairn.ops.Edit;
import dev.cairn.ops.EditRefused;
import dev.cairn.ops.WriteCommand;
import dev.cairn.state.Glob;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "clear", description = "Delete states (as `meltano state clear`), or only their partial state.")
final class ClearCommand implements Callable<Integer> {

    @Mixin
    BackendArgs backend;

    static final class Selection {
        @Parameters(paramLabel = "ID", arity = "1", description = "The state ID to clear.")
        String stateId;

        @Option(names = "--all", required = true, description = "Every state in the backend.")
        boolean all;

        @Option(names = "--pattern", required = true, paramLabel = "GLOB", description = "The states whose whole ID"
                + " matches a glob (* ? [seq] [!seq]), the same IDs on every backend: a system database's"
                + " LIKE wildcards _ and %% are plain characters here.")
        String pattern;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    Selection selection;

    @Option(names = "--partial-only", description = "Clear only the partial state; the completed state stays.")
    boolean partialOnly;

    @Mixin
    WriteFlags flags;

    @Mixin
    RetryOption retries;

    @Mixin
    FormatOption format;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws EditRefused {
        Writes writes = new Writes(spec.commandLine().getOut(), spec.commandLine().getErr(), retries.retry(null))
                .reportingTo(format.results(spec.commandLine().getOut(), "cleared"));
        Edit edit = partialOnly ? Edit.clearPartial() : Edit.clear();
        try (StateBackend b = backend.open()) {
            List<String> ids = new ArrayList<>();
            if (selection.stateId != null) {
                ids.add(selection.stateId);
            } else {
                List<ListedState> listed = selection.all ? b.list(null) : b.listMatching(Glob.compile(selection.pattern));
                listed.forEach(state -> ids.add(state.stateId()));
            }
            if (ids.isEmpty()) {
                spec.commandLine().getErr().println("No state IDs matched.");
                return 0;
            }
            List<WriteCommand> commands = new ArrayList<>();
            for (String id : ids) {
                commands.add(WriteCommand.plan(b, id, edit));
            }
            String what = ids.size() == 1 ? commands.get(0).description()
                    : (partialOnly ? "Clear the partial state of " : "Clear ") + ids.size() + " states on " + b.displayUri()
                            + " (" + PrintableId.first(ids, 10) + ")";
            int cleared = writes.apply(commands, flags, what + "?");
            if (!flags.dryRun) {
                // Meltano's line when something was cleared; it counts IDs asked for, this counts states changed.
                boolean absent = ids.size() == 1 && !commands.get(0).before().exists();
                spec.commandLine().getErr().println(cleared > 0 ? cleared + " state(s) were successfully cleared"
                        : absent ? "Nothing was cleared: there is no state " + PrintableId.of(ids.get(0)) + " on " + b.displayUri() + "."
                        : "Nothing was cleared: nothing to clear.");
            }
        }
        return 0;
    }
}
