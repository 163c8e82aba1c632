package dev.cairn;

import dev.cairn.cli.Cli;

/** Entry point of {@code cairn.jar}: the desktop app without arguments, the command line with them. */
public final class Main {

    private Main() {}

    public static void main(String[] args) {
        System.exit(Cli.run(args));
    }
}
