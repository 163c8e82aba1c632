package dev.cairn.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Meltano's merge rule, reference §3, including the cases where Meltano raises. */
@Tag("unit")
class MergeTest {

    private static JsonNode json(String text) throws JsonSyntaxError {
        return Json.parse(text);
    }

    private static String merge(String src, String dest) throws Exception {
        return PythonJson.dumps(Merge.merge(json(src), json(dest)));
    }

    @Test
    void meltanoDoctest() throws Exception {
        assertEquals("{\"f\": {\"all_rows\": {\"pass\": \"dog\", \"n\": \"5\", \"fail\": \"cat\"}}}",
                merge("{\"f\": {\"all_rows\": {\"fail\": \"cat\", \"n\": \"5\"}}}", "{\"f\": {\"all_rows\": {\"pass\": \"dog\", \"n\": \"1\"}}}"));
    }

    @Test
    void dictsUniteRecursivelyAndSourceWins() throws Exception {
        assertEquals("{\"singer_state\": {\"bookmarks\": {\"a\": {\"v\": 1}, \"b\": {\"v\": 2}}}}",
                merge("{\"singer_state\": {\"bookmarks\": {\"b\": {\"v\": 2}}}}",
                        "{\"singer_state\": {\"bookmarks\": {\"a\": {\"v\": 1}, \"b\": {\"v\": 1}}}}"));
    }

    @Test
    void listsAreReplacedWholeNotMergedByContext() throws Exception {
        assertEquals("{\"partitions\": [{\"context\": {\"r\": 2}}]}",
                merge("{\"partitions\": [{\"context\": {\"r\": 2}}]}", "{\"partitions\": [{\"context\": {\"r\": 1}}, {\"context\": {\"r\": 2}}]}"));
    }

    @Test
    void nullOverwritesAndDoesNotDelete() throws Exception {
        assertEquals("{\"a\": null, \"b\": 2}", merge("{\"a\": null}", "{\"a\": {\"x\": 1}, \"b\": 2}"));
    }

    @Test
    void scalarOrListReplacesADict() throws Exception {
        assertEquals("{\"a\": 5}", merge("{\"a\": 5}", "{\"a\": {\"x\": 1}}"));
        assertEquals("{\"a\": [1]}", merge("{\"a\": [1]}", "{\"a\": {\"x\": 1}}"));
    }

    @Test
    void newKeysAreAppendedInSourceOrder() throws Exception {
        assertEquals("{\"c\": 1, \"a\": 1, \"z\": 2, \"b\": 3}", merge("{\"z\": 2, \"a\": 1, \"b\": 3}", "{\"c\": 1, \"a\": 0}"));
    }

    @Test
    void topLevelKeysBesidesSingerStateMergeToo() throws Exception {
        assertEquals("{\"singer_state\": {\"a\": 1}, \"error\": \"Extractor failed\"}",
                merge("{\"error\": \"Extractor failed\"}", "{\"singer_state\": {\"a\": 1}}"));
    }

    @Test
    void dictOntoNonDictFailsNamingThePath() {
        MergeError e = assertThrows(MergeError.class,
                () -> Merge.merge(json("{\"s\": {\"b\": {\"x\": 1}}}"), json("{\"s\": {\"b\": \"2024-01-01\"}}")));
        assertEquals("/s/b", e.path());
        assertThrows(MergeError.class, () -> Merge.merge(json("{\"s\": {\"x\": 1}}"), json("{\"s\": [1]}")));
        assertThrows(MergeError.class, () -> Merge.merge(json("{\"s\": {\"x\": 1}}"), json("{\"s\": null}")));
    }

    @Test
    void emptyDictOntoNonDictLeavesItAlone() throws Exception {
        assertEquals("{\"s\": \"text\"}", merge("{\"s\": {}}", "{\"s\": \"text\"}"));
    }

    @Test
    void nullPartialFailsAndNullCompletedNeedsAnEmptyPartial() throws Exception {
        assertThrows(MergeError.class, () -> Merge.merge(null, json("{}")));
        assertNull(Merge.merge(json("{}"), null));
        assertThrows(MergeError.class, () -> Merge.merge(json("{\"a\": 1}"), null));
    }

    @Test
    void argumentsAreNotModified() throws Exception {
        JsonNode src = json("{\"a\": {\"b\": 1}}");
        JsonNode dest = json("{\"a\": {\"c\": 2}}");
        Merge.merge(src, dest);
        assertEquals("{\"a\": {\"c\": 2}}", PythonJson.dumps(dest));
        assertEquals("{\"a\": {\"b\": 1}}", PythonJson.dumps(src));
    }

    @Test
    void meltanoDbStoreTests() throws Exception {
        // tests/meltano/core/state_store/test_db.py::test_set_state
        assertEquals("{\"singer_state\": {\"partial\": 2}}", merge("{\"singer_state\": {\"partial\": 2}}", "{\"singer_state\": {\"partial\": 1}}"));
        StateDocument both = StateDocument.of(json("{\"singer_state\": {\"complete\": 1}}"), json("{\"singer_state\": {\"partial\": 1}}"));
        assertEquals("{\"singer_state\": {\"complete\": 1, \"partial\": 1}}", PythonJson.dumps(both.effective()));
    }

    @Test
    void legacyHistoryOfIncompletePayloadsUnites() throws Exception {
        // tests/fixtures/core.py: ten incomplete payloads {"singer_state": {"bookmark-i": i+9}} unite.
        JsonNode state = json("{}");
        for (int i = 0; i < 10; i++) {
            state = Merge.merge(json("{\"singer_state\": {\"bookmark-" + i + "\": " + (i + 9) + "}}"), state);
        }
        assertEquals(10, state.get("singer_state").size());
        assertEquals(18, state.get("singer_state").get("bookmark-9").intValue());
    }
}
