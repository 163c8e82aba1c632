package dev.cairn.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * Prints the shell's completion script: picocli's, which completes verbs and options (and works in
 * zsh through its bashcompinit), with Cairn's own function in front of it for what only a running
 * Cairn knows: the URIs of the window's saved connections and the state IDs of the backend the line
 * names, both asked of the hidden {@link CompleteCommand}.
 */
@Command(name = "completion", description = {"Print the completion script for bash or zsh: verbs, options,"
        + " the window's saved connections after --backend, and the state IDs of the backend on the line.",
        "Load it in the shell: source <(cairn completion bash). The Linux packages install it for bash."})
final class CompletionCommand implements Callable<Integer> {

    /** The shells the script is for. */
    enum Shell { bash, zsh }

    @Parameters(paramLabel = "SHELL", description = "bash or zsh.")
    Shell shell;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        out.print(script());
        out.flush();
        return 0;
    }

    /** The script, the same for both shells. */
    static String script() throws IOException {
        try (InputStream dynamic = CompletionCommand.class.getResourceAsStream("completion.bash")) {
            return AutoComplete.bash("cairn", Cli.everyVerb()) + "\n"
                    + new String(dynamic.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
