package dev.cairn.ui.diff;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cairn.state.Change;
import dev.cairn.state.DiffSummary;
import dev.cairn.state.JsonDiff;
import dev.cairn.state.LineRange;
import dev.cairn.state.PrettyText;
import dev.cairn.ui.inspect.JsonLexer;
import dev.cairn.ui.inspect.RowSource;
import dev.cairn.ui.theme.Styles;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Two documents side by side, row for row: the structural diff from {@code state} ({@link JsonDiff},
 * lines found through {@link PrettyText}) laid out as aligned rows, with filler rows where one side
 * has lines the other has not, changed values marked, and the rows where each change starts for
 * next/previous navigation. Built off the FX thread; the panes only render it.
 */
public final class AlignedDiff {

    /** What a row shows on one side. */
    public enum Kind { SAME, ADDED, REMOVED, CHANGED, FILLER }

    private final PrettyText left;
    private final PrettyText right;
    private final List<Change> changes;
    private final DiffSummary summary;
    private final int[] leftLines;
    private final int[] rightLines;
    private final Kind[] leftKinds;
    private final Kind[] rightKinds;
    private final int[] hunks;
    private final boolean[] leftValue;
    private final boolean[] rightValue;
    /** The first line of each change on its side: right for added and changed values, left for removed ones; -1 if not found. */
    private final int[] changeLines;
    private int[] changeRows;

    private AlignedDiff(PrettyText left, PrettyText right, List<Change> changes, DiffSummary summary, List<int[]> rows,
                        boolean[] leftValue, boolean[] rightValue, List<Integer> hunks, List<Kind[]> kinds, int[] changeLines) {
        this.left = left;
        this.right = right;
        this.changes = changes;
        this.summary = summary;
        this.leftLines = new int[rows.size()];
        this.rightLines = new int[rows.size()];
        this.leftKinds = new Kind[rows.size()];
        this.rightKinds = new Kind[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            leftLines[i] = rows.get(i)[0];
            rightLines[i] = rows.get(i)[1];
            leftKinds[i] = kinds.get(i)[0];
            rightKinds[i] = kinds.get(i)[1];
        }
        this.leftValue = leftValue;
        this.rightValue = rightValue;
        this.hunks = hunks.stream().mapToInt(Integer::intValue).toArray();
        this.changeLines = changeLines;
    }

    /** Compares {@code before} (left) with {@code after} (right); either may be null (no document). */
    public static AlignedDiff of(JsonNode before, JsonNode after) {
        return of(PrettyText.of(before), PrettyText.of(after));
    }

    /** Compares the values of two texts, already printed (a selection's, shared with the other tabs). */
    public static AlignedDiff of(PrettyText left, PrettyText right) {
        JsonNode before = left.value();
        JsonNode after = right.value();
        List<Change> changes = JsonDiff.diff(before, after);
        DiffSummary summary = DiffSummary.of(before, after, changes);
        Kind[] leftMark = new Kind[left.rowCount()];
        Kind[] rightMark = new Kind[right.rowCount()];
        boolean[] leftValue = new boolean[left.rowCount()];
        boolean[] rightValue = new boolean[right.rowCount()];
        int[] changeLines = new int[changes.size()];
        for (int c = 0; c < changes.size(); c++) {
            Change change = changes.get(c);
            Optional<LineRange> l = change.kind() == Change.Kind.ADDED ? Optional.empty() : left.lines(change.beforePointer());
            Optional<LineRange> r = change.kind() == Change.Kind.REMOVED ? Optional.empty() : right.lines(change.pointer());
            changeLines[c] = (change.kind() == Change.Kind.REMOVED ? l : r).map(LineRange::first).orElse(-1);
            Kind kind = change.kind() == Change.Kind.ADDED ? Kind.ADDED
                    : change.kind() == Change.Kind.REMOVED ? Kind.REMOVED : Kind.CHANGED;
            boolean scalar = change.kind() == Change.Kind.CHANGED && !change.before().isContainerNode()
                    && !change.after().isContainerNode();
            l.ifPresent(range -> mark(leftMark, leftValue, range, kind, scalar));
            r.ifPresent(range -> mark(rightMark, rightValue, range, kind, scalar));
        }
        // walk both sides: unmarked lines pair up in order; a marked block faces the other side's
        // block at the same place, or filler rows
        List<int[]> rows = new ArrayList<>(Math.max(left.rowCount(), right.rowCount()) + 16);
        List<Kind[]> kinds = new ArrayList<>(rows.size());
        List<Integer> hunks = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < leftMark.length || j < rightMark.length) {
            boolean lMarked = i < leftMark.length && leftMark[i] != null;
            boolean rMarked = j < rightMark.length && rightMark[j] != null;
            if (!lMarked && !rMarked) {
                rows.add(new int[] {i < leftMark.length ? i : -1, j < rightMark.length ? j : -1});
                kinds.add(new Kind[] {i < leftMark.length ? Kind.SAME : Kind.FILLER, j < rightMark.length ? Kind.SAME : Kind.FILLER});
                i++;
                j++;
                continue;
            }
            if (rows.isEmpty() || (kinds.get(kinds.size() - 1)[0] == Kind.SAME && kinds.get(kinds.size() - 1)[1] == Kind.SAME)) {
                hunks.add(rows.size());
            }
            // removed lines first, then added ones, then changed lines side by side
            int lEnd = i;
            int rEnd = j;
            if (lMarked && leftMark[i] == Kind.REMOVED) {
                lEnd = runEnd(leftMark, i, Kind.REMOVED);
            } else if (rMarked && rightMark[j] == Kind.ADDED) {
                rEnd = runEnd(rightMark, j, Kind.ADDED);
            } else {
                lEnd = lMarked ? runEnd(leftMark, i, Kind.CHANGED) : i;
                rEnd = rMarked ? runEnd(rightMark, j, Kind.CHANGED) : j;
            }
            int height = Math.max(lEnd - i, rEnd - j);
            for (int k = 0; k < height; k++) {
                int l = i + k < lEnd ? i + k : -1;
                int r = j + k < rEnd ? j + k : -1;
                rows.add(new int[] {l, r});
                kinds.add(new Kind[] {l < 0 ? Kind.FILLER : leftMark[l], r < 0 ? Kind.FILLER : rightMark[r]});
            }
            i = lEnd;
            j = rEnd;
        }
        return new AlignedDiff(left, right, changes, summary, rows, leftValue, rightValue, hunks, kinds, changeLines);
    }

    private static int runEnd(Kind[] marks, int from, Kind kind) {
        int end = from;
        while (end < marks.length && marks[end] == kind) {
            end++;
        }
        return end;
    }

    private static void mark(Kind[] marks, boolean[] value, LineRange range, Kind kind, boolean scalar) {
        for (int line = range.first(); line <= range.last() && line < marks.length; line++) {
            if (marks[line] == null || marks[line] == Kind.CHANGED) {
                marks[line] = kind;
            }
            if (scalar) {
                value[line] = true;
            }
        }
    }

    public DiffSummary summary() {
        return summary;
    }

    public List<Change> changes() {
        return changes;
    }

    public int rowCount() {
        return leftLines.length;
    }

    /** The row showing the {@code index}th of {@link #changes}; -1 if its lines were not found. */
    public int changeRow(int index) {
        if (changeRows == null) {
            // line → row on each side, built the first time a change is looked up
            int[] leftRow = new int[left.rowCount()];
            int[] rightRow = new int[right.rowCount()];
            for (int row = 0; row < leftLines.length; row++) {
                if (leftLines[row] >= 0) {
                    leftRow[leftLines[row]] = row;
                }
                if (rightLines[row] >= 0) {
                    rightRow[rightLines[row]] = row;
                }
            }
            changeRows = new int[changeLines.length];
            for (int c = 0; c < changeLines.length; c++) {
                int[] rowOfLine = changes.get(c).kind() == Change.Kind.REMOVED ? leftRow : rightRow;
                changeRows[c] = changeLines[c] < 0 ? -1 : rowOfLine[changeLines[c]];
            }
        }
        return changeRows[index];
    }

    /** The rows where a change starts, in order. */
    public int[] hunkStarts() {
        return hunks.clone();
    }

    public Kind kind(boolean leftSide, int row) {
        return leftSide ? leftKinds[row] : rightKinds[row];
    }

    /** The line shown on a side of a row, 0-based; -1 for a filler. */
    public int line(boolean leftSide, int row) {
        return leftSide ? leftLines[row] : rightLines[row];
    }

    /** One side as rows for a viewer. */
    public RowSource side(boolean leftSide) {
        PrettyText text = leftSide ? left : right;
        int[] lines = leftSide ? leftLines : rightLines;
        Kind[] rowKinds = leftSide ? leftKinds : rightKinds;
        boolean[] values = leftSide ? leftValue : rightValue;
        return new RowSource() {
            @Override
            public int rowCount() {
                return lines.length;
            }

            @Override
            public String row(int row) {
                return lines[row] < 0 ? "" : text.row(lines[row]);
            }

            @Override
            public int lineNumber(int row) {
                return lines[row] + 1;
            }

            @Override
            public String rowStyleClass(int row) {
                switch (rowKinds[row]) {
                    case ADDED: return Styles.DIFF_ADDED;
                    case REMOVED: return Styles.DIFF_REMOVED;
                    case CHANGED: return Styles.DIFF_CHANGED;
                    case FILLER: return Styles.DIFF_FILLER;
                    default: return null;
                }
            }

            @Override
            public List<JsonLexer.Token> marks(int row) {
                if (lines[row] < 0 || !values[lines[row]]) {
                    return List.of();
                }
                return List.of(valueSpan(text.row(lines[row])));
            }
        };
    }

    /** The value part of a pretty line: after {@code ": "} for a member, else the whole item; without the comma. */
    static JsonLexer.Token valueSpan(String line) {
        int start = 0;
        while (start < line.length() && line.charAt(start) == ' ') {
            start++;
        }
        if (start < line.length() && line.charAt(start) == '"') {
            List<JsonLexer.Token> tokens = JsonLexer.lex(line);
            if (!tokens.isEmpty() && tokens.get(0).styleClass().equals(Styles.JSON_KEY)) {
                int colon = line.indexOf(": ", tokens.get(0).end());
                start = colon < 0 ? start : colon + 2;
            }
        }
        int end = line.endsWith(",") ? line.length() - 1 : line.length();
        return new JsonLexer.Token(start, Math.max(start, end), Styles.DIFF_VALUE);
    }
}
