package dev.cairn.state;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.Map;

/**
 * Writes the exact bytes Python's {@code json.dumps} writes for a value, in the three forms Meltano
 * uses. Output is pure ASCII ({@code ensure_ascii=True}), so chars and UTF-8 bytes coincide.
 */
public final class PythonJson {

    /** The {@code json.dumps} argument sets Meltano calls it with. */
    public enum Style {
        /** {@code json.dumps(x)}: what Meltano stores, and what v2/v3 {@code state get} printed. */
        DEFAULT,
        /** {@code json.dumps(x, separators=(",", ":"))}: v4 {@code state get} and export. */
        COMPACT,
        /** {@code json.dumps(x, indent=2)}: v4 {@code state get --format pretty}, the tap's state file. */
        INDENT2
    }

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private PythonJson() {}

    public static String dumps(JsonNode value) {
        return write(value, Style.DEFAULT);
    }

    public static String write(JsonNode value, Style style) {
        Emitter emitter = new Emitter(new StringBuilder(256), style, null);
        emitter.value(value, 0);
        return emitter.out.toString();
    }

    /** Streams the text to a writer, for documents too large to want twice in memory. */
    public static void write(JsonNode value, Style style, Writer writer) {
        stream(value, style, writer::write);
    }

    /**
     * Streams the text's bytes (ASCII, as the text is) to a stream, with no character encoder on
     * the way: a command-line {@code get} of a big state prints ~16 MB.
     */
    public static void write(JsonNode value, Style style, OutputStream stream) {
        stream(value, style, text -> stream.write(text.getBytes(StandardCharsets.ISO_8859_1)));
    }

    private static void stream(JsonNode value, Style style, Sink sink) {
        Emitter emitter = new Emitter(new StringBuilder(Emitter.FLUSH_AT + 1024), style, sink);
        emitter.value(value, 0);
        emitter.flush();
    }

    /** Where a streamed text goes, a piece at a time. */
    private interface Sink {
        void write(String text) throws IOException;
    }

    static void appendScalar(StringBuilder out, JsonNode value) {
        if (value.isTextual()) {
            appendString(out, value.textValue());
        } else if (value.isBoolean()) {
            out.append(value.booleanValue() ? "true" : "false");
        } else if (value.isIntegralNumber()) {
            if (value.canConvertToLong()) {
                out.append(value.longValue());
            } else {
                out.append(value.bigIntegerValue());
            }
        } else if (value.isNumber()) {
            out.append(PythonFloat.repr(value.doubleValue()));
        } else if (value.isNull() || value.isMissingNode()) {
            out.append("null");
        } else {
            throw new IllegalArgumentException("not a JSON value: " + value.getNodeType());
        }
    }

    /** A JSON string literal as {@code json.dumps} writes it with {@code ensure_ascii=True}. */
    public static void appendString(StringBuilder out, String s) {
        out.append('"');
        int n = s.length();
        int run = 0;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x20 && c <= 0x7e && c != '"' && c != '\\') {
                continue;
            }
            out.append(s, run, i);
            run = i + 1;
            switch (c) {
                case '"': out.append("\\\""); break;
                case '\\': out.append("\\\\"); break;
                case '\n': out.append("\\n"); break;
                case '\r': out.append("\\r"); break;
                case '\t': out.append("\\t"); break;
                case '\b': out.append("\\b"); break;
                case '\f': out.append("\\f"); break;
                default:
                    out.append("\\u")
                            .append(HEX[(c >> 12) & 0xf])
                            .append(HEX[(c >> 8) & 0xf])
                            .append(HEX[(c >> 4) & 0xf])
                            .append(HEX[c & 0xf]);
            }
        }
        out.append(s, run, n);
        out.append('"');
    }

    /** Appends to a buffer, handing it to the writer (if any) whenever it grows large. */
    private static final class Emitter {
        static final int FLUSH_AT = 1 << 16;
        final StringBuilder out;
        private final Style style;
        private final Sink sink;

        Emitter(StringBuilder out, Style style, Sink sink) {
            this.out = out;
            this.style = style;
            this.sink = sink;
        }

        void value(JsonNode value, int depth) {
            if (value == null || !value.isContainerNode()) {
                if (value == null || value.isNull()) {
                    out.append("null");
                } else {
                    appendScalar(out, value);
                }
            } else if (value.isEmpty()) {
                out.append(value.isObject() ? "{}" : "[]");
            } else if (value.isObject()) {
                out.append('{');
                boolean first = true;
                for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> field = it.next();
                    separator(depth + 1, first);
                    first = false;
                    appendString(out, field.getKey());
                    out.append(style == Style.COMPACT ? ":" : ": ");
                    value(field.getValue(), depth + 1);
                }
                closing(depth);
                out.append('}');
            } else {
                out.append('[');
                boolean first = true;
                for (JsonNode item : value) {
                    separator(depth + 1, first);
                    first = false;
                    value(item, depth + 1);
                }
                closing(depth);
                out.append(']');
            }
            if (sink != null && out.length() >= FLUSH_AT) {
                flush();
            }
        }

        private void separator(int depth, boolean first) {
            if (!first) {
                out.append(style == Style.DEFAULT ? ", " : ",");
            }
            if (style == Style.INDENT2) {
                newline(depth);
            }
        }

        private void closing(int depth) {
            if (style == Style.INDENT2) {
                newline(depth);
            }
        }

        private void newline(int depth) {
            out.append('\n');
            for (int i = 0; i < depth; i++) {
                out.append("  ");
            }
        }

        void flush() {
            try {
                sink.write(out.toString());
                out.setLength(0);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
