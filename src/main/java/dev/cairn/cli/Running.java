package dev.cairn.cli;

import dev.cairn.backend.RunLog;
import dev.cairn.backend.StateBackend;
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

    /** A run ID as Meltano's tables and logs show it: 32 hex digits, or a dashed UUID. */
    static UUID runId(String text) {
        String dashed = text.matches("[0-9a-fA-F]{32}")
                ? text.replaceFirst("(.{8})(.{4})(.{4})(.{4})(.{12})", "$1-$2-$3-$4-$5") : text;
        try {
            return UUID.fromString(dashed);
        } catch (IllegalArgumentException e) {
            throw new UsageError("not a run ID: " + text + " (32 hex digits or a UUID)");
        }
    }

}
