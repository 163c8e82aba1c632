package dev.cairn.state;

import static dev.cairn.state.TestJson.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

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
        assertEquals(10, text.lineCount());
        assertEquals(Optional.of(new LineRange(0, 9)), text.lines(""));
        assertEquals(Optional.of(new LineRange(1, 1)), text.lines("/a"));
        assertEquals(Optional.of(new LineRange(2, 7)), text.lines("/b"));
        assertEquals(Optional.of(new LineRange(3, 6)), text.lines("/b/c"));
        assertEquals(Optional.of(new LineRange(4, 4)), text.lines("/b/c/0"));
        assertEquals(Optional.of(new LineRange(5, 5)), text.lines("/b/c/1"));
        assertEquals(Optional.of(new LineRange(8, 8)), text.lines("/d"));
        assertEquals("    \"c\": [", text.line(3));
        assertEquals("}", text.line(9));
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
        assertEquals(text.text().split("\n", -1).length, text.lineCount());
        checkEveryValue(text, STATE, "", null);
    }

    /** The lines of a value, less its key and trailing comma, read back as the value. */
    private static void checkEveryValue(PrettyText text, JsonNode value, String pointer, String key) throws JsonSyntaxError {
        LineRange range = text.lines(pointer).orElseThrow(() -> new AssertionError(pointer));
        StringBuilder lines = new StringBuilder();
        for (int i = range.first(); i <= range.last(); i++) {
            lines.append(text.line(i)).append('\n');
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
}
