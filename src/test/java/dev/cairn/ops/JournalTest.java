package dev.cairn.ops;

import static org.junit.jupiter.api.Assertions.*;

import dev.cairn.backend.BackendException;
import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.backend.Version;
import dev.cairn.state.Json;
import dev.cairn.testing.Waits;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The journal on a real SQLite file: group commit, failures, several processes, the old JSON-lines journal. */
@Tag("unit")
class JournalTest {

    private static final String BACKEND = "file:///srv/meltano/state";

    @TempDir
    Path dir;

    /** A write's first line as the JSON-lines journal wrote it. */
    private static String started(String id, String stateId, String completed) {
        return "{\"id\":\"" + id + "\",\"time\":\"2026-11-01T10:00:00Z\",\"backend\":\"" + BACKEND + "\",\"stateId\":\""
                + stateId + "\",\"action\":\"Set state of " + stateId + " on " + BACKEND + "\",\"before\":null,"
                + "\"after\":{\"completed\":{\"json\":" + completed + "},\"partial\":{\"json\":{}}},"
                + "\"versionBefore\":\"absent\",\"status\":\"STARTED\"}";
    }

    private static String ended(String id, String version) {
        return "{\"id\":\"" + id + "\",\"time\":\"2026-11-01T10:00:01Z\",\"status\":\"DONE\",\"versionAfter\":\"" + version + "\"}";
    }

    @Test
    void aTornLineInTheOldJournalDoesNotSwallowTheRecordGluedToIt() throws Exception {
        String first = "0b9f5c1e-0000-4000-8000-000000000001";
        String torn = "0b9f5c1e-0000-4000-8000-000000000002";
        String glued = "0b9f5c1e-0000-4000-8000-000000000003";
        String undo = "0b9f5c1e-0000-4000-8000-000000000004";
        String tornLine = started(torn, "dev:b", "{\"singer_state\":{\"v\":2}}");
        Path folder = Files.createDirectories(dir.resolve("journal"));
        Files.writeString(folder.resolve("journal.jsonl"), started(first, "dev:a", "{\"singer_state\":{\"v\":1}}") + "\n"
                + ended(first, "v1") + "\n"
                + "{\"not\": \"a record\"}\n"
                // a full disk cut this append short: no newline, and the next process appended right after it
                + tornLine.substring(0, tornLine.length() / 2)
                + started(glued, "dev:c", "{\"singer_state\":{\"v\":3}}") + "\n"
                + ended(glued, "v3") + "\n"
                // the old journal knew an undo only by its description
                + "{\"id\":\"" + undo + "\",\"time\":\"2026-11-01T10:00:02Z\",\"backend\":\"" + BACKEND + "\",\"stateId\":\"dev:a\","
                + "\"action\":\"Undo set of dev:a on " + BACKEND + "\",\"before\":{\"completed\":{\"json\":{\"singer_state\":{\"v\":1}}},"
                + "\"partial\":{\"json\":{}}},\"after\":null,\"versionBefore\":\"v1\",\"status\":\"STARTED\"}\n"
                + ended(undo, "absent") + "\n", StandardCharsets.UTF_8);

        List<Journal.Entry> history = new Journal(folder).history(BACKEND, "dev:c");
        assertEquals(1, history.size(), "the record glued to the torn line is recovered");
        Journal.Entry recovered = history.get(0);
        assertEquals(glued, recovered.id());
        assertEquals(Journal.Status.DONE, recovered.status());
        assertEquals("v3", recovered.versionAfter().token());
        assertEquals(3, recovered.after().completed().value().path("singer_state").path("v").asInt());
        assertEquals("Set state", recovered.verb(), "the verb, from the old journal's description");
        assertEquals(recovered.id(), new Journal(folder).lastUndoable(BACKEND, null).id(), "and can be undone");
        assertEquals(2, new Journal(folder).history(BACKEND, "dev:a").size());
        assertTrue(new Journal(folder).history(BACKEND, "dev:a").get(0).undo());
        assertNull(new Journal(folder).lastUndoable(BACKEND, "dev:a"), "the write to dev:a was undone");
        assertTrue(new Journal(folder).history(BACKEND, "dev:b").isEmpty(), "the torn write never ran: its begin failed");
    }

    private StateBackend files() throws Exception {
        return Backends.open("file://" + Files.createDirectories(dir.resolve("files")), BackendOptions.defaults());
    }

    private static WriteCommand setting(StateBackend backend, String stateId, String completed) throws Exception {
        return WriteCommand.plan(backend, Edit.set(Json.parseObject(completed)), StoredState.absent(stateId));
    }

    /** Runs the action on a new thread; the outcome is the exception it threw, or null. */
    private static final class Writer extends Thread {
        final Callable<?> action;
        volatile Throwable failure;

        Writer(Callable<?> action) {
            this.action = action;
            start();
        }

        @Override
        public void run() {
            try {
                action.call();
            } catch (Throwable e) {
                failure = e;
            }
        }
    }

    @Test
    void aFailedBatchFailsEveryCallerInItAndNoOneElse() throws Exception {
        Journal journal = new Journal(dir.resolve("journal"));
        journal.history("file:///none", "dev:none"); // makes the database
        try (StateBackend backend = files();
             Connection db = DriverManager.getConnection("jdbc:sqlite:" + journal.file());
             Statement sql = db.createStatement()) {
            // a real failure inside SQLite, for the transaction that carries the poisoned write
            sql.execute("CREATE TRIGGER poison BEFORE INSERT ON writes WHEN NEW.state_id = 'dev:poison'"
                    + " BEGIN SELECT RAISE(ABORT, 'injected failure'); END");
            // another process holds the database: the first writer's batch waits for it, the next ones queue up behind
            sql.execute("BEGIN IMMEDIATE");
            Writer first = new Writer(() -> journal.begin(setting(backend, "dev:first", "{\"v\": 0}"), null));
            Waits.until(() -> {
                assertTrue(first.isAlive(), "waits for the database");
                return Arrays.stream(first.getStackTrace()).anyMatch(f -> f.getClassName().equals(JournalDatabase.class.getName())
                        && f.getMethodName().equals("commit"));
            }, Duration.ofSeconds(30), "the first writer to wait for SQLite in its commit");
            List<Writer> queued = new ArrayList<>();
            for (int i = 1; i <= 9; i++) {
                String id = "dev:queued-" + i;
                queued.add(new Writer(() -> journal.begin(setting(backend, id, "{\"v\": 1}"), null)));
            }
            queued.add(new Writer(() -> journal.begin(setting(backend, "dev:poison", "{\"v\": 2}"), null)));
            // each one queued its write and waits for the first writer, which holds the flush while it waits for SQLite
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            Waits.until(() -> queued.stream().allMatch(w -> threads.getThreadInfo(w.getId()).getLockOwnerId() == first.getId()),
                    Duration.ofSeconds(30), "the queued writers to wait for the first");
            sql.execute("COMMIT");
            first.join();
            for (Writer w : queued) {
                w.join();
            }
            assertNull(first.failure, "the first batch committed");
            for (Writer w : queued) {
                assertInstanceOf(BackendException.class, w.failure, "every write in the failed batch fails");
                assertTrue(w.failure.getMessage().contains("injected failure"), w.failure.getMessage());
                assertTrue(w.failure.getMessage().endsWith("(nothing was written)"), w.failure.getMessage());
            }
            Journal other = new Journal(dir.resolve("journal"));
            assertEquals(1, other.history(backend.displayUri(), "dev:first").size());
            for (int i = 1; i <= 9; i++) {
                assertTrue(other.history(backend.displayUri(), "dev:queued-" + i).isEmpty(), "nothing of the failed batch is stored");
            }
            sql.execute("DROP TRIGGER poison");
            setting(backend, "dev:after", "{\"v\": 3}").execute(journal);
            assertEquals(1, journal.history(backend.displayUri(), "dev:after").size(), "the journal works on");
        }
    }

    @Test
    void twoProcessesWritingAtOnceLoseNothing() throws Exception {
        Path folder = dir.resolve("journal");
        List<Journal> processes = List.of(new Journal(folder), new Journal(folder));
        int threads = 4;
        int writes = 25;
        try (StateBackend backend = files()) {
            List<Writer> writers = new ArrayList<>();
            for (int p = 0; p < processes.size(); p++) {
                for (int t = 0; t < threads; t++) {
                    Journal journal = processes.get(p);
                    String prefix = "dev:p" + p + "-t" + t + "-";
                    writers.add(new Writer(() -> {
                        for (int i = 0; i < writes; i++) {
                            setting(backend, prefix + i, "{\"singer_state\": {\"n\": " + i + "}}").execute(journal);
                        }
                        return null;
                    }));
                }
            }
            for (Writer w : writers) {
                w.join();
                assertNull(w.failure);
            }
            Journal reader = new Journal(folder);
            for (int p = 0; p < processes.size(); p++) {
                for (int t = 0; t < threads; t++) {
                    for (int i = 0; i < writes; i++) {
                        String id = "dev:p" + p + "-t" + t + "-" + i;
                        List<Journal.Entry> history = reader.history(backend.displayUri(), id);
                        assertEquals(1, history.size(), id);
                        assertEquals(Journal.Status.DONE, history.get(0).status(), id);
                        assertEquals(backend.read(id).version(), history.get(0).versionAfter(), id);
                    }
                }
            }
        }
    }

    @Test
    void historyOfASmallStateNeverTouchesABigDocumentWrittenBefore() throws Exception {
        Journal journal = new Journal(dir.resolve("journal"));
        StringBuilder big = new StringBuilder("{\"singer_state\": {\"bookmarks\": {");
        Random random = new Random(42);
        for (int i = 0; big.length() < 50_000_000; i++) {
            big.append(i == 0 ? "" : ", ").append("\"stream-").append(i).append("\": {\"replication_key_value\": \"");
            for (int k = 0; k < 16; k++) {
                big.append(Long.toHexString(random.nextLong()));
            }
            big.append("\"}");
        }
        big.append("}}}");
        try (StateBackend backend = files()) {
            String uri = backend.displayUri();
            WriteCommand bigWrite = setting(backend, "dev:big", big.toString());
            big = null;
            Journal.Entry bigEntry = journal.begin(bigWrite, null);
            journal.done(bigEntry, Version.of("big-1"));
            WriteCommand smallWrite = setting(backend, "dev:small", "{\"singer_state\": {\"v\": 1}}");
            journal.done(journal.begin(smallWrite, null), Version.of("small-1"));
            try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + journal.file());
                 Statement sql = db.createStatement()) {
                // destroy the big document's bytes: any read of them fails from now on
                assertEquals(1, sql.executeUpdate("UPDATE documents SET deflated = x'00' WHERE size > 40000000"));
            }
            long started = System.nanoTime();
            List<Journal.Entry> history = new Journal(dir.resolve("journal")).history(uri, "dev:small");
            System.err.printf("history of a small ID after a 50 MB write: %.1f ms%n", (System.nanoTime() - started) / 1e6);
            assertEquals(1, history.size());
            assertEquals(smallWrite.after(), history.get(0).after());
            assertEquals("dev:small", journal.lastUndoable(uri, null).stateId(), "the walk reads no document but the one found");
            BackendException damaged = assertThrows(BackendException.class, () -> journal.history(uri, "dev:big"));
            assertTrue(damaged.getMessage().contains("damaged"), damaged.getMessage());
        }
    }

    @Test
    void anExportReadsBackAsTheSameJournal() throws Exception {
        Journal journal = new Journal(dir.resolve("journal"));
        try (StateBackend backend = files()) {
            String uri = backend.displayUri();
            WriteCommand set = setting(backend, "dev:a", "{\"singer_state\": {\"v\": 1}}");
            set.execute(journal);
            set.undo().execute(journal);
            WriteCommand failed = setting(backend, "dev:a", "{\"singer_state\": {\"v\": 2}}");
            Journal.Entry entry = journal.begin(failed, null);
            journal.fail(entry, new IllegalStateException("refused"));
            StringWriter lines = new StringWriter();
            journal.export(uri, null, lines);
            assertEquals(3, lines.toString().lines().count());
            Path copy = Files.createDirectories(dir.resolve("copy"));
            Files.writeString(copy.resolve("journal.jsonl"), lines.toString(), StandardCharsets.UTF_8);
            assertEquals(journal.history(uri, "dev:a"), new Journal(copy).history(uri, "dev:a"));
            assertTrue(Files.exists(copy.resolve("journal.jsonl.imported")));
            assertFalse(Files.exists(copy.resolve("journal.jsonl")));
            Files.writeString(copy.resolve("journal.jsonl"), lines.toString(), StandardCharsets.UTF_8);
            assertEquals(3, new Journal(copy).history(uri, "dev:a").size(), "importing twice adds nothing");
        }
    }
}
