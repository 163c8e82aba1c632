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
}
