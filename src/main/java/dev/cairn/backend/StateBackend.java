package dev.cairn.backend;

import dev.cairn.state.Glob;
import dev.cairn.state.StateDocument;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * One Meltano state backend. Reads return the stored state with a {@link Version}; writes and
 * deletes are compare-and-set on that version, so a change made by someone else since the read is
 * never overwritten silently: it raises {@link ConflictException} carrying what is stored now.
 */
public interface StateBackend extends AutoCloseable {

    /** The backend's URI with any secret removed, fit for display and logs. */
    String displayUri();

    /**
     * What this backend's states are stored in, whatever URI named it (see {@link StateStorage}); a
     * server may be asked, so not on the UI thread.
     *
     * @throws BackendException the storage could not be asked
     */
    StateStorage storage();

    /**
     * The key {@link #storage()} files the ID's state under: the ID itself in a system database, the
     * key of its {@code state.json} (prefix and layout included) in a folder or bucket.
     */
    default String storageKey(String stateId) {
        return stateId;
    }

    /** The state IDs matching a Meltano pattern as this backend family interprets it (null: all), in backend order. */
    void list(String pattern, Consumer<ListedState> sink);

    /**
     * The state IDs the glob matches, whole ID against the whole pattern ({@link Glob}), the same
     * IDs on every backend: what Cairn's writes (clear, copy, move) select by, where {@link #list}
     * keeps each family's Meltano reading ({@code LIKE} in a system database, one folder level on
     * {@code file://}).
     */
    default void listMatching(Glob glob, Consumer<ListedState> sink) {
        list(null, listed -> {
            if (glob.matches(listed.stateId())) {
                sink.accept(listed);
            }
        });
    }

    default List<ListedState> listMatching(Glob glob) {
        List<ListedState> out = new ArrayList<>();
        listMatching(glob, out::add);
        return out;
    }

    default List<ListedState> list(String pattern) {
        List<ListedState> out = new ArrayList<>();
        list(pattern, out::add);
        return out;
    }

    /**
     * Hands on when each stored state was last written, where the backend keeps such a time: the
     * system database's {@code updated_at} (null for an ID Meltano inserted and never replaced: it
     * leaves the column NULL on the first insert), an object store's time of each
     * {@code state.json}. One query or one listing, made only when someone wants the times:
     * {@link #list} stays without them.
     *
     * @throws BackendException the backend keeps no such time (the message says why), or reading them failed
     */
    default void updateTimes(BiConsumer<String, Instant> sink) {
        throw new BackendException(displayUri() + " keeps no time of a state's last change");
    }

    /**
     * {@link #list} with, for each ID, the time {@link #updateTimes} gives it (null where the
     * backend keeps none): one listing for work that needs both, such as a check-up.
     */
    default void listWithTimes(String pattern, BiConsumer<ListedState, Instant> sink) {
        list(pattern, listed -> sink.accept(listed, null));
    }

    /** Reads one state; an ID with no state comes back absent, at {@link Version#ABSENT}. */
    StoredState read(String stateId);

    /**
     * A token that is different whenever the ID's state has changed since an earlier call gave one
     * (the state's version where nothing cheaper tells), "absent" while there is none: what a watch
     * asks every few seconds instead of reading a state of megabytes. Backends override it with one
     * small request of their own.
     */
    default String changeStamp(String stateId) {
        return read(stateId).version().token();
    }

    /**
     * Reads every state matching the pattern, for work that looks at all documents (health badges,
     * export). Backends that can read many states in one round trip override this.
     */
    default void readAll(String pattern, Consumer<StoredState> sink) {
        list(pattern, listed -> sink.accept(read(listed.stateId())));
    }

    /**
     * {@link #readAll} of the states whose IDs start with the prefix (exactly, case and all; empty:
     * every state), for work that selects states by a glob or a rename and reads their documents
     * (a comparison with {@code --pattern}): backends narrow their scan to the prefix (an escaped
     * {@code LIKE}, a listing of the keys under it) so that the states outside it are not read.
     */
    default void readStartingWith(String prefix, Consumer<StoredState> sink) {
        readAll(null, stored -> {
            if (stored.stateId().startsWith(prefix)) {
                sink.accept(stored);
            }
        });
    }

    /**
     * Stores the document as this ID's completed and partial parts, exactly in Meltano's format,
     * if the stored version still equals {@code expected} ({@code null}: whatever is stored).
     *
     * @return the version now stored
     * @throws ConflictException the stored state is not at {@code expected}; nothing was written
     * @throws LockedException Meltano's lock for the ID is held and did not come free in time
     */
    Version write(String stateId, StateDocument document, Version expected);

    /**
     * {@link #write(String, StateDocument, Version)} as one of Meltano's state commands writes, with
     * the {@code runs} row it adds to the project's system database: in the same transaction where
     * the state lives in that database, after the state where the backend was opened with one
     * ({@link BackendOptions#SYSTEM_DATABASE}); a backend that knows no system database stores the state only,
     * and so does one whose system database has no {@code runs} table (saying so in what it returns).
     */
    default CommandWrite write(String stateId, StateDocument document, Version expected, MeltanoRun run) {
        return CommandWrite.of(write(stateId, document, expected));
    }

    /** Deletes the ID's state (as {@code meltano state clear} does) under the same compare-and-set rule. */
    void delete(String stateId, Version expected);

    /**
     * Meltano's {@code runs} table in the project's system database, where this backend knows it:
     * running pipelines and the history of runs and state edits.
     */
    default Optional<RunLog> runs() {
        return Optional.empty();
    }

    /**
     * Whether this backend is a Meltano system database, whose runs are its own {@code runs}
     * table: where {@link #runs()} is empty, the table is missing, not kept elsewhere.
     */
    default boolean isSystemDatabase() {
        return false;
    }

    /**
     * Why this backend refuses every write whatever the connection asked (a system database from
     * before Meltano's {@code state} table shows the states its migration would build), or empty.
     */
    default Optional<String> readOnlyReason() {
        return Optional.empty();
    }

    /** Whether a running pipeline holds Meltano's lock on the ID. */
    LockStatus lockStatus(String stateId);

    /**
     * Whether {@link #lockStatus} reads a lock of its own for each ID (a blob store's lock file),
     * rather than telling from {@link #runs} what one query of the running jobs already tells of
     * every ID (the system database, where Meltano's lock is a no-op). A scan of every ID asks the
     * former per ID and never the latter.
     */
    default boolean hasLocksOfItsOwn() {
        return true;
    }

    /**
     * The lock of each of these IDs that has one, free ones left out, for a scan of many IDs: in one
     * listing of the lock files where the backend keeps them (a blob store overrides this), a
     * {@link #lockStatus} per ID otherwise, nothing where the backend has no lock of its own.
     */
    default Map<String, LockStatus> locks(Collection<String> stateIds) {
        Map<String, LockStatus> held = new HashMap<>();
        if (hasLocksOfItsOwn()) {
            for (String id : stateIds) {
                LockStatus status = lockStatus(id);
                if (status.state() != LockStatus.State.FREE) {
                    held.put(id, status);
                }
            }
        }
        return held;
    }

    /**
     * Removes Meltano's lock on the ID if it is stale, as Meltano's next write would; a lock that
     * is held (not stale) is refused with {@link LockedException}.
     */
    void breakStaleLock(String stateId);

    /**
     * How long a write waits for Meltano's lock while a pipeline holds it, before it is refused
     * with {@link LockedException}; zero where a held lock refuses the write at once.
     */
    default Duration lockWait() {
        return Duration.ZERO;
    }

    /**
     * Removes Meltano's lock on the ID if a Cairn of this machine that no longer runs (a killed
     * copy) left it; any other lock is left alone. For a rerun that finds nothing to write there.
     */
    default void removeLeftoverLock(String stateId) {
        // backends without Meltano's lock leave nothing behind
    }

    @Override
    void close();
}
