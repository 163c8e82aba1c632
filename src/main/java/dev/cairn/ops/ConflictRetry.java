package dev.cairn.ops;

import dev.cairn.backend.ConflictException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How a write refused by a conflict (another writer changed the state since it was read) tries
 * again: it reads the state again, plans the same edit on it — Meltano's merge of the same input
 * onto what is stored now, the same document set again, the state cleared again — and writes
 * compare-and-set, at most a given number of times, each after a short pause with jitter. For
 * writes that nobody looks at between the read and the write (a script beside a pipeline that
 * checkpoints every few seconds): what lands is the edit applied to the state stored when it
 * lands. Every attempt is journalled as any write: a refused one ends failed, only the one that
 * lands is done.
 */
public final class ConflictRetry {

    private static final Logger LOG = LoggerFactory.getLogger(ConflictRetry.class);

    /**
     * The longest pause before the first retry; each further one may be twice as long, up to
     * {@link #LONGEST_PAUSE_MS}. A pause is drawn between half that and that, so that two scripts
     * refused by each other do not meet again in step.
     */
    private static final long FIRST_PAUSE_MS = 50;
    private static final long LONGEST_PAUSE_MS = 1000;

    /** A conflict ends the write: nothing is tried again. */
    public static final ConflictRetry NONE = new ConflictRetry(0);

    /** A conflict about to be retried: retry number {@code retry} of at most {@code retries}. */
    public record Retry(ConflictException conflict, int retry, int retries) {}

    /**
     * How a write ended: the command that landed, or the one planned last if it had nothing left
     * to change on the state stored then (not executed: its {@link WriteCommand#written()} is
     * null); and how many retries it took.
     */
    public record Outcome(WriteCommand command, int retried) {}

    /** Every attempt conflicted, the retries too: nothing was written. The message is the last conflict's. */
    public static final class Exhausted extends ConflictException {
        Exhausted(ConflictException last, int retries) {
            super(last.getMessage() + " (gave up after " + retries + (retries == 1 ? " retry" : " retries") + ")", last.current());
        }
    }

    private final int retries;

    /** At most {@code retries} more attempts after the first. */
    public ConflictRetry(int retries) {
        if (retries < 0) {
            throw new IllegalArgumentException("retries cannot be negative: " + retries);
        }
        this.retries = retries;
    }

    /**
     * Executes the planned command; while it is refused by a conflict and retries are left, tells
     * {@code onRetry}, pauses, plans its edit again on the state stored now and executes that. Every
     * attempt is journalled in {@code group} (null: a write of its own; see {@link WriteCommand#execute(Journal, String)}).
     *
     * @throws ConflictException the first attempt's conflict when no retry is allowed, an
     *     {@link Exhausted} one when every retry conflicted too; nothing was written
     * @throws EditRefused the edit cannot be applied to the state another writer stored since
     *     (Meltano's merge would fail on it); nothing was written
     */
    public Outcome execute(WriteCommand planned, Journal journal, String group, Consumer<Retry> onRetry) throws EditRefused {
        WriteCommand command = planned;
        for (int retry = 1; ; retry++) {
            try {
                command.execute(journal, group);
                return new Outcome(command, retry - 1);
            } catch (ConflictException e) {
                if (retry > retries) {
                    throw retries == 0 ? e : new Exhausted(e, retries);
                }
                onRetry.accept(new Retry(e, retry, retries));
                long pause = pause(retry);
                LOG.info("Retrying {} ({} of {}) after {} ms", command.description(), retry, retries, pause);
                try {
                    Thread.sleep(pause);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
                command = command.replanned();
                if (command.changesNothing()) {
                    return new Outcome(command, retry);
                }
            }
        }
    }

    /** The pause before retry number {@code retry} (from 1), in milliseconds. */
    static long pause(int retry) {
        long longest = Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS << Math.min(retry - 1, 10));
        return ThreadLocalRandom.current().nextLong(longest / 2, longest + 1);
    }
}
