package dev.cairn.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.codegen.docgen.manpage.ManPageGenerator;

/**
 * Writes what the Linux packages install for the shell: a man page per verb (troff, by picocli-codegen's
 * {@link ManPageGenerator}: {@code cairn.1}, {@code cairn-list.1}, …) and the completion script
 * {@code cairn completion bash} prints. Run by {@code mvn package} (the pom's {@code shell-files}
 * execution) from the test classpath, so the generator stays out of the jar.
 * Usage: {@code ShellFiles MAN_DIR COMPLETION_FILE}.
 */
public final class ShellFiles {

    private ShellFiles() {}

    public static void main(String[] args) throws IOException {
        writeManPages(Path.of(args[0]));
        Path completion = Path.of(args[1]);
        Files.createDirectories(completion.getParent());
        Files.writeString(completion, CompletionCommand.script());
    }

    /** One page per verb that is not hidden, and one for {@code cairn} itself, into {@code dir}. */
    static void writeManPages(Path dir) throws IOException {
        Files.createDirectories(dir);
        int status = ManPageGenerator.generateManPage(dir.toFile(), null, new boolean[0], true,
                Cli.everyVerb().getCommandSpec());
        if (status != 0) {
            throw new IOException("picocli's ManPageGenerator ended with status " + status);
        }
    }
}
