package dev.cairn.ui;

import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.TestS3;
import dev.cairn.backend.systemdb.MeltanoSchema;
import dev.cairn.ops.UserFolders;
import dev.cairn.state.Json;
import dev.cairn.state.JsonSyntaxError;
import dev.cairn.state.StateDocument;
import dev.cairn.ui.connect.ConnectionStore;
import dev.cairn.ui.connect.Environment;
import dev.cairn.ui.connect.SavedConnection;
import dev.cairn.ui.services.BackendOpener;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Real backends for the write flows' window tests and screenshots: a writable dev SQLite system DB,
 * a writable production S3 bucket (S3Proxy), a staging file backend and a read-only SQLite archive,
 * saved as connections so the window opens them on start. S3 credentials come through the opener,
 * as they would from the environment: saved connections never hold secrets.
 */
public final class WriteWorkspace {

    public static final String DEV_ID = "dev:tap-github-to-target-postgres";
    public static final String DEV_ID_2 = "dev:tap-stripe-to-target-postgres";
    public static final String PROD_ID_2 = "prod:tap-stripe-to-target-postgres";
    public static final String STAGING_ID = "staging:tap-hubspot-to-target-postgres";
    public static final String ARCHIVE_ID = "archive:tap-github-to-target-postgres";

    public final UserFolders folders;
    public final String devUri;
    public final String prodUri;
    public final String stagingUri;
    public final String archiveUri;

    public WriteWorkspace(Path home) throws Exception {
        folders = new UserFolders(home.resolve("data"), home.resolve("config"));
        Path dev = home.resolve("dev/meltano.db");
        Files.createDirectories(dev.getParent());
        MeltanoSchema.createSqlite(dev);
        devUri = "sqlite:///" + dev;
        Path archive = home.resolve("archive/meltano.db");
        Files.createDirectories(archive.getParent());
        MeltanoSchema.createSqlite(archive);
        archiveUri = "sqlite:///" + archive;
        Path files = Files.createDirectories(home.resolve("state-backend"));
        stagingUri = "file://" + files;
        prodUri = "s3://" + TestS3.freshBucket() + "/meltano/state";
        try (StateBackend b = open(devUri)) {
            b.write(DEV_ID, doc(bookmark("issues", "2024-05-01T00:00:00+00:00"), bookmark("issues", "2024-05-02T06:30:00+00:00")), null);
            b.write(DEV_ID_2, doc(bookmark("charges", "2024-04-30T12:00:00+00:00"), "{}"), null);
        }
        try (StateBackend b = open(prodUri)) {
            b.write(PROD_ID_2, doc(bookmark("charges", "2024-03-01T00:00:00+00:00"), "{}"), null);
            b.write("prod:tap-hubspot-to-target-postgres", doc(bookmark("contacts", "2024-05-28T08:00:00+00:00"), "{}"), null);
        }
        try (StateBackend b = open(stagingUri)) {
            b.write(STAGING_ID, doc("{\"singer_state\": {\"bookmarks\": {\"contacts\": {\"replication_key\": \"updatedAt\","
                    + " \"replication_key_value\": \"2024-05-31T22:15:03.250117+00:00\"}, \"companies\": {\"replication_key\":"
                    + " \"hs_lastmodifieddate\", \"replication_key_value\": \"2024-05-30T10:00:00+00:00\"}}}}", "{}"), null);
        }
        try (StateBackend b = open(archiveUri)) {
            b.write(ARCHIVE_ID, doc(bookmark("issues", "2023-01-01T00:00:00+00:00"), bookmark("issues", "2023-01-02T00:00:00+00:00")), null);
        }
        new ConnectionStore(folders.config()).save(new ConnectionStore.Saved(List.of(
                new SavedConnection("dev system DB", devUri, Environment.DEV, false, Map.of()),
                new SavedConnection("prod S3", prodUri, Environment.PROD, false,
                        Map.of("s3.endpoint_url", TestS3.endpoint().toString())),
                new SavedConnection("staging files", stagingUri, Environment.STAGING, false, Map.of()),
                new SavedConnection("archive", archiveUri, Environment.OTHER, true, Map.of())), "light"));
    }

    /** Opens saved connections, adding the test server's S3 keys as an AWS profile or the environment would. */
    public static BackendOpener opener() {
        return c -> Backends.open(c.uri(), c.scheme().equals("s3")
                ? c.options().withSetting("s3.aws_access_key_id", TestS3.ACCESS_KEY)
                        .withSetting("s3.aws_secret_access_key", TestS3.SECRET_KEY)
                : c.options());
    }

    /** A second, independent client of a backend: the concurrent writer of the tests. */
    public StateBackend open(String uri) {
        BackendOptions options = BackendOptions.defaults();
        if (uri.startsWith("s3:")) {
            options = options.withSetting("s3.endpoint_url", TestS3.endpoint().toString())
                    .withSetting("s3.aws_access_key_id", TestS3.ACCESS_KEY)
                    .withSetting("s3.aws_secret_access_key", TestS3.SECRET_KEY);
        }
        return Backends.open(uri, options);
    }

    public static String bookmark(String stream, String value) {
        return "{\"singer_state\": {\"bookmarks\": {\"" + stream + "\": {\"replication_key\": \"updated_at\","
                + " \"replication_key_value\": \"" + value + "\"}}}}";
    }

    public static StateDocument doc(String completed, String partial) throws JsonSyntaxError {
        return StateDocument.of(Json.parse(completed), Json.parse(partial));
    }
}
