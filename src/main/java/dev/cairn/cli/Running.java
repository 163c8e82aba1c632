package dev.cairn.cli;

import dev.cairn.backend.RunLog;
import dev.cairn.backend.RunRow;
import dev.cairn.backend.StateBackend;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/** What the command line reads from Meltano's {@code runs} table: running pipelines, the history of a state. */
final class Running {

    private Running() {}

    /** The backend's runs table, or a usage error saying where one is found. */
    static RunLog runsOf(StateBackend backend) {
        return backend.runs().orElseThrow(() -> new UserError(backend.displayUri() + (backend.isSystemDatabase()
                ? " has no runs table, so it keeps no runs"
                : " keeps no runs: the history is in a Meltano project's system database (give --project for a file or S3"
                        + " state backend)")));
    }

    /** Candidates an ambiguous run ID prefix names. */
    private static final int CANDIDATES_SHOWN = 5;

    /**
     * The run of the state ID named on the command line, payload included: by its whole run ID as
     * Meltano's tables and logs show it (32 hex digits, or a dashed UUID), or by a prefix of it that
     * names one run of the ID, as git takes a short hash. No such run: exit 1; an ambiguous prefix,
     * or not a run ID: exit 2.
     */
    static RunRow run(RunLog runs, String stateId, String text) {
        String digits = text.replace("-", "").toLowerCase(Locale.ROOT);
        if (!digits.matches("[0-9a-f]{1,32}")) {
            throw new UsageError("not a run ID: " + text + " (32 hex digits, a UUID, or the start of one)");
        }
        if (digits.length() == 32) {
            UUID runId = UUID.fromString(digits.replaceFirst("(.{8})(.{4})(.{4})(.{4})(.{12})", "$1-$2-$3-$4-$5"));
            return runs.run(stateId, runId)
                    .orElseThrow(() -> new UserError("no run " + text + " of " + stateId + " in the runs table"));
        }
        List<RunRow> found = runs.runsStartingWith(stateId, digits, CANDIDATES_SHOWN + 1);
        if (found.isEmpty()) {
            throw new UserError("no run of " + stateId + " in the runs table has a run ID starting with " + text);
        }
        if (found.size() > 1) {
            List<String> shown = found.stream().limit(CANDIDATES_SHOWN).map(RunRow::runId).toList();
            throw new UsageError("run ID " + text + " is ambiguous: it starts " + String.join(", ", shown)
                    + (found.size() > CANDIDATES_SHOWN ? " and more" : "") + " (give more of it)");
        }
        return run(runs, stateId, found.get(0).runId());
    }
}
