package dev.cairn.cli;

import java.nio.file.Path;
import java.util.Map;

/**
 * What a command line runs in besides its arguments: the process environment ({@code MELTANO_*}
 * variables) and the working directory a Meltano project is found from. Tests pass their own.
 */
public record Invocation(Map<String, String> env, Path workingDir) {

    public static Invocation ofProcess() {
        return new Invocation(System.getenv(), Path.of("").toAbsolutePath());
    }

    /** With {@code --cwd}: as if started in that folder, relative to this one. */
    Invocation in(Path cwd) {
        return cwd == null ? this : new Invocation(env, workingDir.resolve(cwd).toAbsolutePath().normalize());
    }
}
