package dev.cairn.ops.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.backend.MeltanoRun;
import dev.cairn.backend.Version;
import dev.cairn.ops.PrivateFiles;
import dev.cairn.state.Json;
import dev.cairn.state.JsonSyntaxError;
import dev.cairn.state.PythonJson;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StatePart;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * A {@link Plan} as a JSON file: written atomically and readable by its owner only (it holds whole
 * state documents, as the journal does), with a SHA-256 of its content, so that a plan changed
 * after it was made, or cut short, is refused as a whole. Each document is kept as its stored
 * text ({@link StatePart#storedText}), so the plan writes back exactly the bytes it was made with.
 */
public final class PlanFile {

    private static final String CHECKSUM = "sha256";

    private PlanFile() {}

    /** Writes the plan to {@code file}, replacing what is there only once the whole plan is written. */
    public static void write(Path file, Plan plan) throws IOException {
        ObjectNode json = toJson(plan);
        json.put(CHECKSUM, checksum(json));
        Path absolute = file.toAbsolutePath();
        Path temporary = absolute.resolveSibling("." + absolute.getFileName() + ".part");
        PrivateFiles.file(temporary);
        try {
            Files.writeString(temporary, PythonJson.write(json, PythonJson.Style.INDENT2) + "\n", StandardCharsets.UTF_8);
            Files.move(temporary, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    /**
     * Makes the plan {@code builder} holds for {@code environment} ({@link Plan.Builder#build}) and
     * writes it to {@code file}; empty, with nothing saved, where it holds no write.
     */
    public static Optional<Plan> save(Path file, Plan.Builder builder, String environment) throws IOException {
        if (builder.isEmpty()) {
            return Optional.empty();
        }
        Plan plan = builder.build(environment);
        write(file, plan);
        return Optional.of(plan);
    }

    /**
     * Reads a plan this or an earlier Cairn wrote.
     *
     * @throws NotAPlan the file is not such a plan as it was written: not JSON, cut short, changed
     *                  since (its checksum no longer matches), or of another format
     * @throws IOException the file cannot be read
     */
    public static Plan read(Path file) throws NotAPlan, IOException {
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(Files.readAllBytes(file))).toString();
        } catch (CharacterCodingException e) {
            throw new NotAPlan(file, "it is not UTF-8 text");
        }
        JsonNode parsed;
        try {
            parsed = Json.parse(text);
        } catch (JsonSyntaxError e) {
            throw new NotAPlan(file, "it is not JSON: " + e.getMessage());
        }
        if (!parsed.isObject() || !parsed.path(CHECKSUM).isTextual()) {
            throw new NotAPlan(file, "it has no checksum");
        }
        ObjectNode json = (ObjectNode) parsed;
        String stated = json.remove(CHECKSUM).textValue();
        if (!stated.equals(checksum(json))) {
            throw new NotAPlan(file, "its content does not match its checksum");
        }
        int format = json.path("cairnPlan").asInt(-1);
        if (format != Plan.FORMAT) {
            throw new NotAPlan(file, "it is a plan of format " + json.path("cairnPlan") + ", and this Cairn reads format " + Plan.FORMAT);
        }
        try {
            return fromJson(json);
        } catch (IllegalArgumentException | NullPointerException | DateTimeParseException e) {
            throw new NotAPlan(file, "a field is missing or malformed (" + e.getMessage() + ")");
        }
    }

    private static String checksum(ObjectNode json) {
        try {
            byte[] text = PythonJson.write(json, PythonJson.Style.COMPACT).getBytes(StandardCharsets.UTF_8);
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }

    private static ObjectNode toJson(Plan plan) {
        ObjectNode json = Json.object();
        json.put("cairnPlan", Plan.FORMAT);
        json.put("made", plan.made().toString());
        json.put("cairnVersion", plan.cairnVersion());
        json.put("environment", plan.environment());
        var writes = json.putArray("writes");
        for (PlannedWrite w : plan.writes()) {
            ObjectNode o = writes.addObject();
            o.put("backend", w.backend());
            o.put("stateId", w.stateId());
            o.put("verb", w.verb());
            o.put("shortVerb", w.shortVerb());
            o.put("description", w.description());
            o.put("versionRead", w.versionRead().token());
            o.put("readSha256", w.readDigest());
            if (w.after() == null) {
                o.putNull("write");
            } else {
                ObjectNode after = o.putObject("write");
                after.put("completed", w.after().completed().storedText());
                after.put("partial", w.after().partial().storedText());
            }
            if (w.runPayload() == null) {
                o.putNull("runsRow");
            } else {
                ObjectNode row = o.putObject("runsRow");
                row.put("flags", w.runPayload().flags());
                row.put("payload", PythonJson.dumps(w.runPayload().document()));
            }
            if (w.requires() == null) {
                o.putNull("requires");
            } else {
                o.put("requires", w.requires());
            }
            o.put("diff", w.diff());
        }
        return json;
    }

    private static Plan fromJson(ObjectNode json) {
        List<PlannedWrite> writes = new ArrayList<>();
        for (JsonNode o : required(json, "writes")) {
            JsonNode after = o.path("write");
            JsonNode row = o.path("runsRow");
            JsonNode requires = o.path("requires");
            if (requires.isInt() && (requires.intValue() < 0 || requires.intValue() >= writes.size())) {
                throw new IllegalArgumentException("write " + writes.size() + " requires a write that does not come before it");
            }
            writes.add(new PlannedWrite(text(o, "backend"), text(o, "stateId"), text(o, "verb"), text(o, "shortVerb"),
                    text(o, "description"), Version.of(text(o, "versionRead")), nullableText(o, "readSha256"),
                    after.isObject() ? new StateDocument(StatePart.parse(text(after, "completed")),
                            StatePart.parse(text(after, "partial"))) : null,
                    row.isObject() ? new MeltanoRun.Payload(parse(text(row, "payload")), required(row, "flags").intValue())
                            : null,
                    requires.isInt() ? requires.intValue() : null, text(o, "diff")));
        }
        return new Plan(Instant.parse(text(json, "made")), text(json, "cairnVersion"), nullableText(json, "environment"),
                writes);
    }

    private static JsonNode parse(String text) {
        try {
            return Json.parse(text);
        } catch (JsonSyntaxError e) {
            throw new IllegalArgumentException("a runs row's payload is not JSON: " + e.getMessage());
        }
    }

    private static JsonNode required(JsonNode o, String field) {
        JsonNode value = o.get(field);
        if (value == null || value.isNull()) {
            throw new IllegalArgumentException("no " + field);
        }
        return value;
    }

    private static String text(JsonNode o, String field) {
        JsonNode value = required(o, field);
        if (!value.isTextual()) {
            throw new IllegalArgumentException(field + " is not a string");
        }
        return value.textValue();
    }

    private static String nullableText(JsonNode o, String field) {
        return o.path(field).isNull() ? null : text(o, field);
    }
}
