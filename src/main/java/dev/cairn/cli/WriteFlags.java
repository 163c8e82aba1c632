package dev.cairn.cli;

import picocli.CommandLine.Option;

/** The options every writing command shares. */
final class WriteFlags {

    @Option(names = "--dry-run", description = "Print the change it would make and write nothing.")
    boolean dryRun;

    @Option(names = "--force", description = "Do not ask for confirmation.")
    boolean force;
}
