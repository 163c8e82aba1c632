package dev.cairn.ops.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.filter.ThresholdFilter;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ConfiguratorRank;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.rolling.FixedWindowRollingPolicy;
import ch.qos.logback.core.rolling.RollingFileAppender;
import ch.qos.logback.core.rolling.SizeBasedTriggeringPolicy;
import ch.qos.logback.core.spi.ContextAwareBase;
import ch.qos.logback.core.util.FileSize;
import dev.cairn.ops.PrivateFiles;
import dev.cairn.ops.UserFolders;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Logback's configuration, in code and found through {@code ServiceLoader}: no XML is read at
 * start-up, and the file is opened by the first event that reaches it. INFO and above go to
 * {@code cairn.log} in {@link UserFolders#logsFromEnvironment()}, redacted, rolled at
 * {@value #ROLL_AT} into {@value #KEPT} older files.
 */
@ConfiguratorRank(ConfiguratorRank.CUSTOM_TOP_PRIORITY)
public final class LogSetup extends ContextAwareBase implements Configurator {

    /** The context property holding the log file's path, for {@link Logs#file()}. */
    static final String FILE_PROPERTY = "cairn.log.file";
    static final String ROLL_AT = "5 MB";
    static final int KEPT = 4;

    /** The libraries' chatter at INFO (HTTP clients, test servers) says nothing a support engineer needs. */
    private static final String[] QUIET = {"software.amazon", "com.azure", "org.apache.hc", "org.eclipse.jetty", "org.gaul",
        "io.zonky", "reactor", "io.netty"};

    @Override
    public ExecutionStatus configure(LoggerContext context) {
        Path file = UserFolders.logsFromEnvironment().resolve("cairn.log");
        context.putProperty(FILE_PROPERTY, file.toString());
        LazyAppender appender = new LazyAppender(() -> rollingFile(context, file));
        appender.setContext(context);
        appender.setName("file");
        // --debug lowers Cairn's loggers for the terminal; the file stays at INFO and above
        ThresholdFilter infoAndAbove = new ThresholdFilter();
        infoAndAbove.setLevel(Level.INFO.levelStr);
        infoAndAbove.start();
        appender.addFilter(infoAndAbove);
        appender.start();
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.INFO);
        root.addAppender(appender);
        for (String name : QUIET) {
            context.getLogger(name).setLevel(Level.WARN);
        }
        // warns at every request that the JDK client drops a restricted header it never needed
        context.getLogger("com.azure.core.http.jdk.httpclient").setLevel(Level.ERROR);
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }

    static RollingFileAppender<ILoggingEvent> rollingFile(LoggerContext context, Path file) {
        RollingFileAppender<ILoggingEvent> out = new PrivateRollingFile();
        out.setContext(context);
        out.setName("cairn.log");
        out.setFile(file.toString());
        FixedWindowRollingPolicy rolling = new FixedWindowRollingPolicy();
        rolling.setContext(context);
        rolling.setParent(out);
        rolling.setFileNamePattern(file.resolveSibling("cairn.%i.log").toString());
        rolling.setMinIndex(1);
        rolling.setMaxIndex(KEPT);
        rolling.start();
        SizeBasedTriggeringPolicy<ILoggingEvent> trigger = new SizeBasedTriggeringPolicy<>();
        trigger.setContext(context);
        trigger.setMaxFileSize(FileSize.valueOf(ROLL_AT));
        trigger.start();
        out.setRollingPolicy(rolling);
        out.setTriggeringPolicy(trigger);
        out.setEncoder(RedactingLayout.encoder(context, RedactingLayout.FILE));
        out.start();
        return out;
    }

    /** Opens each log file, the first and every one after a roll, as {@link PrivateFiles#file}: the log holds command lines. */
    private static final class PrivateRollingFile extends RollingFileAppender<ILoggingEvent> {
        @Override
        public void openFile(String name) throws IOException {
            PrivateFiles.file(Path.of(name));
            super.openFile(name);
        }
    }
}
