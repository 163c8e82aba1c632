package dev.cairn.ui.inspect;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cairn.state.JsonSyntaxError;
import dev.cairn.state.PythonJson;
import java.util.Arrays;

/**
 * A document as the viewers show it: its text split into rows. Valid JSON is pretty-printed as
 * {@code meltano state get --format pretty} prints it (one row per line, so the per-line lexer is
 * exact). Text that is not JSON is shown raw, as stored, with long lines cut into rows of
 * {@value #RAW_ROW} characters (a multi-megabyte line would stall any text control) and the error
 * position marked. Built off the FX thread; immutable.
 */
public final class JsonText {

    static final int RAW_ROW = 160;

    private final String text;
    private final int[] rowStarts;
    private final int[] rowLineNumbers;
    private final JsonSyntaxError error;
    private final int errorRow;
    private final int errorColumn;

    private JsonText(String text, int[] rowStarts, int[] rowLineNumbers, JsonSyntaxError error, int errorOffset) {
        this.text = text;
        this.rowStarts = rowStarts;
        this.rowLineNumbers = rowLineNumbers;
        this.error = error;
        if (error != null) {
            int offset = Math.max(0, Math.min(errorOffset, text.length()));
            int row = Arrays.binarySearch(rowStarts, offset);
            this.errorRow = row >= 0 ? row : -row - 2;
            this.errorColumn = offset - rowStarts[Math.max(0, errorRow)];
        } else {
            this.errorRow = -1;
            this.errorColumn = -1;
        }
    }

    /** {@code json.dumps(value, indent=2)}; a {@code null} value shows as {@code null} (SQL NULL). */
    public static JsonText pretty(JsonNode value) {
        String text = value == null ? "null" : PythonJson.write(value, PythonJson.Style.INDENT2);
        return ofPretty(text);
    }

    /** Text already one token per line (pretty JSON), split at newlines. */
    public static JsonText ofPretty(String text) {
        int count = 1;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                count++;
            }
        }
        int[] starts = new int[count];
        int row = 1;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                starts[row++] = i + 1;
            }
        }
        return new JsonText(text, starts, null, null, 0);
    }

    /** Stored text that failed to parse, with where it failed. */
    public static JsonText raw(String text, JsonSyntaxError error) {
        int[] starts = new int[text.length() / RAW_ROW + 16];
        int[] lines = new int[starts.length];
        int rows = 0;
        int line = 1;
        int i = 0;
        int n = text.length();
        while (true) {
            int lineEnd = text.indexOf('\n', i);
            if (lineEnd < 0) {
                lineEnd = n;
            }
            int start = i;
            do {
                if (rows == starts.length) {
                    starts = Arrays.copyOf(starts, rows * 2);
                    lines = Arrays.copyOf(lines, rows * 2);
                }
                starts[rows] = start;
                lines[rows] = start == i ? line : 0;
                rows++;
                start += RAW_ROW;
            } while (start < lineEnd);
            if (lineEnd >= n) {
                break;
            }
            i = lineEnd + 1;
            line++;
        }
        return new JsonText(text, Arrays.copyOf(starts, rows), Arrays.copyOf(lines, rows), error,
                error == null ? 0 : (int) Math.min(Integer.MAX_VALUE, error.offset()));
    }

    public String text() {
        return text;
    }

    public int rowCount() {
        return rowStarts.length;
    }

    public int rowStart(int row) {
        return rowStarts[row];
    }

    /** Row end, without its newline. */
    public int rowEnd(int row) {
        if (row + 1 < rowStarts.length) {
            int next = rowStarts[row + 1];
            return next > 0 && text.charAt(next - 1) == '\n' ? next - 1 : next;
        }
        return text.length();
    }

    public String row(int row) {
        return text.substring(rowStarts[row], rowEnd(row));
    }

    /** The line number shown in the gutter; 0 for a continuation row of a long raw line. */
    public int lineNumber(int row) {
        return rowLineNumbers == null ? row + 1 : rowLineNumbers[row];
    }

    /** The row holding a character offset. */
    public int rowOf(int offset) {
        int row = Arrays.binarySearch(rowStarts, offset);
        return row >= 0 ? row : Math.max(0, -row - 2);
    }

    public boolean isRaw() {
        return rowLineNumbers != null;
    }

    public JsonSyntaxError error() {
        return error;
    }

    public int errorRow() {
        return errorRow;
    }

    public int errorColumn() {
        return errorColumn;
    }

    public int length() {
        return text.length();
    }
}
