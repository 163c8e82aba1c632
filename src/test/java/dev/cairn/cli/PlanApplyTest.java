package dev.cairn.cli;

import static org.junit.jupiter.api.Assertions.*;

import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.TestS3;
import dev.cairn.backend.systemdb.PostgresUri;
import dev.cairn.state.Json;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StatePart;
import dev.cairn.testing.EmptyBackends;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;

/**
 * {@code --plan-out} and {@code cairn apply} on the real backends: a plan applied writes exactly
 * what the verb writes directly (the stored bytes, and the {@code runs} row), refuses a state that
 * moved on, and refuses a plan that was changed, cut short, or made for another environment.
 */
@Tag("server")
class PlanApplyTest {

    private static final String X = "dev:tap-x-to-target-y";
    private static final String Y = "dev:tap-y-to-target-y";
    private static final String Z = "dev:tap-z-to-target-y";
    /**
     * A completed state that is not valid JSON under a pending partial, in a system database (a blob
     * store keeps both in one JSON file): clearing the partial keeps the text as stored.
     */
    private static final String BROKEN = "dev:tap-broken-to-target-y";
    /** Python's float 1.0, a non-ASCII character and a key order that is not sorted: all must come back as Meltano writes them. */
    private static final String X_COMPLETED = "{\"singer_state\": {\"bookmarks\": {\"s\": {\"replication_key_value\":"
            + " \"2024-01-01T00:00:00+00:00\", \"ratio\": 1.0, \"name\": \"caf\u00e9\"}}}}";
    private static final String Y_PARTIAL = "{\"singer_state\": {\"bookmarks\": {\"t\": {\"replication_key_value\": 7}}}}";
    private static final String NEW_STATE = "{\"singer_state\": {\"bookmarks\": {\"s\": {\"replication_key_value\":"
            + " \"2023-06-01T00:00:00+00:00\", \"big\": 12345678901234567890, \"f\": 2.50}}}}";

    @TempDir
    Path dir;
    @RegisterExtension
    final CliRun run = new CliRun();

    @ParameterizedTest
    @EnumSource(value = EmptyBackends.class, names = {"SQLITE", "POSTGRES", "FILE", "S3"})
    void anAppliedPlanWritesExactlyWhatTheVerbWritesDirectly(EmptyBackends family) throws Exception {
        String direct = seeded(family);
        String planned = seeded(family);
        List<String[]> verbs = new ArrayList<>(List.of(
                new String[] {"set", X, NEW_STATE},
                new String[] {"merge", Y, "{\"singer_state\": {\"bookmarks\": {\"u\": {\"replication_key_value\": 3}}}}"},
                new String[] {"clear", Y, "--partial-only"},
                new String[] {"clear", X}));
        if (isSystemDb(family)) {
            verbs.add(new String[] {"clear", BROKEN, "--partial-only"});
        }
        for (String[] verb : verbs) {
            assertEquals(0, run.cairn(args(family, direct, verb, "--force")), run.err());
            Path plan = dir.resolve(verb[0] + ".plan.json");
            assertEquals(0, run.cairn(args(family, planned, verb, "--plan-out", plan.toString())), run.err());
            assertTrue(run.out().contains("nothing was written. Apply it with: cairn apply " + plan), run.out());
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(plan)));
            assertEquals(0, run.cairn(concat(new String[] {"apply", plan.toString(), "--force"}, backendArgs(family, planned))),
                    run.err());
            for (String id : List.of(X, Y, BROKEN)) {
                assertEquals(stored(family, direct, id), stored(family, planned, id), verb[0] + " " + id);
            }
        }
        if (isSystemDb(family)) {
            assertEquals(runsRows(family, direct), runsRows(family, planned));
            assertEquals(2, runsRows(family, planned).size(), "set and merge leave a runs row, clear none");
        }
    }

    @Test
    void aStateThatMovedOnIsAConflictAndTheOthersAreWritten() throws Exception {
        String uri = seeded(EmptyBackends.SQLITE);
        Path plan = importPlan(uri);
        assertEquals(0, run.cairn("set", "--backend", uri, X, NEW_STATE, "--force"), run.err());
        StateDocument between = read(uri, X);

        assertEquals(0, run.cairn("apply", plan.toString(), "--dry-run"), run.err());
        assertTrue(run.out().contains("note: " + X + " changed since the plan was made"), run.out());
        assertTrue(run.out().endsWith("Dry run: nothing was written.\n"), run.out());

        assertEquals(3, run.cairn("apply", plan.toString(), "--force"), run.err());
        assertEquals(between, read(uri, X), "the state that moved on is left as it is");
        assertEquals(imported(), read(uri, Y));
        List<String> lines = run.err().lines().toList();
        assertEquals(2, lines.size(), run.err());
        assertTrue(lines.get(0).startsWith("Import state of " + X + " on " + uri + ": the state changed since the plan was"
                + " made (read at version "), lines.get(0));
        assertTrue(lines.get(1).matches("Import state of " + Y + " on \\S+: done \\(version \\S+\\)\\."), lines.get(1));

        // applied again, the write that landed is a conflict too: its state is no longer the one planned on
        assertEquals(3, run.cairn("apply", plan.toString(), "--force"), run.err());
    }

    @Test
    void anAppliedPlansWritesAreUndoneTogether() throws Exception {
        String uri = seeded(EmptyBackends.FILE);
        StateDocument x = read(uri, X);
        StateDocument y = read(uri, Y);
        Path plan = importPlan(uri);
        assertEquals(0, run.cairn("apply", plan.toString(), "--force"), run.err());
        assertEquals(imported(), read(uri, X));
        assertEquals(imported(), read(uri, Y));

        assertEquals(0, run.cairn("undo", "--backend", uri, "--force"), run.err());
        assertEquals(x, read(uri, X), "one undo takes back the whole plan");
        assertEquals(y, read(uri, Y));
    }

    @Test
    void allOrNothingWritesNothingWhenAStateMovedOn() throws Exception {
        String uri = seeded(EmptyBackends.FILE);
        Path plan = importPlan(uri);
        StateDocument y = read(uri, Y);
        assertEquals(0, run.cairn("set", "--backend", uri, X, NEW_STATE, "--force"), run.err());

        assertEquals(3, run.cairn("apply", plan.toString(), "--force", "--all-or-nothing"), run.err());
        assertEquals(y, read(uri, Y));
        assertTrue(run.err().matches("(?s).*Import state of " + Y + " on \\S+: not written: another state of the plan changed"
                + " since it was made, and all or nothing was asked\n"), run.err());
    }

    @Test
    void aChangedOrTruncatedPlanIsRefusedInOneLineAndNothingIsWritten() throws Exception {
        String uri = seeded(EmptyBackends.SQLITE);
        Path plan = importPlan(uri);
        String text = Files.readString(plan);
        StateDocument x = read(uri, X);

        Path changed = dir.resolve("changed.json");
        Files.writeString(changed, text.replace("2022-02-02", "2032-02-02"));
        assertNotEquals(text, Files.readString(changed));
        assertEquals(1, run.cairn("apply", changed.toString(), "--force"));
        assertEquals("cairn: " + changed + " is not a plan Cairn made, or it was changed or truncated: its content does not"
                + " match its checksum; nothing was written\n", run.err());

        Path truncated = dir.resolve("truncated.json");
        Files.writeString(truncated, text.substring(0, text.length() / 2));
        assertEquals(1, run.cairn("apply", truncated.toString(), "--force"));
        assertTrue(run.err().startsWith("cairn: " + truncated + " is not a plan Cairn made, or it was changed or truncated:"
                + " it is not JSON: "), run.err());
        assertEquals(1, run.err().lines().count(), run.err());
        assertEquals(x, read(uri, X));
        assertEquals("", run.out());
    }

    @Test
    void aPlanForOneEnvironmentIsRefusedOnAnother() throws Exception {
        String uri = seeded(EmptyBackends.SQLITE);
        Path project = Files.createDirectories(dir.resolve("project"));
        Files.writeString(project.resolve("meltano.yml"), "environments:\n"
                + "- name: staging\n  config:\n    state_backend:\n      uri: " + uri + "\n"
                + "- name: prod\n  config:\n    state_backend:\n      uri: " + uri + "\n");
        Path plan = dir.resolve("staging.plan.json");
        assertEquals(0, run.cairn("set", "--project", project.toString(), "--environment", "staging", X, NEW_STATE,
                "--plan-out", plan.toString()), run.err());
        StateDocument x = read(uri, X);

        assertEquals(1, run.cairn("apply", plan.toString(), "--project", project.toString(), "--environment", "prod", "--force"));
        assertTrue(run.err().endsWith("cairn: the plan " + plan + " was made for environment staging, not prod; nothing"
                + " was written\n"), run.err());
        assertEquals(x, read(uri, X));

        assertEquals(0, run.cairn("apply", plan.toString(), "--project", project.toString(), "--environment", "staging",
                "--force"), run.err());
        assertNotEquals(x, read(uri, X));
    }

    @Test
    void aBackendThatIsNotThePlansIsRefused() throws Exception {
        String uri = seeded(EmptyBackends.SQLITE);
        String other = seeded(EmptyBackends.SQLITE);
        Path plan = importPlan(uri);
        assertEquals(1, run.cairn("apply", plan.toString(), "--backend", other, "--force"));
        assertEquals("cairn: " + other + " is not a backend the plan writes to (" + uri + "); nothing was written\n", run.err());
        assertEquals(read(other, X), read(uri, X));
    }

    @Test
    void aMovePlanAppliedAcrossBackendsIsUndone() throws Exception {
        String files = seeded(EmptyBackends.FILE);
        String db = seeded(EmptyBackends.SQLITE);
        StateDocument x = read(files, X);
        Path plan = movePlan(files, db);
        assertTrue(run.out().startsWith("Would move from " + X + " of " + Z + " on " + db + ":\n"), run.out());
        assertTrue(run.out().contains("Would move to " + Z + ", source cleared of " + X + " on "), run.out());
        assertTrue(run.out().contains("Saved a plan of 2 writes for environment dev to "), run.out());
        assertEquals(x, read(files, X), "nothing is written by --plan-out");
        assertNull(readOrNull(db, Z));

        assertEquals(0, run.cairn("apply", plan.toString(), "--force"), run.err());
        assertNull(readOrNull(files, X));
        assertEquals(StateDocument.completeWrite(Json.parseObject(X_COMPLETED)), read(db, Z));

        assertEquals(0, run.cairn("undo", "--backend", files, "--force"), run.err());
        assertEquals(0, run.cairn("undo", "--backend", db, "--force"), run.err());
        assertEquals(x, read(files, X));
        assertNull(readOrNull(db, Z));
    }

    @Test
    void aMovesSourceIsNotDeletedWhenItsCopyConflicts() throws Exception {
        String files = seeded(EmptyBackends.FILE);
        String db = seeded(EmptyBackends.SQLITE);
        StateDocument x = read(files, X);
        Path plan = movePlan(files, db);
        assertEquals(0, run.cairn("set", "--backend", db, Z, NEW_STATE, "--force"), run.err());

        assertEquals(3, run.cairn("apply", plan.toString(), "--force"), run.err());
        assertEquals(x, read(files, X));
        assertTrue(run.err().matches("(?s).*Move to " + Z + ", source cleared of " + X + " on \\S+: not written: it goes with"
                + " Move from " + X + " of " + Z + " on " + db + ", which was not written\n"), run.err());
    }

    /** A plan of a move of X in {@code files} to Z in {@code db}. */
    private Path movePlan(String files, String db) {
        Path plan = dir.resolve("move.plan.json");
        assertEquals(0, run.cairn("move", "--backend", files, X, Z, "--to-backend", db, "--plan-out", plan.toString()),
                run.err());
        return plan;
    }

    /** A plan of an import that overwrites X and Y. */
    private Path importPlan(String uri) throws Exception {
        Path export = dir.resolve("export-" + System.nanoTime() + ".json");
        String document = "{\"completed\": " + importedCompleted() + ", \"partial\": {}}";
        Files.writeString(export, "{\"" + X + "\": " + document + ", \"" + Y + "\": " + document + "}");
        Path plan = dir.resolve("import-" + System.nanoTime() + ".plan.json");
        assertEquals(0, run.cairn("import", "--backend", uri, export.toString(), "--plan-out", plan.toString()), run.err());
        return plan;
    }

    private static String importedCompleted() {
        return "{\"singer_state\": {\"bookmarks\": {\"s\": {\"replication_key_value\": \"2022-02-02T00:00:00+00:00\"}}}}";
    }

    private static StateDocument imported() throws Exception {
        return StateDocument.of(Json.parse(importedCompleted()), Json.object());
    }

    /** A new backend of the family with X (completed only) and Y (a pending partial). */
    private String seeded(EmptyBackends family) {
        String uri = family.create(dir);
        try (StateBackend backend = Backends.open(uri, family.options())) {
            backend.write(X, new StateDocument(StatePart.parse(X_COMPLETED), StatePart.parse("{}")), null);
            backend.write(Y, new StateDocument(StatePart.parse(X_COMPLETED), StatePart.parse(Y_PARTIAL)), null);
            if (isSystemDb(family)) {
                backend.write(BROKEN, new StateDocument(StatePart.parse("{\"singer_state\": {\"bookm"),
                        StatePart.parse(Y_PARTIAL)), null);
            }
        }
        return uri;
    }

    private static boolean isSystemDb(EmptyBackends family) {
        return family == EmptyBackends.SQLITE || family == EmptyBackends.POSTGRES;
    }

    private static StateDocument read(String uri, String id) {
        StateDocument document = readOrNull(uri, id);
        assertNotNull(document, id + " on " + uri);
        return document;
    }

    private static StateDocument readOrNull(String uri, String id) {
        try (StateBackend backend = Backends.open(uri, BackendOptions.defaults())) {
            var stored = backend.read(id);
            return stored.exists() ? stored.document() : null;
        }
    }

    private static String[] args(EmptyBackends family, String uri, String[] verb, String... more) {
        String[] withBackend = concat(new String[] {verb[0]}, backendArgs(family, uri));
        String[] rest = new String[verb.length - 1];
        System.arraycopy(verb, 1, rest, 0, rest.length);
        return concat(concat(withBackend, rest), more);
    }

    /** The options that open the backend from the command line: an S3 bucket with the test server's keys and endpoint. */
    private static String[] backendArgs(EmptyBackends family, String uri) {
        if (family != EmptyBackends.S3) {
            return new String[] {"--backend", uri};
        }
        return new String[] {"--backend", uri.replace("s3://", "s3://" + TestS3.ACCESS_KEY + ":" + TestS3.SECRET_KEY + "@"),
                "--s3-endpoint", TestS3.endpoint().toString()};
    }

    private static String[] concat(String[] a, String[] b) {
        String[] out = new String[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /** The state's stored bytes as Meltano reads them: the row's two columns, or the object's content; null where none. */
    private static String stored(EmptyBackends family, String uri, String id) throws Exception {
        switch (family) {
            case SQLITE:
            case POSTGRES:
                try (Connection c = connect(family, uri);
                     PreparedStatement s = c.prepareStatement("SELECT completed_state, partial_state FROM state WHERE state_id = ?")) {
                    s.setString(1, id);
                    try (ResultSet r = s.executeQuery()) {
                        return r.next() ? r.getString(1) + "\u0000" + r.getString(2) : null;
                    }
                }
            case FILE: {
                Path file = Path.of(URI.create(uri)).resolve(id).resolve("state.json");
                return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : null;
            }
            default: {
                URI s3 = URI.create(uri);
                try {
                    return TestS3.client().getObjectAsBytes(b -> b.bucket(s3.getHost())
                            .key(s3.getPath().substring(1) + "/" + id + "/state.json")).asUtf8String();
                } catch (NoSuchKeyException e) {
                    return null;
                }
            }
        }
    }

    /** The runs rows' job, state, payload and flags, in order (their run IDs and times differ from run to run). */
    private static List<String> runsRows(EmptyBackends family, String uri) throws Exception {
        List<String> rows = new ArrayList<>();
        try (Connection c = connect(family, uri);
             PreparedStatement s = c.prepareStatement("SELECT job_name, state, payload, payload_flags FROM runs ORDER BY id");
             ResultSet r = s.executeQuery()) {
            while (r.next()) {
                rows.add(r.getString(1) + " " + r.getString(2) + " " + r.getString(3) + " " + r.getString(4));
            }
        }
        return rows;
    }

    private static Connection connect(EmptyBackends family, String uri) throws Exception {
        return family == EmptyBackends.SQLITE ? DriverManager.getConnection("jdbc:sqlite:" + uri.substring("sqlite:///".length()))
                : PostgresUri.parse(uri).connect();
    }
}
