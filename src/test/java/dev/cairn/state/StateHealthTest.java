package dev.cairn.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The health scan reads parts as streams; it must say what the merged trees say, for every kind of text. */
@Tag("unit")
class StateHealthTest {

    private static final String LONG_INTEGER = "1".repeat(100_001);
    private static final List<String> TEXTS = Arrays.asList(null, "", "  ", "null", " null ", "{}", " { } ", "[]", "[ ]",
            "0", "1.5", "NaN", "-Infinity", "\"s\"", "\"\"", "true", "[1]", "[[]]", "[{}, {\"a\": [1, {\"b\": null}]}]",
            "{\"singer_state\": {}}", "{\"singer_state\": null}", "{\"a\": 1, \"singer_state\": {\"bookmarks\": {}}}",
            "{\"bookmarks\": {\"s\": {\"replication_key_value\": \"2024\"}}}", "{\"s\": 1}", "{\"s\": {\"x\": 1}}",
            "{\"singer_state\": {\"bookmarks\": {\"s\": 1}}}", "{\"singer_state\": {\"bookmarks\": {\"s\": {\"x\": 2}}}}",
            // what the quick scan leaves to the parser, or must judge as it does
            "{\"singer\\u005fstate\": 1}", "{\"singer_state\\\"\": 1}", "{\"singer_statex\": 1}", "{\"singer_stat\": 1}",
            "{\"singer_state\":{}}", "\t{\r\n\"singer_state\" :\n{ }\t}\n", "{\"a\": \"\ud83d\ude80\"}",
            "{\"a\": \"\\ud83d\\ude80 \\u00e9 \\n\\\" \\/\"}", "{\"a\": \"\\uZZZZ\"}", "{\"a\": \"\\ud83d\"}",
            "[-0, 0.5, -1.5e+10, 2E-3, 1e5]", "-", "1.", ".5", "1e", "[-]", "[01]", "[1.e5]", "+1", "\u000b{}",
            "\ufeff{}", "{\"a\": [" + "[".repeat(600) + "]".repeat(600) + "]}", "{\"a\": \"\u0001\"}", "[true, false, null]",
            "[tru]", "{\"a\": 1 \"b\": 2}", "{,}", "[,]", "{\"a\": 1}}", "[1]]",
            "{\"a\": 1, \"a\": 2}", "{\"singer_state\": 1, \"singer_state\": {}}", "{\"nested\": {\"singer_state\": 1}}",
            // not JSON, as Meltano's json.loads rejects it
            "{", "{\"singer_state\": {\"a\"", "{} x", "{}{}", "[1,]", "{\"a\": 1,}", "{'a': 1}", "{\"a\": \"\\x\"}",
            "{\"a\": \"tab\tinside\"}", "[1 2]", "{\"a\" 1}", "01", "{\"a\": tru}", "nul", "[" + LONG_INTEGER + "]",
            "{\"a\": " + LONG_INTEGER + "}", LONG_INTEGER, "{\"a\": [1, {\"b\": }]}", "]", "}");

    @Test
    void theStreamingScanSaysWhatTheMergedTreesSay() {
        List<String> wrong = new ArrayList<>();
        for (String completed : TEXTS) {
            for (String partial : TEXTS) {
                StateHealth scanned = StateHealth.of(new StateDocument(StatePart.unparsed(completed), StatePart.unparsed(partial)));
                StateHealth merged = fromTrees(completed, partial);
                if (scanned != merged) {
                    wrong.add(shorten(completed) + " + " + shorten(partial) + ": " + scanned + ", trees say " + merged);
                }
                StateDocument lazy = new StateDocument(StatePart.unparsed(completed), StatePart.unparsed(partial));
                if (lazy.hasPendingPartial() != pendingFromTree(partial)) {
                    wrong.add(shorten(partial) + ": pending partial " + lazy.hasPendingPartial());
                }
            }
        }
        assertTrue(wrong.isEmpty(), String.join("\n", wrong));
    }

    @Test
    void aPartReadLazilyEqualsThePartParsedAtOnce() throws Exception {
        for (String text : TEXTS) {
            StatePart lazy = StatePart.unparsed(text);
            StatePart eager = eager(text);
            lazy.isCorrupt(); // the shape first, then the value
            assertEquals(eager, lazy, shorten(text));
            assertEquals(eager.isNull(), StatePart.unparsed(text).isNull(), shorten(text));
            assertEquals(eager.isCorrupt(), StatePart.unparsed(text).isCorrupt(), shorten(text));
        }
        StatePart corrupt = StatePart.unparsed("{\"a\": 1,}");
        assertEquals("{\"a\": 1,}", corrupt.rawText());
        assertEquals(eager("{\"a\": 1,}").syntaxError().getMessage(), corrupt.syntaxError().getMessage());
    }

    /** The health as it was computed before the scan: parse both parts into trees, merge, classify. */
    private static StateHealth fromTrees(String completed, String partial) {
        StateDocument document = new StateDocument(eager(completed), eager(partial));
        JsonNode effective;
        try {
            effective = document.effective();
        } catch (StateError e) {
            switch (e.kind()) {
                case CORRUPT_JSON: return StateHealth.CORRUPT_JSON;
                case NULL_DOCUMENT: return StateHealth.NULL_DOCUMENT;
                default: return StateHealth.MERGE_ERROR;
            }
        }
        return StateHealth.ofEffective(effective);
    }

    private static boolean pendingFromTree(String partial) {
        JsonNode value = eager(partial).value();
        return value != null && value.isObject() && !value.isEmpty();
    }

    private static StatePart eager(String text) {
        if (text == null) {
            return StatePart.NULL;
        }
        try {
            return StatePart.of(Json.parse(text));
        } catch (JsonSyntaxError e) {
            return StatePart.corrupt(text, e);
        }
    }

    private static String shorten(String text) {
        return text == null ? "NULL" : text.length() > 40 ? text.substring(0, 40) + "…" : text;
    }
}
