package dev.cairn.ops;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.backend.BackendException;
import dev.cairn.backend.Version;
import dev.cairn.state.Json;
import dev.cairn.state.JsonSyntaxError;
import dev.cairn.state.PythonJson;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StatePart;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The local record of every write Cairn makes: before a write, the state as it was (the backup);
 * after it, how it ended. One JSON line per event in {@code journal.jsonl}, appended under a file
 * lock so the app and the command line can share it.
 */
public final class Journal {

    /** How a journalled write ended. */
    public enum Status { STARTED, DONE, FAILED }

    /** One write: what it changed, where, and the documents before and after. */
    public record Entry(String id, Instant time, String backend, String stateId, String action,
                        StateDocument before, StateDocument after, Version versionBefore,
                        Status status, Version versionAfter, String error) {

        /** The write happened and its undo is possible in principle. */
        public boolean isDone() {
            return status == Status.DONE;
        }
    }

    private final Path file;
    private final List<byte[]> pending = new ArrayList<>();
    private final Object flushLock = new Object();
    private long queued;
    private long durable;

    public Journal(Path folder) {
        this.file = folder.resolve("journal.jsonl");
    }

    public Path file() {
        return file;
    }

    Entry begin(WriteCommand command) {
        Entry entry = new Entry(UUID.randomUUID().toString(), Instant.now(), command.backend().displayUri(),
                command.stateId(), command.description(),
                command.before().exists() ? command.before().document() : null, command.after(),
                command.before().version(), Status.STARTED, null, null);
        append(entry);
        return entry;
    }

    void done(Entry entry, Version written) {
        appendOutcome(entry, Status.DONE, written, null);
    }

    void fail(Entry entry, Exception error) {
        appendOutcome(entry, Status.FAILED, null, error.getMessage());
    }

    /** Every write, oldest first, with the outcome folded into it. */
    public List<Entry> entries() {
        Map<String, Entry> byId = new LinkedHashMap<>();
        if (!Files.exists(file)) {
            return List.of();
        }
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (String line; (line = reader.readLine()) != null; ) {
                if (line.isBlank()) {
                    continue;
                }
                JsonNode event;
                try {
                    event = Json.parse(line);
                } catch (JsonSyntaxError e) {
                    continue; // a line torn by a crash mid-append; the others stand
                }
                String id = event.path("id").asText();
                Entry known = byId.get(id);
                if (known == null) {
                    byId.put(id, fromJson(event));
                } else {
                    byId.put(id, new Entry(id, known.time(), known.backend(), known.stateId(), known.action(),
                            known.before(), known.after(), known.versionBefore(),
                            Status.valueOf(event.path("status").asText()),
                            version(event.path("versionAfter")), text(event.path("error"))));
                }
            }
        } catch (IOException e) {
            throw new BackendException("cannot read the journal " + file + ": " + e.getMessage(), e);
        }
        return new ArrayList<>(byId.values());
    }

    /** The writes to one state on one backend, newest first. */
    public List<Entry> history(String backend, String stateId) {
        List<Entry> out = new ArrayList<>();
        for (Entry e : entries()) {
            if (e.backend().equals(backend) && e.stateId().equals(stateId)) {
                out.add(0, e);
            }
        }
        return out;
    }

    /**
     * The newest completed write to the backend (and ID, unless null) that is not itself an undo
     * and has not been undone yet; undoing repeatedly walks back through the writes.
     */
    public Entry lastUndoable(String backend, String stateId) {
        List<Entry> undoable = new ArrayList<>();
        for (Entry e : entries()) {
            if (!e.isDone() || !e.backend().equals(backend)) {
                continue;
            }
            if (e.action().startsWith("Undo ")) {
                // an undo starts from the version the write it undoes left behind
                undoable.removeIf(w -> w.stateId().equals(e.stateId()) && e.versionBefore().equals(w.versionAfter()));
            } else {
                undoable.add(e);
            }
        }
        for (int i = undoable.size() - 1; i >= 0; i--) {
            if (stateId == null || undoable.get(i).stateId().equals(stateId)) {
                return undoable.get(i);
            }
        }
        return null;
    }

    private void append(Entry entry) {
        ObjectNode event = Json.object();
        event.put("id", entry.id());
        event.put("time", entry.time().toString());
        event.put("backend", entry.backend());
        event.put("stateId", entry.stateId());
        event.put("action", entry.action());
        event.set("before", document(entry.before()));
        event.set("after", document(entry.after()));
        event.put("versionBefore", entry.versionBefore().token());
        event.put("status", entry.status().name());
        write(event);
    }

    private void appendOutcome(Entry entry, Status status, Version written, String error) {
        ObjectNode event = Json.object();
        event.put("id", entry.id());
        event.put("time", Instant.now().toString());
        event.put("status", status.name());
        if (written != null) {
            event.put("versionAfter", written.token());
        }
        if (error != null) {
            event.put("error", error);
        }
        write(event);
    }

    /**
     * Appends one line and returns once it is on disk. Concurrent writers share one fsync: whoever
     * flushes first writes every line queued so far (group commit), so bulk copies are not
     * serialized behind one fsync per state.
     */
    private void write(ObjectNode event) {
        byte[] line = (PythonJson.write(event, PythonJson.Style.COMPACT) + "\n").getBytes(StandardCharsets.UTF_8);
        long mine;
        synchronized (pending) {
            pending.add(line);
            mine = ++queued;
        }
        synchronized (flushLock) {
            if (durable >= mine) {
                return;
            }
            List<byte[]> batch;
            long last;
            synchronized (pending) {
                batch = new ArrayList<>(pending);
                pending.clear();
                last = queued;
            }
            try {
                Files.createDirectories(file.getParent());
                try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
                     FileLock ignored = channel.lock()) {
                    for (byte[] b : batch) {
                        ByteBuffer buffer = ByteBuffer.wrap(b);
                        while (buffer.hasRemaining()) {
                            channel.write(buffer);
                        }
                    }
                    channel.force(false);
                }
            } catch (IOException e) {
                throw new BackendException("cannot write the journal " + file + " (nothing was changed): " + e.getMessage(), e);
            }
            durable = last;
        }
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

    private static Entry fromJson(JsonNode event) {
        return new Entry(event.path("id").asText(), Instant.parse(event.path("time").asText()),
                event.path("backend").asText(), event.path("stateId").asText(), event.path("action").asText(),
                toDocument(event.path("before")), toDocument(event.path("after")),
                version(event.path("versionBefore")), Status.valueOf(event.path("status").asText()), null, null);
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

    private static Version version(JsonNode node) {
        return node.isMissingNode() || node.isNull() ? null : Version.of(node.asText());
    }

    private static String text(JsonNode node) {
        return node.isMissingNode() || node.isNull() ? null : node.asText();
    }
}
