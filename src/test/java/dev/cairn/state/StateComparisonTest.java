package dev.cairn.state;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.cairn.state.StateComparison.Ahead;
import dev.cairn.state.StateComparison.Verdict;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class StateComparisonTest {

    private static StateDocument stored(String completed, String partial) {
        return new StateDocument(StatePart.unparsed(completed), StatePart.unparsed(partial));
    }

    private static StateDocument parsed(String completed, String partial) {
        return new StateDocument(StatePart.parse(completed), StatePart.parse(partial));
    }

    @Test
    void aColumnsTextAndTheSameDocumentParsedFromAFileHashAlike() {
        String completed = "{\"singer_state\": {\"bookmarks\": {\"issues\": {\"replication_key_value\": \"M\\u00fcnchen 1.5e-05\"}}}, \"n\": 1e-05}";
        assertEquals(StoredDigest.of(stored(completed, "{}")), StoredDigest.of(parsed(completed, "{}")));
        assertNotEquals(StoredDigest.of(stored(completed, "{}")), StoredDigest.of(stored(completed, null)));
        assertNotEquals(StoredDigest.of(stored("{}", "{}")), StoredDigest.of(stored("{}", "{\"a\": 1}")));
    }

    @Test
    void keysInAnotherOrderAreTheSameStoredState() {
        StateComparison c = StateComparison.of(stored("{\"a\": 1, \"b\": 2}", "{}"), stored("{\"b\": 2, \"a\": 1}", "{}"));
        assertEquals(Verdict.SAME, c.verdict());
        assertEquals(Verdict.DIFFERENT, StateComparison.of(stored("{\"a\": 1}", "{}"), stored("{\"a\": 1.0}", "{}")).verdict());
    }

    @Test
    void aPendingPartialAndItsMergeResumeAlike() {
        StateComparison c = StateComparison.of(
                stored("{\"singer_state\": {\"bookmarks\": {\"s\": {\"replication_key_value\": 1}}}}",
                        "{\"singer_state\": {\"bookmarks\": {\"s\": {\"replication_key_value\": 2}}}}"),
                stored("{\"singer_state\": {\"bookmarks\": {\"s\": {\"replication_key_value\": 2}}}}", "{}"));
        assertEquals(Verdict.SAME_EFFECTIVE, c.verdict());
    }

    @Test
    void unreadableSaysWhichSideAndWhy() {
        StateComparison c = StateComparison.of(stored("{\"singer_state\": {", "{}"), stored("{}", null));
        assertEquals(Verdict.UNREADABLE, c.verdict());
        assertTrue(c.hereProblem().startsWith("the completed state is not valid JSON"), c.hereProblem());
        assertTrue(c.thereProblem().startsWith("the partial state is NULL"), c.thereProblem());
    }

    @Test
    void differentStatesSayWhichSideIsAheadOnEachStreamAndPartition() {
        StateComparison c = StateComparison.of(
                stored("{\"singer_state\": {\"bookmarks\": {"
                        + "\"a\": {\"replication_key\": \"updated_at\", \"replication_key_value\": \"2024-06-01T06:00:00Z\"},"
                        + " \"b\": {\"replication_key_value\": 10},"
                        + " \"p\": {\"partitions\": [{\"context\": {\"org\": \"x\"}, \"replication_key_value\": \"2024-01-01\"}]},"
                        + " \"new\": {\"replication_key_value\": \"2023-01-01T00:00:00Z\"}}}}", "{}"),
                stored("{\"singer_state\": {\"bookmarks\": {"
                        + "\"a\": {\"replication_key\": \"updated_at\", \"replication_key_value\": \"2024-05-30T12:00:00Z\"},"
                        + " \"b\": {\"replication_key_value\": 12},"
                        + " \"p\": {\"partitions\": [{\"context\": {\"org\": \"x\"}, \"replication_key_value\": \"2024-01-02\"}]}}}}", "{}"));
        assertEquals(Verdict.DIFFERENT, c.verdict());
        assertEquals("3 streams changed, 1 added", c.summary().sentence());
        assertEquals("2024-06-01T06:00:00Z", c.newestHere());
        assertEquals("2024-05-30T12:00:00Z", c.newestThere());
        assertEquals(3, c.leads().size());
        assertEquals(new StateComparison.Lead("a", "", TextNode.valueOf("2024-06-01T06:00:00Z"),
                TextNode.valueOf("2024-05-30T12:00:00Z"), Ahead.HERE), c.leads().get(0));
        assertEquals(Ahead.THERE, c.leads().get(1).ahead());
        assertEquals("org=x", c.leads().get(2).partition());
        assertEquals(Ahead.THERE, c.leads().get(2).ahead());
    }

    @Test
    void orderOfBookmarkValues() {
        assertEquals(Ahead.EVEN, StateComparison.ahead(TextNode.valueOf("2024-06-01T02:00:00+02:00"), TextNode.valueOf("2024-06-01T00:00:00Z")));
        assertEquals(Ahead.HERE, StateComparison.ahead(TextNode.valueOf("2024-06-01 00:00:00.5"), TextNode.valueOf("2024-06-01T00:00:00.25Z")));
        assertEquals(Ahead.HERE, StateComparison.ahead(DoubleNode.valueOf(2.5), IntNode.valueOf(2)));
        assertEquals(Ahead.THERE, StateComparison.ahead(null, TextNode.valueOf("2024-06-01")));
        assertEquals(Ahead.UNKNOWN, StateComparison.ahead(TextNode.valueOf("abc"), TextNode.valueOf("abd")));
        assertEquals(Ahead.UNKNOWN, StateComparison.ahead(DoubleNode.valueOf(Double.NaN), IntNode.valueOf(2)));
    }
}
