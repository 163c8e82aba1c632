package dev.cairn.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class StateDocumentTest {

    /** The open of a big state keeps one tree, not two: the completed part stays text through the merge. */
    @Test
    void mergingAStoredPartialLeavesTheCompletedPartAsText() throws Exception {
        String completed = "{\"singer_state\": {\"bookmarks\": {\"s\": {\"partitions\": [{\"context\": {\"a\": 1}}]}}}}";
        String partial = "{\"singer_state\": {\"bookmarks\": {\"s\": {\"partitions\": []}}}}";
        StateDocument document = new StateDocument(StatePart.unparsed(completed), StatePart.unparsed(partial));
        assertEquals(Json.parse(partial), document.effective());
        assertNotNull(document.completed().unparsedText(), "the merge built the completed part's whole tree");
    }

    @Test
    void effectiveStateAndHealthOfEachKind() throws Exception {
        StateDocument healthy = new StateDocument(StatePart.parse("{\"singer_state\": {\"a\": 1}}"), StatePart.parse("{}"));
        assertEquals(StateHealth.HEALTHY, StateHealth.of(healthy));
        StateDocument bare = new StateDocument(StatePart.parse("{\"bookmarks\": {}}"), StatePart.parse("{}"));
        assertEquals(StateHealth.NO_SINGER_STATE, StateHealth.of(bare));
        assertEquals(StateHealth.EMPTY, StateHealth.of(StateDocument.EMPTY));
        StateDocument corrupt = new StateDocument(StatePart.parse("{\"singer_state\": {\"a\""), StatePart.parse("{}"));
        assertEquals(StateHealth.CORRUPT_JSON, StateHealth.of(corrupt));
        StateDocument nullPartial = new StateDocument(StatePart.parse("{\"singer_state\": {}}"), StatePart.parse(null));
        assertEquals(StateHealth.NULL_DOCUMENT, StateHealth.of(nullPartial));
        StateDocument clash = new StateDocument(StatePart.parse("{\"s\": 1}"), StatePart.parse("{\"s\": {\"x\": 1}}"));
        assertEquals(StateHealth.MERGE_ERROR, StateHealth.of(clash));
        StateError e = assertThrows(StateError.class, clash::effective);
        assertEquals("/s", e.path());
    }

    @Test
    void theMergeIsDoneOnceAndItsFailureToldEveryTime() throws Exception {
        StateDocument pending = new StateDocument(StatePart.parse("{\"singer_state\": {\"a\": 1}}"),
                StatePart.parse("{\"singer_state\": {\"b\": 2}}"));
        assertSame(pending.effective(), pending.effective(), "the inspector, the diff and the bookmarks share one merge");
        StateDocument clash = new StateDocument(StatePart.parse("{\"s\": 1}"), StatePart.parse("{\"s\": {\"x\": 1}}"));
        StateError first = assertThrows(StateError.class, clash::effective);
        StateError second = assertThrows(StateError.class, clash::effective);
        assertEquals(first.getMessage(), second.getMessage());
        assertEquals(first.kind(), second.kind());
        assertEquals("/s", second.path());
    }

    @Test
    void nullCompletedWithEmptyPartialIsPythonNone() throws Exception {
        assertNull(new StateDocument(StatePart.NULL, StatePart.parse("{}")).effective());
    }

    /**
     * A completed part held as text is read for the merge without what the partial replaces; the
     * effective state, or the failure, is the one the whole tree gives.
     */
    @Test
    void mergingOntoStoredTextGivesWhatMergingOntoTheTreeGives() throws Exception {
        String[][] pairs = {
            {"{\"singer_state\": {\"bookmarks\": {\"a\": {\"partitions\": [{\"x\": 1}], \"v\": 2}}, \"z\": 0}}",
             "{\"singer_state\": {\"bookmarks\": {\"a\": {\"partitions\": [{\"x\": 2}], \"w\": 3}, \"b\": {}}}}"},
            {"{\"k\": [1, {\"deep\": [2]}], \"k\": {\"again\": 1}, \"n\": 1e400, \"big\": 123456789012345678901234567890}",
             "{\"k\": {\"more\": NaN}, \"n\": null}"},
            {"{\"s\": [1, 2], \"t\": 1}", "{\"s\": {}, \"t\": {}}"},
            {"{\"s\": [1, 2]}", "{\"s\": {\"x\": 1}}"},
            {"{\"s\": {\"t\": \"x\"}}", "{\"s\": {\"t\": {\"u\": 1}}}"},
            {"{\"s\": {\"t\": [1, 2}}", "{\"s\": {\"t\": 1}}"},
            {"{\"s\": 1} {}", "{\"s\": 2}"},
            {"{\"s\": 01}", "{\"s\": 2}"},
            {"null", "{\"s\": 2}"},
            {"[]", "{\"s\": 2}"},
        };
        for (String[] pair : pairs) {
            StateDocument tree = new StateDocument(StatePart.parse(pair[0]), StatePart.parse(pair[1]));
            StateDocument text = new StateDocument(StatePart.unparsed(pair[0]), StatePart.unparsed(pair[1]));
            assertEquals(outcome(tree), outcome(text), pair[0]);
            assertEquals(PythonJson.dumps(tree.completed().valueOrJsonNull()), PythonJson.dumps(text.completed().valueOrJsonNull()),
                    "the completed part is still the whole document");
        }
    }

    private static String outcome(StateDocument doc) {
        try {
            return PythonJson.dumps(doc.effective());
        } catch (StateError e) {
            return e.kind() + " " + e.path() + " " + e.getMessage();
        }
    }

    @Test
    void corruptPartKeepsItsTextAndErrorPosition() {
        StatePart part = StatePart.parse("{\"a\": \n tru}");
        assertEquals("{\"a\": \n tru}", part.rawText());
        assertEquals(2, part.syntaxError().line());
    }

    @Test
    void bigPartsParsedAtOnceReadAsPartsParsedOneByOne() throws Exception {
        StringBuilder completed = new StringBuilder("{\"singer_state\": {\"bookmarks\": {");
        StringBuilder partial = new StringBuilder("{\"singer_state\": {\"bookmarks\": {");
        for (int i = 0; i < 20_000; i++) {
            String comma = i == 0 ? "" : ", ";
            completed.append(comma).append("\"s").append(i).append("\": {\"v\": ").append(i).append(", \"\\u00e9\": 1e-05}");
            partial.append(comma).append("\"s").append(i * 2).append("\": {\"v\": ").append(i + 0.5).append('}');
        }
        String corrupt = partial.toString(); // cut short: not valid JSON
        completed.append("}}}");
        partial.append("}}}");
        StateDocument together = new StateDocument(StatePart.unparsed(completed.toString()), StatePart.unparsed(partial.toString()));
        together.parseParts();
        StateDocument oneByOne = new StateDocument(StatePart.parse(completed.toString()), StatePart.parse(partial.toString()));
        assertEquals(oneByOne, together);
        assertEquals(PythonJson.dumps(oneByOne.effective()), PythonJson.dumps(together.effective()));

        StateDocument broken = new StateDocument(StatePart.unparsed(completed.toString()), StatePart.unparsed(corrupt));
        broken.parseParts();
        assertEquals(StatePart.parse(corrupt).syntaxError().getMessage(), broken.partial().syntaxError().getMessage());
    }
}
