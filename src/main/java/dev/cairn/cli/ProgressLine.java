package dev.cairn.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The progress line of a bulk write on a terminal's stderr — {@code 1,200/5,000 IDs, 310/s, 13 s left}
 * — redrawn in place and erased at the end. It appears only once the work has taken a second (a
 * quick copy prints nothing more than its results), and never where stderr is no terminal.
 */
final class ProgressLine {

    private static final long SHOWN_AFTER_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final String ERASE = "\r\u001b[K";

    private final PrintWriter err;
    private final boolean terminal;
    private final LongSupplier nanoTime;
    private final long start;
    private boolean shown;

    /** {@code nanoTime}: the clock ({@link System#nanoTime} but in tests). */
    ProgressLine(PrintWriter err, boolean terminal, LongSupplier nanoTime) {
        this.err = err;
        this.terminal = terminal;
        this.nanoTime = nanoTime;
        this.start = nanoTime.getAsLong();
    }

    /** A line on {@code err} if it is a terminal ({@link TerminalWriter}), started now. */
    static ProgressLine on(PrintWriter err) {
        return new ProgressLine(err, TerminalWriter.isTerminal(err), System::nanoTime);
    }

    /** {@code done} of {@code total} IDs are done. */
    synchronized void update(long done, long total) {
        long elapsed = nanoTime.getAsLong() - start;
        if (!terminal || elapsed < SHOWN_AFTER_NANOS) {
            return;
        }
        double perSecond = done * 1e9 / elapsed;
        String left = perSecond > 0 ? duration(Math.round((total - done) / perSecond)) + " left" : "";
        err.print(ERASE + String.format(Locale.ROOT, "%,d/%,d IDs, %,.0f/s, %s", done, total, perSecond, left).strip());
        err.flush();
        shown = true;
    }

    /** Erases the line (at the end, or before a line of output that must not land behind it). */
    synchronized void clear() {
        if (shown) {
            err.print(ERASE);
            err.flush();
            shown = false;
        }
    }

    private static String duration(long seconds) {
        return seconds < 60 ? seconds + " s" : seconds < 3600 ? seconds / 60 + " min " + seconds % 60 + " s"
                : seconds / 3600 + " h " + seconds % 3600 / 60 + " min";
    }
}
