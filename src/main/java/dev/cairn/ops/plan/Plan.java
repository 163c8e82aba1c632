package dev.cairn.ops.plan;

import dev.cairn.ops.DiffText;
import dev.cairn.ops.Transfer;
import dev.cairn.ops.WriteCommand;
import dev.cairn.state.EnvironmentPrefix;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Writes reviewed now and applied later ({@code --plan-out}, {@code cairn apply}): each write with
 * the state it was planned on, so that applying it is compare-and-set on that state, and the
 * environment the plan was made for, so that it is not applied to another.
 *
 * @param made when the plan was made
 * @param cairnVersion the Cairn that made it
 * @param environment the environment it targets, or null where none is known
 */
public record Plan(Instant made, String cairnVersion, String environment, List<PlannedWrite> writes) {

    /** The version of the plan file's format; a plan of another is refused. */
    public static final int FORMAT = 1;

    public Plan {
        writes = List.copyOf(writes);
    }

    /** The backends the plan writes to, by URI without secrets, in the order of their first write. */
    public Set<String> backends() {
        Set<String> uris = new LinkedHashSet<>();
        writes.forEach(w -> uris.add(w.backend()));
        return uris;
    }

    /** The IDs the plan stores a document under (its deletions left out): the ones the environment guard asks about. */
    public List<String> storedIds() {
        return writes.stream().filter(w -> w.after() != null).map(PlannedWrite::stateId).toList();
    }

    /** Collects a plan's writes in the order they are to be applied. */
    public static final class Builder {

        private final List<PlannedWrite> writes = new ArrayList<>();

        /**
         * Adds a write with its diff ({@link DiffText#of}), applied only if the write at index
         * {@code requires} (null: none) landed; returns its index, for a write that goes with it.
         */
        public int add(WriteCommand command, Integer requires) {
            writes.add(PlannedWrite.of(command, requires, DiffText.of(command)));
            return writes.size() - 1;
        }

        /** Adds the commands that change something, in order; returns the ones left out, which change nothing. */
        public List<WriteCommand> addChanging(List<WriteCommand> commands) {
            List<WriteCommand> leftOut = new ArrayList<>();
            for (WriteCommand c : commands) {
                if (c.changesNothing()) {
                    leftOut.add(c);
                } else {
                    add(c, null);
                }
            }
            return leftOut;
        }

        /**
         * Adds a copy's or move's writes, planned on the states read now: each copy, and for a move the
         * deletion of its source, made only if its copy lands (an ID already as its source is left
         * alone but its source still cleared). An item that would be skipped, fail or conflict is left
         * out and returned with its plan, for the caller to say so.
         */
        public List<Transfer.Planned> addTransfer(Transfer transfer, List<Transfer.Item> items) {
            List<Transfer.Planned> leftOut = new ArrayList<>();
            for (Transfer.Item item : items) {
                Transfer.Planned planned = transfer.plan(item);
                if (planned.expected() != Transfer.Outcome.COPIED && planned.expected() != Transfer.Outcome.MOVED) {
                    leftOut.add(planned);
                    continue;
                }
                WriteCommand copy = planned.copy();
                Integer copied = copy.changesNothing() ? null : add(copy, null);
                if (planned.expected() == Transfer.Outcome.MOVED) {
                    add(transfer.sourceDeletion(planned), copied);
                }
            }
            return leftOut;
        }

        public boolean isEmpty() {
            return writes.isEmpty();
        }

        /**
         * The plan, made now for {@code targetEnvironment} (the environment of the connection written
         * to), or where that is null the environment the stored IDs' prefixes all name, or none.
         */
        public Plan build(String targetEnvironment) {
            Plan plan = new Plan(Instant.now(), cairnVersion(), targetEnvironment, writes);
            return targetEnvironment != null ? plan
                    : new Plan(plan.made(), plan.cairnVersion(), EnvironmentPrefix.namedByAll(plan.storedIds()).orElse(null), writes);
        }

        private static String cairnVersion() {
            String v = Plan.class.getPackage().getImplementationVersion();
            return v == null ? "development build" : v;
        }
    }
}
