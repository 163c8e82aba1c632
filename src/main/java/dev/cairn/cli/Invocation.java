package dev.cairn.cli;

import java.nio.file.Path;
import java.util.Map;

/**
 * What a command line runs in besides its arguments: the process environment ({@code MELTANO_*}
 * variables), the working directory a Meltano project is found from, and the terminal a write's
 * confirmation is asked on (null: none, so a write without {@code --force} is refused). Tests pass
 * their own.
 */
public record Invocation(Map<String, String> env, Path workingDir, Terminal terminal) {

    /** With the process's terminal, if it has one. */
    public Invocation(Map<String, String> env, Path workingDir) {
        this(env, workingDir, Terminal.ofProcess());
    }

    public static Invocation ofProcess() {
        return new Invocation(System.getenv(), Path.of("").toAbsolutePath());
    }

    /** With {@code --cwd}: as if started in that folder, relative to this one. */
    Invocation in(Path cwd) {
        return cwd == null ? this : new Invocation(env, workingDir.resolve(cwd).toAbsolutePath().normalize(), terminal);
    }

    /** The same, with this terminal to ask on. */
    public Invocation on(Terminal asking) {
        return new Invocation(env, workingDir, asking);
    }
}
