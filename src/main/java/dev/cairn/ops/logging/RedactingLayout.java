package dev.cairn.ops.logging;

import ch.qos.logback.classic.PatternLayout;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Context;
import ch.qos.logback.core.encoder.LayoutWrappingEncoder;
import dev.cairn.backend.Redaction;
import java.nio.charset.StandardCharsets;

/**
 * A pattern layout whose whole output (message, arguments, exception messages and stack traces)
 * passes through {@link Redaction#redactText}, the redaction the window's URIs get.
 */
final class RedactingLayout extends PatternLayout {

    @Override
    public String doLayout(ILoggingEvent event) {
        return Redaction.redactText(super.doLayout(event));
    }

    static LayoutWrappingEncoder<ILoggingEvent> encoder(Context context, String pattern) {
        RedactingLayout layout = new RedactingLayout();
        layout.setContext(context);
        layout.setPattern(pattern);
        layout.start();
        LayoutWrappingEncoder<ILoggingEvent> encoder = new LayoutWrappingEncoder<>();
        encoder.setContext(context);
        encoder.setLayout(layout);
        encoder.setCharset(StandardCharsets.UTF_8);
        encoder.start();
        return encoder;
    }
}
