package dev.cairn.cli;

import static org.junit.jupiter.api.Assertions.*;

import dev.cairn.backend.Backends;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.TestS3;
import dev.cairn.backend.Version;
import dev.cairn.state.Json;
import dev.cairn.state.StateDocument;
import dev.cairn.testing.EmptyBackends;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** {@code cairn rewind} on real backends: what moves, what is left alone and says why, and the undo of the whole rewind. */
@Tag("server")
class RewindCommandTest {

    private static final String ID = "prod:tap-github-to-target-postgres";

    /** One stream per kind of bookmark; %s are the values that a rewind to 2024-05-01T00:00:00Z changes. */
    private static final String STATE = "{\"singer_state\": {\"bookmarks\": {"
            + "\"orders\": {\"replication_key\": \"updated_at\", \"replication_key_value\": \"%s\"},"
            + " \"events\": {\"replication_key\": \"created_at\", \"replication_key_value\": \"%s\"%s},"
            + " \"days\": {\"replication_key\": \"day\", \"replication_key_value\": \"%s\"},"
            + " \"old\": {\"replication_key\": \"updated_at\", \"replication_key_value\": \"2024-04-01T00:00:00Z\"},"
            + " \"offsets\": {\"replication_key\": \"id\", \"replication_key_value\": 1000},"
            + " \"scores\": {\"replication_key\": \"score\", \"replication_key_value\": 12.5},"
            + " \"names\": {\"replication_key\": \"name\", \"replication_key_value\": \"abc\"},"
            + " \"issues\": {\"partitions\": [{\"context\": {\"repo\": \"a\"}, \"replication_key\": \"updated_at\","
            + " \"replication_key_value\": \"%s\"}, {\"context\": {\"repo\": \"b\"}, \"replication_key\": \"updated_at\","
            + " \"replication_key_value\": \"2024-04-01T00:00:00Z\"}]}}}}";
    private static final String MARKERS = ", \"starting_replication_value\": \"2024-05-20T00:00:00+00:00\","
            + " \"replication_key_signpost\": \"2024-06-02T00:00:00+00:00\", \"progress_markers\": {\"Note\":"
            + " \"Progress is not resumable if interrupted.\", \"replication_key\": \"created_at\","
            + " \"replication_key_value\": \"2024-06-01T09:58:12.345678+00:00\"}";
    private static final String BEFORE = String.format(STATE, "2024-06-01T09:58:12Z", "2024-06-01T09:58:12.345678+00:00",
            MARKERS, "2024-06-01", "2024-06-01T00:00:00Z");
    private static final String AFTER = String.format(STATE, "2024-05-01T00:00:00Z", "2024-05-01T00:00:00.000000+00:00",
            "", "2024-05-01", "2024-05-01T00:00:00Z");

    @TempDir
    Path dir;
    @RegisterExtension
    final CliRun run = new CliRun();

    private static StateDocument state(String json) throws Exception {
        return StateDocument.completeWrite(Json.parseObject(json));
    }

    /** A new backend of the family holding each ID with the document; its URI. */
    private String withStates(EmptyBackends family, String document, String... ids) throws Exception {
        String uri = family.create(dir);
        try (StateBackend b = open(family, uri)) {
            for (String id : ids) {
                b.write(id, state(document), null);
            }
        }
        return uri;
    }

    private static StateBackend open(EmptyBackends family, String uri) {
        return Backends.open(uri, family.options());
    }

    /** The arguments that reach the backend from the command line. */
    private static List<String> backend(EmptyBackends family, String uri) {
        return family == EmptyBackends.S3
                ? List.of("--backend", uri.replace("s3://", "s3://" + TestS3.ACCESS_KEY + ":" + TestS3.SECRET_KEY + "@"),
                        "--s3-endpoint", TestS3.endpoint().toString())
                : List.of("--backend", uri);
    }

    private int cairn(String verb, EmptyBackends family, String uri, String... rest) {
        List<String> args = new ArrayList<>(List.of(verb));
        args.addAll(backend(family, uri));
        args.addAll(List.of(rest));
        return run.cairn(args.toArray(String[]::new));
    }

    @ParameterizedTest
    @EnumSource(value = EmptyBackends.class, names = {"SQLITE", "FILE", "POSTGRES", "S3"})
    void toADatetimeMovesEachLaterTimestampInItsOwnFormAndNothingElse(EmptyBackends family) throws Exception {
        String uri = withStates(family, BEFORE, ID, "reference");
        assertEquals(0, cairn("rewind", family, uri, ID, "--to-datetime", "2024-05-01T00:00:00Z", "--force"), run.err());
        assertEquals(String.join("\n",
                "Rewind " + ID + " to 2024-05-01T00:00:00Z:",
                "  stream orders: \"2024-06-01T09:58:12Z\" -> \"2024-05-01T00:00:00Z\"",
                "  stream events: \"2024-06-01T09:58:12.345678+00:00\" -> \"2024-05-01T00:00:00.000000+00:00\" (markers of an"
                        + " interrupted run dropped: a resume from them would skip data)",
                "  stream days: \"2024-06-01\" -> \"2024-05-01\"",
                "  stream old: \"2024-04-01T00:00:00Z\" (already at or before 2024-05-01T00:00:00Z)",
                "  left alone: stream offsets: 1000 is a number, not a timestamp",
                "  left alone: stream scores: 12.5 is a number, not a timestamp",
                "  left alone: stream names: 'abc' is not a timestamp",
                "  partition {\"repo\":\"a\"} of stream issues: \"2024-06-01T00:00:00Z\" -> \"2024-05-01T00:00:00Z\"",
                "  partition {\"repo\":\"b\"} of stream issues: \"2024-04-01T00:00:00Z\" (already at or before 2024-05-01T00:00:00Z)",
                ""), run.out());
        assertTrue(run.err().matches("Rewind state of " + ID + " on \\S+: done \\(version \\S+\\)\\.\\n"), run.err());

        try (StateBackend b = open(family, uri)) {
            b.write("reference", state(AFTER), b.read("reference").version());
            assertEquals(state(AFTER), b.read(ID).document());
        }
        assertEquals(0, cairn("get", family, uri, "reference"), run.err());
        String meltanoWouldStore = run.out();
        assertEquals(0, cairn("get", family, uri, ID), run.err());
        assertEquals(meltanoWouldStore, run.out(), "only the values and the markers changed, written as Meltano writes them");
    }

    @ParameterizedTest
    @EnumSource(value = EmptyBackends.class, names = {"SQLITE", "FILE"})
    void aPatternRewindsEachStateByADurationAsOneOperationThatUndoTakesBack(EmptyBackends family) throws Exception {
        String uri = withStates(family, BEFORE, "prod:a", "prod:b", "prod:c", "dev:a");
        assertEquals(0, cairn("rewind", family, uri, "--pattern", "prod:*", "--stream", "orders", "--stream", "missing",
                "--by-duration", "P1DT12H", "--dry-run"), run.err());
        assertEquals(3, run.out().lines().filter(l -> l.equals("  stream orders: \"2024-06-01T09:58:12Z\" -> \"2024-05-30T21:58:12Z\"")).count(),
                run.out());
        assertEquals(3, run.out().lines().filter(l -> l.equals("  stream missing: not in this state")).count(), run.out());
        assertTrue(run.out().endsWith("Dry run: nothing was written.\n"), run.out());
        assertFalse(run.out().contains("events"), "only the streams asked for");
        try (StateBackend b = open(family, uri)) {
            assertEquals(state(BEFORE), b.read("prod:b").document(), "a dry run writes nothing");
        }

        assertEquals(0, cairn("rewind", family, uri, "--pattern", "prod:*", "--stream", "orders", "--by-duration", "P1DT12H",
                "--force"), run.err());
        assertEquals(3, run.err().lines().filter(l -> l.matches("Rewind state of prod:[abc] on \\S+: done \\(version \\S+\\)\\.")).count(),
                run.err());
        try (StateBackend b = open(family, uri)) {
            for (String id : List.of("prod:a", "prod:b", "prod:c")) {
                assertEquals("2024-05-30T21:58:12Z", b.read(id).document().completed().value()
                        .at("/singer_state/bookmarks/orders/replication_key_value").textValue());
                assertEquals("2024-06-01T09:58:12.345678+00:00", b.read(id).document().completed().value()
                        .at("/singer_state/bookmarks/events/replication_key_value").textValue());
            }
            assertEquals(state(BEFORE), b.read("dev:a").document());
        }

        assertEquals(0, cairn("undo", family, uri, "--force"), run.err());
        assertEquals(3, run.err().lines().count(), run.err());
        try (StateBackend b = open(family, uri)) {
            for (String id : List.of("prod:a", "prod:b", "prod:c")) {
                assertEquals(state(BEFORE), b.read(id).document(), "the whole rewind is undone");
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = EmptyBackends.class, names = {"SQLITE", "FILE"})
    void numbersShiftBackAndAStateWithNothingToRewindIsNotWritten(EmptyBackends family) throws Exception {
        String uri = withStates(family, BEFORE, ID);
        Version text;
        try (StateBackend b = open(family, uri)) {
            text = b.write("dev:text", state("{\"singer_state\": {\"bookmarks\": {\"names\": {\"replication_key_value\": \"abc\"}}}}"), null);
        }
        assertEquals(0, cairn("rewind", family, uri, "--pattern", "*", "--shift-by", "-100", "--force"), run.err());
        assertTrue(run.out().contains("Nothing to rewind in dev:text by -100.\n  left alone: stream names: 'abc' is not a number\n"),
                run.out());
        assertTrue(run.out().contains("\n  stream offsets: 1000 -> 900\n  stream scores: 12.5 -> -87.5\n"), run.out());
        assertTrue(run.out().contains("\n  left alone: stream orders: '2024-06-01T09:58:12Z' is a timestamp, not a number\n"), run.out());
        assertTrue(run.err().matches("Rewind state of " + ID + " on \\S+: done \\(version \\S+\\)\\.\\n"), run.err());
        try (StateBackend b = open(family, uri)) {
            assertEquals(state(BEFORE.replace(": 1000}", ": 900}").replace(": 12.5}", ": -87.5}")), b.read(ID).document());
            assertEquals(text, b.read("dev:text").version(), "not written");
        }
    }

    @Test
    void aPositiveShiftOrAZeroDurationIsAUsageError() throws Exception {
        String uri = withStates(EmptyBackends.SQLITE, BEFORE, ID);
        assertEquals(2, run.cairn("rewind", "--backend", uri, ID, "--shift-by", "5"));
        assertEquals("cairn: --shift-by takes a negative number (5 given): a rewind never moves a bookmark forward\n"
                + "See 'cairn rewind --help'.\n", run.err());
        assertEquals(2, run.cairn("rewind", "--backend", uri, ID, "--by-duration", "PT0S"));
        assertEquals(1, run.cairn("rewind", "--backend", uri, ID, "--to-datetime", "2024-05-01"), "no terminal to ask on");
        assertTrue(run.err().matches("cairn: Rewind state of " + ID + " on \\S+ to 2024-05-01\\? Refusing without confirmation:"
                + " pass --force, or run it on a terminal\\.\\n"), run.err());
        assertEquals(2, run.cairn("rewind", "--backend", uri, ID, "--to-datetime", "2024-05-01", "--shift-by", "-1"));
        assertEquals(1, run.cairn("rewind", "--backend", uri, "dev:none", "--shift-by", "-1", "--force"));
        try (StateBackend b = open(EmptyBackends.SQLITE, uri)) {
            assertEquals("cairn: there is no state dev:none on " + b.displayUri() + "\n", run.err());
        }
    }
}
