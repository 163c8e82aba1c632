package dev.cairn.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Writes the results: {@code results.json} for machines, a table for people. */
final class Report {

    private Report() {}

    /**
     * A JSON list with one object per scenario: {@code name, median_ms, min_ms, max_ms, runs,
     * peak_heap_mb}, plus {@code dataset}, and {@code target}/{@code met} where a target applies.
     */
    static void write(Path file, List<Measurement> results, List<Target.Verdict> verdicts, String scale, double seconds)
            throws IOException {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        Map<String, Target.Verdict> byScenario = new HashMap<>();
        verdicts.forEach(v -> byScenario.putIfAbsent(v.scenario(), v));
        ArrayNode list = mapper.createArrayNode();
        for (Measurement m : results) {
            ObjectNode o = list.addObject();
            o.put("name", m.name());
            o.put("median_ms", round(m.median()));
            o.put("min_ms", round(m.min()));
            o.put("max_ms", round(m.max()));
            o.put("runs", m.runs());
            o.put("peak_heap_mb", round(m.peakHeapMb()));
            o.put("dataset", m.dataset());
            o.put("scale", scale);
            Target.Verdict v = byScenario.get(m.name());
            if (v != null) {
                o.put("target", v.target());
                o.put("measured", v.measuredText());
                o.put("met", v.met());
            }
        }
        mapper.writeValue(file.toFile(), list);
    }

    static void print(PrintStream out, List<Measurement> results, List<Target.Verdict> verdicts, double seconds) {
        out.printf(Locale.ROOT, "%n| %-24s | %10s | %10s | %10s | %4s | %9s | %-36s |%n", "scenario", "median ms", "min ms",
                "max ms", "runs", "heap MB", "dataset");
        out.println("|" + "-".repeat(26) + "|" + "-".repeat(12) + "|" + "-".repeat(12) + "|" + "-".repeat(12) + "|"
                + "-".repeat(6) + "|" + "-".repeat(11) + "|" + "-".repeat(38) + "|");
        for (Measurement m : results) {
            out.printf(Locale.ROOT, "| %-24s | %10.1f | %10.1f | %10.1f | %4d | %9.0f | %-36s |%n", m.name(), m.median(),
                    m.min(), m.max(), m.runs(), m.peakHeapMb(), m.dataset());
        }
        out.printf(Locale.ROOT, "%n| %-24s | %-44s | %10s | %-4s |%n", "target", "limit", "measured", "met");
        out.println("|" + "-".repeat(26) + "|" + "-".repeat(46) + "|" + "-".repeat(12) + "|" + "-".repeat(6) + "|");
        for (Target.Verdict v : verdicts) {
            out.printf(Locale.ROOT, "| %-24s | %-44s | %10s | %-4s |%n", v.scenario(), v.target(), v.measuredText(),
                    v.met() ? "yes" : "NO");
        }
        out.printf(Locale.ROOT, "%nwhole run: %.0f s%n", seconds);
    }

    private static double round(double d) {
        return Math.round(d * 100) / 100.0;
    }
}
