package dev.cairn.bench;

import java.util.Arrays;

/**
 * The timings of one scenario: every timed run in milliseconds, and the most heap the scenario
 * held beyond what was live before it.
 *
 * @param dataset what the scenario ran on, in words ("100,000 IDs", "10.0 MB")
 */
record Measurement(String name, String dataset, double[] runsMs, double peakHeapMb) {

    double median() {
        double[] sorted = runsMs.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    double min() {
        return Arrays.stream(runsMs).min().orElse(Double.NaN);
    }

    double max() {
        return Arrays.stream(runsMs).max().orElse(Double.NaN);
    }

    int runs() {
        return runsMs.length;
    }
}
