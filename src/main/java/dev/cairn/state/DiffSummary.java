package dev.cairn.state;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What a diff of two states means in streams — the keys under the Singer state's
 * {@code bookmarks} — plus how many changes lie elsewhere (e.g. {@code currently_syncing}).
 *
 * @param hasBookmarks either state has Singer bookmarks at all
 * @param otherChanges changes outside the bookmarks
 * @param partitionsDropped SDK partition bookmarks of the first state (by {@code context}) that the
 *     second no longer has: those partitions sync from scratch, however few streams changed
 */
public record DiffSummary(int streamsChanged, int streamsAdded, int streamsRemoved, int otherChanges, boolean hasBookmarks,
                          int partitionsDropped) {

    /** Summarises {@code changes}, the {@link JsonDiff#diff} of {@code before} and {@code after}. */
    public static DiffSummary of(JsonNode before, JsonNode after, List<Change> changes) {
        SingerState oldState = SingerState.in(before);
        SingerState newState = SingerState.in(after);
        JsonNode oldStreams = oldState == null ? null : oldState.bookmarks();
        JsonNode newStreams = newState == null ? null : newState.bookmarks();
        int removed = streamsMissing(oldStreams, newStreams);
        int added = streamsMissing(newStreams, oldStreams);
        int changed = oldStreams == null || newStreams == null ? 0
                : changedStreams(oldState, newState, changes).size();
        int other = 0;
        for (Change change : changes) {
            if (!touchesBookmarks(change.pointer(), oldStreams == null ? null : oldState.bookmarksPointer())
                    && !touchesBookmarks(change.pointer(), newStreams == null ? null : newState.bookmarksPointer())) {
                other++;
            }
        }
        return new DiffSummary(changed, added, removed, other, oldStreams != null || newStreams != null,
                partitionsDropped(oldStreams, newStreams));
    }

    /** How many partitions of {@code from}'s streams {@code in} has no bookmark for (same stream, equal context). */
    private static int partitionsDropped(JsonNode from, JsonNode in) {
        int dropped = 0;
        if (from != null) {
            for (Iterator<String> it = from.fieldNames(); it.hasNext(); ) {
                String stream = it.next();
                JsonNode after = in == null ? null : in.get(stream);
                if (after != from.get(stream)) { // a merge shares the streams it leaves alone
                    dropped += partitionsMissing(from.get(stream), after);
                }
            }
        }
        return dropped;
    }

    /**
     * How many partition contexts of the stream bookmark {@code before} are not among those of
     * {@code after}. Two checkpoints of a run usually keep the same partitions in the same order:
     * compared in step first, where the contexts are, and hashed only past the first difference (a
     * state of 100,000 partitions would otherwise hash every context of every point of a timeline).
     */
    private static int partitionsMissing(JsonNode before, JsonNode after) {
        JsonNode were = partitions(before);
        JsonNode are = partitions(after);
        int b = withContext(were, 0);
        int a = withContext(are, 0);
        while (b < were.size() && a < are.size() && were.get(b).get("context").equals(are.get(a).get("context"))) {
            b = withContext(were, b + 1);
            a = withContext(are, a + 1);
        }
        if (b == were.size()) {
            return 0;
        }
        Set<JsonNode> kept = new HashSet<>();
        for (int i = withContext(are, 0); i < are.size(); i = withContext(are, i + 1)) {
            kept.add(are.get(i).get("context"));
        }
        int missing = 0;
        for (int i = b; i < were.size(); i = withContext(were, i + 1)) {
            if (!kept.contains(were.get(i).get("context"))) {
                missing++;
            }
        }
        return missing;
    }

    /** The {@code partitions} of a stream's bookmark, or a node of no items for a stream without them. */
    private static JsonNode partitions(JsonNode stream) {
        JsonNode partitions = stream != null && stream.isObject() ? stream.get("partitions") : null;
        return partitions != null && partitions.isArray() ? partitions : MissingNode.getInstance();
    }

    /** The place of the first partition at or after {@code from} that has a {@code context}, or the list's size. */
    private static int withContext(JsonNode partitions, int from) {
        int i = from;
        while (i < partitions.size() && !(partitions.get(i).isObject() && partitions.get(i).get("context") != null)) {
            i++;
        }
        return i;
    }

    /** How many streams of {@code from} are not in {@code in}; either may be {@code null} (no bookmarks). */
    private static int streamsMissing(JsonNode from, JsonNode in) {
        int missing = 0;
        if (from != null) {
            for (Iterator<String> it = from.fieldNames(); it.hasNext(); ) {
                String stream = it.next();
                if (in == null || !in.has(stream)) {
                    missing++;
                }
            }
        }
        return missing;
    }

    /**
     * The streams in both states that changed, read off the changes under the bookmarks. Where one
     * state keeps its bookmarks elsewhere (one bare, one under {@code singer_state}) the changes
     * do not go down to streams, so the bookmarks are compared on their own.
     */
    private static Set<String> changedStreams(SingerState oldState, SingerState newState, List<Change> changes) {
        String bookmarks = oldState.bookmarksPointer();
        if (!bookmarks.equals(newState.bookmarksPointer())) {
            changes = JsonDiff.diff(oldState.bookmarks(), newState.bookmarks());
            bookmarks = "";
        }
        Set<String> streams = new HashSet<>();
        for (Change change : changes) {
            String pointer = change.pointer();
            if (pointer.startsWith(bookmarks + "/")) {
                int start = bookmarks.length() + 1;
                int end = pointer.indexOf('/', start);
                String stream = JsonPointers.unescape(pointer.substring(start, end < 0 ? pointer.length() : end));
                if (oldState.bookmarks().has(stream) && newState.bookmarks().has(stream)) {
                    streams.add(stream);
                }
            }
        }
        return streams;
    }

    /**
     * A change at, inside or around the bookmarks (a whole new {@code singer_state}, say) is
     * accounted for by the stream counts.
     */
    private static boolean touchesBookmarks(String pointer, String bookmarks) {
        return bookmarks != null
                && (pointer.equals(bookmarks) || pointer.startsWith(bookmarks + "/") || bookmarks.startsWith(pointer + "/"));
    }

    /**
     * What a pipeline will feel that the stream counts hide, as a sentence, or null: "Those partitions
     * sync from scratch on the next run." after a {@link #sentence} that counts them.
     */
    public String consequence() {
        return partitionsDropped == 0 ? null
                : (partitionsDropped == 1 ? "That partition syncs" : "Those partitions sync") + " from scratch on the next run.";
    }

    /** The {@link #sentence}, a full stop and the {@link #consequence} if any: a summary to show on its own. */
    public String description() {
        String consequence = consequence();
        return consequence == null ? sentence() + "." : sentence() + ". " + consequence;
    }

    /**
     * E.g. "3 streams changed, 1 added", "No stream changed; 1 other change", "No changes",
     * "1 stream changed; 108,900 partition bookmarks dropped". No full stop: callers go on.
     */
    public String sentence() {
        return partitionsDropped == 0 ? counts() : counts() + "; " + dropped();
    }

    private String dropped() {
        return String.format(Locale.ROOT, "%,d partition bookmark%s dropped", partitionsDropped, partitionsDropped == 1 ? "" : "s");
    }

    private String counts() {
        List<String> streamParts = new ArrayList<>();
        addPart(streamParts, streamsChanged, "changed");
        addPart(streamParts, streamsAdded, "added");
        addPart(streamParts, streamsRemoved, "removed");
        if (streamParts.isEmpty() && otherChanges == 0) {
            return "No changes";
        }
        if (!hasBookmarks) {
            return count(otherChanges, "change");
        }
        String streams = streamParts.isEmpty() ? "No stream changed" : String.join(", ", streamParts);
        return otherChanges == 0 ? streams : streams + "; " + count(otherChanges, "other change");
    }

    /** The first part names the streams: "3 streams changed, 1 added". */
    private static void addPart(List<String> parts, int number, String verb) {
        if (number > 0) {
            parts.add(parts.isEmpty() ? count(number, "stream") + " " + verb : number + " " + verb);
        }
    }

    private static String count(int number, String noun) {
        return number + " " + noun + (number == 1 ? "" : "s");
    }
}
