package dev.cairn.ops;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cairn.state.Change;
import dev.cairn.state.DiffSummary;
import dev.cairn.state.JsonDiff;
import dev.cairn.state.PythonJson;
import dev.cairn.state.StateDocument;
import dev.cairn.state.StateError;
import dev.cairn.state.StatePart;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Prints structural diffs as lines of {@code + pointer: value}, {@code - pointer}, {@code ~ pointer:
 * old -> new}: on the command line (coloured there by a {@link Painter}), and as the text a plan
 * keeps of each write, whichever of the command line and the window made it.
 */
public final class DiffText {

    private static final int MAX_VALUE_CHARS = 200;

    /** Paints a changed line by the kind of its change (a terminal's colours), or leaves it as it is. */
    @FunctionalInterface
    public interface Painter {
        String paint(Change.Kind kind, String line);
    }

    private final PrintWriter out;
    private final Painter painter;

    public DiffText(PrintWriter out, Painter painter) {
        this.out = out;
        this.painter = painter;
    }

    /** What a write changes: both parts, then the effective state (what the tap would get). */
    public void printWrite(WriteCommand write) {
        StateDocument before = write.before().exists() ? write.before().document() : null;
        printStates(before, write.after());
        printEffective(before, write.after());
    }

    /** {@link #printWrite} as plain text, for a plan to keep. */
    public static String of(WriteCommand write) {
        StringWriter text = new StringWriter();
        PrintWriter out = new PrintWriter(text);
        new DiffText(out, (kind, line) -> line).printWrite(write);
        out.flush();
        return text.toString();
    }

    /** The changes between two states, part by part; {@code null} stands for no state. */
    public int printStates(StateDocument before, StateDocument after) {
        int changes = printPart("completed", part(before, true), part(after, true));
        changes += printPart("partial", part(before, false), part(after, false));
        return changes;
    }

    public int printPart(String label, StatePart before, StatePart after) {
        if (before.isCorrupt() || after.isCorrupt()) {
            boolean same = before.equals(after);
            out.println(label + ": " + (same ? "unchanged (not valid JSON)" : "replaced (one side is not valid JSON)"));
            return same ? 0 : 1;
        }
        return printValues(label, before.value(), after.value());
    }

    public int printValues(String label, JsonNode before, JsonNode after) {
        List<Change> changes = JsonDiff.diff(before, after);
        out.println(label + ": " + (changes.isEmpty() ? "unchanged" : changes.size() + " change" + (changes.size() == 1 ? "" : "s")));
        for (Change c : changes) {
            String at = c.pointer().isEmpty() ? "(whole document)" : c.pointer();
            switch (c.kind()) {
                case ADDED:
                    out.println(painter.paint(c.kind(), "  + " + at + ": " + shortJson(c.after())));
                    break;
                case REMOVED:
                    out.println(painter.paint(c.kind(), "  - " + at + ": " + shortJson(c.before())));
                    break;
                default:
                    out.println(painter.paint(c.kind(),
                            "  ~ " + at + ": " + shortJson(c.before()) + " -> " + shortJson(c.after())));
            }
        }
        return changes.size();
    }

    /** The effective states of both sides (what a tap would get), or why one cannot be read. */
    public int printEffective(StateDocument before, StateDocument after) {
        try {
            JsonNode b = before == null ? null : before.effective();
            JsonNode a = after == null ? null : after.effective();
            return printValues("effective", b, a);
        } catch (StateError e) {
            out.println("effective: cannot be computed: " + e.getMessage());
            return 0;
        }
    }

    /**
     * What a planned write changes, on one line for a list of many: "completed: 2 streams changed;
     * partial cleared", "new state", "deleted", "no change".
     */
    public static String summary(WriteCommand command) {
        StateDocument before = command.before().exists() ? command.before().document() : null;
        if (command.changesNothing()) {
            return "no change";
        }
        if (command.after() == null) {
            return "deleted";
        }
        if (before == null) {
            return "new state";
        }
        List<String> parts = new ArrayList<>();
        partSummary("completed", before.completed(), command.after().completed()).ifPresent(parts::add);
        StatePart partial = command.after().partial();
        if (partial.equals(StatePart.emptyObject()) && !before.partial().equals(partial)) {
            parts.add("partial cleared");
        } else {
            partSummary("partial", before.partial(), partial).ifPresent(parts::add);
        }
        return parts.isEmpty() ? "no change" : String.join("; ", parts);
    }

    /** "completed: 2 streams changed", or nothing where the part stays as it is. */
    private static Optional<String> partSummary(String label, StatePart before, StatePart after) {
        if (before.equals(after)) {
            return Optional.empty();
        }
        if (before.isCorrupt() || after.isCorrupt() || before.isNull() || after.isNull()) {
            return Optional.of(label + " replaced");
        }
        List<Change> changes = JsonDiff.diff(before.value(), after.value());
        return changes.isEmpty() ? Optional.empty()
                : Optional.of(label + ": " + lowerFirst(DiffSummary.of(before.value(), after.value(), changes).sentence()));
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

    private static String lowerFirst(String s) {
        return s.isEmpty() ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }
}
