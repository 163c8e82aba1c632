package dev.cairn.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The layout of every verb's {@code --help} (and so of its man page's footer), set once for the
 * whole command line rather than in each verb: its parameters, then its own options, then the
 * options that reach the backend ({@link BackendArgs}, and {@code compare}'s {@code --against-}
 * copies of them) under a heading of their own, then the options every verb has ({@code --verbose},
 * {@code --cwd}, {@code --help}, …), and two examples at the end, from {@code examples.properties}.
 */
final class HelpLayout {

    static final String BACKEND_OPTIONS_HEADING = "%nBackend options:%n";
    static final String COMMON_OPTIONS_HEADING = "%nOptions of every verb:%n";

    private static final String BACKEND_OPTIONS = "backendOptionList";
    private static final String COMMON_OPTIONS = "commonOptionList";

    private HelpLayout() {}

    /** Lays out the help of the command line's root and of every verb under it. */
    static void apply(CommandLine line) {
        CommandSpec spec = line.getCommandSpec();
        spec.usageMessage()
                .parameterListHeading("%nParameters:%n")
                .optionListHeading("%nOptions:%n")
                .footerHeading("%nExamples:%n")
                .footer(Examples.of(spec));
        Map<String, CommandLine.IHelpSectionRenderer> sections = line.getHelpSectionMap();
        sections.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST_HEADING,
                help -> own(help).isEmpty() ? "" : help.optionListHeading());
        sections.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST, help -> list(help, own(help)));
        sections.put(BACKEND_OPTIONS, help -> section(help, BACKEND_OPTIONS_HEADING, backend(help.commandSpec())::contains));
        sections.put(COMMON_OPTIONS, help -> section(help, COMMON_OPTIONS_HEADING, HelpLayout::isCommon));
        // an example is a command line to copy: never wrapped (picocli's footer is, at any ':' of an ID)
        sections.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_FOOTER, help -> String.join(System.lineSeparator(),
                help.commandSpec().usageMessage().footer()) + System.lineSeparator());
        List<String> keys = new ArrayList<>(line.getHelpSectionKeys());
        if (!keys.contains(BACKEND_OPTIONS)) { // the root's keys reached its verbs already
            keys.addAll(keys.indexOf(CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST) + 1,
                    List.of(BACKEND_OPTIONS, COMMON_OPTIONS));
            line.setHelpSectionKeys(keys);
        }
        line.getSubcommands().values().stream().filter(sub -> sub.getParent() == line).forEach(HelpLayout::apply);
    }

    /** Options of every verb: the root's, which the verbs inherit, and picocli's --help and --version. */
    private static boolean isCommon(OptionSpec option) {
        return option.inherited() || option.usageHelp() || option.versionHelp()
                || option.command() != null && option.command().parent() == null;
    }

    /** The options that say which backend and how to reach it. */
    private static Set<OptionSpec> backend(CommandSpec spec) {
        Set<String> names = spec.mixins().values().stream().filter(mixin -> mixin.userObject() instanceof BackendArgs)
                .flatMap(mixin -> mixin.options().stream()).map(OptionSpec::longestName).collect(Collectors.toSet());
        if (spec.mixins().values().stream().anyMatch(mixin -> mixin.userObject() instanceof AgainstBackendArgs)) {
            names.addAll(names.stream().map(name -> AgainstBackendArgs.PREFIX + name.substring(2)).toList());
        }
        return spec.options().stream().filter(option -> names.contains(option.longestName())).collect(Collectors.toSet());
    }

    private static List<OptionSpec> own(Help help) {
        Set<OptionSpec> backend = backend(help.commandSpec());
        return help.commandSpec().options().stream()
                .filter(option -> !option.hidden() && !backend.contains(option) && !isCommon(option)).toList();
    }

    private static String section(Help help, String heading, Predicate<OptionSpec> which) {
        List<OptionSpec> options = help.commandSpec().options().stream().filter(o -> !o.hidden() && which.test(o)).toList();
        return options.isEmpty() ? "" : help.createHeading(heading) + list(help, options);
    }

    /** The options in picocli's own columns, as wide as the widest of all the command's options. */
    private static String list(Help help, List<OptionSpec> options) {
        Help.Layout layout = help.createDefaultLayout(help.commandSpec().options(), help.commandSpec().positionalParameters(),
                help.colorScheme());
        return help.optionListExcludingGroups(options.stream().map(BackendArgs::withKinds).toList(), layout,
                help.createDefaultOptionSort(), help.parameterLabelRenderer());
    }

    /** The examples of examples.properties. */
    static final class Examples {

        private static final Properties ALL = load();

        private Examples() {}

        /** The command's examples, indented as picocli indents its option list. */
        static String[] of(CommandSpec spec) {
            List<String> lines = new ArrayList<>();
            for (int i = 1; ALL.containsKey(key(spec) + "." + i); i++) {
                lines.add("  " + ALL.getProperty(key(spec) + "." + i));
            }
            return lines.toArray(String[]::new);
        }

        /** {@code cairn}, {@code list}, {@code journal.export}. */
        static String key(CommandSpec spec) {
            String name = spec.qualifiedName(".");
            return spec.parent() == null ? name : name.substring(name.indexOf('.') + 1);
        }

        private static Properties load() {
            Properties examples = new Properties();
            try (InputStream in = HelpLayout.class.getResourceAsStream("examples.properties")) {
                examples.load(in);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return examples;
        }
    }
}
