package dev.cairn.state;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.TextNode;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Moving the bookmarks of a state back, as on-call people do after an incident ("back to before
 * yesterday's outage"), after Kafka's {@code kafka-consumer-groups --reset-offsets}: every
 * timestamp bookmark to a moment, or back by a duration; every numeric one back by a number. Each
 * stream's bookmark and each SDK partition's is moved on its own, never forward; a value of
 * another kind is left alone and said so. The new values are computed from the state the rewind is
 * applied to, so that applied again to a state changed since, it means the same.
 *
 * @param target where the bookmarks go
 * @param streams the streams to rewind; empty: every stream
 */
public record Rewind(Target target, Set<String> streams) {

    /** Where a rewind moves bookmarks. */
    public sealed interface Target permits ToMoment, BackBy, ShiftBy {

        /** The target as the user gave it: "to 2024-05-01T00:00:00Z", "by P1D", "by -100". */
        String text();
    }

    /** Timestamps later than the moment are set to it. */
    public record ToMoment(Instant moment, String given) implements Target {
        @Override
        public String text() {
            return "to " + given;
        }
    }

    /** Timestamps are moved back by a positive duration. */
    public record BackBy(Duration duration, String given) implements Target {
        @Override
        public String text() {
            return "back by " + given;
        }
    }

    /** Numbers are moved by a negative amount, as Kafka's {@code --shift-by}. */
    public record ShiftBy(long by) implements Target {
        @Override
        public String text() {
            return "by " + by;
        }
    }

    /** What becomes of one bookmark. */
    public enum Kind {
        /** Moved back. */
        REWOUND,
        /** Already at or before the moment: left as it is. */
        ALREADY_BEFORE,
        /** A value the rewind does not apply to (not a timestamp, not a number, kept elsewhere): left as it is. */
        LEFT_ALONE,
        /** A stream asked for that the state does not hold. */
        ABSENT
    }

    /**
     * What the rewind does to one stream's or partition's bookmark.
     *
     * @param context the partition's context; null for a whole stream
     * @param from the bookmark's value; null where {@link Kind#ABSENT}
     * @param to the new value; null unless {@link Kind#REWOUND}
     * @param markersDropped the rewound bookmark held an interrupted run's markers, which the rewind drops
     * @param why why the bookmark is not moved; null where it is
     */
    public record Step(String stream, JsonNode context, Kind kind, JsonNode from, JsonNode to, boolean markersDropped,
                       String why) {

        public boolean rewinds() {
            return kind == Kind.REWOUND;
        }
    }

    public Rewind {
        streams = Set.copyOf(streams);
    }

    /**
     * {@code --to-datetime}: an ISO 8601 date-time or date ({@code 2024-05-01T00:00:00Z}, {@code
     * 2024-05-01}); one without an offset is UTC, as bookmarks without one are read.
     *
     * @throws IllegalArgumentException it is neither
     */
    public static Target toMoment(String text) {
        Instant moment = IsoDateTime.instant(text);
        if (moment == null) {
            throw new IllegalArgumentException("'" + text + "' is not an ISO 8601 date-time or date (2024-05-01T00:00:00Z, 2024-05-01)");
        }
        return new ToMoment(moment, text);
    }

    /**
     * {@code --by-duration}: a positive ISO 8601 duration in days, hours, minutes and seconds
     * ({@code P1D}, {@code PT6H}, {@code P1DT12H}).
     *
     * @throws IllegalArgumentException it is not one, or not positive
     */
    public static Target backBy(String text) {
        Duration duration;
        try {
            duration = Duration.parse(text);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("'" + text + "' is not an ISO 8601 duration in days, hours, minutes and seconds"
                    + " (P1D, PT6H, P1DT12H)");
        }
        if (duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException("the duration " + text + " is not positive: a rewind moves bookmarks back by it");
        }
        return new BackBy(duration, text);
    }

    /**
     * {@code --shift-by}: a negative number, moving numeric bookmarks back by its size.
     *
     * @throws IllegalArgumentException it is zero or positive: a rewind never moves a bookmark forward
     */
    public static Target shiftBy(long by) {
        if (by >= 0) {
            throw new IllegalArgumentException("--shift-by takes a negative number (" + by + " given): a rewind never moves a"
                    + " bookmark forward");
        }
        return new ShiftBy(by);
    }

    /**
     * What the rewind does to each bookmark of an effective state, in stored order, then a step
     * for each stream asked for that the state does not hold. Streams with no bookmark value (a
     * full sync) have nothing to move back and get no step.
     */
    public List<Step> plan(JsonNode effective) {
        List<Step> steps = new ArrayList<>();
        Set<String> missing = new LinkedHashSet<>(streams);
        for (Bookmark bookmark : Bookmarks.of(effective)) {
            if (!streams.isEmpty() && !streams.contains(bookmark.stream())) {
                continue;
            }
            missing.remove(bookmark.stream());
            JsonNode value = bookmark.replicationValue();
            if (value == null || value.isNull()) {
                continue;
            }
            JsonNode holder = effective.at(bookmark.pointer());
            if (holder.isObject() && !holder.has("replication_key_value")) {
                steps.add(leftAlone(bookmark, "its position is kept in "
                        + (bookmark.replicationKey() == null ? "keys of the tap's own" : "'" + bookmark.replicationKey() + "'")
                        + ", not in replication_key_value"));
                continue;
            }
            steps.add(step(bookmark, value));
        }
        for (String stream : missing) {
            steps.add(new Step(stream, null, Kind.ABSENT, null, null, false, "not in this state"));
        }
        return steps;
    }

    /**
     * The document with its bookmarks moved back as {@link #plan} says for its effective state,
     * changed where they are stored (see {@link BookmarkEdits#rewound}); the document itself where
     * nothing moves.
     *
     * @throws StateError Meltano cannot read the state, so what a change does is unknowable
     */
    public StateDocument apply(StateDocument document) throws StateError {
        StateDocument rewound = document;
        for (Step step : plan(document.effective())) {
            if (step.rewinds()) {
                rewound = BookmarkEdits.rewound(rewound, step.stream(), step.context(), step.to());
            }
        }
        return rewound;
    }

    private Step step(Bookmark bookmark, JsonNode value) {
        boolean markers = bookmark.inProgress() != null;
        boolean timestamp = value.isTextual() && IsoDateTime.parses(value.textValue());
        if (target instanceof ShiftBy shift) {
            if (!value.isNumber()) {
                return leftAlone(bookmark, shown(value) + (timestamp ? " is a timestamp, not a number" : " is not a number"));
            }
            JsonNode to = value.isIntegralNumber() ? integer(value.bigIntegerValue().add(BigInteger.valueOf(shift.by())))
                    : JsonNodeFactory.instance.numberNode(value.doubleValue() + shift.by());
            return new Step(bookmark.stream(), bookmark.context(), Kind.REWOUND, value, to, markers, null);
        }
        if (!timestamp) {
            return leftAlone(bookmark, shown(value) + (value.isNumber() ? " is a number, not a timestamp" : " is not a timestamp"));
        }
        Instant at = IsoDateTime.instant(value.textValue());
        Instant to;
        if (target instanceof ToMoment moment) {
            if (!at.isAfter(moment.moment())) {
                return new Step(bookmark.stream(), bookmark.context(), Kind.ALREADY_BEFORE, value, null, false,
                        "already at or before " + moment.given());
            }
            to = moment.moment();
        } else {
            to = at.minus(((BackBy) target).duration());
        }
        String text = IsoDateTime.inFormOf(value.textValue(), to);
        if (text == null) {
            return leftAlone(bookmark, "moved back, it would fall before the year 0000");
        }
        return new Step(bookmark.stream(), bookmark.context(), Kind.REWOUND, value, TextNode.valueOf(text), markers, null);
    }

    private static Step leftAlone(Bookmark bookmark, String why) {
        return new Step(bookmark.stream(), bookmark.context(), Kind.LEFT_ALONE, bookmark.replicationValue(), null, false, why);
    }

    /** An int stays an int: the smallest node that holds it. */
    private static JsonNode integer(BigInteger value) {
        return value.bitLength() < 64 ? JsonNodeFactory.instance.numberNode(value.longValue())
                : JsonNodeFactory.instance.numberNode(value);
    }

    /** A value in a sentence: text in single quotes, as the user typed it; anything else as JSON. */
    private static String shown(JsonNode value) {
        return value.isTextual() ? "'" + value.textValue() + "'" : PythonJson.write(value, PythonJson.Style.COMPACT);
    }
}
