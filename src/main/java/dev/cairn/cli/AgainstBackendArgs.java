package dev.cairn.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Spec;

/**
 * The second backend of a command that reads two ({@code compare}): every option of
 * {@link BackendArgs} again, named with an {@code --against-} prefix ({@code --against-backend},
 * {@code --against-project}, {@code --against-environment}, …). The options are BackendArgs' own,
 * copied under the new names and bound to a second BackendArgs, so the two sides never drift apart.
 */
@Command // a mixin with no options of its own must say it is one
final class AgainstBackendArgs {

    static final String PREFIX = "--against-";

    final BackendArgs args = new BackendArgs();

    /** picocli hands over the command this is mixed into; the prefixed options are added to it then. */
    @Spec(Spec.Target.MIXEE)
    void addOptionsTo(CommandSpec command) {
        args.mixee = command; // not a mixin itself: it learns the command (and so the invocation) here
        for (OptionSpec option : CommandSpec.forAnnotatedObject(args).options()) {
            String[] description = option.description().clone();
            if (description.length > 0) {
                description[0] = "Other side: " + description[0];
            }
            command.addOption(OptionSpec.builder(option)
                    .names(PREFIX + option.longestName().substring(2))
                    .description(description)
                    .build());
        }
    }
}
