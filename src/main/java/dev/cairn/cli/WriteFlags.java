package dev.cairn.cli;

import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** The options every writing command shares. */
final class WriteFlags {

    static final String PLAN_OUT_DESCRIPTION = "Write nothing: save the planned writes, with the state each was"
            + " planned on and its diff, as a plan file for `cairn apply`.";

    /** The verb this is mixed into: its backend's environment is the plan's. */
    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    @Option(names = "--dry-run", description = "Print the change it would make and write nothing.")
    boolean dryRun;

    @Option(names = "--force", description = "Do not ask for confirmation.")
    boolean force;

    @Option(names = "--plan-out", paramLabel = "FILE", description = PLAN_OUT_DESCRIPTION)
    Path planOut;

    /** The environment of the project the verb's backend was opened from; null for a backend given by URI. */
    String targetEnvironment() {
        return mixee.mixins().values().stream().map(CommandSpec::userObject).filter(BackendArgs.class::isInstance)
                .map(args -> ((BackendArgs) args).environment()).filter(java.util.Objects::nonNull).findFirst().orElse(null);
    }
}
