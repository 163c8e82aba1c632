package dev.cairn.ops;

import dev.cairn.backend.ConflictException;
import dev.cairn.backend.StateBackend;
import java.util.ArrayList;
import java.util.List;

/**
 * Planned writes run the one way the command line and the window share: executed in order, each
 * journalled first and compare-and-set, a conflict retried as the {@link ConflictRetry} allows,
 * several of them as one journal group (undone together), the first refused one stopping the rest;
 * and Cairn's last write to a backend taken back, with the rest of its operation.
 */
public final class WriteService {

    /** What became of one planned command. */
    public sealed interface Outcome {

        WriteCommand planned();
    }

    /** Written: {@code landed} is the planned command or, after {@code retried} conflicts, its last re-plan. */
    public record Written(WriteCommand planned, WriteCommand landed, int retried) implements Outcome {}

    /**
     * Not written, as it changed nothing: as planned ({@code retried} 0), or on the state another
     * writer stored, found after {@code retried} conflicts.
     */
    public record NoChange(WriteCommand planned, int retried) implements Outcome {}

    /** A command that stopped the run, with nothing of it written. */
    public sealed interface Refused extends Outcome {

        /** What refused it: a {@link RuntimeException} or an {@link EditRefused}. */
        Exception why();

        /** Throws what refused it, for a caller that reports a refusal as the exception it is. */
        default void rethrow() throws EditRefused {
            if (why() instanceof EditRefused e) {
                throw e;
            }
            throw (RuntimeException) why();
        }
    }

    /** Another writer changed the state since it was read (every retry too, if any were allowed). */
    public record Conflicted(WriteCommand planned, ConflictException why) implements Refused {}

    /** Any other refusal: the edit no longer applies to the state stored now, the backend failed. */
    public record Failed(WriteCommand planned, Exception why) implements Refused {}

    /** Told as a run goes, on the thread that runs it. */
    @FunctionalInterface
    public interface Listener {

        /** Command number {@code done} of {@code total} was written or had nothing to change. */
        void executed(Outcome outcome, int done, int total);

        /** {@code command} met a conflict and is about to be planned again and retried. */
        default void retrying(WriteCommand command, ConflictRetry.Retry retry) { }
    }

    /**
     * How a run went: the journal group its writes share (null when it had one command), and an
     * outcome per command up to the one that stopped it, if any ({@link #stopped}).
     */
    public record Run(String group, List<Outcome> outcomes) {

        /** The refusal that stopped the run; null when every command went through. */
        public Refused stopped() {
            return outcomes.isEmpty() || !(outcomes.get(outcomes.size() - 1) instanceof Refused r) ? null : r;
        }

        /** How many commands went through (written, or with nothing to change) before any stop. */
        public int count() {
            return stopped() == null ? outcomes.size() : outcomes.size() - 1;
        }
    }

    /**
     * What undoing the last write takes: the undo of {@code last}, or of every write of its operation
     * still undoable on the backend (newest first); and the other backends the operation wrote to,
     * where its writes are undone on their own.
     */
    public record Undo(Journal.Entry last, List<WriteCommand> commands, List<String> otherBackends) {}

    private final Journal journal;
    private final ConflictRetry retry;

    public WriteService(Journal journal, ConflictRetry retry) {
        this.journal = journal;
        this.retry = retry;
    }

    /**
     * Executes the commands in order; one that changes nothing is not written. A conflict is retried
     * as allowed; a conflict left, or any other refusal, stops the run, what was written before it
     * staying (and undoable as the group).
     */
    public Run execute(List<WriteCommand> commands, Listener listener) {
        String group = commands.size() > 1 ? Journal.newGroup() : null;
        List<Outcome> outcomes = new ArrayList<>();
        for (WriteCommand command : commands) {
            Outcome outcome = execute(command, group, listener);
            outcomes.add(outcome);
            if (outcome instanceof Refused) {
                break;
            }
            listener.executed(outcome, outcomes.size(), commands.size());
        }
        return new Run(group, List.copyOf(outcomes));
    }

    private Outcome execute(WriteCommand command, String group, Listener listener) {
        if (command.changesNothing()) {
            return new NoChange(command, 0);
        }
        try {
            ConflictRetry.Outcome landed = retry.execute(command, journal, group, r -> listener.retrying(command, r));
            return landed.command().written() == null ? new NoChange(command, landed.retried())
                    : new Written(command, landed.command(), landed.retried());
        } catch (ConflictException e) {
            return new Conflicted(command, e);
        } catch (EditRefused | RuntimeException e) {
            return new Failed(command, e);
        }
    }

    /**
     * What undoing Cairn's last write to the backend takes ({@code stateId}: the last to that ID, on
     * its own): the last write's undo or, without an ID, the undo of every write of its operation.
     *
     * @throws EditRefused there is no write by Cairn to undo there
     * @throws ConflictException a state the operation wrote changed since: none of it is undone
     */
    public Undo undoLast(StateBackend backend, String stateId) throws EditRefused {
        Journal.Entry last = journal.lastUndoable(backend, stateId);
        if (last == null) {
            throw new EditRefused("no write by Cairn to undo on " + backend.displayUri() + (stateId == null ? "" : " for " + stateId));
        }
        if (stateId != null || last.group() == null) {
            return new Undo(last, List.of(WriteCommand.undo(backend, last)), List.of());
        }
        String uri = backend.displayUri();
        return new Undo(last, WriteCommand.undoGroup(backend, journal.undoableInGroup(uri, last.group())),
                journal.otherBackendsToUndo(last.group(), uri));
    }

    /**
     * Undoes a run's writes to the backend as one: all of them still undoable, or none where a state
     * changed since the run wrote it (a conflict naming those states). The undo is a run of its own;
     * the number of states put back.
     *
     * @throws EditRefused an undo cannot be applied; with a {@link RuntimeException}, what stopped the undo
     */
    public int undo(StateBackend backend, Run run) throws EditRefused {
        return run.group() != null ? undoGroup(backend, run.group())
                : undoAll(WriteCommand.allOrNone(backend, run.outcomes().stream().filter(Written.class::isInstance)
                        .map(o -> ((Written) o).landed().undo()).toList()));
    }

    /** {@link #undo(StateBackend, Run)} of the writes journalled in {@code group}, such as a move's. */
    public int undoGroup(StateBackend backend, String group) throws EditRefused {
        return undoAll(WriteCommand.undoGroup(backend, journal.undoableInGroup(backend.displayUri(), group)));
    }

    private int undoAll(List<WriteCommand> undos) throws EditRefused {
        Run undone = execute(undos, (outcome, done, total) -> { });
        if (undone.stopped() != null) {
            undone.stopped().rethrow();
        }
        return undos.size();
    }
}
