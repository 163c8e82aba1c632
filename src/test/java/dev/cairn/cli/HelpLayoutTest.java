package dev.cairn.cli;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Every verb's {@code --help}, through the real entry point: its parameters described, its own
 * options first, the backend options under their own heading, the options of every verb after
 * them, and two examples at the end that are command lines Cairn accepts.
 */
@Tag("unit")
class HelpLayoutTest {

    @RegisterExtension
    final CliRun run = new CliRun();

    /** cairn, each verb the user may call, and each verb of a verb (journal export). */
    static Stream<CommandSpec> verbs() {
        List<CommandSpec> all = new ArrayList<>();
        collect(Cli.everyVerb(), all);
        assertTrue(all.size() > Cli.verbs().size(), all.toString());
        return all.stream();
    }

    private static void collect(CommandLine line, List<CommandSpec> into) {
        if (!line.getCommandSpec().usageMessage().hidden()) {
            into.add(line.getCommandSpec());
            line.getSubcommands().values().forEach(sub -> collect(sub, into));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("verbs")
    void ownOptionsFirstThenTheBackendsThenEveryVerbsThenTwoExamples(CommandSpec verb) {
        List<String> words = new ArrayList<>(List.of(verb.qualifiedName().split(" ")));
        words.remove(0);
        words.add("--help");
        assertEquals(0, run.cairn(words.toArray(String[]::new)), run.err());
        String help = run.out();

        boolean hasBackend = verb.findOption("--backend") != null;
        int backendHeading = help.indexOf("\nBackend options:\n");
        int commonHeading = help.indexOf("\nOptions of every verb:\n");
        int examples = help.indexOf("\nExamples:\n");
        assertEquals(hasBackend, backendHeading >= 0, help);
        assertTrue(commonHeading > backendHeading && examples > commonHeading, help);
        if (hasBackend) {
            assertTrue(help.indexOf("  -b, --backend=URI") > backendHeading, help);
        }
        assertTrue(help.indexOf("  -h, --help") > commonHeading, help);
        int ownHeading = help.indexOf("\nOptions:\n");
        for (OptionSpec option : verb.options()) {
            int at = help.indexOf(" " + option.longestName(), Math.max(ownHeading, 0));
            boolean own = !option.inherited() && !option.usageHelp() && !option.versionHelp() && verb.parent() != null
                    && !option.longestName().matches("--(against-)?(backend|project|environment|windows-layout|s3-endpoint|setting"
                            + "|lock-timeout|lock-wait|read-only|connect-timeout|read-timeout|request-timeout)");
            if (own) {
                assertTrue(ownHeading >= 0 && at > ownHeading && (backendHeading < 0 || at < backendHeading)
                        && at < commonHeading, option.longestName() + " is not among the verb's own options:\n" + help);
            }
        }
        verb.positionalParameters().forEach(parameter -> {
            assertTrue(parameter.description().length > 0 && !parameter.description()[0].isBlank(),
                    parameter.paramLabel() + " has no description");
            int heading = help.indexOf("\nParameters:\n");
            assertTrue(heading > 0 && help.indexOf(parameter.paramLabel(), heading) > heading, help);
        });

        List<String> lines = help.substring(examples + "\nExamples:\n".length()).lines().toList();
        assertEquals(2, lines.size(), help);
        String name = verb.parent() == null ? "cairn" : verb.qualifiedName();
        for (String example : lines) {
            assertTrue(example.startsWith("  ") && example.contains(name), example);
            assertDoesNotThrow(() -> Cli.everyVerb().parseArgs(arguments(example, name)), example);
        }
    }

    /** The arguments of the example's call of the verb: its words after `cairn`, to a pipe, redirection or ')'. */
    private static String[] arguments(String example, String name) {
        String call = example.substring(example.indexOf(name)).split("[|>)]")[0];
        List<String> words = new ArrayList<>();
        Matcher word = Pattern.compile("'([^']*)'|(\\S+)").matcher(call);
        while (word.find()) {
            words.add(word.group(1) != null ? word.group(1) : word.group(2));
        }
        assertFalse(words.isEmpty());
        return words.subList(1, words.size()).toArray(String[]::new);
    }
}
