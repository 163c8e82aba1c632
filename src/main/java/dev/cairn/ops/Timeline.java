package dev.cairn.ops;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.backend.MeltanoRun;
import dev.cairn.backend.RunLog;
import dev.cairn.backend.RunRow;
import dev.cairn.state.DiffSummary;
import dev.cairn.state.Json;
import dev.cairn.state.JsonDiff;
import dev.cairn.state.JsonSyntaxError;
import dev.cairn.state.Merge;
import dev.cairn.state.MergeError;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A state ID's history as Meltano's {@code runs} table keeps it: every pipeline run and state edit,
 * newest first, each with the checkpoint it stored (its payload) and what that changed against the
 * checkpoint before it. A page reads only its own rows, plus the one older checkpoint its oldest
 * row is compared with; payloads are parsed for those rows only.
 */
public final class Timeline {

    /** What a row's payload is, by its flags (Meltano's {@code Payload}; old rows may carry both bits). */
    public enum Checkpoint {
        COMPLETE("complete"), PARTIAL("partial"), NONE("no state");

        private final String label;

        Checkpoint(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        static Checkpoint of(int flags) {
            if ((flags & MeltanoRun.Payload.STATE) != 0) {
                return COMPLETE;
            }
            return (flags & MeltanoRun.Payload.INCOMPLETE_STATE) != 0 ? PARTIAL : NONE;
        }
    }

    /** One row of the history, with the summary of what its checkpoint changed ("" when it stored none). */
    public record Point(RunRow run, Checkpoint checkpoint, String change) {}

    /**
     * A line of the timeline, newest first: a runs row, or a write Cairn journalled (exactly one of
     * the two is set). Cairn's own writes also leave a runs row where it knows the system DB; the
     * journal entry says more (what it did, how it ended, whether it can be undone).
     */
    public record Item(Instant time, Point point, Journal.Entry write) {

        static Item of(Point point) {
            return new Item(point.run().startedAt(), point, null);
        }

        static Item of(Journal.Entry write) {
            return new Item(write.time(), null, write);
        }
    }

    private Timeline() {}

    /** The newest {@code limit} points of a state ID. */
    public static List<Point> page(RunLog runs, String stateId, int limit) {
        return page(runs, stateId, null, limit);
    }

    /** The {@code limit} points of a state ID older than the row {@code beforeId} (null: the newest). */
    public static List<Point> page(RunLog runs, String stateId, Long beforeId, int limit) {
        List<RunRow> rows = runs.history(stateId, beforeId, limit, false);
        if (rows.isEmpty()) {
            return List.of();
        }
        JsonNode state = stateBefore(runs, stateId, rows.get(rows.size() - 1).id());
        // walked oldest first, carrying the state as the checkpoints left it
        Point[] out = new Point[rows.size()];
        for (int i = rows.size() - 1; i >= 0; i--) {
            RunRow row = rows.get(i);
            Checkpoint checkpoint = Checkpoint.of(row.payloadFlags());
            if (checkpoint == Checkpoint.NONE) {
                out[i] = new Point(row, checkpoint, "");
                continue;
            }
            JsonNode after;
            try {
                after = apply(state, row, checkpoint);
            } catch (JsonSyntaxError e) {
                out[i] = new Point(row, checkpoint, "payload is not valid JSON: " + e.getMessage());
                state = null;
                continue;
            } catch (MergeError e) {
                out[i] = new Point(row, checkpoint, "cannot be merged onto the state before: " + e.getMessage());
                state = null;
                continue;
            }
            out[i] = new Point(row, checkpoint, state == null ? "first checkpoint"
                    : DiffSummary.of(state, after, JsonDiff.diff(state, after)).sentence());
            state = after;
        }
        return List.of(out);
    }

    /** The row's state, with RUNNING rows whose heartbeat stopped marked {@code RUNNING (stale)}. */
    public static String outcome(RunRow run, Instant now) {
        return run.isStale(now) ? "RUNNING (stale)" : run.state();
    }

    /** How long the run took ({@code 20m31s}, {@code 0.000s}); "-" while it has not ended. */
    public static String duration(RunRow run) {
        if (run.startedAt() == null || run.endedAt() == null) {
            return "-";
        }
        Duration d = Duration.between(run.startedAt(), run.endedAt());
        long s = d.getSeconds();
        return s >= 3600 ? String.format("%dh%02dm%02ds", s / 3600, s / 60 % 60, s % 60)
                : s >= 60 ? String.format("%dm%02ds", s / 60, s % 60)
                : String.format("%d.%03ds", s, d.toMillisPart());
    }

    /**
     * One page of runs with the journalled writes of its time interleaved, newest first: the writes
     * from {@code upTo} (exclusive; null: the newest) back to the page's oldest run, or all the older
     * ones on the {@code last} page. Rows without a start time sort last, as they cannot be placed.
     */
    public static List<Item> interleave(List<Point> page, List<Journal.Entry> writes, Instant upTo, boolean last) {
        Instant from = last || page.isEmpty() ? null : page.get(page.size() - 1).run().startedAt();
        List<Item> items = new ArrayList<>(page.size() + writes.size());
        page.forEach(p -> items.add(Item.of(p)));
        for (Journal.Entry write : writes) {
            if ((upTo == null || write.time().isBefore(upTo)) && (from == null || !write.time().isBefore(from))) {
                items.add(Item.of(write));
            }
        }
        items.sort(Comparator.comparing(Item::time, Comparator.nullsFirst(Comparator.<Instant>naturalOrder())).reversed());
        return items;
    }

    /**
     * The state the checkpoints up to and including {@code row} left: what restoring that run's
     * checkpoint writes back.
     */
    public static ObjectNode stateAfter(RunLog runs, String stateId, RunRow row) throws EditRefused {
        Checkpoint checkpoint = Checkpoint.of(row.payloadFlags());
        if (checkpoint == Checkpoint.NONE) {
            throw new EditRefused("run " + row.runId() + " stored no state (payload flags 0)");
        }
        JsonNode state;
        try {
            state = apply(checkpoint == Checkpoint.PARTIAL ? stateBefore(runs, stateId, row.id()) : null, row, checkpoint);
        } catch (JsonSyntaxError e) {
            throw new EditRefused("the payload of run " + row.runId() + " is not valid JSON: " + e.getMessage());
        } catch (MergeError e) {
            throw new EditRefused("the partial checkpoint of run " + row.runId() + " cannot be merged onto the state"
                    + " before it: " + e.getMessage());
        }
        if (!state.isObject()) {
            throw new EditRefused("the checkpoint of run " + row.runId() + " is not a JSON object");
        }
        return (ObjectNode) state;
    }

    /**
     * A complete checkpoint replaces the state; a partial one is merged onto it as Meltano merges,
     * so the streams a partial checkpoint leaves out do not count as removed.
     */
    private static JsonNode apply(JsonNode state, RunRow row, Checkpoint checkpoint) throws JsonSyntaxError, MergeError {
        JsonNode payload = Json.parse(row.payload());
        return checkpoint == Checkpoint.PARTIAL && state != null ? Merge.merge(payload, state) : payload;
    }

    /**
     * The state the checkpoints before row {@code beforeId} left: read one by one back to the newest
     * complete checkpoint (usually the first one found) and folded oldest first; null if there is none.
     */
    private static JsonNode stateBefore(RunLog runs, String stateId, long beforeId) {
        List<RunRow> chain = new ArrayList<>();
        long cursor = beforeId;
        while (chain.isEmpty() || Checkpoint.of(chain.get(chain.size() - 1).payloadFlags()) != Checkpoint.COMPLETE) {
            List<RunRow> older = runs.history(stateId, cursor, 1, true);
            if (older.isEmpty()) {
                break;
            }
            chain.add(older.get(0));
            cursor = older.get(0).id();
        }
        JsonNode state = null;
        for (int i = chain.size() - 1; i >= 0; i--) {
            try {
                state = apply(state, chain.get(i), Checkpoint.of(chain.get(i).payloadFlags()));
            } catch (JsonSyntaxError | MergeError e) {
                state = null; // what follows is compared with nothing rather than with a wrong state
            }
        }
        return state;
    }
}
