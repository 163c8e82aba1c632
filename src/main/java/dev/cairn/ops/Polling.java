package dev.cairn.ops;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The rhythm of a watch: a look every interval, the wait doubling while looks find nothing new (up
 * to {@link #MAX_BACKOFF} intervals) and back to one interval when one does, until stopped from any
 * thread or interrupted.
 */
public final class Polling {

    /** How often a watch looks unless told otherwise. */
    public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(2);

    /** The longest wait between two looks, in intervals, while nothing changes. */
    public static final int MAX_BACKOFF = 8;

    private final Duration interval;
    private final CountDownLatch stopped = new CountDownLatch(1);
    private Duration wait;

    public Polling(Duration interval) {
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("a watch's interval must be positive, not " + interval);
        }
        this.interval = interval;
        this.wait = interval;
    }

    /**
     * Waits before the next look: one interval after a look that found something new ({@code
     * changed}), twice the last wait (at most {@link #MAX_BACKOFF} intervals) after one that did not.
     *
     * @return false when stopped (or interrupted) instead: look no more
     */
    public boolean awaitNext(boolean changed) {
        Duration longest = interval.multipliedBy(MAX_BACKOFF);
        wait = changed ? interval : wait.multipliedBy(2).compareTo(longest) > 0 ? longest : wait.multipliedBy(2);
        try {
            return !stopped.await(wait.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Ends the polling at its next wait; one not yet waiting ends at it at once. */
    public void stop() {
        stopped.countDown();
    }
}
