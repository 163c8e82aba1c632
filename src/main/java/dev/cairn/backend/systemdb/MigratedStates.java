package dev.cairn.backend.systemdb;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cairn.backend.BackendException;
import dev.cairn.backend.StoredState;
import dev.cairn.backend.Version;
import dev.cairn.state.Json;
import dev.cairn.state.Merge;
import dev.cairn.state.MergeError;
import dev.cairn.state.PythonJson;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StatePart;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The states Meltano's migration {@code 6828cc5b1a4f} builds from the {@code runs} table (reference
 * §1.3), for every job name: of the runs that carry state and ended, the whole payload of the latest
 * complete one, then, oldest first, every incomplete one that ended after it (all of them when there
 * is no complete one) merged on top; payloads without {@code singer_state} count for the order but
 * add nothing. The result is the partial, the completed part is {@code {}}.
 */
final class MigratedStates {

    /**
     * Only the runs that count, in one query: the latest complete checkpoint per job and the
     * incomplete ones after it. Ties on {@code ended_at} (Meltano takes either) go to the later row.
     */
    private static final String CHECKPOINTS = "SELECT r.job_name, r.payload_flags, r.payload FROM runs r"
            + " LEFT JOIN (SELECT job_name, MAX(ended_at) AS since FROM runs"
            + " WHERE (payload_flags & 1) = 1 AND ended_at IS NOT NULL AND job_name %1$s GROUP BY job_name) l"
            + " ON l.job_name = r.job_name"
            + " WHERE r.ended_at IS NOT NULL AND r.job_name %1$s AND (((r.payload_flags & 1) = 1 AND r.ended_at = l.since)"
            + " OR ((r.payload_flags & 2) = 2 AND (l.since IS NULL OR r.ended_at > l.since)))"
            + " ORDER BY r.job_name, r.ended_at, r.id";

    private MigratedStates() {}

    /**
     * Every job name that meets the condition ({@code "= ?"} or {@code "LIKE ?"} on {@code value}),
     * with the state the migration gives it.
     */
    static void rebuild(Connection c, String condition, String value, Consumer<StoredState> sink) throws SQLException {
        Map<String, JsonNode> partials = new LinkedHashMap<>();
        // every job name gets a row, those without checkpoints an empty one
        jobNames(c, condition, value, jobName -> partials.put(jobName, Json.object()));
        try (PreparedStatement s = c.prepareStatement(String.format(CHECKPOINTS, condition))) {
            s.setString(1, value);
            s.setString(2, value);
            try (ResultSet rows = s.executeQuery()) {
                while (rows.next()) {
                    String jobName = rows.getString(1);
                    partials.put(jobName, apply(jobName, (rows.getInt(2) & 1) == 1, rows.getString(3), partials.get(jobName)));
                }
            }
        }
        partials.forEach((jobName, partial) -> sink.accept(stored(jobName, partial)));
    }

    /** The job names that meet the condition, which the migration gives a state each, without reading a payload. */
    static void jobNames(Connection c, String condition, String value, Consumer<String> sink) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(
                "SELECT DISTINCT job_name FROM runs WHERE job_name " + condition + " ORDER BY job_name")) {
            s.setString(1, value);
            try (ResultSet rows = s.executeQuery()) {
                while (rows.next()) {
                    sink.accept(rows.getString(1));
                }
            }
        }
    }

    private static JsonNode apply(String jobName, boolean complete, String payloadText, JsonNode partial) {
        JsonNode payload = payload(jobName, payloadText);
        if (!payload.has("singer_state")) {
            return complete ? Json.object() : partial;
        }
        try {
            return Merge.merge(payload, complete ? Json.object() : partial);
        } catch (MergeError e) {
            throw new BackendException("Meltano's migration fails on the runs of " + jobName + ": " + e.getMessage(), e);
        }
    }

    private static JsonNode payload(String jobName, String text) {
        StatePart part = StatePart.parse(text);
        if (part.isCorrupt() || part.isNull() || !part.value().isObject()) {
            throw new BackendException("Meltano's migration fails on the runs of " + jobName
                    + ": a checkpoint's payload is not a JSON object");
        }
        return part.value();
    }

    private static StoredState stored(String jobName, JsonNode partial) {
        StateDocument document = StateDocument.of(Json.object(), partial);
        return StoredState.present(jobName, document, Version.ofContent("{}", PythonJson.dumps(partial)));
    }
}
