package dev.cairn.cli;

/**
 * The command line itself is wrong (options that exclude each other, a missing or malformed
 * argument): exit status 2, one line and a pointer to the verb's {@code --help}, as picocli's own
 * parse errors.
 */
final class UsageError extends RuntimeException {

    UsageError(String message) {
        super(message);
    }
}
