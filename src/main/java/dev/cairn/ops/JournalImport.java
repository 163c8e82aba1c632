package dev.cairn.ops;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cairn.backend.BackendException;
import dev.cairn.backend.Version;
import dev.cairn.state.Json;
import dev.cairn.state.JsonSyntaxError;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The import of a journal of JSON lines into the database: the {@code journal.jsonl} Cairn kept
 * before {@code journal.db}, imported when the database is opened, in the form {@link JournalJson}
 * reads.
 */
final class JournalImport {

    /** Where a record starts in the old JSON-lines journal: every line began with its id and time. */
    private static final Pattern RECORD_START = Pattern.compile("\\{\"(?:journal_)?id\": ?\"[0-9a-f-]{36}\", ?\"time\"");

    private JournalImport() {
    }

    /**
     * Reads a journal of JSON lines (the old {@code journal.jsonl}, or an export) into the database:
     * a write's first line inserts it, a later line of the same id records how it ended. Idempotent:
     * a write already there is kept as it is. A line that does not parse was torn by a failed
     * append, and the next append may have been glued onto it: that record is recovered. Returns
     * false when there is no such file (any more: another process imported it).
     */
    static boolean importJsonLines(Connection c, Path jsonl) throws SQLException {
        try (BufferedReader reader = Files.newBufferedReader(jsonl, StandardCharsets.UTF_8)) {
            for (String line; (line = reader.readLine()) != null; ) {
                JsonNode event = event(line);
                if (event == null) {
                    continue;
                }
                try {
                    if (event.has("backend")) {
                        new JournalRows.Row(JournalJson.fromJson(event)).insert(c);
                    } else {
                        Version after = JournalJson.version(JournalJson.field(event, "version_after", "versionAfter"));
                        JournalRows.end(c, JournalJson.field(event, "journal_id", "id").asText(), JournalJson.status(event), after,
                                JournalJson.text(event.path("error")));
                    }
                } catch (RuntimeException notARecord) {
                    // JSON, but no record Cairn wrote: skipped rather than refusing every write from now on;
                    // the file is kept aside as it was
                }
            }
            return true;
        } catch (NoSuchFileException e) {
            return false;
        } catch (IOException e) {
            throw new BackendException("cannot read the old journal " + jsonl + ": " + e.getMessage(), e);
        }
    }

    /** The record of one line, or of what follows its torn start; null when nothing in it is whole. */
    private static JsonNode event(String line) {
        if (line.isBlank()) {
            return null;
        }
        try {
            return Json.parse(line);
        } catch (JsonSyntaxError torn) {
            Matcher start = RECORD_START.matcher(line);
            int from = 1;
            while (start.find(from)) {
                try {
                    return Json.parse(line.substring(start.start()));
                } catch (JsonSyntaxError notThisOne) {
                    from = start.start() + 1;
                }
            }
            return null;
        }
    }
}
