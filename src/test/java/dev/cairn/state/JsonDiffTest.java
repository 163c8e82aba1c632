package dev.cairn.state;

import static dev.cairn.state.Change.Kind.ADDED;
import static dev.cairn.state.Change.Kind.CHANGED;
import static dev.cairn.state.Change.Kind.REMOVED;
import static dev.cairn.state.TestJson.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BigIntegerNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.NullNode;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class JsonDiffTest {

    /** A state with one partitioned stream, its partitions filled in. */
    private static final String PARTITIONED = "{'singer_state': {'bookmarks': {'issues': {'partitions': [%s]}}}}";
    private static final String PREFIX = "/singer_state/bookmarks/issues/partitions/";

    private static List<Change> diff(String before, String after) {
        return JsonDiff.diff(json(before), json(after));
    }

    @Test
    void equalDocumentsHaveNoChanges() {
        assertEquals(List.of(), diff("{'a': {'b': [1, 2.5, 'x', true, null]}}", "{'a': {'b': [1, 2.5, 'x', true, null]}}"));
    }

    @Test
    void keyOrderAloneIsNoChange() {
        assertEquals(List.of(), diff("{'a': 1, 'b': {'c': 2, 'd': 3}}", "{'b': {'d': 3, 'c': 2}, 'a': 1}"));
    }

    @Test
    void addedRemovedAndChangedKeys() {
        assertEquals(List.of(
                        new Change(REMOVED, "/gone", json("1"), null),
                        new Change(CHANGED, "/kept", json("'old'"), json("'new'")),
                        new Change(ADDED, "/new", null, json("{'x': 1}"))),
                diff("{'gone': 1, 'kept': 'old', 'same': 0}", "{'same': 0, 'kept': 'new', 'new': {'x': 1}}"));
    }

    @Test
    void nestedChangesHaveFullPointers() {
        assertEquals(List.of(new Change(CHANGED, "/singer_state/bookmarks/orders/replication_key_value",
                        json("'2024-01-01'"), json("'2024-02-01'"))),
                diff("{'singer_state': {'bookmarks': {'orders': {'replication_key_value': '2024-01-01'}}}}",
                        "{'singer_state': {'bookmarks': {'orders': {'replication_key_value': '2024-02-01'}}}}"));
    }

    @Test
    void keysAreEscapedInPointers() {
        assertEquals(List.of(new Change(ADDED, "/a~1b/~0c", null, json("1"))),
                diff("{'a/b': {}}", "{'a/b': {'~c': 1}}"));
    }

    @Test
    void emptyKey() {
        assertEquals(List.of(new Change(CHANGED, "/", json("1"), json("2"))), diff("{'': 1}", "{'': 2}"));
    }

    @Test
    void addedSubtreeIsOneChange() {
        assertEquals(List.of(new Change(ADDED, "/b", null, json("{'c': {'d': [1, 2]}}"))),
                diff("{'a': 1}", "{'a': 1, 'b': {'c': {'d': [1, 2]}}}"));
    }

    @Test
    void typeChangeIsOneChangeWithoutDescending() {
        assertEquals(List.of(new Change(CHANGED, "/a", json("{'x': 1, 'y': 2}"), json("[1, 2]"))),
                diff("{'a': {'x': 1, 'y': 2}}", "{'a': [1, 2]}"));
    }

    @Test
    void nullIsAValue() {
        assertEquals(List.of(
                        new Change(CHANGED, "/a", NullNode.instance, json("'2024-01-01'")),
                        new Change(CHANGED, "/b", json("{}"), NullNode.instance)),
                diff("{'a': null, 'b': {}, 'c': null}", "{'a': '2024-01-01', 'b': null, 'c': null}"));
    }

    @Test
    void stringOfANumberIsNotTheNumber() {
        assertEquals(List.of(new Change(CHANGED, "/v", json("1"), json("'1'"))), diff("{'v': 1}", "{'v': '1'}"));
    }

    @Test
    void booleanIsNotANumber() {
        assertEquals(1, diff("[true]", "[1]").size());
    }

    @Test
    void intAndFloatDiffer() {
        assertEquals(List.of(new Change(CHANGED, "/v", json("1"), json("1.0"))), diff("{'v': 1}", "{'v': 1.0}"));
    }

    @Test
    void floatsCompareByValue() {
        assertEquals(List.of(), diff("[1.0, 100.0, 0.1]", "[1.00, 1e2, 0.10]"));
    }

    @Test
    void bigIntegersCompareExactly() {
        assertEquals(List.of(new Change(CHANGED, "/0", json("123456789012345678901234567890"), json("123456789012345678901234567891"))),
                diff("[123456789012345678901234567890]", "[123456789012345678901234567891]"));
        assertEquals(List.of(), diff("[123456789012345678901234567890]", "[123456789012345678901234567890]"));
    }

    @Test
    void integersBeyondDoublePrecisionDiffer() {
        assertEquals(1, diff("[9007199254740993]", "[9007199254740992]").size());
    }

    @Test
    void sameIntegerInDifferentNodeClassesIsNoChange() {
        JsonNode asInt = IntNode.valueOf(5);
        assertEquals(List.of(), JsonDiff.diff(asInt, LongNode.valueOf(5)));
        assertEquals(List.of(), JsonDiff.diff(asInt, BigIntegerNode.valueOf(BigInteger.valueOf(5))));
    }

    @Test
    void nanEqualsItselfAndNegativeZeroDiffers() {
        assertEquals(List.of(), diff("[NaN, Infinity]", "[NaN, Infinity]"));
        assertEquals(1, diff("[0.0]", "[-0.0]").size());
    }

    @Test
    void javaNullIsJsonNull() {
        assertEquals(List.of(), JsonDiff.diff(null, null));
        assertEquals(List.of(), JsonDiff.diff(null, NullNode.instance));
        assertEquals(List.of(new Change(CHANGED, "", NullNode.instance, json("{}"))), JsonDiff.diff(null, json("{}")));
        assertEquals(List.of(new Change(CHANGED, "", json("{'a': 1}"), NullNode.instance)), JsonDiff.diff(json("{'a': 1}"), null));
    }

    @Test
    void scalarDocuments() {
        assertEquals(List.of(new Change(CHANGED, "", json("1"), json("2"))), diff("1", "2"));
    }

    @Test
    void resultCannotBeModified() {
        List<Change> changes = diff("[1]", "[2]");
        assertThrows(UnsupportedOperationException.class, changes::clear);
    }

    @Test
    void itemsCompareByIndex() {
        assertEquals(List.of(new Change(CHANGED, "/a/1", json("2"), json("3")), new Change(ADDED, "/a/3", null, json("5"))),
                diff("{'a': [1, 2, 4]}", "{'a': [1, 3, 4, 5]}"));
    }

    @Test
    void removedTailItems() {
        assertEquals(List.of(new Change(REMOVED, "/1", json("2"), null), new Change(REMOVED, "/2", json("3"), null)),
                diff("[1, 2, 3]", "[1]"));
    }

    @Test
    void reorderedArraysOtherThanPartitionsCompareByIndex() {
        assertEquals(2, diff("{'items': [{'context': {'a': 1}}, {'context': {'a': 2}}]}",
                "{'items': [{'context': {'a': 2}}, {'context': {'a': 1}}]}").size());
    }

    private List<Change> partitions(String before, String after) {
        return diff(String.format(PARTITIONED, before), String.format(PARTITIONED, after));
    }

    @Test
    void reorderingIsNoChange() {
        assertEquals(List.of(), partitions(
                "{'context': {'repo': 'a'}, 'replication_key_value': 1}, {'context': {'repo': 'b'}, 'replication_key_value': 2}",
                "{'context': {'repo': 'b'}, 'replication_key_value': 2}, {'context': {'repo': 'a'}, 'replication_key_value': 1}"));
    }

    @Test
    void contextKeyOrderDoesNotMatter() {
        assertEquals(List.of(), partitions("{'context': {'org': 'm', 'repo': 'a'}}", "{'context': {'repo': 'a', 'org': 'm'}}"));
    }

    @Test
    void changeInAMovedPartitionPointsToBothPlaces() {
        List<Change> changes = partitions(
                "{'context': {'repo': 'a'}, 'v': 1}, {'context': {'repo': 'b'}, 'v': 2}",
                "{'context': {'repo': 'b'}, 'v': 3}, {'context': {'repo': 'a'}, 'v': 1}");
        assertEquals(List.of(new Change(CHANGED, PREFIX + "0/v", json("2"), json("3"), PREFIX + "1/v")), changes);
    }

    @Test
    void addedPartitionUsesItsIndexInAfter() {
        assertEquals(List.of(new Change(ADDED, PREFIX + "0", null, json("{'context': {'repo': 'new'}}"))),
                partitions("{'context': {'repo': 'a'}}", "{'context': {'repo': 'new'}}, {'context': {'repo': 'a'}}"));
    }

    @Test
    void removedPartitionUsesItsIndexInBefore() {
        assertEquals(List.of(new Change(REMOVED, PREFIX + "1", json("{'context': {'repo': 'gone'}}"), null)),
                partitions("{'context': {'repo': 'a'}}, {'context': {'repo': 'gone'}}, {'context': {'repo': 'b'}}",
                        "{'context': {'repo': 'b'}}, {'context': {'repo': 'a'}}"));
    }

    @Test
    void changedContextIsARemovalAndAnAddition() {
        assertEquals(List.of(
                        new Change(REMOVED, PREFIX + "0", json("{'context': {'repo': 1}}"), null),
                        new Change(ADDED, PREFIX + "0", null, json("{'context': {'repo': 1.0}}"))),
                partitions("{'context': {'repo': 1}}", "{'context': {'repo': 1.0}}"));
    }

    @Test
    void repeatedContextsPairInOrder() {
        List<Change> changes = partitions(
                "{'context': {'r': 'x'}, 'v': 1}, {'context': {'r': 'x'}, 'v': 2}",
                "{'context': {'r': 'y'}}, {'context': {'r': 'x'}, 'v': 1}, {'context': {'r': 'x'}, 'v': 3}");
        assertEquals(List.of(
                        new Change(CHANGED, PREFIX + "2/v", json("2"), json("3"), PREFIX + "1/v"),
                        new Change(ADDED, PREFIX + "0", null, json("{'context': {'r': 'y'}}"))),
                changes);
    }

    @Test
    void listsWithItemsWithoutContextCompareByIndex() {
        assertEquals(List.of(
                        new Change(CHANGED, PREFIX + "0/context/repo", json("'a'"), json("'b'")),
                        new Change(REMOVED, PREFIX + "1/context", json("{'repo': 'b'}"), null),
                        new Change(ADDED, PREFIX + "1/repo", null, json("'a'"))),
                partitions("{'context': {'repo': 'a'}}, {'context': {'repo': 'b'}}", "{'context': {'repo': 'b'}}, {'repo': 'a'}"));
    }

    @Test
    void partitionListOfAStreamWithoutSingerStateWrapper() {
        List<Change> changes = diff(
                "{'bookmarks': {'s': {'partitions': [{'context': {'city': 'M\\u00fcnchen'}}, {'context': {'city': 'Berlin'}, 'v': 1}]}}}",
                "{'bookmarks': {'s': {'partitions': [{'context': {'city': 'Berlin'}, 'v': 2}, {'context': {'city': 'M\\u00fcnchen'}}]}}}");
        assertEquals(List.of(new Change(CHANGED, "/bookmarks/s/partitions/0/v", json("1"), json("2"), "/bookmarks/s/partitions/1/v")),
                changes);
    }

    @Test
    void manyReorderedPartitionsPairByContext() {
        StringBuilder before = new StringBuilder();
        StringBuilder after = new StringBuilder();
        int n = 2000;
        for (int i = 0; i < n; i++) {
            before.append(i == 0 ? "" : ",").append("{'context': {'repo': 'r").append(i).append("'}, 'v': ").append(i).append('}');
            int j = n - 1 - i;
            after.append(j == n - 1 ? "" : ",").append("{'context': {'repo': 'r").append(j).append("'}, 'v': ")
                    .append(j == 7 ? 0 : j).append('}');
        }
        List<Change> changes = partitions(before.toString(), after.toString());
        assertEquals(List.of(new Change(CHANGED, PREFIX + (n - 1 - 7) + "/v", json("7"), json("0"), PREFIX + "7/v")), changes);
    }

    @Test
    void beforePointerIsThePointerOutsideMovedPartitions() {
        for (Change change : diff("{'a': [1], 'b': 2}", "{'a': [3, 4], 'b': 5, 'c': 6}")) {
            assertTrue(change.kind() == ADDED ? change.beforePointer() == null : change.beforePointer().equals(change.pointer()),
                    change.toString());
        }
    }
}
