package dev.cairn.cli;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.backend.Backends;
import dev.cairn.backend.StateBackend;
import dev.cairn.ops.Journal;
import dev.cairn.ops.UserFolders;
import dev.cairn.state.Json;
import dev.cairn.state.StateDocument;
import dev.cairn.testing.EmptyBackends;
import dev.cairn.testing.MeltanoStyleWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code --retries} beside a pipeline that writes the same state, on real backends. The pipeline
 * (a {@link MeltanoStyleWriter}, Meltano's partial write of a bookmark of its own) writes during each
 * of Cairn's first attempts, between the attempt's read and its compare-and-set: it holds the
 * state's write gate (Meltano's lock, or a transaction on the row) until the journal shows that
 * Cairn has planned the attempt, so each of those attempts conflicts however loaded the machine is.
 * Only after an attempt's conflict is journalled does it take the gate again; where Cairn's next
 * attempt gets there first, that one lands, and the pipeline stops.
 */
@Tag("server")
class WriteRetriesTest {

    private static final String ID = "prod:tap-stripe-to-target-bigquery";
    private static final String CAIRN = "{\"singer_state\": {\"bookmarks\": {\"cairn\": {\"replication_key_value\": 1}}}}";
    private static final long WAIT_SECONDS = 60;

    @TempDir
    Path dir;
    @RegisterExtension
    final CliRun run = new CliRun();

    /** How a command line ended beside the pipeline, and the bookmarks the pipeline wrote meanwhile. */
    private record Raced(int exit, List<String> pipelineWrote) {}

    @ParameterizedTest
    @EnumSource(value = EmptyBackends.class, names = {"SQLITE", "FILE", "POSTGRES"})
    void withoutRetriesAMergeConflictsWithThePipeline(EmptyBackends family) throws Exception {
        String uri = withState(family);
        Raced raced = raced(family, uri, 1, "merge", "--backend", uri, ID, CAIRN);
        assertEquals(3, raced.exit(), run.err());
        assertEquals(List.of("pipeline-1"), raced.pipelineWrote());
        assertTrue(run.err().matches("cairn: state " + ID + " changed since it was read \\(read at version \\S+, now at \\S+\\);"
                + " nothing was written\\n"), run.err());
        assertEquals(List.of("pipeline-1"), partialStreams(family, uri));
        assertEquals(List.of("FAILED"), statuses(family, uri));
    }

    @ParameterizedTest
    @EnumSource(value = EmptyBackends.class, names = {"SQLITE", "FILE", "POSTGRES"})
    void withRetriesAMergeLandsAndKeepsThePipelinesBookmarks(EmptyBackends family) throws Exception {
        String uri = withState(family);
        Raced raced = raced(family, uri, 3, "merge", "--backend", uri, ID, CAIRN, "--retries", "20");
        assertEquals(0, raced.exit(), run.err());
        int conflicts = raced.pipelineWrote().size();
        assertTrue(conflicts >= 1, "the first attempt conflicts, whatever the timing");
        List<String> lines = run.err().lines().toList();
        assertEquals(conflicts + 1, lines.size(), run.err());
        for (int i = 1; i <= conflicts; i++) {
            assertTrue(lines.get(i - 1).matches("conflict: state " + ID + " changed since it was read \\(read at version \\S+,"
                    + " now at \\S+\\); nothing was written; retrying \\(" + i + " of 20\\)"), lines.get(i - 1));
        }
        assertTrue(lines.get(conflicts).matches("Merge into state of " + ID + " on \\S+: done \\(version \\S+\\) after "
                + conflicts + (conflicts == 1 ? " retry" : " retries") + "\\."), lines.get(conflicts));
        List<String> expected = new ArrayList<>(raced.pipelineWrote());
        expected.add("cairn");
        assertEquals(expected, partialStreams(family, uri));
        List<String> statuses = new ArrayList<>(List.of("DONE"));
        raced.pipelineWrote().forEach(conflict -> statuses.add("FAILED"));
        assertEquals(statuses, statuses(family, uri));
    }

    @Test
    void aRetriedSetStoresItsDocument() throws Exception {
        String uri = withState(EmptyBackends.SQLITE);
        Raced raced = raced(EmptyBackends.SQLITE, uri, 1, "set", "--backend", uri, ID, CAIRN, "--retries", "3", "--force");
        assertEquals(0, raced.exit(), run.err());
        assertTrue(run.err().contains("; retrying (1 of 3)\n"), run.err());
        assertTrue(run.err().endsWith(" after 1 retry.\n"), run.err());
        try (StateBackend backend = open(EmptyBackends.SQLITE, uri)) {
            assertEquals(StateDocument.completeWrite(Json.parseObject(CAIRN)), backend.read(ID).document());
        }
    }

    @Test
    void aRetriedClearDeletesTheStateThePipelineLeft() throws Exception {
        String uri = withState(EmptyBackends.FILE);
        Raced raced = raced(EmptyBackends.FILE, uri, 1, "clear", "--backend", uri, ID, "--retries", "1", "--force");
        assertEquals(0, raced.exit(), run.err());
        assertTrue(run.err().contains("; retrying (1 of 1)\n"), run.err());
        assertTrue(run.err().endsWith(" after 1 retry.\n1 state(s) were successfully cleared\n"), run.err());
        try (StateBackend backend = open(EmptyBackends.FILE, uri)) {
            assertFalse(backend.read(ID).exists());
        }
    }

    @Test
    void whenTheRetriesConflictTooTheConflictEndsItAsWithout() throws Exception {
        String uri = withState(EmptyBackends.SQLITE);
        Raced raced = raced(EmptyBackends.SQLITE, uri, Integer.MAX_VALUE, "merge", "--backend", uri, ID, CAIRN, "--retries", "2");
        Assumptions.assumeTrue(raced.pipelineWrote().size() == 3,
                "the pipeline got the gate back after Cairn's next attempt had taken it: that attempt landed");
        assertEquals(3, raced.exit(), run.err());
        List<String> lines = run.err().lines().toList();
        assertEquals(3, lines.size(), run.err());
        assertTrue(lines.get(1).endsWith("; retrying (2 of 2)"), lines.get(1));
        assertTrue(lines.get(2).matches("cairn: state " + ID + " changed since it was read \\(read at version \\S+, now at \\S+\\);"
                + " nothing was written \\(gave up after 2 retries\\)"), lines.get(2));
        assertEquals(List.of("pipeline-1", "pipeline-2", "pipeline-3"), partialStreams(EmptyBackends.SQLITE, uri));
        assertEquals(List.of("FAILED", "FAILED", "FAILED"), statuses(EmptyBackends.SQLITE, uri));
    }

    /** A new backend of the family holding the state (a completed bookmark of stream "orders"); its URI. */
    private String withState(EmptyBackends family) throws Exception {
        String uri = family.create(dir);
        try (StateBackend backend = open(family, uri)) {
            backend.write(ID, StateDocument.completeWrite(Json.parseObject(
                    "{\"singer_state\": {\"bookmarks\": {\"orders\": {\"replication_key_value\": 1}}}}")), null);
        }
        return uri;
    }

    /**
     * Runs the command line while the pipeline writes Meltano's merge of bookmark "pipeline-n" into
     * the state during Cairn's n-th attempt at its write, for each n up to {@code rounds}.
     */
    private Raced raced(EmptyBackends family, String uri, int rounds, String... args) throws Exception {
        Journal journal = UserFolders.fromEnvironment().journal();
        String displayUri;
        try (StateBackend backend = open(family, uri)) {
            displayUri = backend.displayUri();
        }
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try (MeltanoStyleWriter pipeline = MeltanoStyleWriter.on(family, uri)) {
            CountDownLatch holding = new CountDownLatch(1);
            AtomicBoolean cairnEnded = new AtomicBoolean();
            Future<List<String>> wrote = threads.submit(() -> {
                List<String> streams = new ArrayList<>();
                for (int n = 1; n <= rounds; n++) {
                    int attempt = n;
                    ObjectNode update = Json.parseObject("{\"singer_state\": {\"bookmarks\": {\"pipeline-" + n + "\": {}}}}");
                    MeltanoStyleWriter.Write write = pipeline.mergeHolding(ID, update, read -> {
                        holding.countDown();
                        return !streams(read.partial().value()).contains("cairn")
                                && await(() -> journal.history(displayUri, ID).size() >= attempt, cairnEnded);
                    });
                    if (write == null) {
                        break;
                    }
                    streams.add("pipeline-" + n);
                    // Cairn's attempt needs the gate to find its conflict: it is taken again only after that
                    if (!await(() -> journal.history(displayUri, ID).get(0).status() != Journal.Status.STARTED, cairnEnded)) {
                        break;
                    }
                }
                return streams;
            });
            assertTrue(holding.await(WAIT_SECONDS, TimeUnit.SECONDS), "the pipeline holds the state");
            Future<Integer> exit = threads.submit(() -> {
                try {
                    return run.cairn(args);
                } finally {
                    cairnEnded.set(true);
                }
            });
            return new Raced(exit.get(WAIT_SECONDS, TimeUnit.SECONDS), wrote.get(WAIT_SECONDS, TimeUnit.SECONDS));
        } finally {
            threads.shutdownNow();
        }
    }

    /** Waits until the condition holds (true), or the command line ended without it (false). */
    private static boolean await(BooleanSupplier condition, AtomicBoolean ended) {
        long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (System.nanoTime() < giveUp) {
            boolean over = ended.get();
            if (condition.getAsBoolean()) {
                return true;
            }
            if (over) {
                return false;
            }
            try {
                Thread.sleep(2);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        throw new AssertionError("waited " + WAIT_SECONDS + " s for the command line");
    }

    private static StateBackend open(EmptyBackends family, String uri) {
        return Backends.open(uri, family.options());
    }

    private static List<String> partialStreams(EmptyBackends family, String uri) {
        try (StateBackend backend = open(family, uri)) {
            return streams(backend.read(ID).document().partial().value());
        }
    }

    /** The journal's statuses of the state's writes, newest first. */
    private static List<String> statuses(EmptyBackends family, String uri) {
        try (StateBackend backend = open(family, uri)) {
            return UserFolders.fromEnvironment().journal().history(backend.displayUri(), ID).stream()
                    .map(e -> e.status().name()).toList();
        }
    }

    private static List<String> streams(JsonNode document) {
        List<String> names = new ArrayList<>();
        document.path("singer_state").path("bookmarks").fieldNames().forEachRemaining(names::add);
        return names;
    }
}
