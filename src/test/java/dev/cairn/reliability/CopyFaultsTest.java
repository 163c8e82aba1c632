package dev.cairn.reliability;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.backend.TestS3;
import dev.cairn.backend.systemdb.MeltanoSchema;
import dev.cairn.backend.systemdb.PostgresUri;
import dev.cairn.ops.Journal;
import dev.cairn.ops.UserFolders;
import dev.cairn.state.Json;
import dev.cairn.state.PythonJson;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StateError;
import dev.cairn.testing.EmptyBackends;
import dev.cairn.testing.JournalLines;
import dev.cairn.testing.Waits;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Timestamp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * {@code cairn copy} of 2,000 IDs in a JVM of its own, interrupted: killed with {@code kill -9}, or
 * its destination server gone mid-copy. Afterwards no destination is torn (each is absent or exactly
 * what the copy writes), the journal reads, and running the same copy again finishes the rest with
 * exact counts and leaves no lock behind.
 */
@Tag("reliability")
class CopyFaultsTest {

    /** IDs copied where the fault is a kill; through S3Proxy and PostgreSQL, fewer unless the reliability profile asks. */
    static final int IDS = Integer.getInteger("cairn.reliability.copy-ids", 2000);
    static final int SERVER_IDS = Integer.getInteger("cairn.reliability.server-copy-ids", 500);
    private static final long SEED = Long.getLong("cairn.reliability.seed", System.nanoTime());
    private static final String PATTERN = "fault:*";
    /** Destinations read at a time when checking them. */
    private static final int READERS = 8;

    @TempDir
    Path dir;

    @Test
    void copyToS3KilledWithKill9() throws Exception {
        String target = EmptyBackends.S3.create(dir);
        interruptedCopy("kill -9, S3", SERVER_IDS, target, EmptyBackends.s3Options(), TestS3::client,
                copy -> copy.destroyForcibly());
    }

    @Test
    void copyToFilesKilledWithKill9() throws Exception {
        String target = EmptyBackends.FILE.create(dir);
        interruptedCopy("kill -9, file", IDS, target, BackendOptions.defaults(), null, copy -> copy.destroyForcibly());
    }

    @Test
    void copyToS3WhoseServerStopsMidCopy() throws Exception {
        try (TestS3.Server server = TestS3.Server.start()) {
            String target = "s3://" + server.freshBucket() + "/" + EmptyBackends.S3_PREFIX;
            BackendOptions options = EmptyBackends.s3Options().withSetting("s3.endpoint_url", server.endpoint().toString());
            interruptedCopy("S3 server stopped for 1 s", SERVER_IDS, target, options, server::client, copy -> {
                server.stop();
                Thread.sleep(1000); // the outage's length
                server.restart();
                copy.waitFor(2, TimeUnit.MINUTES);
            });
        }
    }

    @Test
    void copyToPostgresWhoseConnectionsAreKilledMidCopy() throws Exception {
        String target = EmptyBackends.POSTGRES.create(dir);
        interruptedCopy("PostgreSQL backends terminated for 1 s", SERVER_IDS, target, BackendOptions.defaults(), null, copy -> {
            // an outage of a second: every connection the copy has or opens is terminated by the server
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
            try (Connection c = PostgresUri.parse(target).connect();
                 PreparedStatement s = c.prepareStatement("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                         + " WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_start >= ?")) {
                s.setTimestamp(1, Timestamp.from(copy.info().startInstant().orElseThrow()));
                while (System.nanoTime() < until) {
                    s.executeQuery().close();
                    Thread.sleep(50); // the pace at which the server kills what connected since
                }
            }
            copy.waitFor(2, TimeUnit.MINUTES);
        });
    }

    private interface Fault {
        void strike(Process copy) throws Exception;
    }

    private void interruptedCopy(String name, int ids, String target, BackendOptions targetOptions,
                                 Supplier<S3Client> s3, Fault fault) throws Exception {
        long started = System.nanoTime();
        String source = seedSource(ids);
        Path home = dir.resolve("home");
        Journal journal = new UserFolders(home.resolve("data"), home.resolve("config")).journal();
        int strikeAt = ids / 10 + new Random(SEED + name.hashCode()).nextInt(ids * 8 / 10);

        Process first = copy(home, source, target, targetOptions, "first");
        Waits.until(() -> {
            if (doneWrites(journal) >= strikeAt) {
                return true;
            }
            assertTrue(first.isAlive(), () -> "the copy ended before the fault: " + output(first, "first"));
            return false;
        }, Duration.ofMinutes(3), "the copy to have written " + strikeAt + " of " + ids + " IDs");
        long struck = System.nanoTime();
        fault.strike(first);
        first.waitFor(1, TimeUnit.MINUTES);
        int doneBefore = doneWrites(journal);
        long checked;

        int present;
        try (StateBackend from = Backends.open(source, BackendOptions.defaults());
             StateBackend to = Backends.open(target, targetOptions)) {
            present = assertNothingTorn(ids, from, to, journal);
            assertTrue(present < ids, "the fault struck after the copy had finished");
            checked = System.nanoTime();
            Process rerun = copy(home, source, target, targetOptions, "rerun");
            assertTrue(rerun.waitFor(3, TimeUnit.MINUTES), "the rerun did not finish");
            List<String> results = Files.readAllLines(dir.resolve("rerun.out"));
            long copied = results.stream().filter(l -> l.startsWith("copied\t")).count();
            long skipped = results.stream().filter(l -> l.startsWith("skipped\t")).count();
            List<String> locks = leftoverLocks(target, s3);
            System.err.printf("fault %s: struck after %d of %d copies (seed %d; %d journalled done), %d destinations"
                            + " present and whole; rerun: exit %d, %d copied, %d skipped, %d locks left;"
                            + " %.1f s to the fault, %.1f s to check, %.1f s rerun%n",
                    name, strikeAt, ids, SEED, doneBefore, present, rerun.exitValue(), copied, skipped, locks.size(),
                    (struck - started) / 1e9, (checked - struck) / 1e9, (System.nanoTime() - checked) / 1e9);
            int afterRerun = assertNothingTorn(ids, from, to, journal);
            assertAll(
                    () -> assertEquals(0, rerun.exitValue(), () -> output(rerun, "rerun")),
                    () -> assertEquals(ids - present, copied, "copied by the rerun"),
                    () -> assertEquals(present, skipped, "skipped by the rerun"),
                    () -> assertEquals(ids, afterRerun, "destinations after the rerun"),
                    () -> assertEquals(List.of(), locks, "Meltano locks left in the destination"));
        }
    }

    /** What a copy stores at the destination for a source state: Meltano's, the effective state as completed. */
    private static StateDocument copied(StateDocument source) throws StateError {
        return StateDocument.completeWrite((ObjectNode) source.effective());
    }

    /**
     * Every destination is absent or exactly what the copy writes; every write the journal says is
     * done is at the destination. Returns how many destinations are present. Read {@link #READERS}
     * IDs at a time: one after the other, the reads of 500 IDs on S3Proxy took most of a minute.
     */
    private int assertNothingTorn(int ids, StateBackend from, StateBackend to, Journal journal) throws Exception {
        ExecutorService readers = Executors.newFixedThreadPool(READERS);
        Set<String> present = new HashSet<>();
        try {
            List<Future<String>> reads = new ArrayList<>();
            for (int i = 0; i < ids; i++) {
                String id = id(i);
                reads.add(readers.submit(() -> {
                    StoredState written = to.read(id);
                    if (!written.exists()) {
                        return null;
                    }
                    assertEquals(copied(from.read(id).document()), written.document(), "destination " + id);
                    return id;
                }));
            }
            for (Future<String> read : reads) {
                try {
                    String id = read.get();
                    if (id != null) {
                        present.add(id);
                    }
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof Error error) {
                        throw error; // an assertion's failure, as it would have failed here
                    }
                    throw (Exception) e.getCause();
                }
            }
        } finally {
            readers.shutdownNow();
        }
        // the copy has ended: what was present when read still is
        for (String id : JournalLines.doneStateIds(journal)) {
            assertTrue(present.contains(id), "journalled as done but absent: " + id);
        }
        return present.size();
    }

    private static int doneWrites(Journal journal) {
        return JournalLines.doneStateIds(journal).size();
    }

    private Process copy(Path home, String source, String target, BackendOptions targetOptions, String name)
            throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "-Xmx512m", "-Dcairn.home=" + home,
                "dev.cairn.Main", "copy", "--backend", source, "--pattern", PATTERN, "--to-backend", target,
                "--force", "--lock-timeout", "2"));
        String endpoint = targetOptions.setting("s3.endpoint_url");
        ProcessBuilder builder = new ProcessBuilder(command);
        if (endpoint != null) {
            command.addAll(List.of("--s3-endpoint", endpoint));
            builder.environment().put("AWS_ACCESS_KEY_ID", TestS3.ACCESS_KEY);
            builder.environment().put("AWS_SECRET_ACCESS_KEY", TestS3.SECRET_KEY);
            builder.environment().put("AWS_REGION", "us-east-1");
        }
        return builder.command(command)
                .redirectOutput(dir.resolve(name + ".out").toFile())
                .redirectError(dir.resolve(name + ".err").toFile())
                .start();
    }

    private String output(Process process, String name) {
        String err;
        try {
            err = Files.readString(dir.resolve(name + ".err"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return (process.isAlive() ? "running" : "exit " + process.exitValue()) + "; stderr: "
                + err.substring(Math.max(0, err.length() - 2000));
    }

    /** {@code lock} objects under the destination: S3 keys, or files of a file:// folder. */
    private static List<String> leftoverLocks(String target, Supplier<S3Client> s3) throws IOException {
        URI uri = URI.create(target);
        if (target.startsWith("s3://")) {
            try (S3Client client = s3.get()) {
                return client.listObjectsV2Paginator(b -> b.bucket(uri.getHost())).contents().stream()
                        .map(o -> o.key()).filter(k -> k.endsWith("/lock")).collect(Collectors.toList());
            }
        }
        if (target.startsWith("file://")) {
            try (Stream<Path> files = Files.walk(Path.of(uri.getPath()))) {
                return files.filter(p -> p.getFileName().toString().equals("lock")).map(Path::toString)
                        .collect(Collectors.toList());
            }
        }
        return List.of(); // the system database has no lock objects
    }

    private static String id(int i) {
        return String.format("fault:tap-source%04d-to-target-sink", i);
    }

    /** A SQLite system database with the IDs to copy; every seventh has a pending partial state. */
    private String seedSource(int ids) throws Exception {
        Path db = dir.resolve("source.db");
        MeltanoSchema.createSqlite(db);
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
             PreparedStatement s = c.prepareStatement(
                     "INSERT INTO state (state_id, completed_state, partial_state, updated_at) VALUES (?, ?, ?, NULL)")) {
            c.setAutoCommit(false);
            for (int i = 0; i < ids; i++) {
                s.setString(1, id(i));
                s.setString(2, PythonJson.dumps(bookmark("orders", "2024-06-01T00:00:" + String.format("%02d", i % 60) + "Z", i)));
                s.setString(3, i % 7 == 0 ? PythonJson.dumps(bookmark("events", "2024-06-02T00:00:00Z", i)) : "{}");
                s.addBatch();
            }
            s.executeBatch();
            c.commit();
        }
        return "sqlite:///" + db;
    }

    private static ObjectNode bookmark(String stream, String value, int n) {
        ObjectNode document = Json.object();
        ObjectNode entry = document.putObject("singer_state").putObject("bookmarks").putObject(stream);
        entry.put("replication_key", "updated_at");
        entry.put("replication_key_value", value);
        entry.put("version", 1717000000000L + n);
        return document;
    }
}
