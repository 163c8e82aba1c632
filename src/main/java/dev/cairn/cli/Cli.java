package dev.cairn.cli;

/** The command line. */
public final class Cli {

    private Cli() {}

    public static int run(String... args) {
        return 0;
    }
}
