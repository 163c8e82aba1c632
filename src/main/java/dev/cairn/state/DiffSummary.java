package dev.cairn.state;

import com.fasterxml.jackson.databind.JsonNode;
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
                    dropped += partitionsMissing(contexts(from.get(stream)), contexts(after));
                }
            }
        }
        return dropped;
    }

    /**
     * How many of {@code before} are not in {@code after}. Two checkpoints of a run usually keep the
     * same partitions in the same order: compared in step first, hashed only past the first difference
     * (a state of 100,000 partitions would otherwise hash every context of every point of a timeline).
     */
    private static int partitionsMissing(List<JsonNode> before, List<JsonNode> after) {
        int same = 0;
        while (same < before.size() && same < after.size() && before.get(same).equals(after.get(same))) {
            same++;
        }
        if (same == before.size()) {
            return 0;
        }
        Set<JsonNode> kept = new HashSet<>(after);
        int missing = 0;
        for (int i = same; i < before.size(); i++) {
            if (!kept.contains(before.get(i))) {
                missing++;
            }
        }
        return missing;
    }

    /** The {@code context} of each partition of a stream's bookmark; none for a stream without partitions. */
    private static List<JsonNode> contexts(JsonNode stream) {
        JsonNode partitions = stream != null && stream.isObject() ? stream.get("partitions") : null;
        List<JsonNode> contexts = new ArrayList<>();
        if (partitions != null && partitions.isArray()) {
            for (JsonNode partition : partitions) {
                JsonNode context = partition.isObject() ? partition.get("context") : null;
                if (context != null) {
                    contexts.add(context);
                }
            }
        }
        return contexts;
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
