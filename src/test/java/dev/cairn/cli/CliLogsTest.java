package dev.cairn.cli;

import static dev.cairn.testing.Fixtures.A;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.ops.logging.Logs;
import dev.cairn.testing.Fixtures;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a command leaves in the log file, and on stderr with --verbose / --debug. */
class CliLogsTest {

    @TempDir
    Path dir;
    String files;
    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final ByteArrayOutputStream err = new ByteArrayOutputStream();
    long logStart;

    @BeforeEach
    void setUp() throws IOException {
        files = Fixtures.fileBackend(dir);
        System.setProperty("cairn.home", dir.resolve("home").toString());
        logStart = Files.exists(Logs.file()) ? Files.size(Logs.file()) : 0;
    }

    @AfterEach
    void tearDown() {
        System.clearProperty("cairn.home");
    }

    private int cairn(String... args) {
        out.reset();
        err.reset();
        return Cli.run(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), args);
    }

    private String log() throws IOException {
        byte[] all = Files.readAllBytes(Logs.file());
        return new String(all, (int) logStart, all.length - (int) logStart, StandardCharsets.UTF_8);
    }

    @Test
    void everyRunIsLoggedAndVerbosePrintsTheLinesOnStderr() throws IOException {
        assertEquals(0, cairn("list", "--backend", files));
        assertEquals("", err.toString(StandardCharsets.UTF_8), "quiet without --verbose");
        assertEquals(0, cairn("list", "--verbose", "--backend", files));
        String stderr = err.toString(StandardCharsets.UTF_8);
        assertTrue(stderr.contains("INFO Cli - cairn list --verbose --backend " + files), stderr);
        assertTrue(stderr.contains("INFO BackendArgs - Opened " + files), stderr);
        assertFalse(out.toString(StandardCharsets.UTF_8).contains("INFO"), "stdout keeps the IDs only");
        String log = log();
        assertTrue(log.contains("Cli - cairn list --backend " + files), log);
        assertTrue(log.contains("Cli - cairn list --verbose --backend " + files), log);
    }

    @Test
    void writesAndRefusalsAreLoggedWithVersionsAndJournalRecord() throws IOException {
        assertEquals(0, cairn("set", "--debug", "--backend", files, A, "{\"singer_state\": {\"x\": 1}}", "--force"),
                err.toString(StandardCharsets.UTF_8));
        assertEquals(1, cairn("set", "--backend", files, A, "{\"singer_state\": {", "--force"));
        String log = log();
        assertTrue(log.matches("(?s).*INFO .*WriteCommand - Wrote Set state of " + A + " on " + files
                + "/?: version \\S+ -> \\S+ \\(journal record [0-9a-f-]{36}\\).*"), log);
        assertTrue(log.contains("WARN ") && log.contains("Cli - Refused: "), log);
    }

    @Test
    void aFailedConnectionIsLoggedWithItsStackTraceAndNoPassword() throws IOException {
        String uri = "postgresql://meltano:Sup3r-s3cret@127.0.0.1:1/meltano";
        assertEquals(1, cairn("list", "--backend", uri, "--connect-timeout", "1"));
        String log = log();
        assertTrue(log.contains("ERROR") && log.contains("\tat "), log);
        assertTrue(log.contains("postgresql://meltano:***@127.0.0.1:1/meltano"), log);
        assertFalse(log.contains("Sup3r-s3cret"), log);
        assertFalse(err.toString(StandardCharsets.UTF_8).contains("Sup3r-s3cret"));
    }
}
