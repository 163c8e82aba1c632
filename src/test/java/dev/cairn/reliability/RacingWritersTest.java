package dev.cairn.reliability;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.backend.BackendException;
import dev.cairn.backend.Backends;
import dev.cairn.backend.ConflictException;
import dev.cairn.backend.StateBackend;
import dev.cairn.ops.Edit;
import dev.cairn.ops.Journal;
import dev.cairn.ops.WriteCommand;
import dev.cairn.state.Json;
import dev.cairn.state.StateDocument;
import dev.cairn.testing.EmptyBackends;
import dev.cairn.testing.MeltanoStyleWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * Four Cairn writers and a Meltano-style writer race on the same state IDs of each backend. Every
 * Cairn write is {@code cairn state merge} of a marker of its own into the partial state, planned
 * on a read and executed with compare-and-set (a conflict re-reads and tries again); the Meltano
 * writer does Meltano's partial write of its own stream (read, merge, plain write). Nothing Cairn
 * writes may lose an update: no marker of a successful Cairn write may disappear except through
 * Meltano's own blind write, and no Meltano write may be undone by Cairn.
 *
 * <p>Whom a missing marker was lost to is decided from what the Meltano writer read: a marker it
 * once read and that later vanished can only have been dropped by a Cairn write (Meltano's writes
 * carry everything they read), and a marker it never read was lost to Meltano only if one of its
 * writes, based on a read without the marker, went out after the Cairn write began.
 */
@Tag("reliability")
class RacingWritersTest {

    static final int ROUNDS = Integer.getInteger("cairn.reliability.rounds", 200);
    private static final int CAIRN_WRITERS = 4;
    private static final int STATE_IDS = 8;
    private static final String MELTANO_STREAM = "meltano";

    @TempDir
    Path dir;

    /** One successful Cairn write. */
    private record Marker(String stateId, String key, long startNanos) {}

    /**
     * The backends race side by side, each on a server of its own: one after the other the class took
     * the sum of their times, most of it waiting for the emulators and for held locks.
     */
    @Test
    void cairnLosesNoUpdateToRacingWritersOnAnyBackend() throws Exception {
        ExecutorService families = Executors.newFixedThreadPool(EmptyBackends.values().length);
        try {
            List<Executable> races = new ArrayList<>();
            for (EmptyBackends family : EmptyBackends.values()) {
                Future<?> race = families.submit(() -> {
                    race(family, Files.createDirectories(dir.resolve(family.name())));
                    return null;
                });
                races.add(() -> {
                    try {
                        race.get();
                    } catch (ExecutionException e) {
                        throw e.getCause();
                    }
                });
            }
            assertAll(races);
        } finally {
            families.shutdownNow();
        }
    }

    private static void race(EmptyBackends family, Path dir) throws Exception {
        String uri = family.create(dir);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < STATE_IDS; i++) {
            ids.add("race:tap-shared-to-target-" + i);
        }
        long started = System.nanoTime();
        Journal journal = new Journal(dir.resolve("journal"));
        AtomicInteger conflicts = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        List<Marker> markers = new ArrayList<>();
        List<MeltanoStyleWriter.Write> meltanoWrites = new ArrayList<>();
        try (StateBackend backend = Backends.open(uri, family.options());
             MeltanoStyleWriter meltano = MeltanoStyleWriter.on(family, uri)) {
            for (String id : ids) {
                WriteCommand.plan(backend, id, Edit.set(Json.parseObject("{\"singer_state\": {\"bookmarks\": {}}}")))
                        .execute(journal);
            }
            CountDownLatch go = new CountDownLatch(1);
            ExecutorService pool = Executors.newFixedThreadPool(CAIRN_WRITERS + 1);
            try {
                List<Future<List<Marker>>> cairn = new ArrayList<>();
                for (int w = 0; w < CAIRN_WRITERS; w++) {
                    int writer = w;
                    cairn.add(pool.submit(() -> {
                        go.await();
                        return cairnWriter(backend, journal, ids, writer, conflicts, refused);
                    }));
                }
                Future<List<MeltanoStyleWriter.Write>> meltanoDone = pool.submit(() -> {
                    go.await();
                    return meltanoWriter(meltano, ids);
                });
                go.countDown();
                for (Future<List<Marker>> f : cairn) {
                    markers.addAll(f.get());
                }
                meltanoWrites.addAll(meltanoDone.get());
            } finally {
                pool.shutdownNow();
            }

            Map<String, StateDocument> end = new HashMap<>();
            for (String id : ids) {
                end.put(id, backend.read(id).document());
            }
            Verdict verdict = verdict(markers, meltanoWrites, end);
            System.err.printf("race %s: %d Cairn writes (%d writers x %d) and %d Meltano writes on %d IDs in %.1f s;"
                            + " %d conflicts retried, %d writes refused (torn read); lost by Cairn: %d markers,"
                            + " %d Meltano writes; lost to Meltano's own blind writes: %d markers%n",
                    family, markers.size(), CAIRN_WRITERS, ROUNDS, meltanoWrites.size(), STATE_IDS,
                    (System.nanoTime() - started) / 1e9, conflicts.get(), refused.get(),
                    verdict.markersLostByCairn, verdict.meltanoWritesLostByCairn, verdict.markersLostToMeltano);
            assertEquals(CAIRN_WRITERS * ROUNDS, markers.size(), family + ": Cairn writes");
            assertEquals(0, verdict.markersLostByCairn, family + ": markers of successful Cairn writes dropped by Cairn: " + verdict.examples);
            // S3Proxy answers If-Match by looking at the object and then storing, not atomically with a
            // plain PUT in between; when Meltano's check-then-write lock lets both writers in, that
            // window can undo a Meltano write, which S3's atomic conditional write would refuse. So on
            // S3Proxy this count is reported above, not held to zero (Cairn's own markers still are).
            if (family != EmptyBackends.S3) {
                assertEquals(0, verdict.meltanoWritesLostByCairn, family + ": Meltano writes undone by Cairn: " + verdict.examples);
            }
        }
    }

    private static List<Marker> cairnWriter(StateBackend backend, Journal journal, List<String> ids, int writer,
                                            AtomicInteger conflicts, AtomicInteger refused) throws Exception {
        Random random = new Random(writer);
        List<Marker> done = new ArrayList<>();
        while (done.size() < ROUNDS) {
            String id = ids.get(random.nextInt(ids.size()));
            String key = "cairn-" + writer + "-" + done.size();
            Edit edit = Edit.merge(bookmark(key, done.size()));
            while (true) {
                long start = System.nanoTime();
                try {
                    WriteCommand.plan(backend, id, edit).execute(journal);
                    done.add(new Marker(id, key, start));
                    break;
                } catch (ConflictException e) {
                    conflicts.incrementAndGet();
                } catch (BackendException e) {
                    // a state.json read while Meltano rewrote it in place (file://) cannot be written back
                    if (refused.incrementAndGet() > ROUNDS) {
                        throw e;
                    }
                }
            }
        }
        return done;
    }

    private static List<MeltanoStyleWriter.Write> meltanoWriter(MeltanoStyleWriter meltano, List<String> ids) throws Exception {
        List<MeltanoStyleWriter.Write> writes = new ArrayList<>();
        for (int k = 1; k <= ROUNDS; k++) {
            writes.add(meltano.merge(ids.get(k % ids.size()), bookmark(MELTANO_STREAM, k)));
        }
        return writes;
    }

    /** {@code {"singer_state": {"bookmarks": {stream: {"replication_key": "n", "replication_key_value": n}}}}} */
    private static ObjectNode bookmark(String stream, int value) {
        ObjectNode update = Json.object();
        ObjectNode entry = update.putObject("singer_state").putObject("bookmarks").putObject(stream);
        entry.put("replication_key", "n");
        entry.put("replication_key_value", value);
        return update;
    }

    private static final class Verdict {
        int markersLostByCairn;
        int markersLostToMeltano;
        int meltanoWritesLostByCairn;
        final List<String> examples = new ArrayList<>();

        void lostByCairn(String what) {
            if (examples.size() < 5) {
                examples.add(what);
            }
        }
    }

    private static Verdict verdict(List<Marker> markers, List<MeltanoStyleWriter.Write> meltanoWrites,
                                   Map<String, StateDocument> end) {
        Verdict verdict = new Verdict();
        // Meltano's stream must hold, at each of its reads and at the end, the value it wrote last.
        Map<String, Integer> lastWritten = new HashMap<>();
        for (int k = 1; k <= meltanoWrites.size(); k++) {
            MeltanoStyleWriter.Write write = meltanoWrites.get(k - 1);
            Integer expected = lastWritten.get(write.stateId());
            JsonNode seen = bookmarks(write.read()).path(MELTANO_STREAM).path("replication_key_value");
            if (expected != null && seen.asInt(-1) != expected) {
                verdict.meltanoWritesLostByCairn++;
                verdict.lostByCairn("Meltano write " + expected + " to " + write.stateId() + " read back as " + seen);
            }
            lastWritten.put(write.stateId(), k);
        }
        lastWritten.forEach((id, k) -> {
            JsonNode seen = bookmarks(end.get(id)).path(MELTANO_STREAM).path("replication_key_value");
            if (seen.asInt(-1) != k) {
                verdict.meltanoWritesLostByCairn++;
                verdict.lostByCairn("Meltano's last write " + k + " to " + id + " ends as " + seen);
            }
        });
        for (Marker m : markers) {
            if (bookmarks(end.get(m.stateId())).has(m.key())) {
                continue;
            }
            boolean seenByMeltano = false;
            boolean overwrittenByMeltano = false;
            for (MeltanoStyleWriter.Write write : meltanoWrites) {
                if (!write.stateId().equals(m.stateId())) {
                    continue;
                }
                boolean inBase = bookmarks(write.read()).has(m.key());
                seenByMeltano |= inBase;
                overwrittenByMeltano |= !inBase && write.writeEndNanos() >= m.startNanos();
            }
            if (overwrittenByMeltano && !seenByMeltano) {
                verdict.markersLostToMeltano++;
            } else {
                verdict.markersLostByCairn++;
                verdict.lostByCairn("marker " + m.key() + " of " + m.stateId()
                        + (seenByMeltano ? ", read by Meltano before it vanished" : ""));
            }
        }
        return verdict;
    }

    /** The bookmarks of the partial document, where both kinds of writer merge theirs. */
    private static JsonNode bookmarks(StateDocument document) {
        return document.partial().value().path("singer_state").path("bookmarks");
    }
}
