package dev.cairn.cli;

import dev.cairn.backend.RunLog;
import dev.cairn.backend.RunRow;
import dev.cairn.backend.StateBackend;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The pipelines Meltano's {@code runs} table shows running, by the state ID they write. */
final class Running {

    private Running() {}

    /** The newest RUNNING row per state ID (a pipeline's job name is its state ID). */
    static Map<String, RunRow> byStateId(StateBackend backend) {
        Map<String, RunRow> newest = new LinkedHashMap<>();
        for (RunRow run : backend.runs().map(RunLog::runningJobs).orElse(List.of())) {
            newest.putIfAbsent(run.jobName(), run);
        }
        return newest;
    }
}
