package dev.cairn.ops.logging;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.Context;
import ch.qos.logback.core.CoreConstants;
import ch.qos.logback.core.LayoutBase;
import ch.qos.logback.core.encoder.LayoutWrappingEncoder;
import dev.cairn.backend.Redaction;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/**
 * Lays out a log line and passes all of it (message, arguments, exception messages and stack
 * traces) through {@link Redaction#redactText}, the redaction the window's URIs get. Written out
 * rather than a {@code PatternLayout}: the pattern machinery loads some 70 classes, a fifth of a
 * command's start-up on this machine (docs/cli.md "Logs").
 */
final class RedactingLayout extends LayoutBase<ILoggingEvent> {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS")
            .withZone(ZoneId.systemDefault());

    /** Lines of the file: time, process, level, thread, logger; the process ID tells the window from commands run meanwhile. */
    static final Format FILE = (event, line) -> line.append(TIME.format(Instant.ofEpochMilli(event.getTimeStamp())))
            .append(' ').append(ProcessHandle.current().pid()).append(' ')
            .append(event.getLevel()).append(event.getLevel().levelStr.length() == 4 ? "  [" : " [").append(event.getThreadName()).append("] ")
            .append(event.getLoggerName());

    /** Lines on the terminal: level and the logger's simple name. */
    static final Format TERMINAL = (event, line) -> {
        String logger = event.getLoggerName();
        line.append(event.getLevel()).append(' ').append(logger.substring(logger.lastIndexOf('.') + 1));
    };

    /** What stands before a line's message. */
    @FunctionalInterface
    interface Format {
        void head(ILoggingEvent event, StringBuilder line);
    }

    private final Format format;

    private RedactingLayout(Format format) {
        this.format = format;
    }

    @Override
    public String doLayout(ILoggingEvent event) {
        StringBuilder line = new StringBuilder(128);
        format.head(event, line);
        line.append(" - ").append(event.getFormattedMessage()).append(CoreConstants.LINE_SEPARATOR);
        IThrowableProxy error = event.getThrowableProxy();
        if (error != null) {
            line.append(ThrowableProxyUtil.asString(error)).append(CoreConstants.LINE_SEPARATOR);
        }
        return Redaction.redactText(line.toString());
    }

    static LayoutWrappingEncoder<ILoggingEvent> encoder(Context context, Format format) {
        RedactingLayout layout = new RedactingLayout(format);
        layout.setContext(context);
        layout.start();
        LayoutWrappingEncoder<ILoggingEvent> encoder = new LayoutWrappingEncoder<>();
        encoder.setContext(context);
        encoder.setLayout(layout);
        encoder.setCharset(StandardCharsets.UTF_8);
        encoder.start();
        return encoder;
    }
}
