package dev.cairn.state;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * What a diff of two states means in streams — the keys under the Singer state's
 * {@code bookmarks} — plus how many changes lie elsewhere (e.g. {@code currently_syncing}).
 *
 * @param hasBookmarks either state has Singer bookmarks at all
 * @param otherChanges changes outside the bookmarks
 */
public record DiffSummary(int streamsChanged, int streamsAdded, int streamsRemoved, int otherChanges, boolean hasBookmarks) {

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
        return new DiffSummary(changed, added, removed, other, oldStreams != null || newStreams != null);
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

    /** E.g. "3 streams changed, 1 added", "No stream changed; 1 other change", "No changes". */
    public String sentence() {
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
