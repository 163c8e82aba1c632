package dev.cairn.ops;

import dev.cairn.state.EnvironmentPrefix;
import java.util.Collection;
import java.util.List;

/**
 * Guards the environment a write goes to: the state IDs written there whose prefix names another
 * environment ({@code dev:tap-x-to-target-y} into prod, copied without a rename) are most likely a
 * mistake, and on production one that overwrites what the pipelines resume from.
 *
 * @param environment the environment of the connection written to
 */
public record EnvironmentGuard(String environment) {

    /** The IDs whose prefix names another environment than this one ({@link EnvironmentPrefix}), in order. */
    public List<String> foreignIds(Collection<String> stateIds) {
        return stateIds.stream()
                .filter(id -> EnvironmentPrefix.of(id).filter(named -> !named.equals(environment)).isPresent())
                .toList();
    }

    /** Whether the environment is production by its name, as the window decides it ({@link EnvironmentKind}). */
    public boolean production() {
        return EnvironmentKind.of(environment) == EnvironmentKind.PROD;
    }
}
