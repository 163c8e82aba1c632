package dev.cairn.ops.logging;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.UnsynchronizedAppenderBase;
import java.util.function.Supplier;

/**
 * Makes its appender at the first event: a run that logs nothing creates no folder and opens no
 * file, and start-up loads none of the file appender's classes.
 */
final class LazyAppender extends UnsynchronizedAppenderBase<ILoggingEvent> {

    private final Supplier<Appender<ILoggingEvent>> factory;
    private volatile Appender<ILoggingEvent> delegate;

    LazyAppender(Supplier<Appender<ILoggingEvent>> factory) {
        this.factory = factory;
    }

    @Override
    protected void append(ILoggingEvent event) {
        Appender<ILoggingEvent> out = delegate;
        if (out == null) {
            synchronized (this) {
                if (delegate == null) {
                    delegate = factory.get();
                }
                out = delegate;
            }
        }
        out.doAppend(event);
    }

    @Override
    public void stop() {
        synchronized (this) {
            if (delegate != null) {
                delegate.stop();
            }
        }
        super.stop();
    }
}
