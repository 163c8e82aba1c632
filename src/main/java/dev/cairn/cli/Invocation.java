package dev.cairn.cli;

import java.nio.file.Path;
import java.util.Map;

/**
 * What a command line runs in besides its arguments: the process environment ({@code MELTANO_*}
 * variables, {@code NO_COLOR}), the working directory a Meltano project is found from, and whether
 * it runs on a terminal (colour, progress lines). Tests pass their own.
 */
public record Invocation(Map<String, String> env, Path workingDir, boolean terminal) {

    /** Not on a terminal: what a script or a test sees. */
    public Invocation(Map<String, String> env, Path workingDir) {
        this(env, workingDir, false);
    }

    /**
     * The process's: a terminal when Java has a console, that is when both standard input and
     * output are one (Java 17 cannot ask of stderr alone).
     */
    public static Invocation ofProcess() {
        return new Invocation(System.getenv(), Path.of("").toAbsolutePath(), System.console() != null);
    }

    /** With {@code --cwd}: as if started in that folder, relative to this one. */
    Invocation in(Path cwd) {
        return cwd == null ? this : new Invocation(env, workingDir.resolve(cwd).toAbsolutePath().normalize(), terminal);
    }

    /** Output in colour: on a terminal, unless {@code NO_COLOR} is set to anything but the empty string (no-color.org). */
    boolean colour() {
        String noColour = env.get("NO_COLOR");
        return terminal && (noColour == null || noColour.isEmpty());
    }
}
