package dev.cairn.state;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A document as it is shown: a value as {@code json.dumps(x, indent=2)} writes it — what {@code
 * meltano state get --format pretty} prints and what the tap reads — split into rows (one per line,
 * so a per-line lexer is exact), and the lines each value of it takes, so that a diff can highlight a
 * {@link Change} by its pointer. Text that is not JSON is kept raw, as stored, with long lines cut
 * into rows of {@value #RAW_ROW} characters (a multi-megabyte line would stall any text control) and
 * the error position marked. Immutable; built off the UI thread.
 *
 * <p>Values are numbered in document order (the whole value is 0) and their lines kept in parallel
 * int arrays, worked out from the value's shape on the first {@link #lines} call (a viewer never needs
 * them): a large state has millions of values, too many for a map keyed by pointer. A pointer is
 * resolved by walking the value, which takes a step per pointer token.
 */
public final class PrettyText {

    public static final int RAW_ROW = 160;

    /** The text as given (raw, typed, or small), or made from {@link #ascii} when first asked for. */
    private volatile String text;
    /**
     * A printed document's text, one byte per char (JSON as Python prints it is pure ASCII), in
     * chunks of {@link AsciiWriter#CHUNK} bytes as it was written: joining them would hold the text
     * twice for a moment.
     */
    private final byte[][] ascii;
    private final int asciiLength;
    private final int[] rowStarts;
    private final int[] rowLineNumbers;
    private final JsonSyntaxError error;
    private final int errorRow;
    private final int errorColumn;
    /** Whether {@link #value} is what the text shows (JSON {@code null} included); false for raw or bare text. */
    private final boolean hasValue;
    private final JsonNode value;
    private volatile Outline outline;

    private PrettyText(String text, byte[][] ascii, int asciiLength, int[] rowStarts, int[] rowLineNumbers, JsonSyntaxError error,
                       int errorOffset, boolean hasValue, JsonNode value) {
        this.text = text;
        this.ascii = ascii;
        this.asciiLength = asciiLength;
        this.rowStarts = rowStarts;
        this.rowLineNumbers = rowLineNumbers;
        this.error = error;
        this.hasValue = hasValue;
        this.value = value;
        if (error != null) {
            int offset = Math.max(0, Math.min(errorOffset, length()));
            int row = Arrays.binarySearch(rowStarts, offset);
            this.errorRow = row >= 0 ? row : -row - 2;
            this.errorColumn = offset - rowStarts[Math.max(0, errorRow)];
        } else {
            this.errorRow = -1;
            this.errorColumn = -1;
        }
    }

    /** Renders a value, which must not change afterwards; {@code null} is JSON {@code null} (SQL NULL). */
    public static PrettyText of(JsonNode value) {
        return pretty(PythonJson.write(value, PythonJson.Style.INDENT2), true, value);
    }

    /**
     * Renders a value by streaming, for documents too large to want twice in memory: {@code
     * checkCancelled} runs between chunks (and throws to stop), and as soon as the text has {@code
     * headRows} rows, {@code head} gets them as a text of their own, so a big document can be shown
     * while the rest is still written out. The text is kept as the chunks of bytes it was written
     * in, so no buffer of twice its size (a growing {@code StringBuilder}) or second copy (its
     * {@code String}) is ever held beside it; {@link #text} makes the {@code String} only if asked.
     */
    public static PrettyText print(JsonNode value, Runnable checkCancelled, int headRows, Consumer<PrettyText> head) {
        if (value == null) {
            return of(null);
        }
        AsciiWriter out = new AsciiWriter(headRows, checkCancelled, first -> head.accept(ofText(first)));
        PythonJson.write(value, PythonJson.Style.INDENT2, out);
        byte[][] chunks = out.chunks();
        int length = out.length();
        return new PrettyText(null, chunks, length, lineStarts(chunks, length), null, null, 0, true, value);
    }

    /** Text already one token per line (pretty JSON, or what the user typed), split at newlines; it has no outline. */
    public static PrettyText ofText(String text) {
        return pretty(text, false, null);
    }

    /** Stored text that failed to parse, with where it failed. */
    public static PrettyText raw(String text, JsonSyntaxError error) {
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
        return new PrettyText(text, null, 0, Arrays.copyOf(starts, rows), Arrays.copyOf(lines, rows), error,
                error == null ? 0 : (int) Math.min(Integer.MAX_VALUE, error.offset()), false, null);
    }

    private static PrettyText pretty(String text, boolean hasValue, JsonNode value) {
        return new PrettyText(text, null, 0, lineStarts(text), null, null, 0, hasValue, value);
    }

    /**
     * The text, byte for byte what Python writes (no trailing newline), or the raw text as stored.
     * A printed document's {@code String} is made on the first call (find, copy, the editor) and kept.
     */
    public String text() {
        String t = text;
        if (t == null) {
            t = decode(0, asciiLength);
            text = t; // two threads may both make it; either is the same text
        }
        return t;
    }

    public int length() {
        return ascii != null ? asciiLength : text.length();
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
            return next > 0 && charAt(next - 1) == '\n' ? next - 1 : next;
        }
        return length();
    }

    public String row(int row) {
        int start = rowStarts[row];
        int end = rowEnd(row);
        return ascii != null ? decode(start, end) : text.substring(start, end);
    }

    private char charAt(int offset) {
        return ascii != null ? (char) ascii[offset / AsciiWriter.CHUNK][offset % AsciiWriter.CHUNK] : text.charAt(offset);
    }

    /** Characters {@code start} to {@code end} of a printed text. */
    private String decode(int start, int end) {
        int chunk = start / AsciiWriter.CHUNK;
        int at = start % AsciiWriter.CHUNK;
        if (at + (end - start) <= AsciiWriter.CHUNK) {
            return new String(ascii[chunk], at, end - start, StandardCharsets.ISO_8859_1);
        }
        StringBuilder out = new StringBuilder(end - start);
        for (int from = start; from < end; chunk++, at = 0) {
            int n = Math.min(end - from, AsciiWriter.CHUNK - at);
            out.append(new String(ascii[chunk], at, n, StandardCharsets.ISO_8859_1));
            from += n;
        }
        return out.toString();
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

    /** The value this text shows ({@code null} for JSON null); only for texts made by {@link #of} or {@link #print}. */
    public JsonNode value() {
        if (!hasValue) {
            throw new IllegalStateException("this text shows no JSON value");
        }
        return value;
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

    /**
     * The rows of the value at an RFC 6901 pointer — for an object member, from the row of its key
     * — or empty when the value has nothing there (or this text shows no value).
     */
    public Optional<LineRange> lines(String pointer) {
        if (!hasValue) {
            return Optional.empty();
        }
        Outline o = outline();
        int number = o.numberOf(value, pointer);
        return number < 0 ? Optional.empty() : Optional.of(new LineRange(o.firstLine[number], o.lastLine[number]));
    }

    private Outline outline() {
        Outline o = outline;
        if (o == null) {
            o = new Outline();
            o.walk(value, 0);
            outline = o; // two threads may both build it; either result is the same
        }
        return o;
    }

    private static int[] lineStarts(String text) {
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
        return starts;
    }

    private static int[] lineStarts(byte[][] chunks, int length) {
        int count = 1;
        for (int c = 0, base = 0; base < length; c++, base += AsciiWriter.CHUNK) {
            byte[] chunk = chunks[c];
            for (int i = 0, n = Math.min(chunk.length, length - base); i < n; i++) {
                if (chunk[i] == '\n') {
                    count++;
                }
            }
        }
        int[] starts = new int[count];
        int row = 1;
        for (int c = 0, base = 0; base < length; c++, base += AsciiWriter.CHUNK) {
            byte[] chunk = chunks[c];
            for (int i = 0, n = Math.min(chunk.length, length - base); i < n; i++) {
                if (chunk[i] == '\n') {
                    starts[row++] = base + i + 1;
                }
            }
        }
        return starts;
    }

    /**
     * The lines of every value, from the value's shape alone: in {@code indent=2} text every item of a
     * non-empty container starts a line and its closing bracket takes one, whatever the scalars are.
     */
    private static final class Outline {
        int count;
        int[] firstLine = new int[1024];
        int[] lastLine = new int[1024];
        /** Per container, where its items' numbers start in {@link #items}. */
        int[] firstItem = new int[1024];
        int itemCount;
        /** The numbers of each container's items (or members), container after container. */
        int[] items = new int[1024];

        /** Numbers {@code node} and its items, starting on {@code line}; returns the line it ends on. */
        int walk(JsonNode node, int line) {
            int number = count++;
            if (number == firstLine.length) {
                firstLine = Arrays.copyOf(firstLine, number * 2);
                lastLine = Arrays.copyOf(lastLine, number * 2);
                firstItem = Arrays.copyOf(firstItem, number * 2);
            }
            firstLine[number] = line;
            int size = node != null && node.isContainerNode() ? node.size() : 0;
            int at = itemCount;
            firstItem[number] = at;
            itemCount += size;
            if (itemCount > items.length) {
                items = Arrays.copyOf(items, Math.max(itemCount, items.length * 2));
            }
            int end = line;
            if (size > 0) {
                for (JsonNode item : node) {
                    items[at++] = count;
                    end = walk(item, end + 1);
                }
                end++;
            }
            lastLine[number] = end;
            return end;
        }

        /** The number of the value at the pointer, or -1. */
        int numberOf(JsonNode value, String pointer) {
            if (pointer.isEmpty()) {
                return 0;
            }
            if (pointer.charAt(0) != '/') {
                return -1;
            }
            JsonNode node = value;
            int number = 0;
            int start = 1;
            while (true) {
                int end = pointer.indexOf('/', start);
                String token = JsonPointers.unescape(pointer.substring(start, end < 0 ? pointer.length() : end));
                int position = node == null ? -1 : node.isObject() ? keyPosition(node, token) : node.isArray() ? index(node, token) : -1;
                if (position < 0) {
                    return -1;
                }
                number = items[firstItem[number] + position];
                node = node.isObject() ? node.get(token) : node.get(position);
                if (end < 0) {
                    return number;
                }
                start = end + 1;
            }
        }
    }

    private static int keyPosition(JsonNode object, String key) {
        int position = 0;
        for (Iterator<String> it = object.fieldNames(); it.hasNext(); position++) {
            if (it.next().equals(key)) {
                return position;
            }
        }
        return -1;
    }

    /** An array index token: digits without leading zeros, within the array. */
    private static int index(JsonNode array, String token) {
        if (token.isEmpty() || token.length() > 9 || (token.length() > 1 && token.charAt(0) == '0')) {
            return -1;
        }
        for (int i = 0; i < token.length(); i++) {
            if (token.charAt(i) < '0' || token.charAt(i) > '9') {
                return -1;
            }
        }
        int index = Integer.parseInt(token);
        return index < array.size() ? index : -1;
    }

    /** Collects pure-ASCII text as bytes in chunks and, once, hands on the first {@code rows} complete rows. */
    private static final class AsciiWriter extends Writer {
        /** Well under half of the smallest G1 region (1 MB), so no chunk is a humongous object with a region of its own. */
        static final int CHUNK = 1 << 18;
        private final List<byte[]> full = new ArrayList<>();
        private byte[] chunk = new byte[CHUNK];
        private int used;
        private final int rows;
        private final Consumer<String> head;
        private final Runnable checkCancelled;
        private int newlines;
        private boolean sent;

        AsciiWriter(int rows, Runnable checkCancelled, Consumer<String> head) {
            this.rows = rows;
            this.checkCancelled = checkCancelled;
            this.head = head;
        }

        @Override
        public void write(String text, int offset, int length) {
            checkCancelled.run();
            int end = offset + length;
            for (int i = offset; i < end; i++) {
                if (used == CHUNK) {
                    full.add(chunk);
                    chunk = new byte[CHUNK];
                    used = 0;
                }
                char c = text.charAt(i);
                if (c > 0x7f) {
                    throw new IllegalArgumentException("not the pure ASCII Python's json.dumps writes: " + c);
                }
                chunk[used++] = (byte) c;
                if (c == '\n' && !sent && ++newlines == rows) {
                    sent = true;
                    head.accept(headText(length() - 1));
                }
            }
        }

        @Override
        public void write(char[] buffer, int offset, int length) {
            write(new String(buffer, offset, length), 0, length);
        }

        int length() {
            return full.size() * CHUNK + used;
        }

        /** The first {@code end} characters written. */
        private String headText(int end) {
            StringBuilder out = new StringBuilder(end);
            for (int i = 0; i < full.size() && out.length() < end; i++) {
                out.append(new String(full.get(i), 0, Math.min(CHUNK, end - out.length()), StandardCharsets.ISO_8859_1));
            }
            out.append(new String(chunk, 0, end - out.length(), StandardCharsets.ISO_8859_1));
            return out.toString();
        }

        /** The text's chunks, the last one cut to what it holds; call once, at the end. */
        byte[][] chunks() {
            byte[][] all = full.toArray(new byte[full.size() + 1][]);
            all[full.size()] = Arrays.copyOf(chunk, used);
            return all;
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }
}
