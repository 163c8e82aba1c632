package dev.cairn.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The benchmark harness on a tiny dataset, so that it cannot rot; the figures themselves mean nothing here. */
@Tag("bench")
class BenchTest {

    /** Every scenario the issue names, and the floors they are compared with. */
    private static final List<String> SCENARIOS = List.of(
            "list-pg-100k", "list-jdbc-floor-100k", "list-pg-100k-first-screen", "list-jdbc-floor-first-1k", "badges-pg-100k", "rows-jdbc-floor-100k",
            "list-s3-100k", "list-s3-floor-100k",
            "open-10mb", "open-50mb", "parse-floor-10mb", "diff-10mb", "diff-50mb", "merge-10mb",
            "write-bytes-10mb", "write-floor-10mb", "copy-sqlite-s3-10k-seq", "copy-sqlite-s3-10k",
            "copy-sqlite-s3-1k-latency-seq", "copy-sqlite-s3-1k-latency",
            "filter-100k", "filter-100k-substring", "filter-100k-pattern", "first-screen-small-busy", "diff-small-busy",
            "startup", "timeline-100k-runs", "cli-list-small", "cli-get-small", "cli-get-10mb", "py-pretty-10mb",
            "badges-sqlite-20k", "rows-sqlite-floor-20k", "py-list-small", "watch-10mb-idle",
            "compare-pg-pg-100k", "compare-floor-pg-pg-100k", "check-pg-100k", "rewind-sqlite-10k", "write-floor-sqlite-10k",
            "startup-floor");

    @Test
    void writesEveryScenarioToResultsJson(@TempDir Path dir) throws Exception {
        new Bench(Bench.Scale.TINY, dir).run();

        JsonNode results = new ObjectMapper().readTree(dir.resolve("results.json").toFile());
        List<String> names = new ArrayList<>();
        for (JsonNode entry : results) {
            names.add(entry.get("name").asText());
            for (String field : List.of("median_ms", "min_ms", "max_ms", "peak_heap_mb")) {
                assertTrue(entry.get(field).isNumber(), entry + " has no number " + field);
            }
            assertTrue(entry.get("runs").asInt() >= 1, entry.toString());
            assertTrue(entry.get("min_ms").asDouble() <= entry.get("median_ms").asDouble(), entry.toString());
            assertTrue(entry.get("median_ms").asDouble() <= entry.get("max_ms").asDouble(), entry.toString());
        }
        for (String scenario : SCENARIOS) {
            assertTrue(names.contains(scenario), "results.json has no " + scenario + ": " + names);
        }
        assertEquals(names.size(), names.stream().distinct().count(), "a scenario is named twice: " + names);
    }
}
