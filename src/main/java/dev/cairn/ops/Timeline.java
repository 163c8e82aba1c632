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
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicBoolean;

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
        // walked oldest first: the checkpoints that made the state before the page, then the page's
        // rows, carrying the state as the checkpoints left it
        List<RunRow> chain = chainBefore(runs, stateId, rows.get(rows.size() - 1).id());
        List<RunRow> stored = new ArrayList<>(chain); // the rows whose payloads the walk reads, in its order
        for (int i = rows.size() - 1; i >= 0; i--) {
            if (Checkpoint.of(rows.get(i).payloadFlags()) != Checkpoint.NONE) {
                stored.add(rows.get(i));
            }
        }
        Payloads payloads = new Payloads(stored);
        JsonNode state = fold(chain, payloads);
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
                after = apply(state, payloads.next(), checkpoint);
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
            JsonNode before = null;
            if (checkpoint == Checkpoint.PARTIAL) {
                List<RunRow> chain = chainBefore(runs, stateId, row.id());
                before = fold(chain, new Payloads(chain));
            }
            state = apply(before, Payloads.parse(row), checkpoint);
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
    private static JsonNode apply(JsonNode state, Payload payload, Checkpoint checkpoint) throws JsonSyntaxError, MergeError {
        JsonNode parsed = payload.value();
        return checkpoint == Checkpoint.PARTIAL && state != null ? Merge.merge(parsed, state) : parsed;
    }

    /**
     * The rows before row {@code beforeId} back to the newest complete checkpoint (usually the
     * first one found), oldest first: the checkpoints that left the state before it.
     */
    private static List<RunRow> chainBefore(RunLog runs, String stateId, long beforeId) {
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
        Collections.reverse(chain);
        return chain;
    }

    /** The state the chain's checkpoints leave, folded oldest first; null if there is none. */
    private static JsonNode fold(List<RunRow> chain, Payloads payloads) {
        JsonNode state = null;
        for (RunRow row : chain) {
            try {
                state = apply(state, payloads.next(), Checkpoint.of(row.payloadFlags()));
            } catch (JsonSyntaxError | MergeError e) {
                state = null; // what follows is compared with nothing rather than with a wrong state
            }
        }
        return state;
    }

    /** A row's payload parsed, or why it does not parse. */
    private record Payload(JsonNode parsed, JsonSyntaxError error) {
        JsonNode value() throws JsonSyntaxError {
            if (error != null) {
                throw error;
            }
            return parsed;
        }
    }

    /**
     * The payloads of rows, parsed in their order as a walk asks for them while the ones after are
     * parsed on other cores: a page of a big state's history holds several checkpoints of
     * megabytes, and parsing them took twice as long as comparing them (JFR of {@code cairn log}: 65 %
     * against 33 %). Rows are parsed ahead up to {@link #AHEAD_CHARS} of payload text, so a page of
     * 50 MB checkpoints does not hold all its trees at once. Whoever comes to a row first parses it: the walk never waits for
     * a parse that has not begun.
     */
    private static final class Payloads {
        /** Payload text parsed ahead of the walk at most (a tree takes several times its text). */
        private static final long AHEAD_CHARS = 32L << 20;

        private final List<Slot> slots = new ArrayList<>();
        /** The slot the walk takes next, and the first not handed to another core yet. */
        private int next;
        private int handed;

        Payloads(List<RunRow> rows) {
            rows.forEach(row -> slots.add(new Slot(row)));
        }

        /** The next row's payload. */
        Payload next() {
            Slot slot = slots.get(next++);
            handed = Math.max(handed, next);
            long ahead = 0;
            for (int i = next; i < handed; i++) {
                ahead += slots.get(i).chars();
            }
            while (handed < slots.size() && (handed == next || ahead < AHEAD_CHARS)) {
                Slot later = slots.get(handed++);
                ahead += later.chars();
                ForkJoinPool.commonPool().execute(later::claim);
            }
            slot.claim();
            try {
                return slot.result.join();
            } catch (CompletionException e) { // a parse on another core failed other than on the text
                throw e.getCause() instanceof RuntimeException r ? r : e;
            }
        }

        static Payload parse(RunRow row) {
            try {
                return new Payload(Json.parse(row.payload()), null);
            } catch (JsonSyntaxError e) {
                return new Payload(null, e);
            }
        }

        /** A row whose payload the first thread to claim it parses. */
        private static final class Slot {
            final RunRow row;
            final CompletableFuture<Payload> result = new CompletableFuture<>();
            private final AtomicBoolean claimed = new AtomicBoolean();

            Slot(RunRow row) {
                this.row = row;
            }

            long chars() {
                return row.payload() == null ? 0 : row.payload().length();
            }

            void claim() {
                if (claimed.compareAndSet(false, true)) {
                    try {
                        result.complete(parse(row));
                    } catch (RuntimeException | Error e) {
                        result.completeExceptionally(e);
                    }
                }
            }
        }
    }
}
