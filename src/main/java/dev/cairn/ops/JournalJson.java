package dev.cairn.ops;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.backend.Version;
import dev.cairn.ops.Journal.Entry;
import dev.cairn.ops.Journal.Status;
import dev.cairn.state.Json;
import dev.cairn.state.PythonJson;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StatePart;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Locale;

/**
 * A journalled write as one JSON object, and the journal as JSON lines of them ({@code journal
 * export}): what the export writes, {@code history --format json} prints, and {@link JournalImport}
 * reads back.
 */
final class JournalJson {

    private JournalJson() {
    }

    /**
     * A write as one JSON object, as {@code journal export} prints it (with its documents) and
     * {@code history --format json} (without): every field present, null where it does not apply,
     * in snake_case. {@link #fromJson} reads it back, and the camelCase lines of an older Cairn too.
     */
    static ObjectNode record(Entry entry, boolean withDocuments) {
        ObjectNode event = Json.object();
        event.put("journal_id", entry.id());
        event.put("time", entry.time().toString());
        event.put("backend", entry.backend());
        event.put("state_id", entry.stateId());
        event.put("action", entry.action());
        event.put("verb", entry.verb());
        event.put("undo", entry.undo());
        if (withDocuments) {
            event.set("before", document(entry.before()));
            event.set("after", document(entry.after()));
        }
        event.put("version_before", entry.versionBefore().token());
        event.put("status", entry.status().name().toLowerCase(Locale.ROOT));
        event.put("version_after", entry.versionAfter() == null ? null : entry.versionAfter().token());
        event.put("error", entry.error());
        event.put("group", entry.group());
        event.put("kind", entry.kind() == null ? null : entry.kind().key());
        event.set("parameters", entry.parameters());
        return event;
    }

    /**
     * Writes the journal as JSON lines, oldest first, one line per write with its outcome: the
     * writes to {@code backend} (all backends when null) and to {@code stateId} (all IDs when null).
     * {@link JournalImport} reads the same lines back.
     */
    static void export(Connection c, String backend, String stateId, Writer out) throws SQLException {
        String sql = "SELECT " + JournalRows.COLUMNS + " FROM writes WHERE 1 = 1" + (backend == null ? "" : " AND backend = ?")
                + (stateId == null ? "" : " AND state_id = ?") + " ORDER BY seq";
        try (PreparedStatement s = c.prepareStatement(sql)) {
            int p = 0;
            if (backend != null) {
                s.setString(++p, backend);
            }
            if (stateId != null) {
                s.setString(++p, stateId);
            }
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    out.write(PythonJson.write(record(JournalRows.entry(c, r), true), PythonJson.Style.COMPACT));
                    out.write('\n');
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The write a line of the JSON-lines form holds ({@link #record}), or of an older Cairn's. */
    static Entry fromJson(JsonNode event) {
        String backend = event.path("backend").asText();
        String stateId = field(event, "state_id", "stateId").asText();
        String action = event.path("action").asText();
        // the old journal.jsonl had only the description ("Undo clear state of x on uri"): its verb
        // is what precedes the target, and an undo was known by its verb
        String target = " of " + stateId + " on " + backend;
        String verb = event.has("verb") ? event.get("verb").asText()
                : action.endsWith(target) ? action.substring(0, action.length() - target.length()) : action;
        boolean undo = event.has("undo") ? event.get("undo").asBoolean() : verb.startsWith("Undo ");
        return new Entry(field(event, "journal_id", "id").asText(), Instant.parse(event.path("time").asText()),
                backend, stateId, action, verb, undo,
                toDocument(event.path("before")), toDocument(event.path("after")),
                version(field(event, "version_before", "versionBefore")), status(event),
                version(field(event, "version_after", "versionAfter")), text(event.path("error")), text(event.path("group")),
                WriteKind.ofKey(text(event.path("kind"))),
                event.path("parameters") instanceof ObjectNode parameters ? parameters : null);
    }

    /** A field of a record by its name, or by the camelCase name an older Cairn wrote it under. */
    static JsonNode field(JsonNode event, String name, String olderName) {
        return event.has(name) ? event.get(name) : event.path(olderName);
    }

    static Status status(JsonNode event) {
        return Status.valueOf(event.path("status").asText().toUpperCase(Locale.ROOT));
    }

    private static JsonNode document(StateDocument document) {
        if (document == null) {
            return Json.object().nullNode();
        }
        ObjectNode out = Json.object();
        out.set("completed", part(document.completed()));
        out.set("partial", part(document.partial()));
        return out;
    }

    /** A part as its stored text, so that even unreadable text comes back exactly. */
    private static JsonNode part(StatePart part) {
        ObjectNode out = Json.object();
        if (part.isCorrupt()) {
            out.put("raw", part.rawText());
        } else if (part.isNull()) {
            out.putNull("json");
        } else {
            out.set("json", part.value());
        }
        return out;
    }

    private static StateDocument toDocument(JsonNode node) {
        if (node.isMissingNode() || node.isNull()) {
            return null;
        }
        return new StateDocument(toPart(node.path("completed")), toPart(node.path("partial")));
    }

    private static StatePart toPart(JsonNode node) {
        if (node.has("raw")) {
            return StatePart.parse(node.get("raw").asText());
        }
        return StatePart.of(node.get("json"));
    }

    static Version version(JsonNode node) {
        return node.isMissingNode() || node.isNull() ? null : Version.of(node.asText());
    }

    static String text(JsonNode node) {
        return node.isMissingNode() || node.isNull() ? null : node.asText();
    }
}
