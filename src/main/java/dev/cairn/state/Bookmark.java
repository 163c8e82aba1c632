package dev.cairn.state;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Where one stream — or one partition of a stream, for Singer SDK taps — will resume: a row of the
 * bookmarks view, made by {@link Bookmarks#of}.
 *
 * @param stream the stream ID, the key under {@code bookmarks}
 * @param context the partition's {@code context}; {@code null} for a row of a whole stream
 * @param replicationKey the name of what the bookmark counts in (a column such as
 *     {@code updated_at}, or a legacy key such as {@code lsn}); {@code null} if unknown
 * @param replicationValue the bookmark as stored; {@code null} if there is none
 * @param pointer RFC 6901 pointer to the stream's or partition's value in the state
 * @param inProgress what an interrupted sync left behind; {@code null} if nothing
 */
public record Bookmark(
        String stream,
        JsonNode context,
        String replicationKey,
        JsonNode replicationValue,
        String pointer,
        Set<Flag> flags,
        InProgress inProgress) {

    /** What a user should notice about a bookmark. */
    public enum Flag {
        /** The last run was interrupted while syncing this stream (SDK mid-sync markers are stored). */
        IN_PROGRESS,
        /** No replication value: the next run syncs this stream in full. */
        NO_BOOKMARK,
        /** The key's name says timestamp, but the value is not an ISO-8601 date or date-time. */
        NOT_A_TIMESTAMP,
        /** The state's {@code currently_syncing} names this stream. */
        CURRENTLY_SYNCING
    }

    /**
     * The Singer SDK's mid-sync markers, each {@code null} when absent.
     *
     * @param progressMarkerValue the {@code replication_key_value} under {@code progress_markers}:
     *     how far an unsorted stream had got, which the SDK will not resume from
     * @param signpost {@code replication_key_signpost}: the highest bookmark that sync could set
     * @param startingValue {@code starting_replication_value}: where that sync started
     */
    public record InProgress(JsonNode progressMarkerValue, JsonNode signpost, JsonNode startingValue) {}

    public Bookmark {
        Objects.requireNonNull(stream);
        Objects.requireNonNull(pointer);
        flags = Collections.unmodifiableSet(flags.isEmpty() ? EnumSet.noneOf(Flag.class) : EnumSet.copyOf(flags));
    }

    public boolean has(Flag flag) {
        return flags.contains(flag);
    }

    /** The partition context as a user reads it, e.g. {@code org=meltano, repo=sdk}; "" for a stream. */
    public String contextLabel() {
        if (context == null) {
            return "";
        }
        if (!context.isObject()) {
            return PythonJson.dumps(context);
        }
        StringBuilder label = new StringBuilder();
        for (Map.Entry<String, JsonNode> field : context.properties()) {
            if (label.length() > 0) {
                label.append(", ");
            }
            JsonNode value = field.getValue();
            label.append(field.getKey()).append('=').append(value.isTextual() ? value.textValue() : PythonJson.dumps(value));
        }
        return label.toString();
    }
}
