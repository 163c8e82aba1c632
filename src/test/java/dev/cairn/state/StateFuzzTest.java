package dev.cairn.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Fuzzing of the state package with Jazzer: the JSON reader, Python's {@code json.dumps} writer,
 * Meltano's merge and the structural diff, each held to properties it must keep for any input.
 * Jazzer fuzzes one test per JVM and its start is the expensive part, so one fuzz test drives all
 * four, the input's first byte choosing which. Inputs that once failed are kept under
 * {@code src/test/resources/dev/cairn/state/StateFuzzTestInputs/} and replayed by every test run.
 */
class StateFuzzTest {

    @FuzzTest(maxDuration = "5s")
    void stateProperties(FuzzedDataProvider data) throws JsonSyntaxError {
        switch (data.consumeInt(0, 3)) {
            case 0:
                whatTheReaderAcceptsRoundTrips(data.consumeRemainingAsString());
                break;
            case 1:
                readingWhatWasWrittenGivesTheValue(data);
                break;
            case 2:
                meltanosMergeLaws(data);
                break;
            default:
                theDiffReportsExactlyTheRealChanges(data);
        }
    }

    /**
     * Any text the reader accepts is a value the writer writes in a form the reader reads back as
     * the same value, and the written text is a fixed point. Other text is refused with a
     * {@link JsonSyntaxError}, never another exception.
     */
    private static void whatTheReaderAcceptsRoundTrips(String text) throws JsonSyntaxError {
        JsonNode read;
        try {
            read = Json.parse(text);
        } catch (JsonSyntaxError e) {
            return;
        }
        String written = PythonJson.dumps(read);
        JsonNode again = Json.parse(written);
        assertTrue(JsonEquality.same(read, again), () -> text + " was written as " + written);
        assertEquals(written, PythonJson.dumps(again));
    }

    /**
     * read(write(x)) is x in each of the three forms Meltano writes, the text is pure ASCII
     * ({@code ensure_ascii}), and a float's text reads back as the same double, never as an int.
     */
    private static void readingWhatWasWrittenGivesTheValue(FuzzedDataProvider data) throws JsonSyntaxError {
        double d = data.consumeDouble();
        if (Double.isFinite(d)) {
            String repr = PythonFloat.repr(d);
            assertEquals(Double.doubleToLongBits(d), Double.doubleToLongBits(Double.parseDouble(repr)), repr);
            assertTrue(repr.contains(".") || repr.contains("e"), () -> repr + " would read back as an int");
        }
        JsonNode value = FuzzedJson.value(data);
        for (PythonJson.Style style : PythonJson.Style.values()) {
            String text = PythonJson.write(value, style);
            assertTrue(text.chars().allMatch(c -> c < 0x80), () -> style + " wrote non-ASCII: " + text);
            assertTrue(JsonEquality.same(value, Json.parse(text)), () -> style + " wrote " + text);
        }
    }

    /**
     * Laws of Meltano's {@code merge(src, dest)} that hold in Python: neither argument is touched,
     * {@code {}} changes nothing, merging the same update twice changes nothing more, merging onto
     * {@code {}} gives the update, the destination's keys come first, and merging {@code a} onto
     * {@code b} onto a state equals merging {@code merge(a, b)} onto it, byte for byte.
     */
    private static void meltanosMergeLaws(FuzzedDataProvider data) {
        ObjectNode a = FuzzedJson.object(data);
        ObjectNode b = FuzzedJson.object(data);
        JsonNode dest = data.consumeBoolean() ? FuzzedJson.object(data) : FuzzedJson.value(data);
        String aText = PythonJson.dumps(a);
        String destText = PythonJson.dumps(dest);

        JsonNode once = merged(a, dest);
        assertEquals(aText, PythonJson.dumps(a), "merge changed its source");
        assertEquals(destText, PythonJson.dumps(dest), "merge changed its destination");
        assertSame(dest, merged(Json.object(), dest), "merging {} is not the identity");
        assertEquals(aText, PythonJson.dumps(merged(a, Json.object())), "merging onto {} does not give the update");
        if (once == null) {
            return;
        }
        assertEquals(PythonJson.dumps(once), PythonJson.dumps(merged(a, once)), "merging twice changed more");
        if (dest.isObject()) {
            assertEquals(keys(dest), keys(once).subList(0, dest.size()), "the destination's keys do not come first");
        }
        JsonNode stepwise = merged(a, merged(b, dest));
        JsonNode combined = merged(merged(a, b), dest);
        if (stepwise != null && combined != null) {
            assertEquals(PythonJson.dumps(stepwise), PythonJson.dumps(combined), "merge is not associative");
        }
    }

    /**
     * The structural diff has no "apply", so these are what it promises: no changes from a value to
     * itself or to an equal one, some between unequal ones (partition lists aside, whose order means
     * nothing), and every change real — the value before is at its pointer in {@code a}, the value
     * after at its pointer in {@code b}, and a change changes something.
     */
    private static void theDiffReportsExactlyTheRealChanges(FuzzedDataProvider data) {
        JsonNode a = FuzzedJson.value(data);
        JsonNode b = data.consumeBoolean() ? a.deepCopy() : FuzzedJson.value(data);
        assertEquals(List.of(), JsonDiff.diff(a, a));
        List<Change> changes = JsonDiff.diff(a, b);
        if (JsonEquality.same(a, b)) {
            assertEquals(List.of(), changes);
        } else if (a.findValues("partitions").isEmpty() && b.findValues("partitions").isEmpty()) {
            assertTrue(!changes.isEmpty(), "no change found between different values");
        }
        for (Change change : changes) {
            if (change.kind() != Change.Kind.ADDED) {
                assertTrue(JsonEquality.same(change.before(), at(a, change.beforePointer())), change::toString);
            }
            if (change.kind() != Change.Kind.REMOVED) {
                assertTrue(JsonEquality.same(change.after(), at(b, change.pointer())), change::toString);
            }
            if (change.kind() == Change.Kind.CHANGED) {
                assertTrue(!JsonEquality.same(change.before(), change.after()), change::toString);
            }
        }
    }

    /** Meltano's merge, or {@code null} where Python raises (or an argument is such a failure). */
    private static JsonNode merged(JsonNode src, JsonNode dest) {
        if (src == null || dest == null) {
            return null;
        }
        try {
            return Merge.merge(src, dest);
        } catch (MergeError e) {
            return null;
        }
    }

    private static List<String> keys(JsonNode object) {
        List<String> keys = new ArrayList<>();
        for (Iterator<String> it = object.fieldNames(); it.hasNext(); ) {
            keys.add(it.next());
        }
        return keys;
    }

    private static JsonNode at(JsonNode root, String pointer) {
        JsonNode node = root.at(JsonPointer.compile(pointer));
        assertTrue(!node.isMissingNode(), () -> "nothing at " + pointer);
        return node;
    }
}
