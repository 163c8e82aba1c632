package dev.cairn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.testing.Fixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The script {@code cairn completion bash} prints, sourced in a real bash and asked as bash asks at
 * a TAB (COMP_WORDS, COMP_CWORD), with {@code cairn} on the PATH a launcher of this build.
 */
@Tag("unit")
class CompletionTest {

    @RegisterExtension
    final CliRun run = new CliRun();

    @TempDir
    Path dir;

    private Path script;
    private Path home;

    @BeforeEach
    void writeScriptAndLauncher() throws IOException {
        assertEquals(0, run.cairn("completion", "bash"), run.err());
        script = Files.writeString(dir.resolve("cairn.bash"), run.out());
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path launcher = bin.resolve("cairn");
        Files.writeString(launcher, "#!/bin/sh\nexec '" + Path.of(System.getProperty("java.home"), "bin", "java")
                + "' -XX:TieredStopAtLevel=1 -cp '" + System.getProperty("java.class.path") + "' dev.cairn.Main \"$@\"\n");
        assertTrue(launcher.toFile().setExecutable(true));
        home = dir.resolve("home");
    }

    /** What bash offers at a TAB after these words (the last one being typed). */
    private List<String> complete(String... words) throws IOException, InterruptedException {
        String array = Stream.of(words).map(ShellWord::of).collect(Collectors.joining(" "));
        // compopt only works inside a completion bash started: a no-op where the test calls the function
        ProcessBuilder bash = new ProcessBuilder("bash", "-c", "source \"$0\"; compopt() { :; }; COMP_WORDS=(" + array
                + "); COMP_CWORD=" + (words.length - 1) + "; COMP_LINE=\"${COMP_WORDS[*]}\"; COMP_POINT=${#COMP_LINE};"
                + " _cairn_complete; printf '%s\\n' \"${COMPREPLY[@]}\"", script.toString());
        bash.environment().put("PATH", dir.resolve("bin") + ":" + System.getenv("PATH"));
        bash.environment().put("CAIRN_HOME", home.toString());
        bash.redirectError(ProcessBuilder.Redirect.INHERIT);
        Process process = bash.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), out);
        return out.lines().filter(line -> !line.isEmpty()).toList();
    }

    @Test
    void completesVerbsAndOptions() throws Exception {
        List<String> verbs = complete("cairn", "");
        assertTrue(verbs.containsAll(List.of("list", "get", "copy", "compare", "completion")), verbs.toString());
        assertFalse(verbs.contains("__complete"), verbs.toString());
        assertEquals(List.of("--backend"), complete("cairn", "list", "--back"));
        assertEquals(List.of("--against-backend"), complete("cairn", "compare", "--against-b"));
    }

    @Test
    void completesTheStateIdsOfTheBackendOnTheLineAndLogsNothing() throws Exception {
        String db = Fixtures.systemDb(dir);
        // bash replaces only what follows the word's last colon, so that is what is offered
        assertEquals(List.of("tap-csv-to-target-jsonl", "tap-custom-to-target-jsonl"),
                complete("cairn", "get", "--backend", db, "dev:tap-c"));
        assertEquals(List.of(Fixtures.I), complete("cairn", "--verbose", "diff", "-b", db, "st"));
        assertEquals(List.of(Fixtures.B, Fixtures.C), complete("cairn", "copy", "-b", db, "--dry-run", "prod"));
        assertEquals(List.of(Fixtures.I), complete("cairn", "journal", "export", "-b", db, "st"));
        // the log and the journal are in CAIRN_HOME: a TAB creates neither
        assertFalse(Files.exists(home), "the completion wrote into " + home);
    }

    @Test
    void completesTheWindowsSavedConnectionsAfterABackendOption() throws Exception {
        Files.createDirectories(home.resolve("config"));
        Files.writeString(home.resolve("config/connections.json"), """
                {"theme": "light", "connections": [
                  {"name": "prod", "uri": "s3://acme-state/meltano", "environment": "prod", "readOnly": true, "settings": {}},
                  {"name": "dev", "uri": "sqlite:///srv/dev/meltano.db", "environment": "dev", "readOnly": false, "settings": {}}]}
                """);
        assertEquals(List.of("s3://acme-state/meltano", "sqlite:///srv/dev/meltano.db"), complete("cairn", "list", "--backend", ""));
        assertEquals(List.of("s3://acme-state/meltano"), complete("cairn", "copy", "--to-backend", "s3"));
    }
}
