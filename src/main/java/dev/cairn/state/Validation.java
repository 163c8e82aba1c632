package dev.cairn.state;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks text meant to become a stored state document, as an editor does while the user types:
 * JSON syntax (with line and column), Meltano's {@code singer_state} wrapper, and bookmark values
 * of the wrong type. Errors block a save; warnings are shown and the save goes through.
 */
public final class Validation {

    /** How bad a problem is. */
    public enum Severity { ERROR, WARNING }

    /**
     * One problem; {@code line}/{@code column} are 1-based, 0 when the problem is not at a place,
     * and {@code pointer} is the JSON pointer concerned, or {@code ""}.
     */
    public record Problem(Severity severity, String message, int line, int column, String pointer) {}

    /** The parsed document (null when the text is not JSON) and what is wrong with it. */
    public record Result(JsonNode document, List<Problem> problems) {
        public boolean canSave() {
            return document != null && problems.stream().noneMatch(p -> p.severity() == Severity.ERROR);
        }
    }

    private Validation() {}

    /**
     * Validates the text of a completed or partial document. {@code requireSingerState} is
     * Meltano 4's check of {@code state set} input (off for {@code --no-validate} and for partials).
     */
    public static Result check(String text, boolean requireSingerState) {
        List<Problem> problems = new ArrayList<>();
        JsonNode document;
        try {
            document = Json.parse(text);
        } catch (JsonSyntaxError e) {
            problems.add(new Problem(Severity.ERROR, "Not valid JSON: " + e.reason(), e.line(), e.column(), ""));
            return new Result(null, problems);
        }
        if (!document.isObject()) {
            problems.add(new Problem(Severity.ERROR, "A state document must be a JSON object, not a "
                    + Json.typeName(document) + ".", 1, 1, ""));
            return new Result(document, problems);
        }
        if (!document.has("singer_state") && !document.isEmpty()) {
            problems.add(new Problem(requireSingerState ? Severity.ERROR : Severity.WARNING,
                    "No top-level 'singer_state': Meltano would pass no state to the tap, which then syncs"
                            + " everything from the start.", 0, 0, ""));
        }
        JsonNode singer = document.get("singer_state");
        if (singer != null && !singer.isObject()) {
            problems.add(new Problem(Severity.ERROR, "'singer_state' must be an object, not a "
                    + Json.typeName(singer) + ".", 0, 0, "/singer_state"));
        }
        for (Bookmark b : Bookmarks.of(document)) {
            String where = b.stream() + (b.context() == null ? "" : " [" + b.contextLabel() + "]");
            if (b.has(Bookmark.Flag.NOT_A_TIMESTAMP)) {
                problems.add(new Problem(Severity.WARNING, "The bookmark of " + where + " is keyed by '"
                        + b.replicationKey() + "' but its value " + PythonJson.dumps(b.replicationValue())
                        + " is not an ISO-8601 date or time.", 0, 0, b.pointer()));
            }
            if (b.replicationValue() != null && b.replicationValue().isContainerNode()
                    && b.replicationKey() != null) {
                problems.add(new Problem(Severity.WARNING, "The replication value of " + where
                        + " is a " + Json.typeName(b.replicationValue()) + "; taps expect a string or a number.",
                        0, 0, b.pointer()));
            }
        }
        problems.addAll(nonFiniteNumbers(document));
        return new Result(document, problems);
    }

    /**
     * A warning for every number Python reads as infinite or NaN ({@code 1e400} overflows to
     * {@code inf}): Meltano stores such a number as the bare word {@code Infinity}, which is not JSON
     * and which many taps' readers reject. Cairn stores the same bytes Meltano would, but says so.
     */
    public static List<Problem> nonFiniteNumbers(JsonNode document) {
        List<Problem> problems = new ArrayList<>();
        collectNonFinite(document, "", problems);
        return problems;
    }

    private static void collectNonFinite(JsonNode node, String pointer, List<Problem> problems) {
        if (node.isFloatingPointNumber() && !Double.isFinite(node.doubleValue())) {
            problems.add(new Problem(Severity.WARNING, "The number at " + (pointer.isEmpty() ? "the top" : pointer)
                    + " is beyond a float's range (or not a number): it is stored as " + PythonJson.dumps(node)
                    + ", as Meltano would, which is not standard JSON and many readers reject.", 0, 0, pointer));
        } else if (node.isObject()) {
            node.fields().forEachRemaining(e -> collectNonFinite(e.getValue(), JsonPointers.child(pointer, e.getKey()), problems));
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                collectNonFinite(node.get(i), JsonPointers.child(pointer, i), problems);
            }
        }
    }
}
