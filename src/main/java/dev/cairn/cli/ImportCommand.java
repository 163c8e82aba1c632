package dev.cairn.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.backend.StateBackend;
import dev.cairn.ops.Edit;
import dev.cairn.ops.EditRefused;
import dev.cairn.ops.WriteCommand;
import dev.cairn.state.Json;
import dev.cairn.state.JsonSyntaxError;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StatePart;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "import", description = "Write the states of an export file (Meltano's format), overwriting each"
        + " listed ID as `meltano state import` does; a key left out is stored as NULL, as Meltano does. Asks for"
        + " confirmation on a terminal unless --force.")
final class ImportCommand implements Callable<Integer> {

    @Mixin
    BackendArgs backend;

    @Parameters(paramLabel = "FILE", description = "The export file, or - for stdin.")
    Path file;

    @Mixin
    WriteFlags flags;

    @Mixin
    FormatOption format;

    @Mixin
    EnvironmentOption environmentGuard;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws EditRefused {
        JsonNode export = parse();
        Writes writes = new Writes(spec.commandLine().getOut(), spec.commandLine().getErr())
                .reportingTo(format.results(spec.commandLine().getOut(), "imported"));
        try (StateBackend b = backend.open()) {
            List<WriteCommand> commands = new ArrayList<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = export.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> entry = it.next();
                JsonNode value = entry.getValue();
                if (!value.isObject()) {
                    throw new UserError("the entry for " + entry.getKey() + " is not an object with completed/partial");
                }
                StateDocument document = new StateDocument(StatePart.of(value.get("completed")), StatePart.of(value.get("partial")));
                commands.add(WriteCommand.plan(b, entry.getKey(), Edit.imported(document)));
            }
            if (commands.isEmpty()) {
                spec.commandLine().getErr().println("Nothing was imported: " + file + " holds no states.");
                return 0;
            }
            environmentGuard.check(spec, backend.environment(), commands.stream().map(WriteCommand::stateId).toList(),
                    flags.dryRun || flags.planOut != null);
            String what = commands.size() == 1 ? commands.get(0).description()
                    : "Import " + commands.size() + " states into " + b.displayUri() + " ("
                            + PrintableId.first(commands.stream().map(WriteCommand::stateId).toList(), 10) + ")";
            writes.apply(commands, flags, what + "? Each state listed in the file is overwritten.");
        }
        return 0;
    }

    private JsonNode parse() {
        String text = StateInput.readFile(file);
        try {
            ObjectNode export = Json.parseObject(text);
            return export;
        } catch (JsonSyntaxError e) {
            throw new UserError("invalid export file " + file + ": " + e.getMessage());
        }
    }
}
