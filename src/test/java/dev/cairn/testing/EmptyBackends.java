package dev.cairn.testing;

import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.TestAzurite;
import dev.cairn.backend.TestGcs;
import dev.cairn.backend.TestPostgres;
import dev.cairn.backend.TestS3;
import dev.cairn.backend.blob.AzureConnection;
import dev.cairn.backend.systemdb.MeltanoSchema;
import dev.cairn.backend.systemdb.PostgresUri;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;

/** New, empty backends of each family on the real test servers, for tests that move states between them. */
public enum EmptyBackends {
    SQLITE, POSTGRES, S3, AZURE, GCS, FILE;

    /** The key prefix of the cloud backends: {@code s3://bucket/meltano/state}, {@code azure://container/meltano/state}, {@code gs://…}. */
    public static final String S3_PREFIX = "meltano/state";

    private static final AtomicInteger COUNTER = new AtomicInteger();

    /** Opens a new empty backend of this family; {@code dir} holds its files where it has any. */
    public StateBackend open(Path dir) {
        return Backends.open(create(dir), options());
    }

    /**
     * Creates a new empty backend of this family and returns its URI in Meltano's form, for tests
     * that also reach it the way Meltano does (SQL, files, plain S3 requests).
     */
    public String create(Path dir) {
        int n = COUNTER.incrementAndGet();
        try {
            switch (this) {
                case SQLITE: {
                    Path db = dir.resolve("meltano-" + n + ".db");
                    MeltanoSchema.createSqlite(db);
                    return "sqlite:///" + db;
                }
                case POSTGRES: {
                    String uri = TestPostgres.freshSchemaUri();
                    try (Connection c = PostgresUri.parse(uri).connect()) {
                        MeltanoSchema.createPostgres(c);
                    }
                    return uri;
                }
                case S3:
                    return "s3://" + TestS3.freshBucket() + "/" + S3_PREFIX;
                case AZURE:
                    return "azure://" + TestAzurite.freshContainer() + "/" + S3_PREFIX;
                case GCS:
                    return "gs://" + TestGcs.freshBucket() + "/" + S3_PREFIX;
                default:
                    return "file://" + Files.createDirectories(dir.resolve("files-" + n));
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * {@link #create} for a system database (SQLite or PostgreSQL) whose {@code runs} table was
     * dropped: Meltano's always have one, a hand-made or pruned one may not.
     */
    public String createWithoutRunsTable(Path dir) {
        if (this != SQLITE && this != POSTGRES) {
            throw new IllegalArgumentException(this + " is no system database");
        }
        String uri = create(dir);
        try (Connection c = this == SQLITE ? DriverManager.getConnection("jdbc:sqlite:" + uri.substring("sqlite:///".length()))
                : PostgresUri.parse(uri).connect();
             Statement s = c.createStatement()) {
            s.execute("DROP TABLE runs");
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return uri;
    }

    /** The options that reach a backend of this family on the test servers. */
    public BackendOptions options() {
        switch (this) {
            case S3:
                return s3Options();
            case AZURE:
                return BackendOptions.defaults().withSetting(AzureConnection.CONNECTION_STRING_SETTING, TestAzurite.connectionString());
            case GCS:
                return TestGcs.options();
            default:
                return BackendOptions.defaults();
        }
    }

    public static BackendOptions s3Options() {
        return BackendOptions.defaults()
                .withSetting("s3.endpoint_url", TestS3.endpoint().toString())
                .withSetting("s3.aws_access_key_id", TestS3.ACCESS_KEY)
                .withSetting("s3.aws_secret_access_key", TestS3.SECRET_KEY);
    }
}
