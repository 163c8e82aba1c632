package dev.cairn.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Expected strings are what CPython 3.11's json.dumps / repr print for the same values. */
@Tag("unit")
class PythonJsonTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "0.1|0.1", "1e-05|1e-05", "0.0001|0.0001", "1e16|1e+16", "1e15|1000000000000000.0",
        "1e22|1e+22", "1e23|1e+23", "2e23|2e+23", "5e-324|5e-324", "2.5e-300|2.5e-300",
        "123456.789|123456.789", "-2.5|-2.5", "3.0|3.0", "0.30000000000000004|0.30000000000000004",
        "1.7976931348623157e308|1.7976931348623157e+308", "-0.0|-0.0", "0.0|0.0", "1.5e16|1.5e+16",
        "9007199254740993.0|9007199254740992.0", "1234567890123456.7|1234567890123456.8", "0.001|0.001",
        "2.2250738585072014e-308|2.2250738585072014e-308", "4.9406564584124654e-323|5e-323",
        "123e-7|1.23e-05", "100.0|100.0", "1e100|1e+100", "1.25e-5|1.25e-05"
    })
    void floatsPrintAsPythonRepr(String literal, String python) {
        assertEquals(python, PythonFloat.repr(Double.parseDouble(literal)));
    }

    @Test
    void nonFiniteFloatsAsPythonJson() throws Exception {
        assertEquals("[NaN, Infinity, -Infinity]", PythonJson.dumps(Json.parse("[NaN, Infinity, -Infinity]")));
        assertEquals("Infinity", PythonJson.dumps(Json.parse("1e400")));
    }

    @Test
    void defaultSeparatorsAndAsciiEscapes() throws Exception {
        var value = Json.parse("{\"b\": [1, 2.5, \"é\\u2028🚀\"], \"a\": {\"q\\\"b\\\\s\": \"t\\tn\\n\\r\\b\\f\\u0001\\u007f/\"}}");
        assertEquals("{\"b\": [1, 2.5, \"\\u00e9\\u2028\\ud83d\\ude80\"], \"a\": {\"q\\\"b\\\\s\": \"t\\tn\\n\\r\\b\\f\\u0001\\u007f/\"}}",
                PythonJson.dumps(value));
    }

    @Test
    void compactForm() throws Exception {
        var value = Json.parse("{\"a\": [1, {\"b\": null}], \"c\": true}");
        assertEquals("{\"a\":[1,{\"b\":null}],\"c\":true}", PythonJson.write(value, PythonJson.Style.COMPACT));
    }

    @Test
    void indent2FormWithEmptyContainers() throws Exception {
        var value = Json.parse("{\"a\": [1, {}], \"b\": {\"c\": []}, \"d\": \"x\"}");
        assertEquals("{\n  \"a\": [\n    1,\n    {}\n  ],\n  \"b\": {\n    \"c\": []\n  },\n  \"d\": \"x\"\n}",
                PythonJson.write(value, PythonJson.Style.INDENT2));
    }

    @Test
    void integersOfAnySizeStayExact() throws Exception {
        String text = "[100000000000000000000, -123456789012345678901234567890, 9223372036854775808, 0, -0]";
        assertEquals("[100000000000000000000, -123456789012345678901234567890, 9223372036854775808, 0, 0]",
                PythonJson.dumps(Json.parse(text)));
    }

    @Test
    void keyOrderIsKeptAndRepeatedKeysKeepFirstPlaceLastValue() throws Exception {
        assertEquals("{\"z\": 3, \"a\": 2}", PythonJson.dumps(Json.parse("{\"z\": 1, \"a\": 2, \"z\": 3}")));
    }

    @Test
    void streamedOutputEqualsBufferedOutput() throws Exception {
        StringBuilder big = new StringBuilder("{\"bookmarks\": {");
        for (int i = 0; i < 5000; i++) {
            big.append(i == 0 ? "" : ", ").append("\"s").append(i).append("\": {\"v\": ").append(i * 0.5).append("}");
        }
        var value = Json.parse(big.append("}}").toString());
        for (PythonJson.Style style : PythonJson.Style.values()) {
            StringWriter w = new StringWriter();
            PythonJson.write(value, style, w);
            assertEquals(PythonJson.write(value, style), w.toString());
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            PythonJson.write(value, style, bytes);
            assertEquals(PythonJson.write(value, style), bytes.toString(StandardCharsets.US_ASCII));
        }
    }

    @Test
    void readingRejectsWhatPythonRejectsWithPosition() {
        JsonSyntaxError e = assertThrows(JsonSyntaxError.class, () -> Json.parse("{\"a\": 1,\n \"b\": }"));
        assertEquals(2, e.line());
        assertThrows(JsonSyntaxError.class, () -> Json.parse("{\"a\": 1} x"));
        assertThrows(JsonSyntaxError.class, () -> Json.parse("{\"a\": 1,}"));
        assertThrows(JsonSyntaxError.class, () -> Json.parse(""));
        assertThrows(JsonSyntaxError.class, () -> Json.parse("{\"a\": \"x"));
    }
}
