package dev.cairn.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;

/**
 * The Meltano fixtures of src/test/resources/fixtures (copied from ../shared/fixtures), copied into
 * a test's temporary folder before use: the SQLite file is in WAL mode and tests write to them.
 */
public final class Fixtures {

    /** The nine fixture state IDs (rows A to I of fixtures/README.md). */
    public static final String A = "dev:tap-postgres-to-target-snowflake";
    public static final String B = "prod:tap-github-to-target-postgres";
    public static final String C = "prod:tap-stripe-to-target-bigquery";
    public static final String D = "dev:tap-csv-to-target-jsonl";
    public static final String E = "cicd:tap-github-to-target-snowflake:feat/new-streams";
    public static final String F = "dev:tap-broken-to-target-jsonl";
    public static final String G = "2024-06-01T101500--tap-gitlab--target-jsonl";
    public static final String H = "dev:tap-custom-to-target-jsonl";
    public static final String I = "staging:tap-hubspot-to-target-postgres";

    /** Meltano's json.dumps of fixture row C's effective state: its pending partial merged onto its completed state. */
    public static final String EFFECTIVE_C = "{\"singer_state\": {\"bookmarks\": {\"charges\": {\"replication_key\": \"created\", \"replication_key_value\": \"2024-05-31T23:59:58Z\"}, \"customers\": {\"replication_key\": \"updated\", \"replication_key_value\": \"2024-05-31T22:10:00Z\"}, \"invoices\": {\"replication_key\": \"updated\", \"replication_key_value\": \"2024-06-01T06:00:00Z\"}, \"events\": {\"starting_replication_value\": \"2024-05-01T00:00:00Z\", \"replication_key_signpost\": \"2024-06-01T07:00:00+00:00\", \"progress_markers\": {\"Note\": \"Progress is not resumable if interrupted.\", \"replication_key\": \"created\", \"replication_key_value\": \"2024-05-20T03:04:05Z\"}}}}}";

    private Fixtures() {}

    /** A copy of the fixture system DB; returns its {@code sqlite:///} URI. */
    public static String systemDb(Path dir) {
        Path db = dir.resolve("meltano.db");
        copy("meltano-systemdb.sqlite", db);
        return "sqlite:///" + db;
    }

    /** A copy of the POSIX file backend; returns its {@code file://} URI. */
    public static String fileBackend(Path dir) {
        return "file://" + copyTree("filesystem-backend", dir.resolve("state"));
    }

    /** A copy of the Windows-layout file backend; returns its {@code file://} URI. */
    public static String windowsFileBackend(Path dir) {
        return "file://" + copyTree("filesystem-backend-windows", dir.resolve("state-windows"));
    }

    public static Path copyTree(String name, Path target) {
        Path source = resource(name);
        try (Stream<Path> paths = Files.walk(source)) {
            for (Path p : (Iterable<Path>) paths::iterator) {
                Path to = target.resolve(source.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(p, to, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return target;
    }

    private static void copy(String name, Path target) {
        try (InputStream in = Fixtures.class.getResourceAsStream("/fixtures/" + name)) {
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path resource(String name) {
        URL url = Fixtures.class.getResource("/fixtures/" + name);
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
