package dev.cairn.ops;

import static org.junit.jupiter.api.Assertions.*;

import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.ForwardingBackend;
import dev.cairn.backend.RunRow;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.backend.TestS3;
import dev.cairn.state.BookmarkChange;
import dev.cairn.state.Json;
import dev.cairn.state.StateDocument;
import dev.cairn.testing.Checkpoints;
import dev.cairn.testing.EmptyBackends;
import dev.cairn.testing.FaultyHttpProxy;
import dev.cairn.testing.MeltanoStyleWriter;
import dev.cairn.testing.RunRows;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** A watch of a state on real backends, beside a pipeline that writes it as Meltano does. */
@Tag("server")
class WatchTest {

    private static final String ID = "dev:tap-x-to-y";
    private static final Duration INTERVAL = Duration.ofMillis(100);
    private static final long WAIT_SECONDS = 30;

    @TempDir
    Path dir;

    private final ExecutorService thread = Executors.newSingleThreadExecutor();

    @AfterEach
    void stopThread() {
        thread.shutdownNow();
    }

    /** A backend that counts its full reads and tells of each change probe. */
    private static final class Counting extends ForwardingBackend {
        final AtomicInteger reads = new AtomicInteger();
        final Semaphore probes = new Semaphore(0);

        Counting(StateBackend backend) {
            super(backend);
        }

        @Override
        public StoredState read(String stateId) {
            reads.incrementAndGet();
            return super.read(stateId);
        }

        @Override
        public String changeStamp(String stateId) {
            String stamp = super.changeStamp(stateId);
            probes.release();
            return stamp;
        }
    }

    /** What a watch told, as it told it. */
    private static final class Told implements Watch.Listener {
        final CountDownLatch started = new CountDownLatch(1);
        final AtomicReference<RunRow> run = new AtomicReference<>();
        final BlockingQueue<Watch.Change> changes = new LinkedBlockingQueue<>();

        @Override
        public void started(StoredState state, RunRow running) {
            run.set(running);
            started.countDown();
        }

        @Override
        public void changed(Watch.Change change) {
            changes.add(change);
        }
    }

    @ParameterizedTest
    @EnumSource(value = EmptyBackends.class, names = {"SQLITE", "FILE", "S3", "POSTGRES"})
    void aCheckpointAnotherWriterStoresIsToldPerStream(EmptyBackends family) throws Exception {
        String uri = family.create(dir);
        try (StateBackend backend = Backends.open(uri, family.options());
             MeltanoStyleWriter pipeline = MeltanoStyleWriter.on(family, uri)) {
            backend.write(ID, StateDocument.completeWrite(Json.parseObject(Checkpoints.STATE)), null);
            Watch watch = new Watch(backend, ID, INTERVAL);
            Told told = new Told();
            Future<Watch.Ending> ending = thread.submit(() -> watch.run(told));
            assertTrue(told.started.await(WAIT_SECONDS, TimeUnit.SECONDS));
            assertNull(told.run.get(), "no run under way");
            pipeline.merge(ID, Json.parseObject(Checkpoints.CHECKPOINT));
            Watch.Change change = told.changes.poll(WAIT_SECONDS, TimeUnit.SECONDS);
            assertNotNull(change, "the checkpoint was seen");
            assertEquals("1 stream changed, 1 added.", change.summary());
            assertEquals(List.of(Checkpoints.CHANGED), change.bookmarks().stream().map(BookmarkChange::line).toList());
            watch.stop();
            assertEquals(Watch.Ending.STOPPED, ending.get(WAIT_SECONDS, TimeUnit.SECONDS));
            assertTrue(told.changes.isEmpty(), "one change, told once");
        }
    }

    @ParameterizedTest
    @EnumSource(value = EmptyBackends.class, names = {"SQLITE", "FILE", "S3"})
    void whileNothingChangesOnlyTheProbeAsks(EmptyBackends family) throws Exception {
        String uri = family.create(dir);
        try (Counting backend = new Counting(Backends.open(uri, family.options()))) {
            backend.write(ID, StateDocument.completeWrite(Json.parseObject(Checkpoints.STATE)), null);
            Watch watch = new Watch(backend, ID, INTERVAL);
            Told told = new Told();
            Future<Watch.Ending> ending = thread.submit(() -> watch.run(told));
            assertTrue(told.started.await(WAIT_SECONDS, TimeUnit.SECONDS));
            assertTrue(backend.probes.tryAcquire(4, WAIT_SECONDS, TimeUnit.SECONDS), "the first look and three more");
            assertEquals(1, backend.reads.get(), "the state was read once, at the start");
            watch.stop();
            assertEquals(Watch.Ending.STOPPED, ending.get(WAIT_SECONDS, TimeUnit.SECONDS));
            assertTrue(told.changes.isEmpty());
        }
    }

    /** The probe of an S3 state is a HEAD: while nothing changes, no GET of its bytes reaches the server. */
    @Test
    void whileNothingChangesNoS3RequestFetchesTheState() throws Exception {
        String uri = EmptyBackends.S3.create(dir);
        AtomicInteger gets = new AtomicInteger();
        try (FaultyHttpProxy proxy = new FaultyHttpProxy(TestS3.endpoint());
             Counting backend = new Counting(Backends.open(uri, EmptyBackends.s3Options()
                     .withSetting("s3.endpoint_url", proxy.endpoint().toString())))) {
            backend.write(ID, StateDocument.completeWrite(Json.parseObject(Checkpoints.STATE)), null);
            // no header is dropped: the predicate only sees each request go by
            proxy.dropHeader(request -> {
                if (request.method().equals("GET") && request.path().endsWith("/state.json")) {
                    gets.incrementAndGet();
                }
                return false;
            }, "etag", Integer.MAX_VALUE);
            Watch watch = new Watch(backend, ID, INTERVAL);
            Told told = new Told();
            Future<Watch.Ending> ending = thread.submit(() -> watch.run(told));
            assertTrue(told.started.await(WAIT_SECONDS, TimeUnit.SECONDS));
            assertEquals(1, gets.get(), "the read at the start");
            assertTrue(backend.probes.tryAcquire(4, WAIT_SECONDS, TimeUnit.SECONDS), "the first look and three more");
            assertEquals(1, gets.get(), "the looks sent no GET of the state");
            watch.stop();
            assertEquals(Watch.Ending.STOPPED, ending.get(WAIT_SECONDS, TimeUnit.SECONDS));
        }
    }

    @Test
    void theWatchEndsWhenTheRunItSawEnds() throws Exception {
        String uri = EmptyBackends.SQLITE.create(dir);
        try (StateBackend backend = Backends.open(uri, BackendOptions.defaults());
             Connection c = DriverManager.getConnection("jdbc:sqlite:" + uri.substring("sqlite:///".length()))) {
            backend.write(ID, StateDocument.completeWrite(Json.parseObject(Checkpoints.STATE)), null);
            new RunRows(c, true).add(ID, "RUNNING", RunRows.minutesAgo(3), 0, null, "cli", RunRows.minutesAgo(0));
            Watch watch = new Watch(backend, ID, INTERVAL);
            Told told = new Told();
            Future<Watch.Ending> ending = thread.submit(() -> watch.run(told));
            assertTrue(told.started.await(WAIT_SECONDS, TimeUnit.SECONDS));
            assertNotNull(told.run.get(), "the run under way");
            try (PreparedStatement s = c.prepareStatement("UPDATE runs SET state = 'SUCCESS' WHERE job_name = ?")) {
                s.setString(1, ID);
                s.executeUpdate();
            }
            assertEquals(Watch.Ending.RUN_ENDED, ending.get(WAIT_SECONDS, TimeUnit.SECONDS));
        }
    }
}
