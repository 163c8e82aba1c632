package dev.cairn.state;

import static dev.cairn.state.TestJson.json;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class DiffSummaryTest {

    private static DiffSummary summary(String before, String after) {
        return summary(json(before), json(after));
    }

    private static DiffSummary summary(JsonNode before, JsonNode after) {
        return DiffSummary.of(before, after, JsonDiff.diff(before, after));
    }

    @Test
    void interruptedMergeRunOfFixtureC() throws StateError {
        StateDocument c = StateDocument.of(
                json("{'singer_state': {'bookmarks': {'charges': {'replication_key': 'created', 'replication_key_value': '2024-05-31T23:59:58Z'},"
                        + " 'customers': {'replication_key': 'updated', 'replication_key_value': '2024-05-31T22:10:00Z'},"
                        + " 'invoices': {'replication_key': 'updated', 'replication_key_value': '2024-05-30T12:00:00Z'}}}}"),
                json("{'singer_state': {'bookmarks': {'invoices': {'replication_key': 'updated', 'replication_key_value': '2024-06-01T06:00:00Z'},"
                        + " 'events': {'starting_replication_value': '2024-05-01T00:00:00Z', 'replication_key_signpost': '2024-06-01T07:00:00+00:00',"
                        + " 'progress_markers': {'Note': 'Progress is not resumable if interrupted.', 'replication_key': 'created',"
                        + " 'replication_key_value': '2024-05-20T03:04:05Z'}}}}}"));
        DiffSummary summary = summary(c.completed().value(), c.effective());
        assertEquals(new DiffSummary(1, 1, 0, 0, true, 0), summary);
        assertEquals("1 stream changed, 1 added", summary.sentence());
    }

    @Test
    void countsEachKindOfStreamChange() {
        DiffSummary summary = summary(
                "{'singer_state': {'bookmarks': {'a': {'v': 1}, 'b': {'v': 1}, 'c': {'v': 1}, 'd': 'x', 'e': {}}}}",
                "{'singer_state': {'bookmarks': {'a': {'v': 2}, 'b': {'v': 1}, 'c': {'v': 1.0}, 'd': 'y', 'f': {}, 'g': {}}}}");
        assertEquals(new DiffSummary(3, 2, 1, 0, true, 0), summary);
        assertEquals("3 streams changed, 2 added, 1 removed", summary.sentence());
    }

    @Test
    void changesInsidePartitionsCountForTheirStream() {
        DiffSummary summary = summary(
                "{'singer_state': {'bookmarks': {'issues': {'partitions': [{'context': {'r': 1}, 'v': 1}, {'context': {'r': 2}, 'v': 1}]}}}}",
                "{'singer_state': {'bookmarks': {'issues': {'partitions': [{'context': {'r': 2}, 'v': 2}, {'context': {'r': 1}, 'v': 2}]}}}}");
        assertEquals("1 stream changed", summary.sentence());
    }

    @Test
    void reorderedPartitionsAreNoChange() {
        assertEquals("No changes", summary(
                "{'bookmarks': {'s': {'partitions': [{'context': {'r': 1}}, {'context': {'r': 2}}]}}}",
                "{'bookmarks': {'s': {'partitions': [{'context': {'r': 2}}, {'context': {'r': 1}}]}}}").sentence());
    }

    @Test
    void changesOutsideTheBookmarks() {
        DiffSummary summary = summary(
                "{'singer_state': {'currently_syncing': 'a', 'bookmarks': {'a': {'v': 1}}}}",
                "{'singer_state': {'currently_syncing': null, 'bookmarks': {'a': {'v': 2}}}, 'error': 'Extractor failed'}");
        assertEquals(new DiffSummary(1, 0, 0, 2, true, 0), summary);
        assertEquals("1 stream changed; 2 other changes", summary.sentence());
        assertEquals("No stream changed; 1 other change", summary(
                "{'singer_state': {'currently_syncing': 'a', 'bookmarks': {'a': {}}}}",
                "{'singer_state': {'currently_syncing': 'b', 'bookmarks': {'a': {}}}}").sentence());
    }

    @Test
    void wholeNewStateCountsItsStreams() {
        DiffSummary summary = summary(json("{}"), json("{'singer_state': {'bookmarks': {'a': {}, 'b': {}}, 'currently_syncing': null}}"));
        assertEquals("2 streams added", summary.sentence());
        assertEquals("2 streams removed", summary(json("{'bookmarks': {'a': 1, 'b': 2}}"), null).sentence());
    }

    @Test
    void bareStateAndWrappedStateCompareByStream() {
        DiffSummary summary = summary("{'bookmarks': {'a': {'v': 1}, 'b': {'v': 1}}}", "{'singer_state': {'bookmarks': {'a': {'v': 1}, 'b': {'v': 2}}}}");
        assertEquals(new DiffSummary(1, 0, 0, 0, true, 0), summary);
    }

    @Test
    void documentsWithoutBookmarksCountChanges() {
        assertEquals("1 change", summary("{'a': 1}", "{'a': 2}").sentence());
        assertEquals("3 changes", summary("{'a': 1, 'b': 1}", "{'a': 2, 'c': 1}").sentence());
        assertEquals("No changes", summary("{}", "{}").sentence());
    }

    @Test
    void pendingPartialThatReplacesAPartitionListCountsThePartitionsDropped() throws StateError {
        StringBuilder partitions = new StringBuilder();
        for (int i = 0; i < 1200; i++) {
            partitions.append(i == 0 ? "" : ", ").append("{'context': {'repo': 'r").append(i).append("'}, 'replication_key_value': '2024-01-01'}");
        }
        StateDocument document = StateDocument.of(
                json("{'singer_state': {'bookmarks': {'issues': {'partitions': [" + partitions + "]}}}}"),
                json("{'singer_state': {'bookmarks': {'issues': {'partitions': [{'context': {'repo': 'r7'}, 'replication_key_value': '2024-02-01'}]}}}}"));
        DiffSummary summary = summary(document.completed().value(), document.effective());
        assertEquals(new DiffSummary(1, 0, 0, 0, true, 1199), summary);
        assertEquals("1 stream changed; 1,199 partition bookmarks dropped", summary.sentence());
        assertEquals("1 stream changed; 1,199 partition bookmarks dropped. Those partitions sync from scratch on the next run.",
                summary.description());
    }

    @Test
    void partitionsOfARemovedStreamAreDroppedAndAReorderedListDropsNone() {
        DiffSummary removed = summary("{'bookmarks': {'a': {'partitions': [{'context': {'k': 1}}]}, 'b': {}}}", "{'bookmarks': {'b': {}}}");
        assertEquals("1 stream removed; 1 partition bookmark dropped", removed.sentence());
        assertEquals("That partition syncs from scratch on the next run.", removed.consequence());
        DiffSummary reordered = summary("{'bookmarks': {'a': {'partitions': [{'context': {'k': 1}}, {'context': {'k': 2}}]}}}",
                "{'bookmarks': {'a': {'partitions': [{'context': {'k': 2}, 'v': 1}, {'context': {'k': 1}}]}}}");
        assertEquals(0, reordered.partitionsDropped());
        assertEquals("1 stream changed.", reordered.description());
    }

    @Test
    void itemsWithoutAContextAreNoPartitionsWhereverTheyStand() {
        // in step past the items without a context on either side, then one context gone
        DiffSummary summary = summary(
                "{'bookmarks': {'a': {'partitions': [{'context': {'k': 1}}, 7, {'v': 1}, {'context': {'k': 2}}, {'context': {'k': 3}}]}}}",
                "{'bookmarks': {'a': {'partitions': [{'v': 2}, {'context': {'k': 1}}, {'context': {'k': 2}, 'v': 1}, null]}}}");
        assertEquals(1, summary.partitionsDropped());
        DiffSummary kept = summary("{'bookmarks': {'a': {'partitions': [{'context': {'k': 1}}, 'x', {'context': {'k': 2}}]}}}",
                "{'bookmarks': {'a': {'partitions': [{'context': {'k': 1}, 'v': 1}, {'context': {'k': 2}}]}}}");
        assertEquals(0, kept.partitionsDropped());
    }
}
