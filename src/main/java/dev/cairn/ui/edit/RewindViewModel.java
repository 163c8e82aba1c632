package dev.cairn.ui.edit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.cairn.ops.Edit;
import dev.cairn.state.Bookmark;
import dev.cairn.state.Json;
import dev.cairn.state.JsonSyntaxError;
import dev.cairn.state.PythonJson;
import java.time.LocalDate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The rewind form for one bookmark (a stream, or a partition): the replication value to resume from,
 * starting at the current one, entered as the kind of value it is — a date and time for timestamps
 * (keeping the stored value's offset notation), a number, or text.
 */
public final class RewindViewModel {

    /** How the value is entered. */
    public enum Kind { TIMESTAMP, NUMBER, TEXT }

    private static final Pattern TIMESTAMP = Pattern.compile(
            "(\\d{4}-\\d{2}-\\d{2})(?:([T ])(\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d{1,9})?)?)(Z|[+-]\\d{2}:?\\d{2})?)?");
    private static final Pattern TIME = Pattern.compile("\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d{1,9})?)?");

    private final BooleanProperty showing = new SimpleBooleanProperty(this, "showing");
    private final ObjectProperty<Kind> kind = new SimpleObjectProperty<>(this, "kind", Kind.TEXT);
    private final StringProperty text = new SimpleStringProperty(this, "text", "");
    private final ObjectProperty<LocalDate> date = new SimpleObjectProperty<>(this, "date");
    private final StringProperty time = new SimpleStringProperty(this, "time", "");
    private final StringProperty zone = new SimpleStringProperty(this, "zone", "+00:00");
    private final StringBinding problem;
    private Bookmark bookmark;
    private String separator = "T";

    public RewindViewModel() {
        problem = Bindings.createStringBinding(this::check, kind, text, date, time, zone);
    }

    /** Opens the form on a bookmark, with its current value in the fields. */
    public void open(Bookmark row) {
        this.bookmark = row;
        JsonNode value = row.replicationValue();
        String current = value == null || value.isNull() ? "" : value.isTextual() ? value.textValue() : PythonJson.dumps(value);
        Matcher m = value != null && value.isTextual() ? TIMESTAMP.matcher(current) : null;
        boolean timestampKey = row.has(Bookmark.Flag.NOT_A_TIMESTAMP);
        if (m != null && m.matches()) {
            kind.set(Kind.TIMESTAMP);
            date.set(LocalDate.parse(m.group(1)));
            separator = m.group(2) == null ? "T" : m.group(2);
            time.set(m.group(3) == null ? "" : m.group(3));
            zone.set(m.group(4) == null ? "" : m.group(4));
        } else if (value != null && value.isNumber()) {
            kind.set(Kind.NUMBER);
        } else {
            kind.set(timestampKey || (value == null && looksLikeTimeKey(row.replicationKey())) ? Kind.TIMESTAMP : Kind.TEXT);
            date.set(null);
            time.set("00:00:00");
            zone.set("+00:00");
        }
        text.set(current);
        showing.set(true);
    }

    private static boolean looksLikeTimeKey(String key) {
        return key != null && (key.endsWith("_at") || key.toLowerCase(java.util.Locale.ROOT).contains("date")
                || key.toLowerCase(java.util.Locale.ROOT).contains("time"));
    }

    public void close() {
        showing.set(false);
    }

    private String check() {
        try {
            value();
            return "";
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    /** The value to store, as the fields say; throws with a sentence when they say nothing valid. */
    public JsonNode value() {
        switch (kind.get()) {
            case TIMESTAMP: {
                if (date.get() == null) {
                    throw new IllegalArgumentException("Pick the date to resume from.");
                }
                String t = time.get() == null ? "" : time.get().strip();
                if (!t.isEmpty() && !TIME.matcher(t).matches()) {
                    throw new IllegalArgumentException("The time must look like 13:45, 13:45:00 or 13:45:00.123456.");
                }
                String z = zone.get() == null ? "" : zone.get().strip();
                if (!z.isEmpty() && !z.matches("Z|[+-]\\d{2}:?\\d{2}")) {
                    throw new IllegalArgumentException("The offset must be Z or like +00:00.");
                }
                String out = date.get() + (t.isEmpty() ? "" : separator + t + z);
                return JsonNodeFactory.instance.textNode(out);
            }
            case NUMBER: {
                try {
                    JsonNode n = Json.parse(text.get().strip());
                    if (!n.isNumber()) {
                        throw new IllegalArgumentException("Enter a number.");
                    }
                    return n;
                } catch (JsonSyntaxError e) {
                    throw new IllegalArgumentException("Enter a number.");
                }
            }
            default:
                if (text.get().isEmpty()) {
                    throw new IllegalArgumentException("Enter the value to resume from.");
                }
                return JsonNodeFactory.instance.textNode(text.get());
        }
    }

    /** The edit to preview: the bookmark set to {@link #value()}, in-progress markers dropped. */
    public Edit edit() {
        return Edit.rewind(bookmark.stream(), bookmark.context(), value());
    }

    /** "stream users" or "partition org=meltano of stream issues". */
    public String what() {
        if (bookmark == null) {
            return "";
        }
        return bookmark.context() == null ? "stream " + bookmark.stream()
                : "partition " + bookmark.contextLabel() + " of stream " + bookmark.stream();
    }

    /** The bookmark's current value as text, for the form's header. */
    public String currentValue() {
        JsonNode v = bookmark == null ? null : bookmark.replicationValue();
        return v == null || v.isNull() ? "none" : v.isTextual() ? v.textValue() : PythonJson.dumps(v);
    }

    public Bookmark bookmark() {
        return bookmark;
    }

    public ReadOnlyBooleanProperty showingProperty() {
        return showing;
    }

    public ObjectProperty<Kind> kindProperty() {
        return kind;
    }

    public StringProperty textProperty() {
        return text;
    }

    public ObjectProperty<LocalDate> dateProperty() {
        return date;
    }

    public StringProperty timeProperty() {
        return time;
    }

    public StringProperty zoneProperty() {
        return zone;
    }

    /** Why the fields are not a valid value, "" when they are. */
    public StringBinding problemProperty() {
        return problem;
    }
}
