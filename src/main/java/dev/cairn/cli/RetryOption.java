package dev.cairn.cli;

import dev.cairn.ops.ConflictRetry;
import picocli.CommandLine.Option;

/**
 * {@code --retries N} of the writes whose change means the same on any state ({@code set},
 * {@code merge}, {@code clear}, {@code rewind}, {@code restore}): one refused by a conflict is planned again on the
 * state stored now and tried again.
 */
final class RetryOption {

    @Option(names = "--retries", paramLabel = "N", defaultValue = "0", description = "If the state changed between"
            + " the read and the write (a conflict, exit 3), read it again, make the same change to it and try again,"
            + " at most N more times, each after a pause of 25 ms to 1 s with jitter (default: ${DEFAULT-VALUE}). For"
            + " scripts beside a running pipeline. A confirmation, where the verb asks one, is asked once: it names the"
            + " change a retry repeats, so --force is not needed. Not with --if-version.")
    int retries;

    /**
     * The retries asked for. Refused beside {@code --if-version}: that pins the version read
     * earlier, and a retry would write over a later one.
     */
    ConflictRetry retry(String ifVersion) {
        if (retries < 0) {
            throw new UsageError("--retries takes a whole number, 0 or more");
        }
        if (retries > 0 && ifVersion != null) {
            throw new UsageError("give --retries or --if-version, not both: a retry writes over a later version than the"
                    + " one --if-version pins");
        }
        return retries == 0 ? ConflictRetry.NONE : new ConflictRetry(retries);
    }
}
