package dev.cairn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The progress line, on a clock the test moves: shown after a second, with rate and time left, erased at the end. */
@Tag("unit")
class ProgressLineTest {

    private final StringWriter err = new StringWriter();
    private final AtomicLong now = new AtomicLong(1_000);

    private ProgressLine line(boolean terminal) {
        return new ProgressLine(new PrintWriter(err, true), terminal, now::get);
    }

    private void seconds(double s) {
        now.addAndGet((long) (s * TimeUnit.SECONDS.toNanos(1)));
    }

    @Test
    void showsIdsRateAndTimeLeftOnceASecondHasPassedThenErasesItself() {
        ProgressLine progress = line(true);
        seconds(0.5);
        progress.update(50, 1_000);
        assertEquals("", err.toString(), "nothing in the first second");
        seconds(1.5);
        progress.update(200, 1_000);
        assertEquals("\r\u001b[K200/1,000 IDs, 100/s, 8 s left", err.toString());
        seconds(8);
        progress.update(1_000, 1_000);
        progress.clear();
        assertEquals("\r\u001b[K200/1,000 IDs, 100/s, 8 s left\r\u001b[K1,000/1,000 IDs, 100/s, 0 s left\r\u001b[K",
                err.toString());
    }

    @Test
    void longWorkCountsMinutes() {
        ProgressLine progress = line(true);
        seconds(10);
        progress.update(100, 100_000);
        assertEquals("\r\u001b[K100/100,000 IDs, 10/s, 2 h 46 min left", err.toString());
    }

    @Test
    void nothingWhereStderrIsNoTerminal() {
        ProgressLine progress = line(false);
        seconds(5);
        progress.update(1, 2);
        progress.clear();
        assertEquals("", err.toString());
    }
}
