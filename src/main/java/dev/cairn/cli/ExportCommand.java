package dev.cairn.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.backend.StateBackend;
import dev.cairn.state.Json;
import dev.cairn.state.PythonJson;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "export", description = "Print states in Meltano's export format: {\"ID\": {\"completed\": ..., \"partial\": ...}}."
        + " A state that is not valid JSON is left out, said on stderr.")
final class ExportCommand implements Callable<Integer> {

    @Mixin
    BackendArgs backend;

    @Option(names = "--pattern", paramLabel = "GLOB", description = "Only IDs matching this pattern.")
    String pattern;

    @Option(names = "--strict", description = "Exit with status 1 when a state was left out (default: 0, the export"
            + " holding every other state).")
    boolean strict;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        ObjectNode export = Json.object();
        List<String> unreadable = new ArrayList<>();
        try (StateBackend b = backend.open()) {
            b.readAll(pattern, state -> {
                if (state.document().isCorrupt()) {
                    unreadable.add(state.stateId());
                    return;
                }
                ObjectNode entry = export.putObject(state.stateId());
                entry.set("completed", state.document().completed().valueOrJsonNull());
                entry.set("partial", state.document().partial().valueOrJsonNull());
            });
        }
        PrintWriter out = spec.commandLine().getOut();
        out.print(PythonJson.write(export, PythonJson.Style.COMPACT));
        out.print('\n');
        out.flush();
        for (String id : unreadable) {
            ((Cli) spec.root().userObject()).warn("left out " + PrintableId.of(id) + ": a document in it is not valid JSON");
        }
        return strict && !unreadable.isEmpty() ? Cli.FAILED : 0;
    }
}
