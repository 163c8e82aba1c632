package dev.cairn.ops.plan;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.backend.MeltanoRun;
import dev.cairn.backend.Version;
import dev.cairn.state.Json;
import dev.cairn.state.PythonJson;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StatePart;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A plan file read back is the plan written, every kind of document part included; anything else is refused. */
@Tag("unit")
class PlanFileTest {

    @TempDir
    Path dir;

    private static Plan plan() throws Exception {
        StateDocument odd = new StateDocument(StatePart.parse("{\"singer_state\": {\"bookm"), StatePart.NULL);
        StateDocument json = new StateDocument(StatePart.parse("{\"singer_state\": {\"x\": 1.0, \"caf\\u00e9\": \"\u00e9\"}}"),
                StatePart.parse("{}"));
        ObjectNode payload = Json.parseObject("{\"singer_state\": {\"x\": 1.0}}");
        return new Plan(Instant.parse("2026-12-02T08:00:00.123456Z"), "test", null, List.of(
                new PlannedWrite("file:///a/", "dev:tap-a-to-target-b", "Set state", "Set state",
                        "Set state of dev:tap-a-to-target-b on file:///a/", Version.ABSENT, null, json,
                        MeltanoRun.Payload.complete(payload), null, "completed: 1 change\n"),
                new PlannedWrite("sqlite:////b.db", "x\ny", "Clear partial state", "Clear partial state",
                        "Clear partial state of x on sqlite:////b.db", Version.of("v1"), "abc", odd, null, 0, ""),
                new PlannedWrite("sqlite:////b.db", "y", "Clear state", "Clear state", "Clear state of y on sqlite:////b.db",
                        Version.of("v2"), "def", null, null, null, "partial: unchanged\n")));
    }

    @Test
    void whatIsReadBackIsWhatWasWrittenAndOnlyItsOwnerMayReadIt() throws Exception {
        Path file = dir.resolve("plan.json");
        Plan plan = plan();
        PlanFile.write(file, plan);
        Plan read = PlanFile.read(file);
        assertEquals(plan.made(), read.made());
        assertEquals(plan.writes().size(), read.writes().size());
        for (int i = 0; i < plan.writes().size(); i++) {
            PlannedWrite a = plan.writes().get(i);
            PlannedWrite b = read.writes().get(i);
            assertEquals(a.after() == null ? null : a.after().completed().storedText(),
                    b.after() == null ? null : b.after().completed().storedText());
            assertEquals(a.after() == null ? null : a.after().partial().storedText(),
                    b.after() == null ? null : b.after().partial().storedText());
            assertEquals(a.runPayload() == null ? null : PythonJson.dumps(a.runPayload().document()),
                    b.runPayload() == null ? null : PythonJson.dumps(b.runPayload().document()));
            assertEquals(List.of(a.backend(), a.stateId(), a.verb(), a.description(), a.versionRead(), String.valueOf(a.readDigest()),
                    String.valueOf(a.requires()), a.diff()), List.of(b.backend(), b.stateId(), b.verb(), b.description(),
                    b.versionRead(), String.valueOf(b.readDigest()), String.valueOf(b.requires()), b.diff()));
        }
        assertTrue(read.writes().get(1).after().completed().isCorrupt());
        assertTrue(read.writes().get(1).after().partial().isNull());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals(List.of(file), Files.list(dir).toList(), "no temporary file is left");
    }

    @Test
    void aPlanOfAnotherFormatOrWithAFieldMissingIsRefusedThoughItsChecksumMatches() throws Exception {
        Path file = dir.resolve("plan.json");
        ObjectNode json = writtenWithoutChecksum(file);
        json.put("cairnPlan", 2);
        rewriteWithChecksum(file, json);
        NotAPlan e = assertThrows(NotAPlan.class, () -> PlanFile.read(file));
        assertEquals(file + " is not a plan Cairn made, or it was changed or truncated: it is a plan of format 2, and this"
                + " Cairn reads format 1; nothing was written", e.getMessage());

        json.put("cairnPlan", 1);
        ((ObjectNode) json.get("writes").get(0)).remove("stateId");
        rewriteWithChecksum(file, json);
        e = assertThrows(NotAPlan.class, () -> PlanFile.read(file));
        assertTrue(e.getMessage().endsWith("a field is missing or malformed (no stateId); nothing was written"), e.getMessage());
    }

    @Test
    void aWriteThatRequiresALaterOneIsRefused() throws Exception {
        Path file = dir.resolve("plan.json");
        ObjectNode json = writtenWithoutChecksum(file);
        ((ObjectNode) json.get("writes").get(1)).put("requires", 2);
        rewriteWithChecksum(file, json);
        NotAPlan e = assertThrows(NotAPlan.class, () -> PlanFile.read(file));
        assertTrue(e.getMessage().contains("write 1 requires a write that does not come before it"), e.getMessage());
    }

    /** The plan written to {@code file}, as JSON without its checksum. */
    private static ObjectNode writtenWithoutChecksum(Path file) throws Exception {
        PlanFile.write(file, plan());
        ObjectNode json = (ObjectNode) Json.parse(Files.readString(file));
        json.remove("sha256");
        return json;
    }

    /** As someone who knows the format would: the checksum made again over the changed content. */
    private static void rewriteWithChecksum(Path file, ObjectNode json) throws Exception {
        byte[] text = PythonJson.write(json, PythonJson.Style.COMPACT).getBytes(StandardCharsets.UTF_8);
        ObjectNode signed = json.deepCopy();
        signed.put("sha256", HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text)));
        Files.writeString(file, PythonJson.write(signed, PythonJson.Style.INDENT2));
    }
}
