package dev.cairn.state;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;

/**
 * One difference between two JSON documents, as {@link JsonDiff} finds it.
 *
 * @param kind what happened to the value
 * @param pointer RFC 6901 pointer to the value: in the after document for {@code ADDED} and
 *     {@code CHANGED}, in the before document for {@code REMOVED}
 * @param before the old value; {@code null} for {@code ADDED}
 * @param after the new value; {@code null} for {@code REMOVED}
 * @param beforePointer where the old value sits in the before document; differs from
 *     {@code pointer} only inside an SDK partition that moved in its list; {@code null} for
 *     {@code ADDED}
 */
public record Change(Kind kind, String pointer, JsonNode before, JsonNode after, String beforePointer) {

    public enum Kind { ADDED, REMOVED, CHANGED }

    public Change {
        Objects.requireNonNull(kind);
        Objects.requireNonNull(pointer);
    }

    /** A change at the same place in both documents. */
    public Change(Kind kind, String pointer, JsonNode before, JsonNode after) {
        this(kind, pointer, before, after, kind == Kind.ADDED ? null : pointer);
    }
}
