package dev.cairn.cli;

import dev.cairn.ops.DiffText;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.Writer;

/**
 * A stream of the command line's output (picocli's {@code getOut()} and {@code getErr()}) that
 * knows whether it goes to a terminal and may be coloured, so that the printers of every verb
 * ({@link DiffPrinter}, {@link ProgressLine}, …) ask their writer rather than the process.
 */
final class TerminalWriter extends PrintWriter {

    private final Invocation invocation;

    TerminalWriter(OutputStream out, Invocation invocation) {
        super(out, true);
        this.invocation = invocation;
    }

    TerminalWriter(Writer out, Invocation invocation) {
        super(out, true);
        this.invocation = invocation;
    }

    /** Whether {@code writer} goes to a terminal (progress lines are drawn there). */
    static boolean isTerminal(PrintWriter writer) {
        return writer instanceof TerminalWriter t && t.invocation.onTerminal();
    }

    /** The colours for {@code writer}: none unless it is a terminal and colour is wanted. */
    static Colours colours(PrintWriter writer) {
        return new Colours(writer instanceof TerminalWriter t && t.invocation.colour());
    }

    /** A diff printer for {@code writer}, in colour where {@link #colours} says so. */
    static DiffText diffText(PrintWriter writer) {
        Colours colours = colours(writer);
        return new DiffText(writer, (kind, line) -> colours.paint(switch (kind) {
            case ADDED -> Colours.Role.ADDED;
            case REMOVED -> Colours.Role.REMOVED;
            case CHANGED -> Colours.Role.CHANGED;
        }, line));
    }
}
