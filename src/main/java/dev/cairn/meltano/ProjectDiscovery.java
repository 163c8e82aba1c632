package dev.cairn.meltano;

import dev.cairn.backend.BackendException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Which Meltano project a command runs in when none is named, as Meltano's {@code Project.find}
 * decides: {@code MELTANO_PROJECT_ROOT} if set (it must hold a {@code meltano.yml}), otherwise the
 * nearest folder holding a {@code meltano.yml} from the working directory upwards.
 */
public final class ProjectDiscovery {

    public static final String PROJECT_ROOT_VARIABLE = "MELTANO_PROJECT_ROOT";
    public static final String ENVIRONMENT_VARIABLE = "MELTANO_ENVIRONMENT";

    /** A project found, and how: for the line that tells the user which backend is used and why. */
    public record Found(Path root, String how) {}

    private ProjectDiscovery() {}

    /** The project {@code workingDir} is in (or {@code MELTANO_PROJECT_ROOT} names), if any. */
    public static Optional<Found> find(Path workingDir, Map<String, String> env) {
        String named = env.get(PROJECT_ROOT_VARIABLE);
        if (named != null && !named.isBlank()) {
            Path root = workingDir.resolve(named).toAbsolutePath().normalize();
            if (!Files.isRegularFile(root.resolve("meltano.yml"))) {
                throw new BackendException(PROJECT_ROOT_VARIABLE + " is " + named + ", which holds no meltano.yml");
            }
            return Optional.of(new Found(root, "named by " + PROJECT_ROOT_VARIABLE));
        }
        Path start = workingDir.toAbsolutePath().normalize();
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("meltano.yml"))) {
                return Optional.of(new Found(dir, dir.equals(start) ? "the working directory" : "above the working directory"));
            }
        }
        return Optional.empty();
    }

    /**
     * The environment {@code meltano state} runs in: {@code --environment}, else
     * {@code MELTANO_ENVIRONMENT}; never {@code default_environment}, which Meltano ignores for state.
     */
    public static String environment(String option, Map<String, String> env) {
        if (option != null) {
            return option;
        }
        String variable = env.get(ENVIRONMENT_VARIABLE);
        return variable == null || variable.isBlank() ? null : variable;
    }
}
