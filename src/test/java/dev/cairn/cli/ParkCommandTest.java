package dev.cairn.cli;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.backend.Backends;
import dev.cairn.backend.ListedState;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.TestS3;
import dev.cairn.ops.Park;
import dev.cairn.state.Json;
import dev.cairn.state.JsonSyntaxError;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StatePart;
import dev.cairn.testing.EmptyBackends;
import dev.cairn.testing.RunRows;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** {@code park} and {@code unpark} on real backends: a full refresh's state moved aside and put back. */
@Tag("server")
class ParkCommandTest {

    private static final String ID = "dev:tap-x-to-y";
    /** Before the refresh: two streams, a pending partial of one. */
    private static final StateDocument BEFORE = new StateDocument(
            StatePart.of(json("{\"singer_state\": {\"bookmarks\": {\"orders\": {\"replication_key\": \"updated_at\","
                    + " \"replication_key_value\": \"2024-06-01T00:00:00Z\"}, \"customers\": {\"replication_key\": \"updated_at\","
                    + " \"replication_key_value\": \"2024-05-01T00:00:00Z\"}}}}")),
            StatePart.of(json("{\"singer_state\": {\"bookmarks\": {\"orders\": {\"replication_key_value\":"
                    + " \"2024-06-02T00:00:00Z\"}}}}")));
    /** What the full refresh wrote: it reached orders only. */
    private static final StateDocument REFRESHED = StateDocument.completeWrite(json(
            "{\"singer_state\": {\"bookmarks\": {\"orders\": {\"replication_key\": \"updated_at\","
                    + " \"replication_key_value\": \"2024-06-10T00:00:00Z\"}}}}"));

    @TempDir
    Path dir;
    @RegisterExtension
    final CliRun run = new CliRun();

    @ParameterizedTest
    @EnumSource(value = EmptyBackends.class, names = {"SQLITE", "FILE", "POSTGRES", "S3"})
    void parkThenMergeBackKeepsWhatTheRefreshReachedAndGetsTheRestBack(EmptyBackends family) throws Exception {
        String uri = family.create(dir);
        write(family, uri, ID, BEFORE);
        assertEquals(0, run.cairn(args(family, uri, "park", ID, "--force")), run.err());
        String parked;
        try (StateBackend b = open(family, uri)) {
            assertFalse(b.read(ID).exists(), "the pipeline starts from scratch");
            parked = Park.newest(b, ID).orElseThrow().parkedId();
            // Meltano's move: the effective state as the completed one
            assertEquals(StateDocument.completeWrite(Json.parseObject("{\"singer_state\": {\"bookmarks\": {\"orders\":"
                    + " {\"replication_key\": \"updated_at\", \"replication_key_value\": \"2024-06-02T00:00:00Z\"}, \"customers\":"
                    + " {\"replication_key\": \"updated_at\", \"replication_key_value\": \"2024-05-01T00:00:00Z\"}}}}")),
                    b.read(parked).document());
        }
        assertTrue(run.err().startsWith("Parked " + ID + " on "), run.err());
        assertEquals(0, run.cairn(args(family, uri, "check")), "nothing wrong with a parked state: " + run.out());
        write(family, uri, ID, REFRESHED);
        assertEquals(0, run.cairn(args(family, uri, "unpark", ID, "--merge", "--force")), run.err());
        try (StateBackend b = open(family, uri)) {
            assertEquals(StateDocument.completeWrite(Json.parseObject("{\"singer_state\": {\"bookmarks\": {\"orders\":"
                    + " {\"replication_key\": \"updated_at\", \"replication_key_value\": \"2024-06-10T00:00:00Z\"}, \"customers\":"
                    + " {\"replication_key\": \"updated_at\", \"replication_key_value\": \"2024-05-01T00:00:00Z\"}}}}")),
                    b.read(ID).document());
            assertFalse(b.read(parked).exists(), "the parked copy is deleted");
        }
    }

    @ParameterizedTest
    @EnumSource(value = EmptyBackends.class, names = {"SQLITE", "FILE"})
    void parkThenRestorePutsTheParkedStateBackOverTheRefresh(EmptyBackends family) throws Exception {
        String uri = family.create(dir);
        write(family, uri, ID, BEFORE);
        assertEquals(0, run.cairn(args(family, uri, "park", ID, "--force")), run.err());
        write(family, uri, ID, REFRESHED);
        String parked;
        StateDocument parkedState;
        try (StateBackend b = open(family, uri)) {
            parked = Park.newest(b, ID).orElseThrow().parkedId();
            parkedState = b.read(parked).document();
        }
        assertEquals(0, run.cairn(args(family, uri, "unpark", ID, "--restore", "--dry-run")), run.err());
        assertTrue(run.out().contains("Would restore parked " + parked + " into state of " + ID + " on "), run.out());
        assertTrue(run.out().contains("Would unpark to " + ID + ", parked state cleared of " + parked + " on "), run.out());
        assertTrue(run.out().endsWith("Dry run: nothing was written.\n"), run.out());
        assertEquals(0, run.cairn(args(family, uri, "unpark", ID, "--restore", "--force")), run.err());
        try (StateBackend b = open(family, uri)) {
            assertEquals(parkedState, b.read(ID).document());
            assertFalse(b.read(parked).exists());
        }
    }

    @Test
    void parkingWhileAPipelineRunsOnTheIdIsRefusedOnTheSystemDatabase() throws Exception {
        String uri = EmptyBackends.SQLITE.create(dir);
        write(EmptyBackends.SQLITE, uri, ID, BEFORE);
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + uri.substring("sqlite:///".length()))) {
            new RunRows(c, true).add(ID, "RUNNING", RunRows.minutesAgo(10), 0, null, "cli", RunRows.minutesAgo(0));
        }
        assertEquals(4, run.cairn("park", "--backend", uri, ID, "--force"));
        assertTrue(run.err().matches("cairn: state " + ID + " is locked by a running pipeline since \\S+ \\(running: run \\S+,"
                + " started .*\\)\\n"), run.err());
        assertUntouched(EmptyBackends.SQLITE, uri);
    }

    @Test
    void parkingWhileMeltanosLockIsHeldIsRefusedOnABlobBackend() throws Exception {
        String uri = EmptyBackends.FILE.create(dir);
        write(EmptyBackends.FILE, uri, ID, BEFORE);
        Files.writeString(Path.of(URI.create(uri).getPath()).resolve(ID).resolve("lock"),
                String.format(Locale.ROOT, "%.6f", Instant.now().toEpochMilli() / 1000.0), StandardCharsets.US_ASCII);
        assertEquals(4, run.cairn("park", "--backend", uri, ID, "--force"));
        assertTrue(run.err().startsWith("cairn: state " + ID + " is locked by a running pipeline since "), run.err());
        assertEquals(1, run.err().lines().count(), run.err());
        assertUntouched(EmptyBackends.FILE, uri);
    }

    @Test
    void parkAsMovesTheStateToTheIdGiven() throws Exception {
        String uri = EmptyBackends.SQLITE.create(dir);
        write(EmptyBackends.SQLITE, uri, ID, BEFORE);
        assertEquals(0, run.cairn("park", "--backend", uri, ID, "--as", "archive:tap-x", "--force"), run.err());
        try (StateBackend b = open(EmptyBackends.SQLITE, uri)) {
            assertFalse(b.read(ID).exists());
            assertTrue(b.read("archive:tap-x").exists());
        }
        write(EmptyBackends.SQLITE, uri, ID, REFRESHED);
        assertEquals(1, run.cairn("unpark", "--backend", uri, ID, "--restore", "--force"));
        assertEquals("cairn: there is no parked state of " + ID + " on " + uri + " (named " + ID + ".parked-<time>); give --from\n",
                run.err());
        assertEquals(0, run.cairn("unpark", "--backend", uri, ID, "--restore", "--from", "archive:tap-x", "--force"), run.err());
        try (StateBackend b = open(EmptyBackends.SQLITE, uri)) {
            assertFalse(b.read("archive:tap-x").exists());
            assertEquals(BEFORE.effective(), b.read(ID).document().effective());
        }
    }

    @Test
    void unparkPicksTheNewestParkedCopyByTheTimeInItsName() throws Exception {
        String uri = EmptyBackends.FILE.create(dir);
        String older = Park.parkedId(ID, Instant.parse("2026-12-01T23:59:59Z"));
        String newer = Park.parkedId(ID, Instant.parse("2026-12-02T08:15:00Z"));
        assertEquals(ID + ".parked-20261202T081500Z", newer);
        write(EmptyBackends.FILE, uri, newer, REFRESHED);
        write(EmptyBackends.FILE, uri, older, BEFORE);
        assertEquals(0, run.cairn("unpark", "--backend", uri, ID, "--restore", "--force"), run.err());
        try (StateBackend b = open(EmptyBackends.FILE, uri)) {
            assertEquals(REFRESHED, b.read(ID).document());
            assertFalse(b.read(newer).exists());
            assertEquals(BEFORE, b.read(older).document(), "the older copy stays");
        }
        assertEquals(0, run.cairn("list", "--backend", uri, "--long"), run.err());
        assertEquals("ID\tHEALTH\tNOTES\n" + ID + "\thealthy\n" + older + "\thealthy\tpartial pending\tparked 2026-12-01T23:59:59Z\n",
                run.out().lines().sorted().map(line -> line + "\n").collect(Collectors.joining()));
    }

    @Test
    void undoAfterAParkPutsTheStateBack() throws Exception {
        String uri = EmptyBackends.SQLITE.create(dir);
        write(EmptyBackends.SQLITE, uri, ID, BEFORE);
        assertEquals(0, run.cairn("park", "--backend", uri, ID, "--force"), run.err());
        assertEquals(0, run.cairn("undo", "--backend", uri, "--force"), run.err());
        try (StateBackend b = open(EmptyBackends.SQLITE, uri)) {
            assertEquals(BEFORE, b.read(ID).document());
        }
    }

    @Test
    void parkingAnAbsentStateOrADryRunWritesNothing() throws Exception {
        String uri = EmptyBackends.SQLITE.create(dir);
        assertEquals(1, run.cairn("park", "--backend", uri, ID, "--force"));
        assertEquals("cairn: there is no state " + ID + " on " + uri + " to park\n", run.err());
        write(EmptyBackends.SQLITE, uri, ID, BEFORE);
        assertEquals(0, run.cairn("park", "--backend", uri, ID, "--dry-run"), run.err());
        assertTrue(run.out().startsWith("would be moved: " + ID + " -> " + ID + ".parked-"), run.out());
        assertTrue(run.out().endsWith("Dry run: nothing was written.\n"), run.out());
        assertUntouched(EmptyBackends.SQLITE, uri);
    }

    /** The ID still holds its state, and nothing was parked. */
    private void assertUntouched(EmptyBackends family, String uri) {
        try (StateBackend b = open(family, uri)) {
            assertEquals(BEFORE, b.read(ID).document());
            List<String> ids = new ArrayList<>();
            b.list(null, (ListedState listed) -> ids.add(listed.stateId()));
            assertEquals(List.of(ID), ids);
        }
    }

    private static void write(EmptyBackends family, String uri, String id, StateDocument document) {
        try (StateBackend b = open(family, uri)) {
            b.write(id, document, null);
        }
    }

    private static StateBackend open(EmptyBackends family, String uri) {
        return Backends.open(uri, family.options());
    }

    /** The verb's command line on the backend, reaching the test S3 server for an S3 one. */
    private static String[] args(EmptyBackends family, String uri, String verb, String... rest) {
        List<String> args = new ArrayList<>(List.of(verb));
        if (family == EmptyBackends.S3) {
            args.addAll(List.of("--backend", uri.replace("s3://", "s3://" + TestS3.ACCESS_KEY + ":" + TestS3.SECRET_KEY + "@"),
                    "--s3-endpoint", TestS3.endpoint().toString()));
        } else {
            args.addAll(List.of("--backend", uri));
        }
        args.addAll(List.of(rest));
        return args.toArray(String[]::new);
    }

    private static ObjectNode json(String text) {
        try {
            return Json.parseObject(text);
        } catch (JsonSyntaxError e) {
            throw new IllegalArgumentException(e);
        }
    }
}
