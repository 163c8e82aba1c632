package dev.cairn.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.state.Json;
import dev.cairn.state.PythonJson;
import java.io.PrintWriter;
import java.time.Instant;
import picocli.CommandLine.Option;

/**
 * {@code --format text|json} of the verbs a script reads: text for a person, or JSON lines, one
 * object per record with snake_case field names (docs/cli.md "JSON output" lists them).
 */
final class FormatOption {

    enum Format { text, json }

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text (default) or json: one JSON object per line, its fields as docs/cli.md lists them.")
    Format format;

    boolean json() {
        return format == Format.json;
    }

    /** A record to fill in, to {@link #print}. */
    static ObjectNode record() {
        return Json.object();
    }

    /** Prints one record as one line. */
    static void print(PrintWriter out, ObjectNode record) {
        out.println(PythonJson.write(record, PythonJson.Style.COMPACT));
    }

    /** A time as the text output shows it (ISO 8601, UTC), or null. */
    static String time(Instant time) {
        return time == null ? null : time.toString();
    }
}
