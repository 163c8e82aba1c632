package dev.cairn.ui.inspect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.state.Json;
import dev.cairn.state.PrettyText;
import dev.cairn.ui.task.TaskContext;
import dev.cairn.ui.theme.Styles;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class JsonViewingTest {

    @Test
    void lexerTellsKeysFromStringsNumbersAndLiterals() {
        List<JsonLexer.Token> tokens = JsonLexer.lex("  \"replication_key_value\": \"2024-06-01T00:00:00Z\", \"v\": -1.5e3, \"n\": null");
        assertEquals(Styles.JSON_KEY, tokens.get(0).styleClass());
        assertEquals(Styles.JSON_STRING, tokens.get(2).styleClass());
        assertTrue(tokens.stream().anyMatch(t -> t.styleClass().equals(Styles.JSON_NUMBER)));
        assertEquals(Styles.JSON_LITERAL, tokens.get(tokens.size() - 1).styleClass());
    }

    @Test
    void searchWrapsAroundAndIgnoresCase() {
        TextSearch search = new TextSearch("abc ABC abc");
        assertEquals(0, search.find("abc", 0, true));
        assertEquals(4, search.find("abc", 1, true));
        assertEquals(0, search.find("abc", 9, true));
        assertEquals(8, search.find("abc", 0, false));
        assertEquals(-1, search.find("zzz", 0, true));
        // mixed case on both sides, a query running past the end, a first character that is no letter
        TextSearch json = new TextSearch("{\"Users\": 1, \"uSERS\": 2, \"us");
        assertEquals(2, json.find("usErs", 0, true));
        assertEquals(14, json.find("usErs", 3, true));
        assertEquals(14, json.find("usErs", 0, false), "backwards from the start wraps to the last match");
        assertEquals(2, json.find("usErs", 14, false));
        assertEquals(13, json.find("\"uSeRs", 3, true));
        assertEquals(-1, json.find("usersX", 0, true));
    }

    @Test
    void matchesAreCountedInOrderUpToALimit() {
        TextSearch search = new TextSearch("user, User, USER, us, user");
        assertEquals(List.of(0, 6, 12, 22), Arrays.stream(search.matches("user", 100)).boxed().toList());
        assertEquals(List.of(0, 6), Arrays.stream(search.matches("user", 2)).boxed().toList());
        assertEquals(0, search.matches("", 100).length);
        assertEquals(300, new TextSearch("a".repeat(300)).matches("a", 1000).length, "grows past its first array");
    }

    @Test
    void aCancelledTaskStopsPrintingAndStyling() throws Exception {
        TaskContext cancelled = new TaskContext() {
            @Override
            public void progress(long done, long total) { }

            @Override
            public void message(String message) { }

            @Override
            public void unstoppable() { }

            @Override
            public boolean isCancelled() {
                return true;
            }
        };
        assertThrows(CancellationException.class, () -> PrettyText.print(Json.parse("{\"a\": [1, 2]}"),
                cancelled::checkCancelled, StyledJson.MAX_ROWS, head -> { }));
        assertThrows(CancellationException.class, () -> StyledJson.of(PrettyText.ofText("{}"), cancelled));
    }
}
