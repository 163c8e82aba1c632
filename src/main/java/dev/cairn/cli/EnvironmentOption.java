package dev.cairn.cli;

import dev.cairn.ops.EnvironmentGuard;
import java.util.Collection;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * The environment guard of the verbs that write states under IDs they did not choose one by one
 * ({@code copy}, {@code move}, {@code import}, {@code apply}): IDs whose prefix names another
 * environment than the one written to are named in a warning, and on production the write needs the
 * environment's name typed, or given with {@code --yes-environment}: {@code --force} alone is not
 * enough, as a script's {@code --force} was written before anyone saw these IDs.
 */
final class EnvironmentOption {

    @Option(names = "--yes-environment", paramLabel = "ENV", description = "Confirm writing state IDs that name another"
            + " environment into this production environment, as typing its name does (--force does not).")
    String yesEnvironment;

    /**
     * Warns where {@code writtenIds} name another environment than {@code environment} (null: none
     * known, nothing to check); for a write to production (not a {@code preview}), asks for the
     * environment's name.
     */
    void check(CommandSpec spec, String environment, Collection<String> writtenIds, boolean preview) {
        if (environment == null) {
            return;
        }
        EnvironmentGuard guard = new EnvironmentGuard(environment);
        List<String> foreign = guard.foreignIds(writtenIds);
        if (foreign.isEmpty()) {
            return;
        }
        String what = guard.what(foreign);
        ((Cli) spec.root().userObject()).warn(guard.warning(foreign, PrintableId::of)
                + " (a rename such as --rename '" + guard.rename(foreign) + "' writes them under its own names)");
        if (preview || !guard.production() || environment.equals(yesEnvironment)) {
            return;
        }
        if (yesEnvironment != null) {
            throw new UsageError("--yes-environment " + yesEnvironment + " is not the environment written to, " + environment);
        }
        String typed = Writes.ask(((Cli) spec.root().userObject()).invocation().terminal(), "Type " + environment + " to write them into " + environment + ":", what
                + "; nothing was written: confirm by typing " + environment + " on a terminal, or pass --yes-environment "
                + environment + ".");
        if (typed == null || !typed.trim().equals(environment)) {
            throw new UserError("Aborted: nothing was written.");
        }
    }
}
