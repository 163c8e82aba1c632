package dev.cairn.cli;

import dev.cairn.backend.StateBackend;
import dev.cairn.ops.Journal;
import dev.cairn.ops.UserFolders;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "journal", description = "Cairn's local journal of the writes it made.", subcommands = JournalCommand.Export.class)
final class JournalCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /**
     * Settles the journal's writes to the backend (to the ID; all of them when null) whose end it
     * could not record, before a listing shows them, so that it shows them done or not written;
     * where that fails they stay started, said in a warning of the command's {@link Cli}.
     */
    static void settle(Journal journal, StateBackend backend, String stateId, CommandSpec spec) {
        journal.settle(backend, stateId).ifPresent(unsettled -> ((Cli) spec.root().userObject()).warn(unsettled.message()));
    }

    @Command(name = "export", description = "Print the journal as JSON lines, oldest first: one line per write, with the"
            + " documents before and after it and how it ended (all backends and IDs unless given).")
    static final class Export implements Callable<Integer> {

        @Mixin
        BackendArgs backend;

        @Parameters(arity = "0..1", paramLabel = "ID", description = "Only the writes to this state ID.")
        String stateId;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            String uri = null;
            Journal journal = UserFolders.fromEnvironment().journal();
            if (backend.uri != null || backend.project != null) {
                // the journal names a backend as it displays itself (no password, a normalised path)
                try (StateBackend b = backend.open()) {
                    uri = b.displayUri();
                    settle(journal, b, stateId, spec);
                }
            }
            PrintWriter out = spec.commandLine().getOut();
            journal.export(uri, stateId, out);
            out.flush();
            return 0;
        }
    }
}
