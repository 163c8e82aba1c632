package dev.cairn.ops;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cairn.backend.LockStatus;
import dev.cairn.backend.LockedException;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.state.StateError;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A guided backfill (Meltano issue 7549): park a state (move it aside to a parked ID, so that the
 * pipeline's next run starts from scratch), run the full refresh, then unpark it: restore the parked
 * state over what the refresh wrote, or merge it under the refreshed one. A park is Meltano's move
 * within the backend ({@link Transfer}); an unpark is two planned writes, the ID's and the parked
 * copy's deletion. A parked ID is {@code ID.parked-<UTC time>} unless the user named another.
 */
public final class Park {

    /** What a parked ID adds to the ID it holds the state of, before the time it was parked. */
    public static final String MARK = ".parked-";

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("uuuuMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);
    private static final Pattern PARKED = Pattern.compile("(.+)" + Pattern.quote(MARK) + "(\\d{8}T\\d{6}Z)");

    /** How an unpark puts the parked state back. */
    public enum Return {
        /** The parked state replaces what the refresh wrote, both documents as stored. */
        RESTORE,
        /** The parked state merged under the refreshed one: streams the refresh reached keep their newer values. */
        MERGE
    }

    /** An ID named as a parked copy: the ID whose state it holds, and when that was parked. */
    public record Parked(String parkedId, String stateId, Instant at) {}

    private Park() {}

    /** The parked ID of a state parked at that time: {@code dev:tap-x-to-y.parked-20261202T081500Z}. */
    public static String parkedId(String stateId, Instant at) {
        return stateId + MARK + TIME.format(at.truncatedTo(ChronoUnit.SECONDS));
    }

    /** The ID as a parked copy, if it is named as one. */
    public static Optional<Parked> parse(String id) {
        Matcher m = PARKED.matcher(id);
        if (!m.matches()) {
            return Optional.empty();
        }
        try {
            return Optional.of(new Parked(id, m.group(1), TIME.parse(m.group(2), Instant::from)));
        } catch (DateTimeParseException e) {
            return Optional.empty(); // digits that are no time (month 13): not one of ours
        }
    }

    /** The newest parked copy of the ID in the backend, by the time in its name; one listing. */
    public static Optional<Parked> newest(StateBackend backend, String stateId) {
        return backend.list(null).stream()
                .map(listed -> parse(listed.stateId()))
                .flatMap(Optional::stream)
                .filter(parked -> parked.stateId().equals(stateId))
                .max(Comparator.comparing(Parked::at));
    }

    /**
     * Refuses to move a state a pipeline is running on: its next checkpoint would write the state
     * back under the old ID, half a sync on top of nothing.
     *
     * @throws LockedException a live run of the ID's job, or Meltano's lock held
     */
    public static void requireIdle(StateBackend backend, String stateId) {
        Optional<LockStatus> holding = RunAndLock.read(backend, stateId).pipelineHolding(Instant.now());
        if (holding.isPresent()) {
            throw new LockedException(stateId, holding.get());
        }
    }

    /** The transfer that parks: Meltano's move within the backend, refusing a parked ID that holds a state already. */
    public static Transfer transfer(StateBackend backend, Journal journal) {
        return new Transfer(backend, backend, Transfer.Mode.MOVE, Transfer.OnConflict.FAIL, Transfer.Content.EFFECTIVE, journal);
    }

    /**
     * The two writes of an unpark, planned on the states as read now: the ID gets the parked state
     * back as {@code how} says, then the parked copy is deleted. Each is compare-and-set on its read.
     *
     * @throws EditRefused the parked or the current state cannot be read as the return needs
     */
    public static List<WriteCommand> unpark(StateBackend backend, String stateId, StoredState parked, Return how)
            throws EditRefused {
        Edit back;
        if (how == Return.RESTORE) {
            back = Edit.restoreParked(parked.document(), parked.stateId());
        } else {
            JsonNode parkedEffective;
            try {
                parkedEffective = parked.document().effective();
            } catch (StateError e) {
                throw new EditRefused("the parked state " + parked.stateId() + " cannot be read: " + e.getMessage());
            }
            back = Edit.mergeUnder(parkedEffective, parked.stateId());
        }
        return List.of(WriteCommand.plan(backend, stateId, back),
                WriteCommand.plan(backend, Edit.unparkedTo(stateId), parked));
    }
}
