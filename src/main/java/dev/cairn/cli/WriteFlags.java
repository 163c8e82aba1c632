package dev.cairn.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** The options every writing command that asks for confirmation shares. */
final class WriteFlags {

    static final String DRY_RUN = "Print the change it would make and write nothing.";

    @Option(names = "--dry-run", description = DRY_RUN)
    boolean dryRun;

    @Option(names = "--force", description = "Do not ask for confirmation.")
    boolean force;

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    /** The flags of a write that asks nothing ({@code merge}, as Meltano's): only {@code --dry-run} is the user's. */
    static WriteFlags withoutQuestion(boolean dryRun) {
        WriteFlags flags = new WriteFlags();
        flags.dryRun = dryRun;
        return flags;
    }

    /** The terminal the command runs on, to ask on; null when there is none. */
    Terminal terminal() {
        return ((Cli) mixee.root().userObject()).invocation().terminal();
    }
}
