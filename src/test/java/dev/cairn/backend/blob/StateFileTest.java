package dev.cairn.backend.blob;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.backend.Version;
import dev.cairn.state.Json;
import dev.cairn.state.JsonSyntaxError;
import dev.cairn.state.PythonJson;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StatePart;
import dev.cairn.testing.GeneratedJson;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** A {@code state.json} cut into its parts without a tree reads as the whole file parsed as one tree does. */
@Tag("unit")
class StateFileTest {

    @Test
    void cutFilesReadAsTheWholeTreeDoes() {
        List<String> files = List.of(
                "{\"completed\": {\"singer_state\": {\"bookmarks\": {\"a\": {\"v\": 1}}}}, \"partial\": {}}",
                "{\"partial\": {\"singer_state\": {\"b\": [1, 2.5, -0, 1e400]}}, \"completed\": {}}",
                " {\n\"completed\" : {\"x\": \"\\u00e9\\ud83d\\ude80 \\\"q\\\"\"} ,\"partial\":null }\n",
                "{\"completed\": {\"a\": 1}, \"completed\": {\"b\": 2}, \"partial\": {\"c\": 3}}", // the last one wins, as in Python
                "{\"completed\": {\"a\": {}, \"a\": []}}",
                "{\"\\u0063ompleted\": {\"a\": 1}, \"partial\": {}}", // an escaped key: the parser decodes it
                "{\"completed\": {\"a\": NaN}, \"partial\": {}}", // not plain JSON: the parser decides
                "{\"completed\": {\"a\": 1}, \"error\": \"Extractor failed\"}",
                "{}",
                "{\"completed\": " + "[".repeat(600) + "]".repeat(600) + ", \"partial\": " + "{\"a\": ".repeat(300) + "{}" + "}".repeat(300) + "}",
                "{\"completed\": {\"a\": 12345678901234567890123456789}, \"partial\": {\"b\": {\"c\": {\"d\": [{}, []]}}}}");
        for (String file : files) {
            assertEquals(asOneTree(file), read(file), file);
        }
    }

    @Test
    void textThatIsNotOneObjectIsACorruptCompletedPartHoldingTheWholeFile() {
        for (String file : List.of("[1]", "{\"completed\": {}} x", "{\"completed\": {", "null", "",
                // cut into parts, one of which does not parse: still the whole file, as Meltano fails on it
                "{\"completed\": {\"a\": 1]}, \"partial\": {}}", "{\"completed\": tru, \"partial\": {}}",
                "{\"completed\": {}, \"partial\": 1 2}", "{\"completed\": , \"partial\": {}}",
                "{\"completed\": {\"a\": \"\\x\"}, \"partial\": {}}")) {
            StateDocument read = read(file);
            assertEquals(file, read.completed().rawText());
            assertEquals(StatePart.emptyObject(), read.partial());
        }
    }

    @Test
    void generatedFilesReadAsTheWholeTreeDoes() {
        Random random = new Random(7);
        for (int i = 0; i < 200; i++) {
            ObjectNode stored = Json.object();
            stored.set("completed", GeneratedJson.value(random, 0));
            stored.set("partial", GeneratedJson.value(random, 0));
            String file = PythonJson.dumps(stored);
            StateDocument read = read(file);
            read.parseParts();
            assertEquals(asOneTree(file), read, file);
        }
    }

    @Test
    void aFileVersionHashedWhenAskedEqualsOneHashedAtOnce() {
        byte[] data = "{\"completed\": {}, \"partial\": {}}".getBytes(StandardCharsets.US_ASCII);
        assertEquals(Version.ofContent(data), Version.ofContentWhenAsked(data));
        assertEquals(Version.ofContent(data).token(), Version.ofContentWhenAsked(data).token());
    }

    private static StateDocument read(String file) {
        return StateFile.parse(file.getBytes(StandardCharsets.UTF_8));
    }

    /** How state.json was read before it was cut: one tree of the whole file. */
    private static StateDocument asOneTree(String file) {
        JsonNode root;
        try {
            root = Json.parse(file);
        } catch (JsonSyntaxError e) {
            throw new AssertionError(file, e);
        }
        return new StateDocument(part(root, "completed"), part(root, "partial"));
    }

    private static StatePart part(JsonNode root, String key) {
        return root.has(key) ? StatePart.of(root.get(key)) : StatePart.emptyObject();
    }
}
