package dev.cairn.ui.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cairn.state.Change;
import dev.cairn.state.Json;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class ChangesListTest {

    @Test
    void aSummarisedContainerCountsInTheSingularWhenItHoldsOne() throws Exception {
        String longValue = "\"" + "x".repeat(ChangesList.VALUE_CHARS) + "\"";
        assertEquals("{…1 key}", ChangesList.value(Json.parse("{\"a\": " + longValue + "}")));
        assertEquals("[…1 item]", ChangesList.value(Json.parse("[" + longValue + "]")));
        assertEquals("{…2 keys}", ChangesList.value(Json.parse("{\"a\": " + longValue + ", \"b\": 1}")));
    }

    @Test
    void aChangeOfTheWholeDocumentSaysSoRatherThanStartingWithASeparator() throws Exception {
        Change root = new Change(Change.Kind.CHANGED, "", Json.parse("[1]"), Json.parse("{}"));
        assertEquals("(the whole state) · [1] → {}", ChangesList.line(root));
    }
}
