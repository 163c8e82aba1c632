package dev.cairn.state;

import com.fasterxml.jackson.databind.JsonNode;

/** JSON literals for tests; single quotes stand for double quotes, to keep the literals readable. */
final class TestJson {

    private TestJson() {}

    static JsonNode json(String text) {
        try {
            return Json.parse(text.replace('\'', '"'));
        } catch (JsonSyntaxError e) {
            throw new IllegalArgumentException(text, e);
        }
    }
}
