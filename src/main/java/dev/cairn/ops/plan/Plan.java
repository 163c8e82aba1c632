package dev.cairn.ops.plan;

import dev.cairn.ops.WriteCommand;
import dev.cairn.state.EnvironmentPrefix;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
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

    /**
     * The environment state IDs name where all of them name the same one (Meltano's
     * {@code <environment>:<tap>-to-<target>}), or empty.
     */
    public static Optional<String> environmentNamedBy(List<String> stateIds) {
        Set<String> named = new LinkedHashSet<>();
        for (String id : stateIds) {
            Optional<String> environment = EnvironmentPrefix.of(id);
            if (environment.isEmpty()) {
                return Optional.empty();
            }
            named.add(environment.get());
        }
        return named.size() == 1 ? Optional.of(named.iterator().next()) : Optional.empty();
    }

    /** Collects a plan's writes in the order they are to be applied. */
    public static final class Builder {

        private final List<PlannedWrite> writes = new ArrayList<>();

        /** Adds a write; returns its index, for a write that goes with it only if it lands. */
        public int add(WriteCommand command, String diff) {
            return add(command, null, diff);
        }

        /** Adds a write that is applied only if the write at index {@code requires} (null: none) landed. */
        public int add(WriteCommand command, Integer requires, String diff) {
            writes.add(PlannedWrite.of(command, requires, diff));
            return writes.size() - 1;
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
                    : new Plan(plan.made(), plan.cairnVersion(), environmentNamedBy(plan.storedIds()).orElse(null), writes);
        }

        private static String cairnVersion() {
            String v = Plan.class.getPackage().getImplementationVersion();
            return v == null ? "development build" : v;
        }
    }
}
