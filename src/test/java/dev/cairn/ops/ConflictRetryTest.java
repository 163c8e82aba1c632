package dev.cairn.ops;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.ConflictException;
import dev.cairn.backend.ForwardingBackend;
import dev.cairn.backend.LockedException;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.state.Json;
import dev.cairn.state.JsonSyntaxError;
import dev.cairn.state.StateDocument;
import dev.cairn.testing.EmptyBackends;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Retries of a write refused by a conflict, on real backends. Another writer's write lands right
 * after each of Cairn's first reads of the state (through {@link OtherWriterAfterRead}), so each of
 * those plans is stale by the time it is written: exactly that many attempts conflict.
 */
@Tag("server")
class ConflictRetryTest {

    private static final String ID = "dev:tap-github-to-target-postgres";

    @TempDir
    Path dir;
    Journal journal;

    @BeforeEach
    void journal() {
        journal = new Journal(dir.resolve("journal"));
    }

    /** A new backend of the family holding the state, a completed bookmark of stream "orders". */
    private StateBackend withState(EmptyBackends family) {
        StateBackend backend = family.open(dir);
        backend.write(ID, StateDocument.completeWrite(bookmark("orders")), null);
        return backend;
    }

    /** A real backend after whose first {@code writes} reads of a state another writer changes that state. */
    private static final class OtherWriterAfterRead extends ForwardingBackend {
        private final UnaryOperator<StateDocument> other;
        private int writes;

        /** {@code other} gives what the other writer stores from what it finds (null: it deletes the state). */
        OtherWriterAfterRead(StateBackend backend, int writes, UnaryOperator<StateDocument> other) {
            super(backend);
            this.writes = writes;
            this.other = other;
        }

        @Override
        public StoredState read(String stateId) {
            StoredState read = super.read(stateId);
            if (writes > 0) {
                writes--;
                StateDocument theirs = other.apply(backend.read(stateId).document());
                if (theirs == null) {
                    backend.delete(stateId, null);
                } else {
                    backend.write(stateId, theirs, null);
                }
            }
            return read;
        }
    }

    /** The other writer as a pipeline with {@code --state-strategy=merge}: Meltano's merge of a bookmark of its own, one more each time. */
    private static UnaryOperator<StateDocument> pipelineMerging() {
        int[] n = {0};
        return found -> {
            try {
                return Edit.merge(bookmark("pipeline-" + ++n[0])).apply(found);
            } catch (EditRefused e) {
                throw new AssertionError(e);
            }
        };
    }

    @ParameterizedTest
    @EnumSource(value = EmptyBackends.class, names = {"SQLITE", "FILE", "POSTGRES"})
    void aMergeLandsAfterTheConflictsAndKeepsTheOtherWritersKeys(EmptyBackends family) throws Exception {
        try (StateBackend real = withState(family)) {
            StateBackend backend = new OtherWriterAfterRead(real, 3, pipelineMerging());
            List<String> retries = new ArrayList<>();
            ConflictRetry.Outcome outcome = new ConflictRetry(5).execute(WriteCommand.plan(backend, ID, Edit.merge(bookmark("cairn"))),
                    journal, null, retry -> retries.add(retry.retry() + " of " + retry.retries() + ": " + retry.conflict().getMessage()));

            assertEquals(3, outcome.retried());
            assertEquals(3, retries.size());
            for (int i = 0; i < 3; i++) {
                assertTrue(retries.get(i).startsWith((i + 1) + " of 5: state " + ID + " changed since it was read"), retries.get(i));
            }
            StoredState stored = real.read(ID);
            assertEquals(outcome.command().written(), stored.version());
            assertEquals(List.of("pipeline-1", "pipeline-2", "pipeline-3", "cairn"), streams(stored.document().partial().value()));
            assertEquals(List.of("orders"), streams(stored.document().completed().value()));
            assertEquals(List.of("DONE", "FAILED", "FAILED", "FAILED"), statuses(real));
        }
    }

    @Test
    void withoutRetriesTheFirstConflictEndsTheWrite() throws Exception {
        try (StateBackend real = withState(EmptyBackends.SQLITE)) {
            StateBackend backend = new OtherWriterAfterRead(real, 1, pipelineMerging());
            ConflictException e = assertThrows(ConflictException.class, () -> ConflictRetry.NONE.execute(
                    WriteCommand.plan(backend, ID, Edit.merge(bookmark("cairn"))), journal, null, retry -> fail("retried")));
            assertEquals(ConflictException.class, e.getClass());
            assertEquals(List.of("pipeline-1"), streams(real.read(ID).document().partial().value()));
            assertEquals(List.of("FAILED"), statuses(real));
        }
    }

    @Test
    void whenEveryRetryConflictsTooNothingIsWrittenAndTheConflictSaysSo() throws Exception {
        try (StateBackend real = withState(EmptyBackends.FILE)) {
            StateBackend backend = new OtherWriterAfterRead(real, Integer.MAX_VALUE, pipelineMerging());
            List<Integer> retries = new ArrayList<>();
            ConflictRetry.Exhausted e = assertThrows(ConflictRetry.Exhausted.class, () -> new ConflictRetry(2).execute(
                    WriteCommand.plan(backend, ID, Edit.merge(bookmark("cairn"))), journal, null, retry -> retries.add(retry.retry())));
            assertEquals(List.of(1, 2), retries);
            assertTrue(e.getMessage().matches("state " + ID + " changed since it was read \\(read at version \\S+, now at \\S+\\);"
                    + " nothing was written \\(gave up after 2 retries\\)"), e.getMessage());
            assertEquals(real.read(ID).version(), e.current().version());
            assertEquals(List.of("pipeline-1", "pipeline-2", "pipeline-3"), streams(real.read(ID).document().partial().value()));
            assertEquals(List.of("FAILED", "FAILED", "FAILED"), statuses(real));
        }
    }

    @Test
    void aRetryPlansTheMergeAgainAndIsRefusedWhereMeltanosMergeWouldFailOnTheNewState() throws Exception {
        try (StateBackend real = withState(EmptyBackends.SQLITE)) {
            // the other writer leaves a partial whose bookmarks are a string: merging an object into it fails in Meltano
            StateBackend backend = new OtherWriterAfterRead(real, 1, found -> StateDocument.of(found.completed().value(),
                    json("{\"singer_state\": {\"bookmarks\": \"reset\"}}")));
            EditRefused e = assertThrows(EditRefused.class, () -> new ConflictRetry(5).execute(
                    WriteCommand.plan(backend, ID, Edit.merge(bookmark("cairn"))), journal, null, retry -> { }));
            assertTrue(e.getMessage().startsWith("Meltano's merge would fail"), e.getMessage());
            assertEquals(json("{\"singer_state\": {\"bookmarks\": \"reset\"}}"), real.read(ID).document().partial().value());
            assertEquals(List.of("FAILED"), statuses(real));
        }
    }

    @Test
    void aRetriedSetStoresTheSameDocument() throws Exception {
        try (StateBackend real = withState(EmptyBackends.FILE)) {
            StateBackend backend = new OtherWriterAfterRead(real, 2, pipelineMerging());
            ObjectNode document = bookmark("cairn");
            ConflictRetry.Outcome outcome = new ConflictRetry(2).execute(WriteCommand.plan(backend, ID, Edit.set(document)),
                    journal, null, retry -> { });
            assertEquals(2, outcome.retried());
            assertEquals(StateDocument.completeWrite(document), real.read(ID).document());
            assertEquals(List.of("DONE", "FAILED", "FAILED"), statuses(real));
        }
    }

    @Test
    void aRetryThatFindsNothingLeftToChangeWritesNothing() throws Exception {
        try (StateBackend real = withState(EmptyBackends.SQLITE)) {
            StateBackend backend = new OtherWriterAfterRead(real, 1, found -> null);
            ConflictRetry.Outcome outcome = new ConflictRetry(3).execute(WriteCommand.plan(backend, ID, Edit.clear()), journal, null, retry -> { });
            assertEquals(1, outcome.retried());
            assertTrue(outcome.command().changesNothing());
            assertNull(outcome.command().written());
            assertFalse(real.read(ID).exists());
            assertEquals(List.of("FAILED"), statuses(real));
        }
    }

    @Test
    void aRetryThatFindsAPipelinesLockStillHeldEndsAsTheFirstAttemptWould() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("locked"));
        try (StateBackend real = Backends.open("file://" + folder, BackendOptions.defaults().withLockWait(Duration.ofMillis(200)))) {
            real.write(ID, StateDocument.completeWrite(bookmark("orders")), null);
            StateBackend backend = new OtherWriterAfterRead(real, 1, pipelineMerging());
            // the pipeline's next run takes Meltano's lock while Cairn pauses before its retry, and keeps it
            Path lock = folder.resolve(ID).resolve("lock");
            assertThrows(LockedException.class, () -> new ConflictRetry(5).execute(
                    WriteCommand.plan(backend, ID, Edit.merge(bookmark("cairn"))), journal, null,
                    retry -> write(lock, String.valueOf(System.currentTimeMillis() / 1000.0))));
            assertEquals(List.of("pipeline-1"), streams(real.read(ID).document().partial().value()));
        }
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void anUndoIsNeverPlannedAgain() throws Exception {
        try (StateBackend backend = EmptyBackends.FILE.open(dir)) {
            WriteCommand set = WriteCommand.plan(backend, ID, Edit.set(bookmark("cairn")));
            set.execute(journal);
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> set.undo().replanned());
            assertTrue(e.getMessage().contains("valid only on the state its write left"), e.getMessage());
        }
    }

    @Test
    void pausesGrowFrom25To50MillisecondsUpToHalfASecondToOne() {
        for (int i = 0; i < 200; i++) {
            assertTrue(between(ConflictRetry.pause(1), 25, 50));
            assertTrue(between(ConflictRetry.pause(2), 50, 100));
            assertTrue(between(ConflictRetry.pause(5), 400, 800));
            assertTrue(between(ConflictRetry.pause(6), 500, 1000));
            assertTrue(between(ConflictRetry.pause(1_000), 500, 1000));
        }
    }

    private static boolean between(long pause, long low, long high) {
        return pause >= low && pause <= high;
    }

    /** The journal's statuses of the state's writes, newest first. */
    private List<String> statuses(StateBackend backend) {
        return journal.history(backend.displayUri(), ID).stream().map(e -> e.status().name()).toList();
    }

    /** {@code {"singer_state": {"bookmarks": {stream: {"replication_key_value": 1}}}}} */
    private static ObjectNode bookmark(String stream) {
        ObjectNode update = Json.object();
        update.putObject("singer_state").putObject("bookmarks").putObject(stream).put("replication_key_value", 1);
        return update;
    }

    private static List<String> streams(JsonNode document) {
        List<String> names = new ArrayList<>();
        document.path("singer_state").path("bookmarks").fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static JsonNode json(String text) {
        try {
            return Json.parse(text);
        } catch (JsonSyntaxError e) {
            throw new AssertionError(e);
        }
    }
}
