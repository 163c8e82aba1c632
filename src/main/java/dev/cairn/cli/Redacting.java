package dev.cairn.cli;

import dev.cairn.backend.Redaction;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * stderr as the user sees it: every line goes through the log's {@link Redaction}, so a secret in a
 * library's message (a SAS {@code sig=} in an Azure URL) is hidden on the terminal as in the log.
 * Text is held to the end of its line, or to a flush (a progress line that ends in {@code \r}).
 */
final class Redacting extends OutputStream {

    private final OutputStream target;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    private Redacting(OutputStream target) {
        this.target = target;
    }

    static PrintStream stream(PrintStream target) {
        return new PrintStream(new Redacting(target), true, StandardCharsets.UTF_8);
    }

    @Override
    public synchronized void write(int b) throws IOException {
        line.write(b);
        if (b == '\n') {
            emit();
        }
    }

    @Override
    public synchronized void flush() throws IOException {
        emit();
        target.flush();
    }

    @Override
    public void close() throws IOException {
        flush();
    }

    private void emit() throws IOException {
        if (line.size() > 0) {
            target.write(Redaction.redactText(line.toString(StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8));
            line.reset();
        }
    }
}
