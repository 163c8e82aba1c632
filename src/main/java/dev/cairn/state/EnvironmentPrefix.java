package dev.cairn.state;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The environment a state ID names, read as {@code meltano state} reads it: an ID of the form
 * {@code <environment>:<tap>-to-<target>} (with an optional {@code :<suffix>}), which {@code meltano
 * run} gives every pipeline's state, names its environment; any other ID names none. Cairn's
 * environment guard compares it with the environment a write goes to.
 */
public final class EnvironmentPrefix {

    /**
     * Meltano's own pattern ({@code src/meltano/cli/state.py}), with Python's meaning of {@code .}
     * and {@code $}: any character but {@code \n}, and the end or just before a last {@code \n}.
     */
    private static final Pattern MELTANO_STATE_ID = Pattern.compile(
            "^(?<env>.+):(?<tap>.+)-to-(?<target>.+?)(?::(?<suffix>.+))?(?<=[^:])$", Pattern.UNIX_LINES);

    private EnvironmentPrefix() {}

    /** The environment the ID names ({@code dev} for {@code dev:tap-x-to-target-y}), or empty. */
    public static Optional<String> of(String stateId) {
        Matcher m = MELTANO_STATE_ID.matcher(stateId);
        return m.find() ? Optional.of(m.group("env")) : Optional.empty();
    }

    /**
     * The environment state IDs name where all of them name the same one, or empty (none given, or
     * one that names none, or two that name different ones).
     */
    public static Optional<String> namedByAll(List<String> stateIds) {
        Set<String> named = new LinkedHashSet<>();
        for (String id : stateIds) {
            Optional<String> environment = of(id);
            if (environment.isEmpty()) {
                return Optional.empty();
            }
            named.add(environment.get());
        }
        return named.size() == 1 ? Optional.of(named.iterator().next()) : Optional.empty();
    }
}
