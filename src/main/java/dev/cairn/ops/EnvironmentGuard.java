package dev.cairn.ops;

import dev.cairn.backend.ListedState;
import dev.cairn.backend.StateBackend;
import dev.cairn.state.EnvironmentPrefix;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

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

    /**
     * The warning about {@code foreign} ({@link #foreignIds}, not empty), the first five of them
     * named, each as {@code printable} shows an ID: "2 state IDs name another environment than prod,
     * the production environment written to: dev:a-to-b, dev:c-to-b".
     */
    public String warning(List<String> foreign, UnaryOperator<String> printable) {
        List<String> named = foreign.stream().limit(5).map(printable).toList();
        return what(foreign) + ": " + String.join(", ", named)
                + (foreign.size() > named.size() ? " and " + (foreign.size() - named.size()) + " more" : "");
    }

    /** What the warning says is wrong, without the IDs: "1 state ID names another environment than prod, …". */
    public String what(List<String> foreign) {
        return foreign.size() + (foreign.size() == 1 ? " state ID names" : " state IDs name") + " another environment than "
                + environment + ", " + (production() ? "the production environment" : "the environment") + " written to";
    }

    /** The rename that writes {@code foreign}'s first ID under this environment's names: "dev:*=prod:*". */
    public String rename(List<String> foreign) {
        return EnvironmentPrefix.of(foreign.get(0)).orElseThrow() + ":*=" + environment + ":*";
    }

    /**
     * The environment of a backend known by its URI alone: the one all its stored IDs name, as a
     * plan made for such a backend names it ({@link EnvironmentPrefix#namedByAll}); empty where they
     * name none, several, or there are none. Blocking: lists the backend.
     */
    public static Optional<String> ofStored(StateBackend backend) {
        List<String> ids = new ArrayList<>();
        backend.list(null, (ListedState listed) -> ids.add(listed.stateId()));
        return EnvironmentPrefix.namedByAll(ids);
    }
}
