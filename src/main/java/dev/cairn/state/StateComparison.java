package dev.cairn.state;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * How one state stands against another — the same ID in two backends or environments, "here" and
 * "there": stored alike, resuming alike, different (with what differs, in streams, and which side
 * each changed bookmark is ahead on), or unreadable on a side. The diff runs from there to here:
 * a stream "added" is one only here has.
 *
 * @param verdict what the two states are to each other
 * @param summary the streams that differ between the effective states; for {@link Verdict#DIFFERENT} only
 * @param leads the bookmarks both sides have with different values, stream (and partition) by stream
 * @param newestHere the latest date-time bookmark of here's effective state, as stored; {@code null} if none
 * @param newestThere the same for there
 * @param hereProblem why Meltano cannot read here's state; {@code null} when it can
 * @param thereProblem the same for there
 */
public record StateComparison(Verdict verdict, DiffSummary summary, List<Lead> leads, String newestHere,
                              String newestThere, String hereProblem, String thereProblem) {

    public enum Verdict {
        /** The stored documents are equal as JSON. */
        SAME,
        /** The stored documents differ, but the tap would resume from the same effective state. */
        SAME_EFFECTIVE,
        /** The effective states differ. */
        DIFFERENT,
        /** A side's state is one Meltano fails to read (corrupt, NULL, or not mergeable). */
        UNREADABLE
    }

    /** Which side's bookmark is further along. */
    public enum Ahead {
        HERE, THERE,
        /** Different text for the same point (a date-time with another offset). */
        EVEN,
        /** Values of kinds that do not order (text that is no date-time, objects). */
        UNKNOWN
    }

    /**
     * A bookmark both sides keep with different values.
     *
     * @param partition the SDK partition's context as a user reads it, {@code ""} for a whole stream
     * @param here the bookmark here; {@code null} where here resumes the stream from scratch
     */
    public record Lead(String stream, String partition, JsonNode here, JsonNode there, Ahead ahead) {}

    public StateComparison {
        leads = List.copyOf(leads);
    }

    private static final StateComparison SAME_STORED = new StateComparison(Verdict.SAME, null, List.of(), null, null, null, null);

    /** Two states stored alike, as equal {@link StoredDigest}s show without looking further. */
    public static StateComparison same() {
        return SAME_STORED;
    }

    /**
     * Whether both documents' parts are held as equal stored text (the system database's columns)
     * or are both NULL: {@link #of} says {@link Verdict#SAME} for them without building a tree. The
     * test a caller makes before handing the rest of the work to another thread.
     */
    public static boolean sameStoredText(StateDocument here, StateDocument there) {
        return sameText(here.completed(), there.completed()) && sameText(here.partial(), there.partial());
    }

    private static boolean sameText(StatePart a, StatePart b) {
        String textA = a.unparsedText();
        return a == b || textA != null && textA.equals(b.unparsedText());
    }

    public static StateComparison of(StateDocument here, StateDocument there) {
        if (sameStored(here.completed(), there.completed()) && sameStored(here.partial(), there.partial())) {
            return SAME_STORED;
        }
        if (here.partial() != there.partial() && sameText(here.partial(), there.partial())) {
            there.partial().shareTreeOf(here.partial());
        }
        JsonNode hereEffective = null;
        JsonNode thereEffective = null;
        String hereProblem = null;
        String thereProblem = null;
        try {
            hereEffective = here.effective();
        } catch (StateError e) {
            hereProblem = e.getMessage();
        }
        try {
            thereEffective = there.effective();
        } catch (StateError e) {
            thereProblem = e.getMessage();
        }
        if (hereProblem != null || thereProblem != null) {
            return new StateComparison(Verdict.UNREADABLE, null, List.of(), null, null, hereProblem, thereProblem);
        }
        if (JsonEquality.same(hereEffective, thereEffective)) {
            return new StateComparison(Verdict.SAME_EFFECTIVE, null, List.of(), null, null, null, null);
        }
        DiffSummary summary = DiffSummary.of(thereEffective, hereEffective, JsonDiff.diff(thereEffective, hereEffective));
        Set<String> alike = alikeStreams(hereEffective, thereEffective);
        Predicate<String> differing = stream -> !alike.contains(stream);
        return new StateComparison(Verdict.DIFFERENT, summary,
                leads(Bookmarks.of(hereEffective, differing), Bookmarks.of(thereEffective, differing)),
                newest(hereEffective), newest(thereEffective), null, null);
    }

    /**
     * What differs, in a sentence: "2 streams changed, 1 added; newest bookmark here
     * 2024-06-01T06:00:00Z, there none". For {@link Verdict#DIFFERENT} only.
     */
    public String sentence() {
        String sentence = summary.sentence();
        if (newestHere != null || newestThere != null) {
            sentence += "; newest bookmark here " + orNone(newestHere) + ", there " + orNone(newestThere);
        }
        return sentence;
    }

    private static String orNone(String value) {
        return value == null ? "none" : value;
    }

    /**
     * How far here's newest date-time bookmark is ahead of there's (negative: behind), or {@code null}
     * where a side has none: how much a tap resuming from the side behind would sync again.
     */
    public Duration newestLead() {
        Instant here = newestHere == null ? null : IsoDateTime.instant(newestHere);
        Instant there = newestThere == null ? null : IsoDateTime.instant(newestThere);
        return here == null || there == null ? null : Duration.between(there, here);
    }

    /**
     * Stored text first: two parts still held as equal text (the system database's columns) need no
     * tree. Else both are parsed before anything else is asked: whether a part is corrupt would
     * otherwise take a pass of its own over text about to be parsed anyway.
     */
    private static boolean sameStored(StatePart a, StatePart b) {
        if (sameText(a, b)) {
            return true;
        }
        JsonNode valueA = a.value();
        JsonNode valueB = b.value();
        if (a.isCorrupt() || b.isCorrupt()) {
            return a.isCorrupt() && b.isCorrupt() && a.rawText().equals(b.rawText());
        }
        return JsonEquality.same(valueA, valueB);
    }

    /**
     * The bookmarks both sides keep with different values, of rows outside the streams stored alike:
     * most streams of two states that differ are, and making their rows and keying each of their
     * partitions by its context's text cost more than telling the streams alike.
     */
    private static List<Lead> leads(List<Bookmark> hereRows, List<Bookmark> thereRows) {
        Map<String, Bookmark> there = new HashMap<>();
        for (Bookmark row : thereRows) {
            there.put(key(row), row);
        }
        List<Lead> leads = new ArrayList<>();
        for (Bookmark row : hereRows) {
            Bookmark other = there.get(key(row));
            if (other != null && !JsonEquality.same(row.replicationValue(), other.replicationValue())) {
                leads.add(new Lead(row.stream(), row.contextLabel(), row.replicationValue(), other.replicationValue(),
                        ahead(row.replicationValue(), other.replicationValue())));
            }
        }
        return leads;
    }

    /** The streams whose bookmark entries are equal JSON on both sides. */
    private static Set<String> alikeStreams(JsonNode hereEffective, JsonNode thereEffective) {
        SingerState here = SingerState.in(hereEffective);
        SingerState there = SingerState.in(thereEffective);
        JsonNode hereStreams = here == null ? null : here.bookmarks();
        JsonNode thereStreams = there == null ? null : there.bookmarks();
        if (hereStreams == null || thereStreams == null) {
            return Set.of();
        }
        Set<String> alike = new HashSet<>();
        for (Map.Entry<String, JsonNode> stream : hereStreams.properties()) {
            JsonNode other = thereStreams.get(stream.getKey());
            if (other != null && JsonEquality.same(stream.getValue(), other)) {
                alike.add(stream.getKey());
            }
        }
        return alike;
    }

    private static String key(Bookmark row) {
        return row.stream() + '\u0000' + (row.context() == null ? "" : PythonJson.dumps(row.context()));
    }

    /** Which of two different bookmark values is further along; a missing one is behind any. */
    static Ahead ahead(JsonNode here, JsonNode there) {
        boolean hasHere = here != null && !here.isNull();
        boolean hasThere = there != null && !there.isNull();
        if (!hasHere || !hasThere) {
            return hasHere ? Ahead.HERE : hasThere ? Ahead.THERE : Ahead.EVEN;
        }
        int order;
        if (here.isNumber() && there.isNumber()) {
            try {
                order = new BigDecimal(here.asText()).compareTo(new BigDecimal(there.asText()));
            } catch (NumberFormatException e) { // NaN, Infinity
                return Ahead.UNKNOWN;
            }
        } else {
            Instant a = here.isTextual() ? IsoDateTime.instant(here.textValue()) : null;
            Instant b = there.isTextual() ? IsoDateTime.instant(there.textValue()) : null;
            if (a == null || b == null) {
                return Ahead.UNKNOWN;
            }
            order = a.compareTo(b);
        }
        return order > 0 ? Ahead.HERE : order < 0 ? Ahead.THERE : Ahead.EVEN;
    }

    /** The latest date-time bookmark of an effective state, as stored; the first of equal ones. */
    private static String newest(JsonNode effective) {
        Newest newest = new Newest();
        Bookmarks.replicationValues(effective, newest);
        return newest.text;
    }

    private static final class Newest implements Consumer<JsonNode> {
        private String text;
        private Instant at;

        @Override
        public void accept(JsonNode value) {
            Instant instant = value != null && value.isTextual() ? IsoDateTime.instant(value.textValue()) : null;
            if (instant != null && (at == null || instant.isAfter(at))) {
                at = instant;
                text = value.textValue();
            }
        }
    }
}
