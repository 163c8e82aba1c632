package dev.cairn.cli;

import java.nio.file.Path;
import java.util.Map;

/**
 * What a command line runs in besides its arguments: the process environment ({@code MELTANO_*}
 * variables, {@code NO_COLOR}), the working directory a Meltano project is found from, and the
 * terminal it runs on: where a write's confirmation is asked, and what makes output coloured and
 * progress lines drawn (null: none, so a write without {@code --force} is refused, and the output
 * is plain). Tests pass their own.
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

    /** Whether it runs on a terminal: that is when Java has a console, both standard input and output one (Java 17 cannot ask of stderr alone). */
    boolean onTerminal() {
        return terminal != null;
    }

    /** Output in colour: on a terminal, unless {@code NO_COLOR} is set to anything but the empty string (no-color.org). */
    boolean colour() {
        String noColour = env.get("NO_COLOR");
        return onTerminal() && (noColour == null || noColour.isEmpty());
    }
}
