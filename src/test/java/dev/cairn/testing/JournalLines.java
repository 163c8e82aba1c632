package dev.cairn.testing;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cairn.ops.Journal;
import dev.cairn.state.Json;
import dev.cairn.state.JsonSyntaxError;
import java.io.StringWriter;
import java.util.List;

/** A journal's writes as its {@code export} prints them, one JSON object a write, oldest first. */
public final class JournalLines {

    private JournalLines() {
    }

    public static List<JsonNode> of(Journal journal) {
        StringWriter out = new StringWriter();
        journal.export(null, null, out);
        return out.toString().lines().map(JournalLines::parse).toList();
    }

    /** The state IDs of the writes the journal records as done. */
    public static List<String> doneStateIds(Journal journal) {
        return of(journal).stream()
                .filter(line -> "done".equals(line.path("status").asText()))
                .map(line -> line.path("state_id").asText())
                .toList();
    }

    private static JsonNode parse(String line) {
        try {
            return Json.parse(line);
        } catch (JsonSyntaxError e) {
            throw new AssertionError("the journal exported a line that is not JSON: " + line, e);
        }
    }
}
