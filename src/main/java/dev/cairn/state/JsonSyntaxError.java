package dev.cairn.state;

/** Text that is not valid JSON, with the position of the first error (1-based line and column). */
public final class JsonSyntaxError extends Exception {

    private final String reason;
    private final int line;
    private final int column;
    private final long offset;

    public JsonSyntaxError(String reason, int line, int column, long offset) {
        super(firstLine(reason) + " (line " + line + ", column " + column + ")");
        this.reason = firstLine(reason);
        this.line = line;
        this.column = column;
        this.offset = offset;
    }

    public String reason() {
        return reason;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }

    /** Character offset of the error in the text, for marking it in an editor. */
    public long offset() {
        return offset;
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "invalid JSON";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
