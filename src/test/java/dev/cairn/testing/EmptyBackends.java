package dev.cairn.testing;

import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.TestAzurite;
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
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicInteger;

/** New, empty backends of each family on the real test servers, for tests that move states between them. */
public enum EmptyBackends {
    SQLITE, POSTGRES, S3, AZURE, FILE;

    private static final AtomicInteger COUNTER = new AtomicInteger();

    /** Opens a new empty backend of this family; {@code dir} holds its files where it has any. */
    public StateBackend open(Path dir) {
        int n = COUNTER.incrementAndGet();
        try {
            switch (this) {
                case SQLITE: {
                    Path db = dir.resolve("meltano-" + n + ".db");
                    MeltanoSchema.createSqlite(db);
                    return Backends.open("sqlite:///" + db, BackendOptions.defaults());
                }
                case POSTGRES: {
                    String uri = TestPostgres.freshSchemaUri();
                    try (Connection c = PostgresUri.parse(uri).connect()) {
                        MeltanoSchema.createPostgres(c);
                    }
                    return Backends.open(uri, BackendOptions.defaults());
                }
                case S3:
                    return Backends.open("s3://" + TestS3.freshBucket() + "/meltano/state", s3Options());
                case AZURE:
                    return Backends.open("azure://" + TestAzurite.freshContainer() + "/meltano/state", BackendOptions.defaults()
                            .withSetting(AzureConnection.CONNECTION_STRING_SETTING, TestAzurite.connectionString()));
                default:
                    return Backends.open("file://" + Files.createDirectories(dir.resolve("files-" + n)), BackendOptions.defaults());
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static BackendOptions s3Options() {
        return BackendOptions.defaults()
                .withSetting("s3.endpoint_url", TestS3.endpoint().toString())
                .withSetting("s3.aws_access_key_id", TestS3.ACCESS_KEY)
                .withSetting("s3.aws_secret_access_key", TestS3.SECRET_KEY);
    }
}
