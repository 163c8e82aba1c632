package dev.cairn.cli;

import dev.cairn.backend.RunRow;
import dev.cairn.backend.StateBackend;
import dev.cairn.state.StateHealth;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "list", description = "List state IDs, one per line (Meltano's pattern semantics for the backend).")
final class ListCommand implements Callable<Integer> {

    @Mixin
    BackendArgs backend;

    @Option(names = "--pattern", paramLabel = "GLOB", description = "Only IDs matching this pattern, as `meltano state list --pattern`.")
    String pattern;

    @Option(names = {"-l", "--long"}, description = "Also read each state and show its health, tab-separated, and"
            + " a pipeline running on it now (or a stale run) from the system database's runs table.")
    boolean withHealth;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        try (StateBackend b = backend.open()) {
            if (withHealth) {
                Map<String, RunRow> running = Running.byStateId(b);
                Instant now = Instant.now();
                b.readAll(pattern, state -> {
                    RunRow run = running.get(state.stateId());
                    out.println(PrintableId.of(state.stateId()) + "\t" + StateHealth.of(state.document()).label()
                            + (run == null ? "" : "\t" + run.describeRunning(now)));
                });
            } else {
                b.list(pattern, listed -> out.println(PrintableId.of(listed.stateId())));
            }
        }
        out.flush();
        return 0;
    }
}
