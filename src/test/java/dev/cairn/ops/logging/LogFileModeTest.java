package dev.cairn.ops.logging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.rolling.RollingFileAppender;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The log holds command lines: its folder and every file of it, rolled or new, are the owner's only. */
@Tag("unit")
class LogFileModeTest {

    @TempDir
    Path dir;

    private static String mode(Path path) throws Exception {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
    }

    @Test
    void theLogFolderAndEveryLogFileAreTheOwnersOnly() throws Exception {
        Path file = dir.resolve("state/cairn/cairn.log");
        LoggerContext context = new LoggerContext();
        RollingFileAppender<ILoggingEvent> appender = LogSetup.rollingFile(context, file);
        try {
            appender.doAppend(new LoggingEvent(LogFileModeTest.class.getName(), context.getLogger("dev.cairn.test"),
                    Level.INFO, "cairn set prod:tap s3://key:secret@bucket", null, null));
            assertEquals("rwx------", mode(dir.resolve("state")));
            assertEquals("rwx------", mode(file.getParent()));
            assertEquals("rw-------", mode(file));
            appender.rollover();
            assertTrue(Files.exists(file.resolveSibling("cairn.1.log")));
            assertEquals("rw-------", mode(file.resolveSibling("cairn.1.log")));
            assertEquals("rw-------", mode(file), "the file opened after the roll too");
        } finally {
            appender.stop();
        }
    }
}
