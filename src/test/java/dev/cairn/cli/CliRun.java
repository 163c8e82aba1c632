package dev.cairn.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** Command lines run through {@link Cli#run} in a test, with the last one's stdout and stderr as text. */
final class CliRun {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    int cairn(Invocation invocation, String... args) {
        out.reset();
        err.reset();
        return Cli.run(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                invocation, args);
    }

    int cairn(String... args) {
        return cairn(Invocation.ofProcess(), args);
    }

    String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    String err() {
        return err.toString(StandardCharsets.UTF_8);
    }
}
