package dev.cairn.cli;

import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StateStorage;
import dev.cairn.backend.StoredState;
import dev.cairn.ops.DiffText;
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

@Command(name = "diff", description = {"Structural diff: a state's partial against its completed (default), or one"
        + " state against another ID and/or backend. '-' lines are the first side's (ID's completed state, or ID), '+'"
        + " lines the second's (its effective state, or the --against state), as the --- and +++ header lines say.",
        "Exit status 0, or with --exit-code 1 when the sides differ (as diff(1)); 2 for bad usage."})
final class DiffCommand implements Callable<Integer> {

    @Mixin
    BackendArgs backend;

    @Parameters(paramLabel = "ID", description = "The state ID, as `cairn list` prints it.")
    String stateId;

    @Option(names = "--against-backend", paramLabel = "URI", description = "Compare with the state in this backend.")
    String againstBackend;

    @Option(names = "--against-id", paramLabel = "ID2", description = "Compare with this state ID.")
    String againstId;

    @Option(names = "--exit-code", description = "Exit with status 1 when the sides differ, 0 when they do not, as diff(1).")
    boolean exitCode;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        DiffText printer = TerminalWriter.diffText(out);
        try (StateBackend b = backend.open()) {
            StoredState state = b.read(stateId);
            if (againstBackend == null && againstId == null) {
                StateDocument doc = state.document();
                out.println("--- " + PrintableId.of(stateId) + " completed (" + b.displayUri() + ")");
                out.println("+++ " + PrintableId.of(stateId) + " effective: its partial state merged in");
                int changes = printer.printEffective(new StateDocument(doc.completed(), StatePart.emptyObject()), doc);
                out.flush();
                return status(changes);
            }
            StoredState other;
            String otherUri = b.displayUri();
            if (againstBackend != null) {
                try (StateBackend ob = backend.open(againstBackend)) {
                    otherUri = ob.displayUri();
                    other = ob.read(againstId == null ? stateId : againstId);
                    if (StateStorage.sameState(b, stateId, ob, other.stateId())) {
                        spec.commandLine().getErr().println("cairn: " + b.displayUri() + " and " + ob.displayUri()
                                + " name the same storage: this compares " + stateId + " with itself");
                    }
                }
            } else {
                other = b.read(againstId);
            }
            out.println("--- " + side(state, b.displayUri()));
            out.println("+++ " + side(other, otherUri));
            StateDocument first = state.exists() ? state.document() : null;
            StateDocument second = other.exists() ? other.document() : null;
            int changes = printer.printStates(first, second);
            printer.printEffective(first, second);
            out.flush();
            return status(changes);
        }
    }

    /** A header line's side: the ID and its backend, and "(no state)" where it has none. */
    private static String side(StoredState state, String backendUri) {
        return PrintableId.of(state.stateId()) + " (" + backendUri + ")" + (state.exists() ? "" : " (no state)");
    }

    /** 0, or with {@code --exit-code} 1 where the sides differ. */
    private int status(int changes) {
        return exitCode && changes > 0 ? Cli.FAILED : 0;
    }
}
