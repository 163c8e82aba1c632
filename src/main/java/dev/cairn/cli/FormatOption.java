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

    /**
     * One ID's result of a write of many ({@code copy}, {@code move}, {@code clear}, {@code import}):
     * {@code id}, {@code target_id} (null where the write has no second ID), {@code outcome}, {@code detail}.
     */
    static ObjectNode result(String id, String targetId, String outcome, String detail) {
        ObjectNode o = record();
        o.put("id", id);
        o.put("target_id", targetId);
        o.put("outcome", outcome);
        o.put("detail", detail);
        return o;
    }

    /**
     * With {@code --format json}, a {@link #result} line per executed write as it is done: outcome
     * {@code done} ("cleared") where it wrote, {@code unchanged} where it had nothing to change; in
     * text nothing (stderr's lines say it).
     */
    Writes.Result results(PrintWriter out, String done) {
        return (command, written) -> {
            if (json()) {
                print(out, result(command.stateId(), null, written == null ? "unchanged" : done,
                        written == null ? "no change" : "version " + written));
                out.flush();
            }
        };
    }

    /** A time as the text output shows it (ISO 8601, UTC), or null. */
    static String time(Instant time) {
        return time == null ? null : time.toString();
    }
}
