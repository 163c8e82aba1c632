package dev.cairn.testing;

import java.time.Duration;

/**
 * Waits for something to have happened by checking it, not by sleeping as long as it usually
 * takes: a loaded machine makes a fixed sleep too short, an idle one makes it too long.
 */
public final class Waits {

    /** How often a condition is checked: often enough to add little to a test, rarely enough to leave the machine to the work. */
    private static final long POLL_MILLIS = 10;

    private Waits() {}

    /** A condition that may need I/O to check, such as a query to a server. */
    @FunctionalInterface
    public interface Condition {
        boolean holds() throws Exception;
    }

    /**
     * Returns once {@code condition} holds; fails, naming {@code what} it waited for, if it still
     * does not after {@code timeout}.
     */
    public static void until(Condition condition, Duration timeout, String what) throws Exception {
        long end = System.nanoTime() + timeout.toNanos();
        while (!condition.holds()) {
            if (System.nanoTime() - end > 0) {
                throw new AssertionError("waited " + timeout.toSeconds() + " s for " + what);
            }
            Thread.sleep(POLL_MILLIS);
        }
    }
}
