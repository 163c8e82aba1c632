package dev.cairn.ops.compare;

import static dev.cairn.testing.Fixtures.*;
import static org.junit.jupiter.api.Assertions.*;

import dev.cairn.backend.BackendException;
import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.ForwardingBackend;
import dev.cairn.backend.ListedState;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.bench.CompareData;
import dev.cairn.bench.Seed;
import dev.cairn.ops.Rename;
import dev.cairn.ops.compare.IdComparison.Status;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StatePart;
import dev.cairn.testing.EmptyBackends;
import dev.cairn.testing.Fixtures;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The comparison engine against real backends: statuses, renames, failed reads, cancel, and 10,000 IDs a side. */
@Tag("server")
class ComparisonTest {

    @TempDir
    Path dir;

    /** Every result by the ID on this side, each ID once. */
    private static Map<String, IdComparison> results(Comparison comparison) {
        Map<String, IdComparison> byId = new HashMap<>();
        comparison.run(result -> assertNull(byId.put(result.hereId(), result), "reported twice: " + result.hereId()));
        return byId;
    }

    private static StateBackend open(String uri) {
        return Backends.open(uri, uri.startsWith("s3://") ? EmptyBackends.s3Options() : BackendOptions.defaults());
    }

    private static void write(StateBackend backend, String id, String completed, String partial) {
        backend.write(id, new StateDocument(StatePart.parse(completed), StatePart.parse(partial)), null);
    }

    @Test
    void theFixturesReadAlikeFromTheDatabaseAndTheFilesMeltanoWrote() {
        try (StateBackend db = open(Fixtures.systemDb(dir)); StateBackend files = open(Fixtures.fileBackend(dir))) {
            Map<String, IdComparison> results = results(new Comparison(db, files, null, null));
            assertEquals(9, results.size());
            for (String id : List.of(A, B, C, D, E, G, H, I)) {
                assertEquals(Status.SAME, results.get(id).status(), id);
            }
            // the truncated row: the file holds the whole truncated file, the column the truncated document
            IdComparison broken = results.get(F);
            assertEquals(Status.UNREADABLE, broken.status());
            assertTrue(broken.hereProblem().contains("not valid JSON"), broken.hereProblem());
            assertTrue(broken.thereProblem().contains("not valid JSON"), broken.thereProblem());
        }
    }

    /** What Compare backends… does after a copy: one ID compared again, as the whole run compared it. */
    @Test
    void oneIdComparedAloneReadsAsTheRunHadIt() {
        try (StateBackend db = open(Fixtures.systemDb(dir)); StateBackend files = open(Fixtures.fileBackend(dir))) {
            files.delete(D, null);
            write(files, "dev:tap-new-to-target-jsonl", "{\"singer_state\": {\"bookmarks\": {}}}", "{}");
            write(files, C, EFFECTIVE_C, "{}");
            Map<String, IdComparison> results = results(new Comparison(db, files, null, null));
            assertEquals(10, results.size());
            for (IdComparison whole : results.values()) {
                IdComparison one = Comparison.compareOne(db, files, whole.hereId(), whole.thereId());
                assertEquals(whole.status(), one.status(), whole.hereId());
                assertEquals(whole.hereProblem(), one.hereProblem(), whole.hereId());
                assertEquals(whole.thereProblem(), one.thereProblem(), whole.hereId());
            }
            assertNull(Comparison.compareOne(db, files, "dev:nowhere", "dev:nowhere"), "an ID on neither side has no row");
        }
    }

    @Test
    void everyStatusWithWhoIsAheadAndWhy() {
        try (StateBackend db = open(Fixtures.systemDb(dir)); StateBackend files = open(Fixtures.fileBackend(dir))) {
            files.delete(D, null);
            write(files, "dev:tap-new-to-target-jsonl", "{\"singer_state\": {\"bookmarks\": {}}}", "{}");
            // C's effective state stored as completed: what Meltano's copy writes
            write(files, C, EFFECTIVE_C, "{}");
            // C there without its pending partial: invoices behind, events missing
            write(db, "prod:tap-stripe-copy", EFFECTIVE_C, "{}");
            write(files, "prod:tap-stripe-copy", "{\"singer_state\": {\"bookmarks\": {\"charges\": {\"replication_key\": \"created\","
                    + " \"replication_key_value\": \"2024-05-31T23:59:58Z\"}, \"customers\": {\"replication_key\": \"updated\","
                    + " \"replication_key_value\": \"2024-06-02T00:00:00+02:00\"}, \"invoices\": {\"replication_key\": \"updated\","
                    + " \"replication_key_value\": \"2024-05-30T12:00:00Z\"}}}}", "{}");
            // I readable there, NULL partial here
            write(files, I, "{\"singer_state\": {\"bookmarks\": {}}}", "{}");

            Map<String, IdComparison> results = results(new Comparison(db, files, null, null));
            assertEquals(Status.ONLY_HERE, results.get(D).status());
            assertEquals(Status.ONLY_THERE, results.get("dev:tap-new-to-target-jsonl").status());
            assertEquals(Status.SAME_EFFECTIVE, results.get(C).status());
            assertEquals(Status.SAME, results.get(A).status());

            IdComparison copy = results.get("prod:tap-stripe-copy");
            assertEquals(Status.DIFFERENT, copy.status());
            assertEquals("2 streams changed, 1 added", copy.detail().summary().sentence());
            assertEquals("2024-06-01T06:00:00Z", copy.detail().newestHere());
            assertEquals("2024-06-02T00:00:00+02:00", copy.detail().newestThere());
            Map<String, String> ahead = new HashMap<>();
            copy.detail().leads().forEach(lead -> ahead.put(lead.stream(), lead.ahead().name()));
            // customers: 2024-06-02T00:00+02:00 is 2024-06-01T22:00Z, ahead of 2024-05-31T22:10Z
            assertEquals(Map.of("invoices", "HERE", "customers", "THERE"), ahead);

            IdComparison hubspot = results.get(I);
            assertEquals(Status.UNREADABLE, hubspot.status());
            assertTrue(hubspot.hereProblem().contains("partial state is NULL"), hubspot.hereProblem());
            assertNull(hubspot.thereProblem());
        }
    }

    @Test
    void aRenameComparesOneEnvironmentWithAnotherInTheSameBackend() {
        try (StateBackend db = open(Fixtures.systemDb(dir)); StateBackend same = open("sqlite:///" + dir.resolve("meltano.db"))) {
            write(db, "prod:tap-postgres-to-target-snowflake", "{\"singer_state\": {\"currently_syncing\": null,"
                    + " \"bookmarks\": {}}}", "{}");
            write(db, "prod:tap-csv-to-target-jsonl", "{}", "{}");
            Map<String, IdComparison> results = results(new Comparison(db, same, "dev:tap-[cp][so]*", Rename.parse("dev:*=prod:*")));
            assertEquals(Map.of(A, Status.DIFFERENT, D, Status.SAME), statuses(results));
            assertEquals("prod:tap-postgres-to-target-snowflake", results.get(A).thereId());

            results = results(new Comparison(db, same, null, Rename.parse("dev:*=prod:*")));
            assertEquals(Status.ONLY_THERE, results.get("dev:tap-github-to-target-postgres").status());
            assertEquals(B, results.get("dev:tap-github-to-target-postgres").thereId());
            assertEquals(Status.ONLY_HERE, results.get(H).status());
            assertFalse(results.containsKey(G), "IDs outside the rename are not compared");
            assertFalse(results.containsKey(I));
        }
    }

    private static Map<String, Status> statuses(Map<String, IdComparison> results) {
        Map<String, Status> statuses = new HashMap<>();
        results.forEach((id, result) -> statuses.put(id, result.status()));
        return statuses;
    }

    /** A backend whose read of one ID fails, as a bucket answering 500 for one key would. */
    private static final class OneBadRead extends ForwardingBackend {
        private final String bad;

        OneBadRead(StateBackend backend, String bad) {
            super(backend);
            this.bad = bad;
        }

        @Override
        public StoredState read(String stateId) {
            if (stateId.equals(bad)) {
                throw new BackendException("cannot read " + stateId + ": 500 Internal Server Error");
            }
            return backend.read(stateId);
        }

        @Override
        public void readAll(String pattern, Consumer<StoredState> sink) {
            list(pattern, listed -> sink.accept(read(listed.stateId())));
        }
    }

    /** Counts the states a side hands on, whichever way it is read. */
    private static final class CountedReads extends ForwardingBackend {
        private final AtomicInteger states = new AtomicInteger();

        CountedReads(StateBackend backend) {
            super(backend);
        }

        int taken() {
            return states.getAndSet(0);
        }

        @Override
        public StoredState read(String stateId) {
            states.incrementAndGet();
            return backend.read(stateId);
        }

        @Override
        public void readAll(String pattern, Consumer<StoredState> sink) {
            backend.readAll(pattern, counted(sink));
        }

        @Override
        public void readStartingWith(String prefix, Consumer<StoredState> sink) {
            backend.readStartingWith(prefix, counted(sink));
        }

        private Consumer<StoredState> counted(Consumer<StoredState> sink) {
            return stored -> {
                states.incrementAndGet();
                sink.accept(stored);
            };
        }
    }

    /**
     * A pattern or a rename narrows what each side reads, not only what is shown: the database's
     * scan to the IDs under the literal head, the bucket's listing and reads to the keys under it.
     */
    @Test
    void aPatternOrARenameReadsOnlyTheStatesUnderItsHead() {
        try (StateBackend db = open(Fixtures.systemDb(dir)); StateBackend bucket = EmptyBackends.S3.open(dir)) {
            for (String id : List.of(A, B, C, D, H)) {
                bucket.write(id, db.read(id).document(), null);
            }
            write(bucket, "prod:tap-new-to-target-jsonl", "{}", "{}");
            CountedReads here = new CountedReads(db);
            CountedReads there = new CountedReads(bucket);

            assertEquals(10, results(new Comparison(here, there, null, null)).size());
            assertEquals(9, here.taken());
            assertEquals(6, there.taken());

            Map<String, IdComparison> results = results(new Comparison(here, there, "prod:tap-[gs]*", null));
            assertEquals(Map.of(B, Status.SAME, C, Status.SAME), statuses(results));
            assertEquals(2, here.taken(), "the rows under prod:tap- only");
            assertEquals(3, there.taken(), "the objects under meltano/state/prod:tap- only");

            results = results(new Comparison(here, there, null, Rename.parse("dev:*=prod:*")));
            assertEquals(Status.ONLY_HERE, results.get(A).status());
            assertEquals(4, here.taken(), "dev:* only");
            assertEquals(3, there.taken(), "prod:* only");

            results = results(new Comparison(here, there, "dev:tap-c*", Rename.parse("dev:*=prod:*")));
            assertEquals(Set.of(D, H), results.keySet());
            assertEquals(2, here.taken(), "dev:tap-c* only");
            assertEquals(0, there.taken(), "nothing under prod:tap-c");
        }
    }

    @Test
    void aStateThatCannotBeReadIsReportedAndTheRestStillCompared() {
        try (StateBackend db = open(Fixtures.systemDb(dir)); StateBackend files = new OneBadRead(open(Fixtures.fileBackend(dir)), C)) {
            Map<String, IdComparison> results = results(new Comparison(db, files, null, null));
            assertEquals(9, results.size());
            assertEquals(Status.UNREADABLE, results.get(C).status());
            assertEquals("cannot be read: cannot read " + C + ": 500 Internal Server Error", results.get(C).thereProblem());
            assertEquals(Status.SAME, results.get(A).status());
        }
    }

    @Test
    void aSideThatCannotBeListedFailsTheComparisonNamingIt() {
        try (StateBackend db = open(Fixtures.systemDb(dir)); StateBackend gone = new ForwardingBackend(open(Fixtures.fileBackend(dir))) {
            @Override
            public void readAll(String pattern, Consumer<StoredState> sink) {
                throw new BackendException("connection refused");
            }

            @Override
            public void list(String pattern, Consumer<ListedState> sink) {
                throw new BackendException("connection refused");
            }
        }) {
            BackendException e = assertThrows(BackendException.class, () -> new Comparison(db, gone, null, null).run(r -> { }));
            assertTrue(e.getMessage().contains(gone.displayUri()) && e.getMessage().contains("connection refused"), e.getMessage());
        }
    }

    /** The structural comparisons run on comparer threads: a failure there ends the run with it, as a reader's does. */
    @Test
    void aFailureOnAComparerEndsTheRunWithIt() {
        try (StateBackend db = open(Fixtures.systemDb(dir)); StateBackend files = open(Fixtures.fileBackend(dir))) {
            write(db, "prod:tap-stripe-copy", EFFECTIVE_C, "{}");
            write(files, "prod:tap-stripe-copy", "{}", "{}");
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> new Comparison(db, files, null, null).run(result -> {
                if (result.status() == Status.DIFFERENT) {
                    throw new IllegalStateException("the listener broke");
                }
            }));
            assertEquals("the listener broke", e.getMessage());
        }
    }

    @Test
    void cancelStopsBothSides() {
        try (StateBackend db = open(Fixtures.systemDb(dir)); StateBackend files = open(Fixtures.fileBackend(dir))) {
            Comparison comparison = new Comparison(db, files, null, null);
            AtomicInteger seen = new AtomicInteger();
            assertThrows(CancellationException.class, () -> comparison.run(result -> {
                seen.incrementAndGet();
                comparison.cancel();
            }));
            assertTrue(seen.get() < 9, "stopped early: " + seen.get());
        }
    }

    /** 10,000 IDs a side, 5 % only on each, every tenth shared one changed, with room for no waiting document. */
    private static void tenThousand(String hereUri, String thereUri, CompareData data, long heldChars) {
        try (StateBackend here = open(hereUri); StateBackend there = open(thereUri)) {
            Comparison comparison = new Comparison(here, there, null, null, heldChars);
            List<Comparison.Progress> progress = new ArrayList<>();
            long start = System.nanoTime();
            Comparison.Totals totals = comparison.run(new Comparison.Listener() {
                @Override
                public void compared(IdComparison result) {
                }

                @Override
                public void progress(Comparison.Progress p) {
                    progress.add(p);
                }
            });
            System.err.printf("compare %s against %s: %d ms%n", here.displayUri(), there.displayUri(),
                    Duration.ofNanos(System.nanoTime() - start).toMillis());
            assertEquals(data.onlyHere(), totals.count(Status.ONLY_HERE));
            assertEquals(data.onlyThere(), totals.count(Status.ONLY_THERE));
            assertEquals(data.different(), totals.count(Status.DIFFERENT));
            // the generator's few unreadable rows are stored alike on both sides: same
            assertEquals(data.same(), totals.count(Status.SAME));
            assertEquals(0, totals.count(Status.UNREADABLE) + totals.count(Status.SAME_EFFECTIVE));
            assertEquals(data.here().size() + data.onlyThere(), totals.total());
            assertFalse(progress.isEmpty());
            Comparison.Progress last = progress.get(progress.size() - 1);
            assertEquals(new Comparison.Progress(data.here().size(), data.there().size(), totals.total()), last);
        }
    }

    @Test
    void tenThousandIdsSqliteAgainstPostgres() throws Exception {
        CompareData data = CompareData.of(21, 10_000);
        String sqlite = Seed.sqlite(dir, "here", data.here());
        String postgres = Seed.postgres(data.there());
        tenThousand(sqlite, postgres, data, Comparison.DEFAULT_HELD_CHARS);
        // no document may wait: the differing pairs are read again at the end
        tenThousand(sqlite, postgres, data, 0);
    }

    @Test
    void tenThousandIdsFilesAgainstS3() throws Exception {
        CompareData data = CompareData.of(22, 10_000);
        String files = Seed.files(dir.resolve("files"), data.here());
        String s3 = Seed.s3(data.there());
        tenThousand(files, s3, data, Comparison.DEFAULT_HELD_CHARS);
    }
}
