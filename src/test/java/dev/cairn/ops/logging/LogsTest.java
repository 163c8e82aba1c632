package dev.cairn.ops.logging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The log as {@link LogSetup} configures it in the test JVM (under {@code -Dcairn.log.dir}, set by the build). */
@Tag("unit")
class LogsTest {

    private static final Logger LOG = LoggerFactory.getLogger(LogsTest.class);

    static final String PG_PASSWORD = "pg-Pa55/w@rd";
    static final String S3_SECRET = "wJalrXUtnFEMI+K7MDENG/bPxRfiCYEXAMPLEKEY";
    static final String AZURE_KEY = "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";

    /** What the log file says from {@code offset} on. */
    static String logFrom(long offset) throws IOException {
        byte[] all = Files.readAllBytes(Logs.file());
        return new String(all, (int) offset, all.length - (int) offset, StandardCharsets.UTF_8);
    }

    static long logSize() throws IOException {
        return Files.exists(Logs.file()) ? Files.size(Logs.file()) : 0;
    }

    @Test
    void theFileIsWhereTheBuildPointsIt() {
        assertEquals(Path.of(System.getProperty("cairn.log.dir"), "cairn.log"), Logs.file());
    }

    @Test
    void secretsReachNeitherTheFileNorTheTerminal() throws IOException {
        String postgres = "postgresql://meltano:" + PG_PASSWORD + "@db.internal:5432/meltano";
        String s3 = "s3://AKIAIOSFODNN7EXAMPLE:" + S3_SECRET + "@acme-state/meltano";
        String azure = "DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=" + AZURE_KEY + ";EndpointSuffix=core.windows.net";
        long before = logSize();
        ByteArrayOutputStream terminal = new ByteArrayOutputStream();
        try (AutoCloseable console = Logs.toConsole(terminal, false)) {
            LOG.info("Opened {}", postgres);
            LOG.warn("Copying to {} with s3.aws_secret_access_key={}", s3, S3_SECRET);
            LOG.error("Could not reach {}", "azure://state/meltano",
                    new IllegalStateException("bad connection string " + azure, new RuntimeException("at " + postgres)));
        } catch (Exception e) {
            throw new AssertionError(e);
        }
        String file = logFrom(before);
        String shown = terminal.toString(StandardCharsets.UTF_8);
        for (String text : new String[] {file, shown}) {
            assertTrue(text.contains("Opened postgresql://meltano:***@db.internal:5432/meltano"), text);
            assertTrue(text.contains("s3://AKIAIOSFODNN7EXAMPLE:***@acme-state/meltano"), text);
            assertTrue(text.contains("AccountKey=***;"), text);
            assertTrue(text.contains("IllegalStateException"), "the stack trace is logged: " + text);
            for (String secret : new String[] {PG_PASSWORD, S3_SECRET, AZURE_KEY, "Pa55"}) {
                assertFalse(text.contains(secret), secret + " in " + text);
            }
        }
    }

    @Test
    void debugLinesGoToTheTerminalOnlyWhenAskedAndNeverToTheFile() throws Exception {
        long before = logSize();
        ByteArrayOutputStream verbose = new ByteArrayOutputStream();
        try (AutoCloseable console = Logs.toConsole(verbose, false)) {
            LOG.info("info while verbose");
            LOG.debug("debug while verbose");
        }
        ByteArrayOutputStream debug = new ByteArrayOutputStream();
        try (AutoCloseable console = Logs.toConsole(debug, true)) {
            LOG.debug("debug while debugging");
        }
        LOG.debug("debug after debugging");
        assertEquals("INFO LogsTest - info while verbose\n", verbose.toString(StandardCharsets.UTF_8));
        assertEquals("DEBUG LogsTest - debug while debugging\n", debug.toString(StandardCharsets.UTF_8));
        String file = logFrom(before);
        assertTrue(file.contains("INFO  [main] dev.cairn.ops.logging.LogsTest - info while verbose"), file);
        assertFalse(file.contains("debug"), file);
    }
}
