package dev.cairn.state;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Planning a rewind: each kind of bookmark value, its stored form kept, never forward, and where the change is stored. */
@Tag("unit")
class RewindTest {

    private static JsonNode bookmarks(String streams) throws Exception {
        return Json.parse("{\"singer_state\": {\"bookmarks\": {" + streams + "}}}");
    }

    /** The new value of the one bookmark of stream s holding {@code value}, or null where it is not moved. */
    private static String moved(String value, Rewind.Target target) throws Exception {
        List<Rewind.Step> steps = new Rewind(target, Set.of())
                .plan(bookmarks("\"s\": {\"replication_key\": \"k\", \"replication_key_value\": " + value + "}"));
        assertEquals(1, steps.size());
        return steps.get(0).rewinds() ? PythonJson.write(steps.get(0).to(), PythonJson.Style.COMPACT) : null;
    }

    @Test
    void aTimestampKeepsTheFormItIsStoredIn() throws Exception {
        Rewind.Target may = Rewind.toMoment("2024-05-01T10:00:00.5Z");
        assertEquals("\"2024-05-01T10:00:00Z\"", moved("\"2024-06-01T09:58:12Z\"", may), "a Z stays a Z; what the form cannot hold is cut off");
        assertEquals("\"2024-05-01T10:00:00.500000+00:00\"", moved("\"2024-06-01T09:58:12.345678+00:00\"", may),
                "+00:00 stays, and as many fractional digits as stored");
        assertEquals("\"2024-05-01T12:00:00.5+02:00\"", moved("\"2024-06-01T09:58:12.3+02:00\"", may), "the stored offset is kept");
        assertEquals("\"2024-05-01\"", moved("\"2024-06-01\"", may), "a date stays a date, at or before the moment");
        assertEquals("\"2024-05-01 10:00\"", moved("\"2024-06-01 09:58\"", may), "a naive time with a space and no seconds");
        assertEquals("\"2024-05-01T10:00:00+0000\"", moved("\"2024-06-01T09:58:12+0000\"", may));
    }

    @Test
    void aDurationMovesBackAndADateFallsToTheDayBefore() throws Exception {
        assertEquals("\"2024-05-31T09:58:12.345678+00:00\"", moved("\"2024-06-01T09:58:12.345678+00:00\"", Rewind.backBy("P1D")));
        assertEquals("\"2024-05-30T21:58:12Z\"", moved("\"2024-06-01T09:58:12Z\"", Rewind.backBy("P1DT12H")));
        assertEquals("\"2024-05-31\"", moved("\"2024-06-01\"", Rewind.backBy("PT6H")));
    }

    @Test
    void numbersShiftAndIntsStayInts() throws Exception {
        assertEquals("900", moved("1000", Rewind.shiftBy(-100)));
        assertEquals("10.5", moved("12.5", Rewind.shiftBy(-2)));
        assertEquals("9223372036854775808", moved("9223372036854775908", Rewind.shiftBy(-100)));
    }

    @Test
    void neverForwardAndOtherKindsAreLeftAloneWithTheReason() throws Exception {
        JsonNode state = bookmarks("\"old\": {\"replication_key_value\": \"2024-04-01T00:00:00Z\"},"
                + " \"n\": {\"replication_key_value\": 5}, \"t\": {\"replication_key_value\": \"abc\"},"
                + " \"full\": {\"replication_key\": \"k\"}, \"pg\": {\"lsn\": 123}, \"legacy\": \"2024-06-01\"");
        List<Rewind.Step> steps = new Rewind(Rewind.toMoment("2024-05-01"), Set.of("old", "n", "t", "full", "pg", "legacy", "gone"))
                .plan(state);
        assertEquals(List.of("old: ALREADY_BEFORE already at or before 2024-05-01",
                "n: LEFT_ALONE 5 is a number, not a timestamp",
                "t: LEFT_ALONE 'abc' is not a timestamp",
                "pg: LEFT_ALONE its position is kept in 'lsn', not in replication_key_value",
                "legacy: REWOUND null",
                "gone: ABSENT not in this state"),
                steps.stream().map(s -> s.stream() + ": " + s.kind() + " " + s.why()).toList(),
                "a stream without a value (a full sync) has nothing to move back");
        assertEquals("LEFT_ALONE 'abc' is not a number", new Rewind(Rewind.shiftBy(-1), Set.of("t")).plan(state).stream()
                .map(s -> s.kind() + " " + s.why()).findFirst().orElseThrow());
        assertEquals("LEFT_ALONE '2024-04-01T00:00:00Z' is a timestamp, not a number", new Rewind(Rewind.shiftBy(-1), Set.of("old"))
                .plan(state).stream().map(s -> s.kind() + " " + s.why()).findFirst().orElseThrow());
    }

    @Test
    void partitionsEachOnTheirOwnMarkersDroppedAndChangedWhereStored() throws Exception {
        StateDocument state = new StateDocument(
                StatePart.parse("{\"singer_state\": {\"bookmarks\": {"
                        + "\"issues\": {\"partitions\": [{\"context\": {\"repo\": \"a\"}, \"replication_key_value\": \"2024-06-01T00:00:00Z\"},"
                        + " {\"context\": {\"repo\": \"b\"}, \"replication_key_value\": \"2024-04-01T00:00:00Z\"}]},"
                        + " \"events\": {\"replication_key\": \"t\", \"replication_key_value\": \"2024-01-01T00:00:00Z\"}}}}"),
                StatePart.parse("{\"singer_state\": {\"bookmarks\": {\"events\": {\"replication_key\": \"t\","
                        + " \"replication_key_value\": \"2024-06-01T00:00:00Z\", \"replication_key_signpost\": \"2024-06-02T00:00:00Z\","
                        + " \"progress_markers\": {\"replication_key_value\": \"2024-06-01T00:00:00Z\"}}}}}"));
        Rewind rewind = new Rewind(Rewind.toMoment("2024-05-01T00:00:00Z"), Set.of());
        List<Rewind.Step> steps = rewind.plan(state.effective());
        assertEquals(List.of("issues {\"repo\":\"a\"} REWOUND false", "issues {\"repo\":\"b\"} ALREADY_BEFORE false",
                "events null REWOUND true"), steps.stream().map(s -> s.stream() + " "
                + (s.context() == null ? "null" : PythonJson.write(s.context(), PythonJson.Style.COMPACT)) + " " + s.kind() + " "
                + s.markersDropped()).toList());

        StateDocument rewound = rewind.apply(state);
        assertEquals(Json.parse("{\"singer_state\": {\"bookmarks\": {"
                + "\"issues\": {\"partitions\": [{\"context\": {\"repo\": \"a\"}, \"replication_key_value\": \"2024-05-01T00:00:00Z\"},"
                + " {\"context\": {\"repo\": \"b\"}, \"replication_key_value\": \"2024-04-01T00:00:00Z\"}]},"
                + " \"events\": {\"replication_key\": \"t\", \"replication_key_value\": \"2024-05-01T00:00:00Z\"}}}}"),
                rewound.completed().value());
        assertEquals(Json.parse("{\"singer_state\": {\"bookmarks\": {\"events\": {\"replication_key\": \"t\","
                + " \"replication_key_value\": \"2024-05-01T00:00:00Z\"}}}}"), rewound.partial().value(),
                "the partial that overrides the completed bookmark is rewound too, its markers dropped");
        assertEquals(rewound, rewind.apply(rewound), "applied again, nothing moves");
    }

    @Test
    void targetsThatWouldMoveForwardOrAreNotUnderstoodAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> Rewind.shiftBy(5));
        assertThrows(IllegalArgumentException.class, () -> Rewind.shiftBy(0));
        assertThrows(IllegalArgumentException.class, () -> Rewind.backBy("-P1D"));
        assertThrows(IllegalArgumentException.class, () -> Rewind.backBy("PT0S"));
        assertThrows(IllegalArgumentException.class, () -> Rewind.backBy("P1M"));
        assertThrows(IllegalArgumentException.class, () -> Rewind.toMoment("yesterday"));
    }
}
