package dev.cairn.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cairn.state.Change;
import dev.cairn.state.JsonDiff;
import dev.cairn.state.PythonJson;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StateError;
import dev.cairn.state.StatePart;
import java.io.PrintWriter;
import java.util.List;

/** Prints structural diffs as lines of {@code + pointer: value}, {@code - pointer}, {@code ~ pointer: old -> new}. */
final class DiffPrinter {

    private static final int MAX_VALUE_CHARS = 200;

    private final PrintWriter out;
    private final Colours colours;

    /** Lines in colour when {@code out} is a terminal that wants them ({@link TerminalWriter}). */
    DiffPrinter(PrintWriter out) {
        this.out = out;
        this.colours = TerminalWriter.colours(out);
    }

    /** The changes between two states, part by part; {@code null} stands for no state. */
    int printStates(StateDocument before, StateDocument after) {
        int changes = printPart("completed", part(before, true), part(after, true));
        changes += printPart("partial", part(before, false), part(after, false));
        return changes;
    }

    int printPart(String label, StatePart before, StatePart after) {
        if (before.isCorrupt() || after.isCorrupt()) {
            boolean same = before.equals(after);
            out.println(label + ": " + (same ? "unchanged (not valid JSON)" : "replaced (one side is not valid JSON)"));
            return same ? 0 : 1;
        }
        return printValues(label, before.value(), after.value());
    }

    int printValues(String label, JsonNode before, JsonNode after) {
        List<Change> changes = JsonDiff.diff(before, after);
        out.println(label + ": " + (changes.isEmpty() ? "unchanged" : changes.size() + " change" + (changes.size() == 1 ? "" : "s")));
        for (Change c : changes) {
            String at = c.pointer().isEmpty() ? "(whole document)" : c.pointer();
            switch (c.kind()) {
                case ADDED:
                    out.println(colours.paint(Colours.Role.ADDED, "  + " + at + ": " + shortJson(c.after())));
                    break;
                case REMOVED:
                    out.println(colours.paint(Colours.Role.REMOVED, "  - " + at + ": " + shortJson(c.before())));
                    break;
                default:
                    out.println(colours.paint(Colours.Role.CHANGED,
                            "  ~ " + at + ": " + shortJson(c.before()) + " -> " + shortJson(c.after())));
            }
        }
        return changes.size();
    }

    /** The effective states of both sides (what a tap would get), or why one cannot be read. */
    int printEffective(StateDocument before, StateDocument after) {
        try {
            JsonNode b = before == null ? null : before.effective();
            JsonNode a = after == null ? null : after.effective();
            return printValues("effective", b, a);
        } catch (StateError e) {
            out.println("effective: cannot be computed: " + e.getMessage());
            return 0;
        }
    }

    private static StatePart part(StateDocument document, boolean completed) {
        if (document == null) {
            return StatePart.NULL;
        }
        return completed ? document.completed() : document.partial();
    }

    private static String shortJson(JsonNode value) {
        String text = PythonJson.write(value, PythonJson.Style.COMPACT);
        return text.length() <= MAX_VALUE_CHARS ? text : text.substring(0, MAX_VALUE_CHARS) + "... (" + text.length() + " chars)";
    }
}
