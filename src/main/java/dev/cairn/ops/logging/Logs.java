package dev.cairn.ops.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.filter.ThresholdFilter;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.OutputStreamAppender;
import ch.qos.logback.core.spi.FilterReply;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import org.slf4j.LoggerFactory;
import org.slf4j.Marker;

/** The process's log as {@link LogSetup} configured it: where its file is, and a copy on the terminal. */
public final class Logs {

    // qualified: Logger here is Logback's, which this class configures
    private static final org.slf4j.Logger LOG = LoggerFactory.getLogger(Logs.class);

    private Logs() {}

    /** The log file (which may not exist yet: it is created by the first line written to it). */
    public static Path file() {
        return Path.of(context().getProperty(LogSetup.FILE_PROPERTY));
    }

    /**
     * Copies log lines to {@code stream} (the terminal's stderr) until closed: INFO and above, or
     * with {@code debug} also Cairn's DEBUG lines. The file keeps getting INFO and above only.
     */
    public static AutoCloseable toConsole(OutputStream stream, boolean debug) {
        LoggerContext context = context();
        OutputStreamAppender<ILoggingEvent> appender = new OutputStreamAppender<>();
        appender.setContext(context);
        appender.setName("console");
        appender.setEncoder(RedactingLayout.encoder(context, RedactingLayout.TERMINAL));
        // stopping an appender closes its stream; the terminal's stays open for the command's output
        appender.setOutputStream(new FilterOutputStream(stream) {
            @Override
            public void close() throws IOException {
                flush();
            }
        });
        appender.setImmediateFlush(true);
        appender.start();
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        Logger ours = context.getLogger("dev.cairn");
        Level before = ours.getLevel();
        if (debug) {
            ours.setLevel(Level.DEBUG);
        } else {
            ThresholdFilter infoAndAbove = new ThresholdFilter();
            infoAndAbove.setLevel(Level.INFO.levelStr);
            infoAndAbove.start();
            appender.addFilter(infoAndAbove);
        }
        root.addAppender(appender);
        return () -> {
            root.detachAppender(appender);
            appender.stop();
            ours.setLevel(before);
        };
    }

    /**
     * Writes no log line, of Cairn's or of a library's, until closed: for a shell's completion,
     * which runs at every TAB and is no user's action.
     */
    public static AutoCloseable off() {
        LoggerContext context = context();
        TurboFilter denyAll = new TurboFilter() {
            @Override
            public FilterReply decide(Marker marker, Logger logger, Level level, String format, Object[] params, Throwable t) {
                return FilterReply.DENY;
            }
        };
        denyAll.start();
        context.addTurboFilter(denyAll);
        return () -> context.getTurboFilterList().remove(denyAll);
    }

    /** Logs what would otherwise die with its thread (as the default handler, before anything else sees it). */
    public static void uncaught(Thread thread, Throwable error) {
        LOG.error("Uncaught exception on thread {}", thread.getName(), error);
    }

    private static LoggerContext context() {
        return (LoggerContext) LoggerFactory.getILoggerFactory();
    }
}
