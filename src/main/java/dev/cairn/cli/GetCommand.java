package dev.cairn.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cairn.backend.RunLog;
import dev.cairn.backend.RunRow;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.state.PythonJson;
import dev.cairn.state.StateError;
import java.io.PrintStream;
import java.time.Instant;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

@Command(name = "get", description = "Print a state's effective value exactly as `meltano state get` prints it.")
final class GetCommand implements Callable<Integer> {

    /** The output forms of the Meltano versions. */
    enum Format {
        json(PythonJson.Style.COMPACT), pretty(PythonJson.Style.INDENT2), legacy(PythonJson.Style.DEFAULT);

        final PythonJson.Style style;

        Format(PythonJson.Style style) {
            this.style = style;
        }
    }

    @Mixin
    BackendArgs backend;

    @Parameters(paramLabel = "ID", description = "The state ID, as `cairn list` prints it.")
    String stateId;

    @Option(names = "--format", defaultValue = "json",
            description = "json (Meltano 4, compact), pretty (Meltano 4 --format pretty), legacy (Meltano 2/3). Default: ${DEFAULT-VALUE}.")
    Format format;

    @Option(names = "--show-version", description = "Print 'version: <token>' on stderr, for --if-version.")
    boolean showVersion;

    @Spec
    CommandSpec spec;

    @ParentCommand
    Cli cli;

    @Override
    public Integer call() throws StateError {
        StoredState state;
        try (StateBackend b = backend.open()) {
            state = b.read(stateId);
            // stderr, as Meltano logs: stdout stays exactly what `meltano state get` prints
            b.readOnlyReason().ifPresent(spec.commandLine().getErr()::println);
            RunRow run = RunLog.runningByJob(b).get(stateId);
            if (run != null) {
                spec.commandLine().getErr().println(run.describeRunning(Instant.now()));
            }
        }
        JsonNode effective;
        try {
            effective = state.document().effective();
        } catch (StateError e) {
            throw new UserError("cannot read state " + stateId + ": " + e.getMessage());
        }
        spec.commandLine().getOut().flush();
        PrintStream out = cli.stdout();
        // streamed as bytes: a 10 MB state is ~16 MB of pretty text, not worth holding as one more String
        PythonJson.write(effective, format.style, out);
        out.print('\n');
        out.flush();
        if (showVersion) {
            spec.commandLine().getErr().println("version: " + state.version());
        }
        return 0;
    }
}
