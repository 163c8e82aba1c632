package dev.cairn.state;

import static dev.cairn.state.TestJson.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cairn.state.JsonReplay.Overlap;
import dev.cairn.state.JsonReplay.Pick;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class JsonReplayTest {

    private static final String TWO_STREAMS = "{'singer_state': {'bookmarks': {'orders': {'replication_key_value': '%s'},"
            + " 'users': {'replication_key_value': '%s'}}}}";

    private static JsonNode streams(String orders, String users) {
        return json(String.format(TWO_STREAMS, orders, users));
    }

    private static void assertJson(JsonNode expected, JsonNode actual) {
        assertTrue(JsonEquality.same(expected, actual), () -> "expected " + expected + " but was " + actual);
    }

    @Test
    void myChangeToOneStreamKeepsTheirChangeToAnother() {
        JsonNode read = streams("2024-01-01", "2024-01-01");
        JsonNode theirs = streams("2024-01-01", "2024-06-01");
        JsonNode mine = streams("2023-01-01", "2024-01-01");
        assertEquals(List.of(), JsonReplay.overlaps(read, theirs, mine));
        assertJson(streams("2023-01-01", "2024-06-01"), JsonReplay.replay(read, theirs, mine, Map.of()));
        assertJson(streams("2024-01-01", "2024-06-01"), theirs); // theirs is left as it was
    }

    @Test
    void bothChangingOneValueIsAnOverlapResolvedByAPick() {
        JsonNode read = streams("2024-01-01", "2024-01-01");
        JsonNode theirs = streams("2024-06-01", "2024-06-01");
        JsonNode mine = streams("2023-01-01", "2024-01-01");
        String pointer = "/singer_state/bookmarks/orders/replication_key_value";
        assertEquals(List.of(new Overlap(pointer, json("'2024-01-01'"), json("'2024-06-01'"), json("'2023-01-01'"))),
                JsonReplay.overlaps(read, theirs, mine));
        assertThrows(IllegalArgumentException.class, () -> JsonReplay.replay(read, theirs, mine, Map.of()));
        assertJson(streams("2023-01-01", "2024-06-01"), JsonReplay.replay(read, theirs, mine, Map.of(pointer, Pick.MINE)));
        assertJson(theirs, JsonReplay.replay(read, theirs, mine, Map.of(pointer, Pick.THEIRS)));
    }

    @Test
    void theSameChangeOnBothSidesIsNoOverlap() {
        JsonNode read = streams("2024-01-01", "2024-01-01");
        JsonNode both = streams("2024-06-01", "2024-01-01");
        assertEquals(List.of(), JsonReplay.overlaps(read, both, both));
        assertJson(both, JsonReplay.replay(read, both, both, Map.of()));
    }

    @Test
    void aChangeInsideWhatTheOtherSideRemovedOverlapsAtTheOuterPlace() {
        JsonNode read = streams("2024-01-01", "2024-01-01");
        JsonNode theirs = json("{'singer_state': {'bookmarks': {'users': {'replication_key_value': '2024-01-01'}}}}");
        JsonNode mine = streams("2023-01-01", "2024-01-01");
        List<Overlap> overlaps = JsonReplay.overlaps(read, theirs, mine);
        assertEquals(1, overlaps.size());
        assertEquals("/singer_state/bookmarks/orders", overlaps.get(0).pointer());
        assertNull(overlaps.get(0).theirs(), "the other writer removed the stream");
        assertJson(json("{'replication_key_value': '2023-01-01'}"), overlaps.get(0).mine());
        assertJson(streams("2023-01-01", "2024-01-01"),
                JsonReplay.replay(read, theirs, mine, Map.of("/singer_state/bookmarks/orders", Pick.MINE)));
        assertJson(theirs, JsonReplay.replay(read, theirs, mine, Map.of("/singer_state/bookmarks/orders", Pick.THEIRS)));
    }

    @Test
    void addedAndRemovedKeysReplay() {
        JsonNode read = json("{'a': 1, 'b': 2, 'c': 3}");
        JsonNode theirs = json("{'a': 1, 'b': 2, 'c': 30, 'd': 4}");
        JsonNode mine = json("{'a': 1, 'c': 3, 'e': 5}");
        assertEquals(List.of(), JsonReplay.overlaps(read, theirs, mine));
        assertJson(json("{'a': 1, 'c': 30, 'd': 4, 'e': 5}"), JsonReplay.replay(read, theirs, mine, Map.of()));
    }

    @Test
    void partitionsAreFoundByContextWhereverTheOtherSideMovedThem() {
        String partitioned = "{'bookmarks': {'issues': {'partitions': [%s]}}}";
        String repoA = "{'context': {'repo': 'a'}, 'replication_key_value': '%s'}";
        String repoB = "{'context': {'repo': 'b'}, 'replication_key_value': '%s'}";
        String repoC = "{'context': {'repo': 'c'}, 'replication_key_value': '1'}";
        JsonNode read = json(String.format(partitioned, String.format(repoA, "1") + ", " + String.format(repoB, "1")));
        // The other writer put a new partition first and moved b on; I move a back.
        JsonNode theirs = json(String.format(partitioned,
                repoC + ", " + String.format(repoB, "2") + ", " + String.format(repoA, "1")));
        JsonNode mine = json(String.format(partitioned, String.format(repoA, "0") + ", " + String.format(repoB, "1")));
        assertEquals(List.of(), JsonReplay.overlaps(read, theirs, mine));
        assertJson(json(String.format(partitioned, repoC + ", " + String.format(repoB, "2") + ", " + String.format(repoA, "0"))),
                JsonReplay.replay(read, theirs, mine, Map.of()));
        // Both moving the same partition, wherever it sits, is an overlap.
        JsonNode mineToo = json(String.format(partitioned, String.format(repoA, "1") + ", " + String.format(repoB, "3")));
        List<Overlap> overlaps = JsonReplay.overlaps(read, theirs, mineToo);
        assertEquals(1, overlaps.size());
        assertJson(json("'2'"), overlaps.get(0).theirs());
        assertJson(json("'3'"), overlaps.get(0).mine());
    }

    @Test
    void addedListItemsAndTrailingRemovalsKeepTheirOrder() {
        JsonNode read = json("{'a': [1, 2, 3, 4]}");
        JsonNode theirs = json("{'a': [10, 2, 3, 4], 'b': 1}");
        assertJson(json("{'a': [10, 2], 'b': 1}"), JsonReplay.replay(read, theirs, json("{'a': [1, 2]}"), Map.of()));
        assertJson(json("{'a': [10, 2, 3, 4, 5, 6], 'b': 1}"),
                JsonReplay.replay(read, theirs, json("{'a': [1, 2, 3, 4, 5, 6]}"), Map.of()));
    }

    @Test
    void aDeletedDocumentOverlapsEveryChange() {
        JsonNode read = json("{'a': 1}");
        List<Overlap> overlaps = JsonReplay.overlaps(read, null, json("{'a': 2}"));
        assertEquals(List.of(new Overlap("", json("{'a': 1}"), null, json("{'a': 2}"))), overlaps);
        assertNull(JsonReplay.replay(read, null, json("{'a': 2}"), Map.of("", Pick.THEIRS)));
    }

    @Test
    void storedDocumentsReplayPartByPart() throws JsonSyntaxError {
        StateDocument read = StateDocument.of(streams("2024-01-01", "2024-01-01"), json("{}"));
        // A pipeline's run left a partial checkpoint; I rewound orders in the completed state.
        StateDocument theirs = StateDocument.of(streams("2024-01-01", "2024-01-01"),
                json("{'singer_state': {'bookmarks': {'users': {'replication_key_value': '2024-06-01'}}}}"));
        StateDocument mine = StateDocument.of(streams("2023-01-01", "2024-01-01"), json("{}"));
        assertEquals(List.of(), JsonReplay.overlaps(read, theirs, mine));
        StateDocument replayed = JsonReplay.replay(read, theirs, mine, Map.of());
        assertEquals(mine.completed(), replayed.completed());
        assertEquals(theirs.partial(), replayed.partial());
    }

    @Test
    void aRepairedCorruptPartIsReplayedAsTheRepair() throws JsonSyntaxError {
        StateDocument read = new StateDocument(StatePart.parse("{\"singer_state\": "), StatePart.emptyObject());
        StateDocument theirs = new StateDocument(StatePart.parse("{\"singer_state\": "), StatePart.NULL);
        StateDocument mine = StateDocument.of(streams("2023-01-01", "2024-01-01"), json("{}"));
        StateDocument replayed = JsonReplay.replay(read, theirs, mine, Map.of());
        assertEquals(mine.completed(), replayed.completed());
        assertEquals(StatePart.NULL, replayed.partial());
        List<Overlap> overlaps = JsonReplay.overlaps(read, new StateDocument(StatePart.parse("{"), StatePart.NULL), mine);
        assertEquals("/completed", overlaps.get(0).pointer());
        assertJson(json("'{'"), overlaps.get(0).theirs());
    }
}
