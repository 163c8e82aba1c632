package dev.cairn.testing;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Fails a test in which any thread waits for a backend's database connection for longer than
 * {@link #LIMIT}: the sign of work that holds a connection while waiting for other work that needs
 * it (the health scan once did, and every scan of a big system DB stopped for good). It samples the
 * threads' stacks; on the first such wait it interrupts the test's thread, so the test ends at once
 * instead of at its own time limit, and reports the waiting thread's stack.
 */
public final class BackendLockWatchdog implements BeforeEachCallback, AfterEachCallback {

    /** Longer than any wait in turn for a connection takes in the suite, even on a busy machine. */
    static final Duration LIMIT = Duration.ofSeconds(8);
    private static final long SAMPLE_MILLIS = 200;
    /** Where a thread waits for a connection: the first Cairn frame from the top of its stack. */
    private static final List<String> CONNECTION_WAITS = List.of(
            "dev.cairn.backend.systemdb.SerializedConnection.use", "dev.cairn.backend.systemdb.PostgresPool.use");

    private Sampler sampler;

    @Override
    public void beforeEach(ExtensionContext context) {
        sampler = new Sampler(Thread.currentThread());
        sampler.start();
    }

    @Override
    public void afterEach(ExtensionContext context) throws InterruptedException {
        sampler.interrupt();
        sampler.join();
        if (sampler.found != null) {
            Thread.interrupted(); // the interrupt that ended the test has done its work
            throw new AssertionError(sampler.found);
        }
    }

    private static final class Sampler extends Thread {
        private final Thread test;
        private final Map<Thread, Long> waitingSince = new HashMap<>();
        volatile String found;

        Sampler(Thread test) {
            super("backend-lock-watchdog");
            this.test = test;
            setDaemon(true);
        }

        @Override
        public void run() {
            try {
                while (found == null) {
                    sample(System.nanoTime());
                    Thread.sleep(SAMPLE_MILLIS);
                }
                test.interrupt();
            } catch (InterruptedException e) {
                // the test ended
            }
        }

        private void sample(long now) {
            List<Thread> waiting = new ArrayList<>();
            for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
                Thread thread = e.getKey();
                State state = thread.getState();
                boolean parked = state == State.WAITING || state == State.TIMED_WAITING || state == State.BLOCKED;
                if (parked && waitsForConnection(e.getValue())) {
                    waiting.add(thread);
                    long since = waitingSince.computeIfAbsent(thread, t -> now);
                    if (now - since > LIMIT.toNanos()) {
                        found = thread.getName() + " has waited for a backend's connection for over " + LIMIT.toSeconds()
                                + " s:\n" + stack(e.getValue());
                        return;
                    }
                }
            }
            waitingSince.keySet().retainAll(waiting);
        }

        private static boolean waitsForConnection(StackTraceElement[] stack) {
            for (StackTraceElement frame : stack) {
                if (frame.getClassName().startsWith("dev.cairn.")) {
                    return CONNECTION_WAITS.contains(frame.getClassName() + "." + frame.getMethodName());
                }
            }
            return false;
        }

        private static String stack(StackTraceElement[] stack) {
            StringBuilder s = new StringBuilder();
            for (StackTraceElement frame : stack) {
                s.append("\tat ").append(frame).append('\n');
            }
            return s.toString();
        }
    }
}
