package dev.cairn.state;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Optional;

/**
 * A value as {@code json.dumps(x, indent=2)} writes it — what {@code meltano state get --format
 * pretty} prints and what the tap reads — together with the lines each value of it takes, so that
 * a diff view can highlight a {@link Change} by its pointer.
 *
 * <p>Values are numbered in document order (the whole value is 0) and their lines kept in parallel
 * int arrays: a large state has millions of values, too many for a map keyed by pointer. A pointer
 * is resolved by walking the value, which takes a step per pointer token.
 */
public final class PrettyText {

    private final JsonNode value;
    private final String text;
    private final int[] lineStarts;
    private final int[] firstLine;
    private final int[] lastLine;
    /** Per container, where its items' numbers start in {@link #items}. */
    private final int[] firstItem;
    /** The numbers of each container's items (or members), container after container. */
    private final int[] items;

    private PrettyText(JsonNode value, String text, Outline outline) {
        this.value = value;
        this.text = text;
        this.firstLine = Arrays.copyOf(outline.firstLine, outline.count);
        this.lastLine = Arrays.copyOf(outline.lastLine, outline.count);
        this.firstItem = Arrays.copyOf(outline.firstItem, outline.count);
        this.items = Arrays.copyOf(outline.items, outline.itemCount);
        this.lineStarts = lineStarts(text, lastLine[0] + 1);
    }

    /** Renders a value, which must not change afterwards; {@code null} is JSON {@code null}. */
    public static PrettyText of(JsonNode value) {
        Outline outline = new Outline();
        String text = PythonJson.writeIndented(value, outline);
        return new PrettyText(value, text, outline);
    }

    /** The text, byte for byte what Python writes; no trailing newline. */
    public String text() {
        return text;
    }

    public int lineCount() {
        return lineStarts.length;
    }

    /** One line of the text, without its newline. */
    public String line(int index) {
        int end = index + 1 < lineStarts.length ? lineStarts[index + 1] - 1 : text.length();
        return text.substring(lineStarts[index], end);
    }

    /**
     * The lines of the value at an RFC 6901 pointer — for an object member, from the line of its key
     * — or empty when the value has nothing there.
     */
    public Optional<LineRange> lines(String pointer) {
        int number = numberOf(pointer);
        return number < 0 ? Optional.empty() : Optional.of(new LineRange(firstLine[number], lastLine[number]));
    }

    /** The number of the value at the pointer, or -1. */
    private int numberOf(String pointer) {
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

    private static int[] lineStarts(String text, int lineCount) {
        int[] starts = new int[lineCount];
        int at = 0;
        for (int line = 1; line < lineCount; line++) {
            at = text.indexOf('\n', at) + 1;
            starts[line] = at;
        }
        return starts;
    }

    /** Numbers the values as they are written and notes their lines and items. */
    private static final class Outline implements PythonJson.Outline {
        int count;
        int[] firstLine = new int[1024];
        int[] lastLine = new int[1024];
        int[] firstItem = new int[1024];
        int itemCount;
        int[] items = new int[1024];
        /** Numbers of the values begun and not ended, innermost last. */
        private int[] open = new int[64];
        /** Per open value, where its next item's number goes in {@link #items}. */
        private int[] nextItem = new int[64];
        private int depth;

        @Override
        public void begin(JsonNode value, int line) {
            int number = count++;
            if (number == firstLine.length) {
                firstLine = Arrays.copyOf(firstLine, number * 2);
                lastLine = Arrays.copyOf(lastLine, number * 2);
                firstItem = Arrays.copyOf(firstItem, number * 2);
            }
            firstLine[number] = line;
            if (depth > 0) {
                items[nextItem[depth - 1]++] = number;
            }
            int size = value != null && value.isContainerNode() ? value.size() : 0;
            firstItem[number] = itemCount;
            itemCount += size;
            if (itemCount > items.length) {
                items = Arrays.copyOf(items, Math.max(itemCount, items.length * 2));
            }
            if (depth == open.length) {
                open = Arrays.copyOf(open, depth * 2);
                nextItem = Arrays.copyOf(nextItem, depth * 2);
            }
            open[depth] = number;
            nextItem[depth] = firstItem[number];
            depth++;
        }

        @Override
        public void end(int line) {
            depth--;
            lastLine[open[depth]] = line;
        }
    }
}
