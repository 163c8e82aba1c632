package dev.cairn.bench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The performance targets. Where the machine's speed matters the target is a ratio to a
 * floor measured in the same run; medians are compared.
 */
final class Target {

    /** One target as measured. */
    record Verdict(String scenario, String target, double measured, double limit, String unit, boolean met) {
        String measuredText() {
            return String.format(Locale.ROOT, unit.equals("×") ? "%.2f×" : measured < 100 ? "%.1f %s" : "%.0f %s", measured, unit);
        }
    }

    private Target() {}

    static List<Verdict> check(List<Measurement> results) {
        Map<String, Measurement> byName = new HashMap<>();
        results.forEach(m -> byName.put(m.name(), m));
        List<Verdict> out = new ArrayList<>();
        ratio(out, byName, "list-pg-100k", "list-jdbc-floor-100k", 1.3);
        ratio(out, byName, "list-pg-100k-first-screen", "list-jdbc-floor-first-1k", 1.3);
        ratio(out, byName, "badges-pg-100k", "rows-jdbc-floor-100k", 1.5);
        ratio(out, byName, "badges-sqlite-20k", "rows-sqlite-floor-20k", 1.5);
        ratio(out, byName, "list-s3-100k", "list-s3-floor-100k", 1.3);
        // both sides read at once; digests, and a structural diff of the tenth that differs
        ratio(out, byName, "compare-sqlite-pg-10k", "compare-floor-sqlite-pg-10k", 1.5);
        ratio(out, byName, "compare-file-s3-10k", "compare-floor-file-s3-10k", 1.5);
        // the floor reads both sides one after the other: twice rows-jdbc-floor-100k
        ratio(out, byName, "compare-pg-pg-100k", "compare-floor-pg-pg-100k", 1.5);
        ratio(out, byName, "check-pg-100k", "badges-pg-100k", 1.2);
        ratio(out, byName, "rewind-sqlite-10k", "write-floor-sqlite-10k", 2);
        Measurement filter = byName.get("filter-100k");
        if (filter != null) {
            // each run's slowest keystroke, of the worse of substring and pattern; median of the runs
            out.add(new Verdict("filter-100k", "slowest keystroke ≤ 16 ms", filter.median(), 16, "ms",
                    filter.median() <= 16));
        }
        absolute(out, byName, "open-10mb", 1000, true);
        absolute(out, byName, "open-50mb", 4000, true);
        absolute(out, byName, "diff-10mb", 500, false);
        absolute(out, byName, "diff-50mb", 2500, false);
        ratio(out, byName, "merge-10mb", "parse-floor-10mb", 2);
        ratio(out, byName, "write-bytes-10mb", "write-floor-10mb", 2);
        // S3Proxy shares the 2 cores with the copy: concurrency can win only the second core and the waits
        speedup(out, byName, "copy-sqlite-s3-10k", 2.5);
        // a real network's round trips overlap
        speedup(out, byName, "copy-sqlite-s3-1k-latency", 8);
        absolute(out, byName, "startup", 1000, true);
        absolute(out, byName, "cli-get-small", 500, true);
        absolute(out, byName, "cli-list-small", 300, false);
        ratio(out, byName, "cli-list-small", "py-list-small", 1.0);
        ratio(out, byName, "cli-get-10mb", "py-pretty-10mb", 0.5);
        ratio(out, byName, "cli-diff-10mb", "jsondiffpatch-10mb", 0.5);
        absolute(out, byName, "timeline-100k-runs", 300, false);
        absolute(out, byName, "first-screen-small-busy", 100, false);
        absolute(out, byName, "diff-small-busy", 150, false);
        Measurement watch = byName.get("watch-10mb-idle");
        if (watch != null) {
            // CPU milliseconds of the watching thread per minute watched
            out.add(new Verdict("watch-10mb-idle", "≤ 0.6 CPU s per minute watched", watch.median(), 600, "ms",
                    watch.median() <= 600));
        }
        Measurement open50 = byName.get("open-50mb");
        if (open50 != null) {
            double documentMb = documentMegabytes(open50.dataset());
            double ratio = open50.peakHeapMb() / documentMb / 1.048576;
            out.add(new Verdict("open-50mb heap", "peak heap ≤ 8× the document", ratio, 8, "×", ratio <= 8));
        }
        return out;
    }

    private static void ratio(List<Verdict> out, Map<String, Measurement> byName, String name, String floor, double limit) {
        Measurement m = byName.get(name);
        Measurement f = byName.get(floor);
        if (m != null && f != null) {
            double ratio = m.median() / f.median();
            out.add(new Verdict(name, String.format(Locale.ROOT, "≤ %s× %s", trim(limit), floor), ratio, limit, "×",
                    ratio <= limit));
        }
    }

    /** How many times faster the scenario runs than its sequential twin {@code name-seq}. */
    private static void speedup(List<Verdict> out, Map<String, Measurement> byName, String name, double atLeast) {
        Measurement seq = byName.get(name + "-seq");
        Measurement par = byName.get(name);
        if (seq != null && par != null) {
            double speedup = seq.median() / par.median();
            out.add(new Verdict(name, "≥ " + trim(atLeast) + "× faster than " + name + "-seq", speedup, atLeast, "×",
                    speedup >= atLeast));
        }
    }

    private static void absolute(List<Verdict> out, Map<String, Measurement> byName, String name, double limitMs,
                                 boolean strict) {
        Measurement m = byName.get(name);
        if (m != null) {
            boolean met = strict ? m.median() < limitMs : m.median() <= limitMs;
            out.add(new Verdict(name, (strict ? "< " : "≤ ") + trim(limitMs) + " ms", m.median(), limitMs, "ms", met));
        }
    }

    /** The completed document's size from a dataset description ("50.2 MB completed + …"). */
    private static double documentMegabytes(String dataset) {
        return Double.parseDouble(dataset.substring(0, dataset.indexOf(" MB")));
    }

    private static String trim(double d) {
        return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
    }
}
