package dev.cairn.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class StateDocumentTest {

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
