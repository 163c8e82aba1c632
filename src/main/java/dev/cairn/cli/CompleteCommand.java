package dev.cairn.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cairn.backend.StateBackend;
import dev.cairn.ops.UserFolders;
import dev.cairn.ops.logging.Logs;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * The completion script's question, at a TAB after a verb: the candidates for the word being
 * typed, one per line — the window's saved connections after an option that takes a backend URI,
 * the state IDs of the backend the line names for a verb's ID; nothing where picocli's static
 * completion knows better (options, files). Silent on every error, logs nothing, and only lists IDs:
 * no journal, no lock, nothing written.
 */
@Command(name = "__complete", hidden = true, description = "Completion candidates for the last word of a command line.")
final class CompleteCommand implements Callable<Integer> {

    /** The positional parameters that name states. */
    private static final Set<String> STATE_LABELS = Set.of("ID", "SRC", "DST");

    @Parameters(paramLabel = "WORD", description = "The command line after `cairn`, the word being completed last.")
    List<String> words = new ArrayList<>();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        try (AutoCloseable quiet = Logs.off()) {
            String current = words.isEmpty() ? "" : words.get(words.size() - 1);
            candidates(words.subList(0, Math.max(0, words.size() - 1)), id -> {
                if (id.startsWith(current)) {
                    out.println(id);
                }
            });
        } catch (Exception e) {
            // a half-typed line, an unreachable backend: the shell just completes nothing
            return Cli.FAILED;
        } finally {
            out.flush();
        }
        return 0;
    }

    private void candidates(List<String> before, Consumer<String> sink) throws IOException {
        CommandLine line = Cli.everyVerb(((Cli) spec.root().userObject()).invocation());
        line.setUnmatchedArgumentsAllowed(true);
        try {
            line.parseArgs(before.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            // the ID being typed is missing, of course: picocli has set every option it read before saying so
        }
        CommandLine verb = line; // the verb the line names, or the verb of a verb (journal export)
        for (String word : before) {
            verb = verb.getSubcommands().getOrDefault(word, verb);
        }
        if (verb == line) {
            return;
        }
        CommandSpec verbSpec = verb.getCommandSpec();
        OptionSpec option = before.isEmpty() ? null : verbSpec.findOption(before.get(before.size() - 1));
        if (option != null && option.arity().min() > 0) {
            if ("URI".equals(option.paramLabel())) {
                savedBackends(sink);
            }
        } else if (verbSpec.positionalParameters().stream().anyMatch(p -> STATE_LABELS.contains(p.paramLabel()))) {
            Optional<BackendArgs> backend = verbSpec.mixins().values().stream().map(CommandSpec::userObject)
                    .filter(BackendArgs.class::isInstance).map(BackendArgs.class::cast).findFirst();
            if (backend.isPresent()) {
                try (StateBackend b = backend.get().open()) {
                    b.list(null, listed -> sink.accept(listed.stateId()));
                }
            }
        }
    }

    /** The URIs of the window's saved connections (redacted, as saved). */
    private static void savedBackends(Consumer<String> sink) throws IOException {
        Path file = UserFolders.fromEnvironment().connections();
        if (Files.exists(file)) {
            for (JsonNode connection : new ObjectMapper().readTree(file.toFile()).path("connections")) {
                sink.accept(connection.path("uri").asText());
            }
        }
    }
}
