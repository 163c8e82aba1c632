package dev.cairn.cli;

import dev.cairn.backend.StateBackend;
import dev.cairn.ops.Journal;
import dev.cairn.ops.UserFolders;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "history", description = "The writes Cairn made to a state (from its local journal), newest first.")
final class HistoryCommand implements Callable<Integer> {

    @Mixin
    BackendArgs backend;

    @Parameters(paramLabel = "ID", description = "The state ID whose writes to list.")
    String stateId;

    @Mixin
    FormatOption format;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        String uri;
        Journal journal = UserFolders.fromEnvironment().journal();
        try (StateBackend b = backend.open()) {
            uri = b.displayUri();
            JournalCommand.settle(journal, b, stateId, spec);
        }
        List<Journal.Entry> entries = journal.history(uri, stateId);
        PrintWriter out = spec.commandLine().getOut();
        if (entries.isEmpty() && !format.json()) {
            out.println("No writes by Cairn to " + stateId + " on " + uri + ".");
        }
        for (Journal.Entry e : entries) {
            if (format.json()) {
                FormatOption.print(out, Journal.record(e, false));
                continue;
            }
            out.println(e.time() + "\t" + e.status().name().toLowerCase(Locale.ROOT) + "\t" + e.action()
                    + (e.versionAfter() == null ? "" : "\tversion " + e.versionBefore() + " -> " + e.versionAfter())
                    + (e.error() == null ? "" : "\t" + e.error()));
        }
        out.flush();
        return 0;
    }
}
