package dev.cairn.cli;

import java.nio.file.Path;
import java.util.Objects;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** The options every writing command that asks for confirmation shares. */
final class WriteFlags {

    static final String DRY_RUN = "Print the change it would make and write nothing.";

    static final String PLAN_OUT_DESCRIPTION = "Write nothing: save the planned writes, with the state each was"
            + " planned on and its diff, as a plan file for `cairn apply`.";

    @Option(names = "--dry-run", description = DRY_RUN)
    boolean dryRun;

    @Option(names = "--force", description = "Do not ask for confirmation.")
    boolean force;

    @Option(names = "--plan-out", paramLabel = "FILE", description = PLAN_OUT_DESCRIPTION)
    Path planOut;

    /** The verb this is mixed into: its terminal, and its backend's environment (a plan's). */
    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    /**
     * The flags of a write that asks nothing ({@code merge}, as Meltano's), in {@code command}: only
     * {@code --dry-run} and {@code --plan-out} are the user's.
     */
    static WriteFlags withoutQuestion(CommandSpec command, boolean dryRun, Path planOut) {
        WriteFlags flags = new WriteFlags();
        flags.mixee = command;
        flags.dryRun = dryRun;
        flags.planOut = planOut;
        return flags;
    }

    /** The terminal the command runs on, to ask on; null when there is none. */
    Terminal terminal() {
        return ((Cli) mixee.root().userObject()).invocation().terminal();
    }

    /** The environment of the project the verb's backend was opened from; null for a backend given by URI. */
    String targetEnvironment() {
        return mixee.mixins().values().stream().map(CommandSpec::userObject).filter(BackendArgs.class::isInstance)
                .map(args -> ((BackendArgs) args).environment()).filter(Objects::nonNull).findFirst().orElse(null);
    }
}
