package dev.cairn.cli;

import dev.cairn.ops.Polling;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import picocli.CommandLine.Option;

/** {@code --interval SECONDS} of the verbs that keep watching: how often they look. */
final class IntervalOption {

    @Option(names = "--interval", paramLabel = "SECONDS", description = "How often to look while watching (default: 2;"
            + " up to 8 times longer while nothing changes).")
    BigDecimal seconds;

    /**
     * The interval asked for, or the default; a usage error where it is given without the option that
     * watches ({@code watching} false) or is not a positive number of seconds.
     */
    Duration interval(boolean watching, String watchOption) {
        if (seconds == null) {
            return Polling.DEFAULT_INTERVAL;
        }
        if (!watching) {
            throw new UsageError("--interval goes with " + watchOption);
        }
        BigDecimal nanos = seconds.movePointRight(9).setScale(0, RoundingMode.DOWN);
        if (nanos.signum() <= 0 || nanos.toBigInteger().bitLength() > 62) {
            throw new UsageError("--interval takes a positive number of seconds, not " + seconds.toPlainString());
        }
        return Duration.ofNanos(nanos.longValueExact());
    }

    /** "2 s", "0.1 s". */
    static String seconds(Duration interval) {
        return BigDecimal.valueOf(interval.toNanos()).movePointLeft(9).stripTrailingZeros().toPlainString() + " s";
    }
}
