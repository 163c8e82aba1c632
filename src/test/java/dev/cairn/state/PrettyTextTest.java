package dev.cairn.state;

import static dev.cairn.state.TestJson.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class PrettyTextTest {

    /** Fixture C's effective state plus the awkward corners of json.dumps. */
    private static final JsonNode STATE = json("{'singer_state': {'bookmarks': {"
            + "'charges': {'replication_key': 'created', 'replication_key_value': '2024-05-31T23:59:58Z'},"
            + "'events': {'starting_replication_value': '2024-05-01T00:00:00Z', 'replication_key_signpost': '2024-06-01T07:00:00+00:00',"
            + " 'progress_markers': {'Note': 'Progress is not resumable if interrupted.', 'replication_key': 'created',"
            + " 'replication_key_value': '2024-05-20T03:04:05Z'}},"
            + "'issues': {'partitions': [{'context': {'org': 'meltano', 'repo': 'sdk'}, 'replication_key_value': 1e23},"
            + " {'context': {'city': 'M\\u00fcnchen \\ud83d\\ude80'}, 'replication_key_value': 123456789012345678901234567890}]}},"
            + "'currently_syncing': null},"
            + "'empty': {}, 'none': [], 'a/b': {'~': [true, false, 0.1, -0.0, NaN, [], [{}]]}, 'error': 'line\\nbreak'}");

    @Test
    void textIsWhatPythonWrites() {
        for (JsonNode value : new JsonNode[] {STATE, json("{}"), json("[]"), json("1"), json("'x'"), json("[[[]]]"), json("{'a': {'b': {}}}")}) {
            assertEquals(PythonJson.write(value, PythonJson.Style.INDENT2), PrettyText.of(value).text());
        }
    }

    @Test
    void integersAreWrittenExactly() {
        assertEquals("[\n  -5,\n  9223372036854775807,\n  9223372036854775808,\n  -9223372036854775809,\n  1.0\n]",
                PrettyText.of(json("[-5, 9223372036854775807, 9223372036854775808, -9223372036854775809, 1.0]")).text());
    }

    @Test
    void javaNullIsJsonNull() {
        PrettyText text = PrettyText.of(null);
        assertEquals("null", text.text());
        assertEquals(Optional.of(new LineRange(0, 0)), text.lines(""));
    }

    @Test
    void linesOfValues() {
        PrettyText text = PrettyText.of(json("{'a': 1, 'b': {'c': [10, {}]}, 'd': []}"));
        assertEquals(String.join("\n",
                "{",
                "  \"a\": 1,",
                "  \"b\": {",
                "    \"c\": [",
                "      10,",
                "      {}",
                "    ]",
                "  },",
                "  \"d\": []",
                "}"), text.text());
        assertEquals(10, text.rowCount());
        assertEquals(Optional.of(new LineRange(0, 9)), text.lines(""));
        assertEquals(Optional.of(new LineRange(1, 1)), text.lines("/a"));
        assertEquals(Optional.of(new LineRange(2, 7)), text.lines("/b"));
        assertEquals(Optional.of(new LineRange(3, 6)), text.lines("/b/c"));
        assertEquals(Optional.of(new LineRange(4, 4)), text.lines("/b/c/0"));
        assertEquals(Optional.of(new LineRange(5, 5)), text.lines("/b/c/1"));
        assertEquals(Optional.of(new LineRange(8, 8)), text.lines("/d"));
        assertEquals("    \"c\": [", text.row(3));
        assertEquals("}", text.row(9));
    }

    @Test
    void pointersToNothingHaveNoLines() {
        PrettyText text = PrettyText.of(json("{'a': [1, 2], 'b': 'x', 'a/b': {'~': 0}}"));
        for (String pointer : new String[] {"/c", "/a/2", "/a/-", "/a/01", "/a/x", "/a/", "/a/99999999999", "/b/0", "/a/0/x", "a"}) {
            assertEquals(Optional.empty(), text.lines(pointer), pointer);
        }
        assertEquals(Optional.of(new LineRange(7, 7)), text.lines("/a~1b/~0"));
    }

    @Test
    void everyValueIsFoundOnItsLines() throws JsonSyntaxError {
        PrettyText text = PrettyText.of(STATE);
        assertEquals(text.text().split("\n", -1).length, text.rowCount());
        checkEveryValue(text, STATE, "", null);
    }

    /** The lines of a value, less its key and trailing comma, read back as the value. */
    private static void checkEveryValue(PrettyText text, JsonNode value, String pointer, String key) throws JsonSyntaxError {
        LineRange range = text.lines(pointer).orElseThrow(() -> new AssertionError(pointer));
        StringBuilder lines = new StringBuilder();
        for (int i = range.first(); i <= range.last(); i++) {
            lines.append(text.row(i)).append('\n');
        }
        String source = lines.toString().strip();
        if (key != null) {
            StringBuilder quoted = new StringBuilder();
            PythonJson.appendString(quoted, key);
            String keyPrefix = quoted + ": ";
            assertTrue(source.startsWith(keyPrefix), pointer + ": " + source);
            source = source.substring(keyPrefix.length());
        }
        if (source.endsWith(",")) {
            source = source.substring(0, source.length() - 1);
        }
        assertEquals(PythonJson.dumps(value), PythonJson.dumps(Json.parse(source)), pointer);
        if (value.isObject()) {
            for (Map.Entry<String, JsonNode> field : value.properties()) {
                checkEveryValue(text, field.getValue(), JsonPointers.child(pointer, field.getKey()), field.getKey());
            }
        } else if (value.isArray()) {
            for (int i = 0; i < value.size(); i++) {
                checkEveryValue(text, value.get(i), JsonPointers.child(pointer, i), null);
            }
        }
    }

    @Test
    void streamingPrintsTheSameTextAndHandsOnItsHeadOnce() {
        List<PrettyText> heads = new ArrayList<>();
        PrettyText text = PrettyText.print(STATE, () -> { }, 5, heads::add);
        assertEquals(PrettyText.of(STATE).text(), text.text());
        assertEquals(1, heads.size());
        assertEquals(5, heads.get(0).rowCount());
        assertEquals(text.row(4), heads.get(0).row(4));
        assertEquals(Optional.of(new LineRange(0, text.rowCount() - 1)), text.lines(""));
        assertEquals(Optional.empty(), heads.get(0).lines(""), "a head is text only");
        assertThrows(CancellationException.class, () -> PrettyText.print(STATE, () -> {
            throw new CancellationException();
        }, 5, heads::add));
    }

    /** A printed text is kept in chunks of a megabyte: rows across a chunk's end read whole, and the head is whole rows. */
    @Test
    void aPrintOfSeveralMegabytesReadsRowForRowAsTheStringDoes() {
        ArrayNode big = Json.object().arrayNode();
        for (int i = 0; i < 60_000; i++) {
            big.addObject().put("repo", "org/repository-" + i).put("replication_key_value", "2024-05-01T00:00:" + i + "Z");
        }
        PrettyText expected = PrettyText.of(big);
        List<PrettyText> heads = new ArrayList<>();
        PrettyText printed = PrettyText.print(big, () -> { }, 100_000, heads::add);
        assertTrue(printed.length() > 3 * 1024 * 1024, "the text spans several chunks");
        assertEquals(expected.length(), printed.length());
        assertEquals(expected.rowCount(), printed.rowCount());
        for (int row = 0; row < expected.rowCount(); row++) {
            assertEquals(expected.rowStart(row), printed.rowStart(row));
            assertEquals(expected.rowEnd(row), printed.rowEnd(row));
            assertEquals(expected.row(row), printed.row(row));
        }
        assertEquals(expected.text(), printed.text());
        assertEquals(100_000, heads.get(0).rowCount());
        assertEquals(expected.row(99_999), heads.get(0).row(99_999));
        assertEquals(expected.rowStart(99_999) + expected.row(99_999).length(), heads.get(0).length());
    }

    @Test
    void prettyTextHasOneRowPerLine() throws Exception {
        PrettyText text = PrettyText.of(Json.parse("{\"a\": [1, 2.5], \"b\": null}"));
        assertEquals(7, text.rowCount());
        assertEquals("  \"a\": [", text.row(1));
        assertEquals(3, text.lineNumber(2));
        assertEquals(1, text.rowOf(text.rowStart(1) + 3));
    }

    @Test
    void rawTextIsCutIntoRowsAndTheErrorLocated() {
        String raw = "{\"x\": \"" + "y".repeat(400);
        JsonSyntaxError error = new JsonSyntaxError("Unexpected end-of-input", 1, raw.length() + 1, raw.length());
        PrettyText text = PrettyText.raw(raw, error);
        assertEquals(3, text.rowCount());
        assertEquals(1, text.lineNumber(0));
        assertEquals(0, text.lineNumber(1), "continuation rows have no line number");
        assertEquals(2, text.errorRow());
        assertEquals(raw.length() - 2 * PrettyText.RAW_ROW, text.errorColumn());
        StringBuilder joined = new StringBuilder();
        for (int i = 0; i < text.rowCount(); i++) {
            joined.append(text.row(i));
        }
        assertEquals(raw, joined.toString());
    }
}
