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

@Command(name = "export", description = "Print states in Meltano's export format: {\"ID\": {\"completed\": ..., \"partial\": ...}}.")
final class ExportCommand implements Callable<Integer> {

    @Mixin
    BackendArgs backend;

    @Option(names = "--pattern", paramLabel = "GLOB", description = "Only IDs matching this pattern.")
    String pattern;

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
            spec.commandLine().getErr().println("cairn: left out " + id + ": a document in it is not valid JSON");
        }
        return unreadable.isEmpty() ? 0 : Cli.FAILED;
    }
}
