package dev.cairn.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * Times scenarios: warm-up runs first, then timed runs. Scenarios compared with each other (a
 * scenario and its floor) run interleaved, run for run, so that a burst of load from the machine's
 * other users falls on both rather than on one.
 */
final class Runner {

    /** The timed part of one run; what it returns is kept referenced until its heap is measured. */
    interface Trial {
        Object run() throws Exception;
    }

    /** Prepares one run without timing it (a fresh bucket, a new model) and returns the timed part. */
    interface Setup {
        Trial prepare() throws Exception;
    }

    /** A scenario to time. */
    record Spec(String name, String dataset, Setup setup) {
        static Spec of(String name, String dataset, Trial trial) {
            return new Spec(name, dataset, () -> trial);
        }
    }

    private final int warmups;
    private final int runs;
    private final List<Measurement> results = new ArrayList<>();

    Runner(int warmups, int runs) {
        this.warmups = warmups;
        this.runs = runs;
    }

    List<Measurement> results() {
        return results;
    }

    void time(Spec... specs) throws Exception {
        time(warmups, runs, specs);
    }

    /**
     * Runs the scenarios round-robin; the heap is measured on the last run of each, around the
     * timed part only.
     */
    void time(int warmupCount, int runCount, Spec... specs) throws Exception {
        for (int w = 0; w < warmupCount; w++) {
            for (Spec spec : specs) {
                spec.setup().prepare().run();
            }
        }
        double[][] times = new double[specs.length][runCount];
        double[] heap = new double[specs.length];
        for (int r = 0; r < runCount; r++) {
            for (int i = 0; i < specs.length; i++) {
                Trial trial = specs[i].setup().prepare();
                boolean last = r == runCount - 1;
                HeapProbe probe = last ? HeapProbe.start() : null;
                long start = System.nanoTime();
                Object result = trial.run();
                times[i][r] = (System.nanoTime() - start) / 1e6;
                if (probe != null) {
                    heap[i] = probe.peakMb();
                    probe.close();
                }
                keep(result);
            }
        }
        for (int i = 0; i < specs.length; i++) {
            Measurement m = new Measurement(specs[i].name(), specs[i].dataset(), times[i], heap[i]);
            results.add(m);
            System.err.printf("  %-28s median %10.1f ms  (min %.1f, max %.1f, %d runs, heap %.0f MB)%n", m.name(),
                    m.median(), m.min(), m.max(), m.runs(), m.peakHeapMb());
        }
    }

    /** Records a measurement taken some other way (each keystroke of a typed filter, say). */
    void record(Measurement m) {
        results.add(m);
        System.err.printf("  %-28s median %10.1f ms  (min %.1f, max %.1f, %d runs)%n", m.name(), m.median(), m.min(),
                m.max(), m.runs());
    }

    private static volatile Object sink;

    /** Keeps the result reachable past the measurement, so the JIT cannot drop the work. */
    private static void keep(Object result) {
        sink = result;
        sink = null;
    }
}
