package dev.cairn.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.backend.systemdb.MeltanoSchema;
import dev.cairn.backend.systemdb.PostgresUri;
import dev.cairn.state.Json;
import dev.cairn.state.StateDocument;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Many writers on one system DB through one backend: each finishes promptly, and no update is lost. */
@Tag("server")
class SystemDbConcurrencyTest {

    private static final int WRITERS = 6;

    @TempDir
    Path dir;

    private String systemDb(String kind) throws Exception {
        if (kind.equals("sqlite")) {
            Path file = dir.resolve("meltano.db");
            MeltanoSchema.createSqlite(file);
            return "sqlite:///" + file;
        }
        String uri = TestPostgres.freshSchemaUri();
        try (Connection c = PostgresUri.parse(uri).connect()) {
            MeltanoSchema.createPostgres(c);
        }
        return uri;
    }

    private static StateDocument counter(int n) throws Exception {
        return StateDocument.completeWrite(Json.parseObject("{\"singer_state\": {\"n\": " + n + "}}"));
    }

    private static int valueOf(StoredState state) {
        return state.document().completed().value().path("singer_state").path("n").asInt();
    }

    /** Runs the tasks at once on their own threads; every one must end within the limit. */
    private static <T> List<T> race(List<Callable<T>> tasks, int limitSeconds) throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(tasks.size());
        try {
            List<Future<T>> futures = new ArrayList<>();
            for (Callable<T> task : tasks) {
                futures.add(threads.submit(task));
            }
            List<T> results = new ArrayList<>();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(limitSeconds);
            for (Future<T> f : futures) {
                results.add(f.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS));
            }
            return results;
        } finally {
            threads.shutdownNow();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "postgres"})
    void concurrentCompareAndSetWritersLoseNoUpdate(String kind) throws Exception {
        try (StateBackend backend = Backends.open(systemDb(kind), BackendOptions.defaults())) {
            backend.write("counter", counter(0), Version.ABSENT);
            int rounds = 25;
            List<Callable<Void>> writers = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                writers.add(() -> {
                    for (int done = 0; done < rounds; ) {
                        StoredState now = backend.read("counter");
                        try {
                            backend.write("counter", counter(valueOf(now) + 1), now.version());
                            done++;
                        } catch (ConflictException e) {
                            // another writer got there first: read again
                        }
                    }
                    return null;
                });
            }
            race(writers, 60);
            assertEquals(WRITERS * rounds, valueOf(backend.read("counter")), "no increment lost");
        }
    }

    /**
     * Meltano creates the ID in a transaction that is still open while every pooled connection of
     * Cairn's waits at the primary key for it; when it commits, every Cairn writer must see the
     * conflict on the connection it holds.
     */
    @Test
    void writersBlockedBehindAnotherProcessesInsertAllConflictPromptly() throws Exception {
        String uri = systemDb("postgres");
        try (StateBackend backend = Backends.open(uri, BackendOptions.defaults());
             Connection meltano = PostgresUri.parse(uri).connect()) {
            meltano.setAutoCommit(false);
            try (Statement s = meltano.createStatement()) {
                s.executeUpdate("INSERT INTO state (state_id, completed_state, partial_state) VALUES ('new', '{}', '{}')");
            }
            List<Callable<Boolean>> creators = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                creators.add(() -> {
                    try {
                        backend.write("new", counter(1), Version.ABSENT);
                        return true;
                    } catch (ConflictException e) {
                        return false;
                    }
                });
            }
            ExecutorService committer = Executors.newSingleThreadExecutor();
            try {
                Future<?> committed = committer.submit(() -> {
                    try {
                        // the pool's 4 connections wait at the primary key; the other writers wait for one of them
                        TestPostgres.awaitBlockedBy(meltano, Math.min(WRITERS, 4), Duration.ofSeconds(10));
                    } finally {
                        meltano.commit();
                    }
                    return null;
                });
                assertEquals(List.of(false, false, false, false, false, false), race(creators, 20));
                committed.get();
            } finally {
                committer.shutdown();
            }
        }
    }

    @Test
    void aCallerWaitsForABusyPoolOnlyAsLongAsTheTimeoutsAllow() throws Exception {
        BackendOptions quick = BackendOptions.defaults().withConnectTimeout(Duration.ofSeconds(1)).withLockWait(Duration.ofSeconds(1));
        try (StateBackend backend = Backends.open(systemDb("postgres"), quick)) {
            backend.write("x", counter(1), Version.ABSENT);
            CountDownLatch holding = new CountDownLatch(4);
            CountDownLatch release = new CountDownLatch(1);
            ExecutorService listers = Executors.newFixedThreadPool(4);
            try {
                for (int i = 0; i < 4; i++) {
                    // a listing holds its connection while its consumer works
                    listers.submit(() -> {
                        backend.list(null, listed -> {
                            holding.countDown();
                            await(release);
                        });
                        return null;
                    });
                }
                assertTrue(holding.await(20, TimeUnit.SECONDS));
                long start = System.nanoTime();
                BackendException e = assertThrows(BackendException.class, () -> backend.read("x"));
                assertTrue(e.getMessage().matches("no connection to 127\\.0\\.0\\.1:\\d+ came free in 2 s: all 4 are busy"),
                        e.getMessage());
                assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(5));
            } finally {
                release.countDown();
                listers.shutdown();
            }
            assertEquals(1, valueOf(backend.read("x")), "and works again once they are done");
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void aConnectionTheServerKilledIsReplaced() throws Exception {
        String uri = systemDb("postgres") + "&application_name=cairn-evicted";
        try (StateBackend backend = Backends.open(uri, BackendOptions.defaults())) {
            backend.write("x", counter(1), Version.ABSENT);
            terminateConnections("cairn-evicted");
            // The pool checks a connection idle for more than 500 ms before handing it out (HikariCP's
            // alive-bypass window, on its own clock), as after a database restart or an idle-session
            // timeout: this sleep is that idle time, not a wait for the sessions to end.
            Thread.sleep(600);
            assertEquals(1, valueOf(backend.read("x")), "the dead connection is replaced before use");

            terminateConnections("cairn-evicted");
            try {
                backend.read("x"); // used within the window: this call may meet the dead connection ...
            } catch (BackendException e) {
                assertTrue(e.getMessage().contains("terminating connection"), e.getMessage());
            }
            // ... and evicts it: the next call works
            backend.write("x", counter(2), backend.read("x").version());
            assertEquals(2, valueOf(backend.read("x")));
        }
    }

    /** Terminates the sessions and returns once they have ended (the server waits up to 10 s for each). */
    private static void terminateConnections(String applicationName) throws Exception {
        try (Connection admin = PostgresUri.parse(TestPostgres.serverUri()).connect();
             Statement s = admin.createStatement()) {
            try (ResultSet ended = s.executeQuery("SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity"
                    + " WHERE application_name = '" + applicationName + "'")) {
                while (ended.next()) {
                    assertTrue(ended.getBoolean(1), "a session of " + applicationName + " had not ended after 10 s");
                }
            }
        }
    }
}
