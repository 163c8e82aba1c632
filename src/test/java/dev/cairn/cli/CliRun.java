package dev.cairn.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Runs command lines in this JVM as {@code cairn} would, with Cairn's home (journal, logs) in a test's
 * folder until {@link #close}, keeping what the last one printed on stdout and stderr.
 */
final class CliRun implements AutoCloseable {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    CliRun(Path dir) {
        System.setProperty("cairn.home", dir.resolve("home").toString());
    }

    @Override
    public void close() {
        System.clearProperty("cairn.home");
    }

    /** Runs one command line; returns its exit status. */
    int cairn(String... args) {
        out.reset();
        err.reset();
        return Cli.run(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), args);
    }

    String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    String err() {
        return err.toString(StandardCharsets.UTF_8);
    }
}
