package dev.cairn.cli;

import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StateStorage;
import dev.cairn.backend.StoredState;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StatePart;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "diff", description = "Structural diff: a state's partial against its completed (default), or one"
        + " state against another ID and/or backend. Exit status 0 either way.")
final class DiffCommand implements Callable<Integer> {

    @Mixin
    BackendArgs backend;

    @Parameters(paramLabel = "ID", description = "The state ID, as `cairn list` prints it.")
    String stateId;

    @Option(names = "--against-backend", paramLabel = "URI", description = "Compare with the state in this backend.")
    String againstBackend;

    @Option(names = "--against-id", paramLabel = "ID2", description = "Compare with this state ID.")
    String againstId;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        DiffPrinter printer = new DiffPrinter(out);
        try (StateBackend b = backend.open()) {
            StoredState state = b.read(stateId);
            if (againstBackend == null && againstId == null) {
                StateDocument doc = state.document();
                out.println("What the partial state of " + stateId + " changes (completed -> effective):");
                printer.printEffective(new StateDocument(doc.completed(), StatePart.emptyObject()), doc);
                out.flush();
                return 0;
            }
            StoredState other;
            if (againstBackend != null) {
                try (StateBackend ob = backend.open(againstBackend)) {
                    other = ob.read(againstId == null ? stateId : againstId);
                    if (StateStorage.sameState(b, stateId, ob, other.stateId())) {
                        spec.commandLine().getErr().println("cairn: " + b.displayUri() + " and " + ob.displayUri()
                                + " name the same storage: this compares " + stateId + " with itself");
                    }
                }
            } else {
                other = b.read(againstId);
            }
            out.println(stateId + " (" + b.displayUri() + ") against " + other.stateId()
                    + (againstBackend == null ? "" : " (" + againstBackend + ")") + ":");
            StateDocument theirs = other.exists() ? other.document() : null;
            StateDocument ours = state.exists() ? state.document() : null;
            printer.printStates(theirs, ours);
            printer.printEffective(theirs, ours);
        }
        out.flush();
        return 0;
    }
}
