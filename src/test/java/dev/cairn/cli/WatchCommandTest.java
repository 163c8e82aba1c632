package dev.cairn.cli;

import static org.junit.jupiter.api.Assertions.*;

import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.StateBackend;
import dev.cairn.state.Json;
import dev.cairn.state.StateDocument;
import dev.cairn.testing.Checkpoints;
import dev.cairn.testing.EmptyBackends;
import dev.cairn.testing.MeltanoStyleWriter;
import dev.cairn.testing.RunRows;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@code get --watch} beside a pipeline that checkpoints as Meltano does, until its run ends; {@code log --follow}. */
@Tag("unit")
class WatchCommandTest {

    private static final String ID = "dev:tap-x-to-y";
    private static final long WAIT_SECONDS = 30;

    @TempDir
    Path dir;
    @RegisterExtension
    final CliRun run = new CliRun();

    private final ExecutorService thread = Executors.newSingleThreadExecutor();

    @AfterEach
    void stopThread() {
        thread.shutdownNow();
    }

    /** What a command line wrote, with a wait until a text is in it (woken by each write, no polling). */
    private static final class Written extends OutputStream {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

        @Override
        public synchronized void write(int b) {
            bytes.write(b);
            notifyAll();
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            bytes.write(b, off, len);
            notifyAll();
        }

        synchronized String text() {
            return bytes.toString(StandardCharsets.UTF_8);
        }

        synchronized void await(String text) throws InterruptedException {
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
            while (!text().contains(text)) {
                long left = end - System.nanoTime();
                if (left <= 0) {
                    fail("never written: " + text + "; written: " + text());
                }
                TimeUnit.NANOSECONDS.timedWait(this, left);
            }
        }
    }

    @Test
    void getWatchPrintsTheStateThenEachCheckpointUntilTheRunEnds() throws Exception {
        String uri = EmptyBackends.SQLITE.create(dir);
        try (StateBackend backend = Backends.open(uri, BackendOptions.defaults())) {
            backend.write(ID, StateDocument.completeWrite(Json.parseObject(Checkpoints.STATE)), null);
        }
        assertEquals(0, run.cairn("get", "--backend", uri, ID), run.err());
        String printed = run.out();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + uri.substring("sqlite:///".length()));
             MeltanoStyleWriter pipeline = MeltanoStyleWriter.on(EmptyBackends.SQLITE, uri)) {
            new RunRows(c, true).add(ID, "RUNNING", RunRows.minutesAgo(3), 0, null, "cli", RunRows.minutesAgo(0));
            Written out = new Written();
            Written err = new Written();
            Future<Integer> exit = thread.submit(() -> Cli.run(new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8), Invocation.ofProcess(),
                    "get", "--backend", uri, ID, "--watch", "--interval", "0.1"));
            err.await("Watching " + ID + " every 0.1 s until run ");
            pipeline.merge(ID, Json.parseObject(Checkpoints.CHECKPOINT));
            out.await("  + refunds");
            try (PreparedStatement s = c.prepareStatement("UPDATE runs SET state = 'SUCCESS' WHERE job_name = ?")) {
                s.setString(1, ID);
                s.executeUpdate();
            }
            assertEquals(0, exit.get(WAIT_SECONDS, TimeUnit.SECONDS), err.text());
            List<String> lines = out.text().lines().toList();
            assertEquals(printed, lines.get(0) + "\n", "first the state, as get prints it");
            assertTrue(lines.get(1).matches("\\d{4}-\\d\\d-\\d\\dT\\S+Z\t1 stream changed, 1 added\\."), lines.get(1));
            assertEquals(Stream.of(Checkpoints.CHANGED).map(line -> "  " + line).toList(), lines.subList(2, lines.size()));
            assertTrue(err.text().matches("(?s)running: run .*\nWatching " + ID + " every 0\\.1 s until run \\S+ ends"
                    + " \\(Ctrl-C stops sooner\\)\\.\nRun \\S+ of " + ID + " is no longer running: the watch ends\\.\n"), err.text());
        }
    }

    @Test
    void logFollowPrintsARunAsItStartsAndAgainAsItEndsThenCairnsWrite() throws Exception {
        String uri = EmptyBackends.SQLITE.create(dir);
        try (StateBackend backend = Backends.open(uri, BackendOptions.defaults())) {
            backend.write(ID, StateDocument.completeWrite(Json.parseObject(Checkpoints.STATE)), null);
        }
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + uri.substring("sqlite:///".length()))) {
            Written out = new Written();
            Written err = new Written();
            AtomicInteger exit = new AtomicInteger(-1);
            Thread following = new Thread(() -> exit.set(Cli.run(new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8), Invocation.ofProcess(),
                    "log", "--backend", uri, ID, "--follow", "--interval", "0.1")));
            following.start();
            err.await("Following " + ID + " every 0.1 s until Ctrl-C.\n");
            String runId = new RunRows(c, true).add(ID, "RUNNING", RunRows.minutesAgo(1), 0, null, "cli", RunRows.minutesAgo(0))
                    .toString().replace("-", "");
            out.await("\tRUNNING\t" + runId + "\tcli\t");
            try (PreparedStatement s = c.prepareStatement("UPDATE runs SET state = 'SUCCESS', ended_at = ? WHERE job_name = ?")) {
                s.setObject(1, RunRows.minutesAgo(0));
                s.setString(2, ID);
                s.executeUpdate();
            }
            out.await("\tSUCCESS\t" + runId + "\tcli\t");
            assertEquals(0, run.cairn("merge", "--backend", uri, ID, Checkpoints.CHECKPOINT), run.err());
            out.await("\tCAIRN\t");
            out.await("\tSTATE_EDIT\t");
            following.interrupt();
            following.join(TimeUnit.SECONDS.toMillis(WAIT_SECONDS));
            assertEquals(0, exit.get(), err.text());
            // the merge's journal entry, and the runs row it adds as Meltano's merge does: in one look or two
            List<String> lines = out.text().lines().toList();
            assertEquals(4, lines.size(), out.text());
            assertEquals(1, lines.stream().filter(line -> line.contains("\tCAIRN\t")
                    && line.endsWith("\tMerge into state of " + ID + " on " + uri)).count(), out.text());
            assertTrue(err.text().endsWith("Follow of " + ID + " stopped.\n"), err.text());
        }
    }

    @Test
    void intervalGoesWithWatchAndIsAPositiveNumberOfSeconds() {
        String uri = EmptyBackends.SQLITE.create(dir);
        assertEquals(2, run.cairn("get", "--backend", uri, ID, "--interval", "1"));
        assertTrue(run.err().startsWith("cairn: --interval goes with --watch\n"), run.err());
        assertEquals(2, run.cairn("get", "--backend", uri, ID, "--watch", "--interval", "0"));
        assertTrue(run.err().startsWith("cairn: --interval takes a positive number of seconds, not 0\n"), run.err());
    }
}
