package dev.cairn.testing;

import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.models.BlobErrorCode;
import com.azure.storage.blob.models.BlobStorageException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.cloud.storage.BlobId;
import com.google.cloud.storage.Storage;
import com.google.cloud.storage.StorageException;
import dev.cairn.backend.TestAzurite;
import dev.cairn.backend.TestGcs;
import dev.cairn.backend.TestS3;
import dev.cairn.backend.systemdb.PostgresUri;
import dev.cairn.state.Json;
import dev.cairn.state.JsonSyntaxError;
import dev.cairn.state.Merge;
import dev.cairn.state.PythonFloat;
import dev.cairn.state.PythonJson;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StatePart;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Predicate;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;

/**
 * Writes state the way Meltano 4 does, beside Cairn and blind to its compare-and-set: a partial
 * write ({@code meltano state merge}, or a run with {@code --state-strategy=merge}) reads the state,
 * merges its update into the partial document with Meltano's merge, keeps the completed document as
 * read, and writes both back. On a blob backend this happens under Meltano's own lock protocol
 * (reference §4.4: check for a lock, break it when stale, then write one — not atomic — and delete
 * it afterwards) with plain, unconditional writes; on a system database it is a plain read and a
 * plain UPSERT of the row (Meltano's system-DB lock is a no-op). {@link #mergeHolding} makes the
 * same write while it keeps Cairn's write waiting, at a moment the test chooses.
 */
public abstract class MeltanoStyleWriter implements AutoCloseable {

    /** Meltano waits 1 s between looks at a held lock; shorter here, so that it races Cairn more often. */
    static final Duration LOCK_RETRY = Duration.ofMillis(20);
    /** Meltano's {@code lock_timeout_seconds} default. */
    static final Duration LOCK_TIMEOUT = Duration.ofSeconds(10);

    /** One write: what it read (its base) and when its write went out. */
    public record Write(String stateId, StateDocument read, long writeStartNanos, long writeEndNanos) {}

    /** The Meltano-style writer for a backend the test created with {@link EmptyBackends#create}. */
    public static MeltanoStyleWriter on(EmptyBackends family, String uri) throws SQLException {
        switch (family) {
            case SQLITE: {
                Connection c = DriverManager.getConnection("jdbc:sqlite:" + uri.substring("sqlite:///".length()));
                try (Statement s = c.createStatement()) {
                    s.execute("PRAGMA busy_timeout = 30000");
                }
                return new SystemDb(c);
            }
            case POSTGRES:
                return new SystemDb(PostgresUri.parse(uri).connect());
            case S3: {
                URI s3 = URI.create(uri);
                return new Blobs(new S3Objects(s3.getHost(), s3.getPath().substring(1)));
            }
            case AZURE: {
                URI azure = URI.create(uri);
                return new Blobs(new AzureObjects(azure.getHost(), azure.getPath().substring(1)));
            }
            case GCS: {
                URI gcs = URI.create(uri);
                return new Blobs(new GcsObjects(gcs.getHost(), gcs.getPath().substring(1)));
            }
            default:
                return new Blobs(new FileObjects(Path.of(URI.create(uri).getPath())));
        }
    }

    /** Meltano's partial write of {@code update} into the state. */
    public final Write merge(String stateId, ObjectNode update) throws Exception {
        lock(stateId);
        try {
            return merge(stateId, read(stateId), update);
        } finally {
            unlock(stateId);
        }
    }

    /**
     * Meltano's partial write of {@code update}, made while this writer holds the state's write
     * gate: Meltano's lock on a blob backend; on a system database a write transaction holding the
     * state's row, as Meltano's own write holds it from its DELETE of the row to its commit. A
     * Cairn write of the state waits at its compare-and-set until the gate is let go. Holding it,
     * the writer reads the state and asks {@code go}, which may wait for Cairn to get somewhere
     * first: the update is written only if it answers true. Returns null where it did not.
     */
    public final Write mergeHolding(String stateId, ObjectNode update, Predicate<StateDocument> go) throws Exception {
        hold(stateId);
        try {
            StateDocument read = read(stateId);
            return go.test(read) ? merge(stateId, read, update) : null;
        } finally {
            release(stateId);
        }
    }

    private Write merge(String stateId, StateDocument read, ObjectNode update) throws Exception {
        JsonNode partial = Merge.merge(update, read.partial().value());
        StateDocument after = new StateDocument(read.completed(), StatePart.of(partial));
        long start = System.nanoTime();
        write(stateId, after);
        return new Write(stateId, read, start, System.nanoTime());
    }

    abstract void lock(String stateId) throws Exception;

    abstract void unlock(String stateId) throws Exception;

    /** Takes the state's write gate: Meltano's lock, where it has one that works. */
    void hold(String stateId) throws Exception {
        lock(stateId);
    }

    void release(String stateId) throws Exception {
        unlock(stateId);
    }

    abstract StateDocument read(String stateId) throws Exception;

    abstract void write(String stateId, StateDocument document) throws Exception;

    /** The {@code state} table, read and upserted with plain statements in autocommit mode. */
    private static final class SystemDb extends MeltanoStyleWriter {
        private final Connection connection;

        SystemDb(Connection connection) {
            this.connection = connection;
        }

        @Override
        void lock(String stateId) {
            // Meltano's system-DB lock is a no-op
        }

        @Override
        void unlock(String stateId) {
            // nothing was locked
        }

        /** A write of the row takes SQLite's write lock and PostgreSQL's lock on the row until the commit. */
        @Override
        void hold(String stateId) throws SQLException {
            connection.setAutoCommit(false);
            try (PreparedStatement s = connection.prepareStatement("UPDATE state SET state_id = state_id WHERE state_id = ?")) {
                s.setString(1, stateId);
                s.executeUpdate();
            }
        }

        @Override
        void release(String stateId) throws SQLException {
            connection.commit();
            connection.setAutoCommit(true);
        }

        @Override
        StateDocument read(String stateId) throws SQLException {
            try (PreparedStatement s = connection.prepareStatement(
                    "SELECT completed_state, partial_state FROM state WHERE state_id = ?")) {
                s.setString(1, stateId);
                try (ResultSet rows = s.executeQuery()) {
                    return rows.next()
                            ? new StateDocument(StatePart.parse(rows.getString(1)), StatePart.parse(rows.getString(2)))
                            : StateDocument.EMPTY;
                }
            }
        }

        @Override
        void write(String stateId, StateDocument document) throws SQLException {
            try (PreparedStatement s = connection.prepareStatement(
                    "INSERT INTO state (state_id, completed_state, partial_state, updated_at)"
                            + " VALUES (?, ?, ?, CURRENT_TIMESTAMP) ON CONFLICT (state_id) DO UPDATE SET"
                            + " completed_state = excluded.completed_state, partial_state = excluded.partial_state,"
                            + " updated_at = excluded.updated_at")) {
                s.setString(1, stateId);
                s.setString(2, PythonJson.dumps(document.completed().value()));
                s.setString(3, PythonJson.dumps(document.partial().value()));
                s.executeUpdate();
            }
        }

        @Override
        public void close() throws SQLException {
            connection.close();
        }
    }

    /** Meltano's filesystem-family store: {@code <id>/state.json} and {@code <id>/lock}. */
    private static final class Blobs extends MeltanoStyleWriter {
        private final PlainObjects objects;

        Blobs(PlainObjects objects) {
            this.objects = objects;
        }

        @Override
        void lock(String stateId) throws Exception {
            String key = stateId + "/lock";
            while (true) {
                byte[] lock = objects.get(key);
                if (lock == null) {
                    break;
                }
                double lockedAt = Double.parseDouble(new String(lock, StandardCharsets.US_ASCII));
                if (lockedAt < epochSeconds() - LOCK_TIMEOUT.toSeconds()) {
                    objects.delete(key);
                    break;
                }
                Thread.sleep(LOCK_RETRY.toMillis());
            }
            objects.put(key, PythonFloat.repr(epochSeconds()).getBytes(StandardCharsets.US_ASCII));
        }

        @Override
        void unlock(String stateId) throws Exception {
            objects.delete(stateId + "/lock");
        }

        @Override
        StateDocument read(String stateId) throws Exception {
            byte[] data = objects.get(stateId + "/state.json");
            if (data == null) {
                return StateDocument.EMPTY;
            }
            JsonNode file = parse(data);
            return StateDocument.of(file.path("completed"), file.path("partial"));
        }

        @Override
        void write(String stateId, StateDocument document) throws Exception {
            ObjectNode file = Json.object();
            file.set("completed", document.completed().value());
            file.set("partial", document.partial().value());
            objects.put(stateId + "/state.json", PythonJson.dumps(file).getBytes(StandardCharsets.US_ASCII));
        }

        @Override
        public void close() {
            objects.close();
        }

        private static JsonNode parse(byte[] data) throws JsonSyntaxError {
            return Json.parse(new String(data, StandardCharsets.UTF_8));
        }

        /** {@code datetime.now(timezone.utc).timestamp()} */
        private static double epochSeconds() {
            Instant now = Instant.now();
            return now.getEpochSecond() + (now.getNano() / 1000) / 1e6;
        }
    }

    /** Plain, unconditional object operations, as Meltano's fsspec/boto3 calls make them. */
    private interface PlainObjects extends AutoCloseable {
        byte[] get(String key) throws IOException;

        void put(String key, byte[] data) throws IOException;

        void delete(String key) throws IOException;

        @Override
        void close();
    }

    /** A local folder: Python's {@code open(path, "w")} truncates and writes in place, so readers can see a torn file. */
    private record FileObjects(Path root) implements PlainObjects {
        @Override
        public byte[] get(String key) throws IOException {
            try {
                return Files.readAllBytes(root.resolve(key));
            } catch (NoSuchFileException e) {
                return null;
            }
        }

        @Override
        public void put(String key, byte[] data) throws IOException {
            Path path = root.resolve(key);
            Files.createDirectories(path.getParent());
            Files.write(path, data);
        }

        @Override
        public void delete(String key) throws IOException {
            Files.deleteIfExists(root.resolve(key));
        }

        @Override
        public void close() {
            // nothing held open
        }
    }

    /** A bucket and prefix on the test S3 server, through a plain SDK client. */
    private static final class S3Objects implements PlainObjects {
        private final S3Client s3 = TestS3.client();
        private final String bucket;
        private final String prefix;

        S3Objects(String bucket, String prefix) {
            this.bucket = bucket;
            this.prefix = prefix;
        }

        @Override
        public byte[] get(String key) {
            try {
                return s3.getObjectAsBytes(b -> b.bucket(bucket).key(prefix + "/" + key)).asByteArray();
            } catch (NoSuchKeyException e) {
                return null;
            }
        }

        @Override
        public void put(String key, byte[] data) {
            s3.putObject(b -> b.bucket(bucket).key(prefix + "/" + key).contentType("application/json"),
                    RequestBody.fromBytes(data));
        }

        @Override
        public void delete(String key) {
            s3.deleteObject(b -> b.bucket(bucket).key(prefix + "/" + key));
        }

        @Override
        public void close() {
            s3.close();
        }
    }

    /** A bucket and prefix on the test GCS server, through a plain client: unconditional writes, as Meltano's. */
    private static final class GcsObjects implements PlainObjects {
        private final Storage client = TestGcs.client();
        private final String bucket;
        private final String prefix;

        GcsObjects(String bucket, String prefix) {
            this.bucket = bucket;
            this.prefix = prefix;
        }

        @Override
        public byte[] get(String key) {
            try {
                return client.readAllBytes(BlobId.of(bucket, prefix + "/" + key));
            } catch (StorageException e) {
                if (e.getCode() == 404) {
                    return null;
                }
                throw e;
            }
        }

        @Override
        public void put(String key, byte[] data) {
            TestGcs.put(client, bucket, prefix + "/" + key, data);
        }

        @Override
        public void delete(String key) {
            client.delete(BlobId.of(bucket, prefix + "/" + key));
        }

        @Override
        public void close() {
            try {
                client.close();
            } catch (Exception e) {
                // the plain client's pool: nothing of the test's is left half-done
            }
        }
    }

    /** A container and prefix on the test Azure server (Azurite), through a plain SDK client. */
    private static final class AzureObjects implements PlainObjects {
        private final BlobContainerClient container;
        private final String prefix;

        AzureObjects(String container, String prefix) {
            this.container = TestAzurite.container(container);
            this.prefix = prefix;
        }

        @Override
        public byte[] get(String key) {
            try {
                return container.getBlobClient(prefix + "/" + key).downloadContent().toBytes();
            } catch (BlobStorageException e) {
                if (BlobErrorCode.BLOB_NOT_FOUND.equals(e.getErrorCode())) {
                    return null;
                }
                throw e;
            }
        }

        @Override
        public void put(String key, byte[] data) {
            container.getBlobClient(prefix + "/" + key).upload(BinaryData.fromBytes(data), true);
        }

        @Override
        public void delete(String key) {
            container.getBlobClient(prefix + "/" + key).deleteIfExists();
        }

        @Override
        public void close() {
            // the SDK client holds nothing to close
        }
    }
}
