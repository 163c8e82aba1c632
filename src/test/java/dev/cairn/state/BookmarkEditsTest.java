package dev.cairn.state;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.node.TextNode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class BookmarkEditsTest {

    /** Fixture C: a complete run, then an interrupted merge-mode run (partial newer, with markers). */
    static final String C_COMPLETED = "{\"singer_state\": {\"bookmarks\": {\"charges\": {\"replication_key\": \"created\", \"replication_key_value\": \"2024-05-31T23:59:58Z\"}, \"customers\": {\"replication_key\": \"updated\", \"replication_key_value\": \"2024-05-31T22:10:00Z\"}, \"invoices\": {\"replication_key\": \"updated\", \"replication_key_value\": \"2024-05-30T12:00:00Z\"}}}}";
    static final String C_PARTIAL = "{\"singer_state\": {\"bookmarks\": {\"invoices\": {\"replication_key\": \"updated\", \"replication_key_value\": \"2024-06-01T06:00:00Z\"}, \"events\": {\"starting_replication_value\": \"2024-05-01T00:00:00Z\", \"replication_key_signpost\": \"2024-06-01T07:00:00+00:00\", \"progress_markers\": {\"Note\": \"Progress is not resumable if interrupted.\", \"replication_key\": \"created\", \"replication_key_value\": \"2024-05-20T03:04:05Z\"}}}}}";
    static final String GITHUB = "{\"singer_state\": {\"bookmarks\": {\"issues\": {\"partitions\": [{\"context\": {\"org\": \"meltano\", \"repo\": \"meltano\"}, \"replication_key\": \"updated_at\", \"replication_key_value\": \"2022-09-19T07:58:00Z\"}, {\"context\": {\"org\": \"meltano\", \"repo\": \"sdk\"}, \"replication_key\": \"updated_at\", \"replication_key_value\": \"2022-09-19T08:12:45Z\"}]}}}}";

    private static StateDocument c() {
        return new StateDocument(StatePart.parse(C_COMPLETED), StatePart.parse(C_PARTIAL));
    }

    private static String effective(StateDocument d) throws StateError {
        return PythonJson.write(d.effective(), PythonJson.Style.COMPACT);
    }

    @Test
    void removingAStreamRemovesItFromBothDocuments() throws Exception {
        StateDocument d = BookmarkEdits.withoutStream(c(), "invoices");
        assertFalse(effective(d).contains("invoices"));
        assertTrue(effective(d).contains("charges") && effective(d).contains("events"));
    }

    @Test
    void rewindingAStreamOverriddenByThePartialChangesWhatTheTapGets() throws Exception {
        StateDocument d = BookmarkEdits.rewound(c(), "invoices", null, TextNode.valueOf("2024-01-01T00:00:00Z"));
        assertTrue(effective(d).contains("\"invoices\":{\"replication_key\":\"updated\",\"replication_key_value\":\"2024-01-01T00:00:00Z\"}"), effective(d));
    }

    @Test
    void rewindingAnInterruptedStreamDropsItsMarkers() throws Exception {
        StateDocument d = BookmarkEdits.rewound(c(), "events", null, TextNode.valueOf("2024-05-01T00:00:00Z"));
        assertTrue(effective(d).contains("\"events\":{\"replication_key_value\":\"2024-05-01T00:00:00Z\"}"), effective(d));
    }

    @Test
    void partitionsAreFoundByContext() throws Exception {
        StateDocument g = new StateDocument(StatePart.parse(GITHUB), StatePart.parse("{}"));
        var sdk = Json.parse("{\"repo\": \"sdk\", \"org\": \"meltano\"}");
        StateDocument rewound = BookmarkEdits.rewound(g, "issues", sdk, TextNode.valueOf("2020-01-01T00:00:00Z"));
        assertTrue(effective(rewound).contains("\"repo\":\"sdk\"},\"replication_key\":\"updated_at\",\"replication_key_value\":\"2020-01-01T00:00:00Z\""), effective(rewound));
        StateDocument removed = BookmarkEdits.withoutPartition(g, "issues", sdk);
        assertFalse(effective(removed).contains("\"sdk\""));
        assertTrue(effective(removed).contains("\"meltano\"}"));
    }

    @Test
    void bareLegacyValuesAreRewoundToo() throws Exception {
        StateDocument gitlab = new StateDocument(StatePart.parse("{\"singer_state\": {\"bookmarks\": {\"project_1_issues\": \"2020-01-01\"}}}"), StatePart.parse("{}"));
        StateDocument d = BookmarkEdits.rewound(gitlab, "project_1_issues", null, TextNode.valueOf("2019-01-01"));
        assertEquals("{\"singer_state\":{\"bookmarks\":{\"project_1_issues\":\"2019-01-01\"}}}", effective(d));
    }

    @Test
    void unknownStreamsAndUnreadableStatesAreRefused() {
        assertThrows(StateError.class, () -> BookmarkEdits.rewound(c(), "nope", null, TextNode.valueOf("x")));
        StateDocument broken = new StateDocument(StatePart.parse("{\"singer"), StatePart.parse("{}"));
        assertThrows(StateError.class, () -> BookmarkEdits.withoutStream(broken, "x"));
    }
}
