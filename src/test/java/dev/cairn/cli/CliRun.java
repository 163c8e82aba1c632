package dev.cairn.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Runs command lines through {@link Cli#run}, with Cairn's own folders (journal, log, connections)
 * in a folder of each test's own, and keeps the last one's stdout and stderr as text. Registered
 * with {@code @RegisterExtension}.
 */
final class CliRun implements BeforeEachCallback, AfterEachCallback {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private Path home;

    @Override
    public void beforeEach(ExtensionContext context) throws IOException {
        home = Files.createTempDirectory("cairn-cli-test");
        System.setProperty("cairn.home", home.toString());
    }

    @Override
    public void afterEach(ExtensionContext context) throws IOException {
        System.clearProperty("cairn.home");
        try (Stream<Path> paths = Files.walk(home)) {
            for (Path p : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
                Files.delete(p);
            }
        }
    }

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
