package dev.cairn.state;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Replays the changes an edit made to a document (read → mine, as {@link JsonDiff} finds them) onto
 * what another writer stored since (read → theirs), so that an edit made on an old read does not put
 * back what the other writer changed. A change is placed by where it sits: object keys, array
 * indexes, and SDK partitions by their {@code context}, as the diff pairs them, not by their index.
 *
 * <p>Where both sides changed the same value, or one changed something inside what the other
 * changed, the replay does not choose: that place is an {@link Overlap}, and the caller picks whose
 * value stays there. Places both sides changed to the same value are no overlap.
 */
public final class JsonReplay {

    /** Whose value stays at an overlap. */
    public enum Pick { THEIRS, MINE }

    /**
     * A place both sides changed, differently: its pointer (as in the document where the change was
     * found) and the values there as read, as the other writer left it and as edited; {@code null}
     * where there is no value.
     */
    public record Overlap(String pointer, JsonNode read, JsonNode theirs, JsonNode mine) {}

    private final JsonNode mine;
    private final JsonNode theirs;
    private final List<Located> myChanges;
    private final PlaceTrie contested = new PlaceTrie();
    private final List<Overlap> overlaps = new ArrayList<>();
    private final List<Place> overlapPlaces = new ArrayList<>();

    private JsonReplay(JsonNode read, JsonNode theirs, JsonNode mine) {
        this.mine = mine;
        this.theirs = theirs;
        this.myChanges = locate(JsonDiff.diff(read, mine), read, mine);
        PlaceTrie theirPlaces = new PlaceTrie();
        locate(JsonDiff.diff(read, theirs), read, theirs).forEach(c -> theirPlaces.add(c.place));
        List<Place> found = new ArrayList<>();
        for (Located change : myChanges) {
            Place above = theirPlaces.covering(change.place.steps);
            if (above != null) {
                found.add(above);
            } else if (theirPlaces.reaches(change.place.steps)) {
                found.add(change.place);
            }
        }
        // Outermost first, so a place inside one already contested adds nothing.
        found.sort(Comparator.comparingInt(p -> p.steps.size()));
        for (Place place : found) {
            if (contested.covering(place.steps) != null) {
                continue;
            }
            contested.add(place);
            JsonNode theirValue = at(theirs, place.steps);
            JsonNode myValue = at(mine, place.steps);
            if (!sameOrBothAbsent(theirValue, myValue)) {
                overlaps.add(new Overlap(place.pointer, at(read, place.steps), theirValue, myValue));
                overlapPlaces.add(place);
            }
        }
    }

    /** The places where {@code theirs} and {@code mine} changed what {@code read} held, differently. */
    public static List<Overlap> overlaps(JsonNode read, JsonNode theirs, JsonNode mine) {
        return Collections.unmodifiableList(new JsonReplay(read, theirs, mine).overlaps);
    }

    /**
     * The changes {@code mine} made to {@code read}, applied onto a copy of {@code theirs}; at each
     * overlap, {@code picks} (by the overlap's pointer) says whose value stays. {@code null} stands
     * for no document on any side.
     *
     * @throws IllegalArgumentException when an overlap has no pick, or a change has no place to go in
     *     {@code theirs} (a list that is a partition list on one side and not on the other)
     */
    public static JsonNode replay(JsonNode read, JsonNode theirs, JsonNode mine, Map<String, Pick> picks) {
        return new JsonReplay(read, theirs, mine).apply(picks);
    }

    /**
     * {@link #overlaps(JsonNode, JsonNode, JsonNode)} of both stored parts at once (pointers start
     * with {@code /completed} or {@code /partial}; a corrupt part counts as its raw text).
     */
    public static List<Overlap> overlaps(StateDocument read, StateDocument theirs, StateDocument mine) {
        return overlaps(read.storedJson(), theirs.storedJson(), mine.storedJson());
    }

    /**
     * {@link #replay(JsonNode, JsonNode, JsonNode, Map)} of both stored parts at once. A part that
     * ends up as one side left it is that side's part as stored (a corrupt or NULL part stays so).
     */
    public static StateDocument replay(StateDocument read, StateDocument theirs, StateDocument mine, Map<String, Pick> picks) {
        JsonNode result = replay(read.storedJson(), theirs.storedJson(), mine.storedJson(), picks);
        return new StateDocument(part(result.get("completed"), mine.completed(), theirs.completed()),
                part(result.get("partial"), mine.partial(), theirs.partial()));
    }

    private static StatePart part(JsonNode replayed, StatePart mine, StatePart theirs) {
        for (StatePart side : new StatePart[] {mine, theirs}) {
            if (JsonEquality.same(StateDocument.storedJson(side), replayed)) {
                return side;
            }
        }
        return StatePart.of(replayed);
    }

    private JsonNode apply(Map<String, Pick> picks) {
        JsonNode result = theirs == null ? null : theirs.deepCopy();
        // Removals from the end backwards and additions in order, so list indexes stay right.
        List<Located> removals = new ArrayList<>();
        List<Located> additions = new ArrayList<>();
        for (Located change : myChanges) {
            if (contested.covering(change.place.steps) != null) {
                continue;
            }
            switch (change.change.kind()) {
                case REMOVED -> removals.add(change);
                case ADDED -> additions.add(change);
                default -> result = put(result, change.place, change.change.after(), false);
            }
        }
        Collections.reverse(removals);
        for (Located change : removals) {
            result = put(result, change.place, null, false);
        }
        for (Located change : additions) {
            result = put(result, change.place, change.change.after(), true);
        }
        for (int i = 0; i < overlaps.size(); i++) {
            Pick pick = picks.get(overlaps.get(i).pointer());
            if (pick == null) {
                throw new IllegalArgumentException("both changed " + overlaps.get(i).pointer() + ": pick whose value stays");
            }
            if (pick == Pick.MINE) {
                result = put(result, overlapPlaces.get(i), overlaps.get(i).mine(), false);
            }
        }
        return result;
    }

    private static boolean sameOrBothAbsent(JsonNode a, JsonNode b) {
        return a == null || b == null ? a == b : JsonEquality.same(a, b);
    }

    /**
     * Stores {@code value} at {@code place} in {@code root} ({@code null} removes what is there) and
     * returns the root, which is replaced when the place is the root itself. {@code insert} puts a
     * list item in before the one at its index instead of replacing it.
     */
    private static JsonNode put(JsonNode root, Place place, JsonNode value, boolean insert) {
        List<Step> steps = place.steps;
        JsonNode copy = value == null ? null : value.deepCopy();
        if (steps.isEmpty()) {
            return copy;
        }
        JsonNode parent = at(root, steps.subList(0, steps.size() - 1));
        Step last = steps.get(steps.size() - 1);
        if (last.key != null && parent instanceof ObjectNode object) {
            if (copy == null) {
                object.remove(last.key);
            } else {
                object.set(last.key, copy);
            }
            return root;
        }
        if (last.key == null && parent instanceof ArrayNode array) {
            int index = last.context == null ? last.index : indexOf(array, last.context);
            if (index < 0 || index >= array.size()) {
                if (copy != null) {
                    array.add(copy);
                }
            } else if (copy == null) {
                array.remove(index);
            } else if (insert && last.context == null) {
                array.insert(index, copy);
            } else {
                array.set(index, copy);
            }
            return root;
        }
        throw new IllegalArgumentException("the change at " + place.pointer + " has no place in the stored state any more");
    }

    private static int indexOf(JsonNode array, JsonNode context) {
        for (int i = 0; i < array.size(); i++) {
            if (JsonEquality.same(context, array.get(i).get("context"))) {
                return i;
            }
        }
        return -1;
    }

    /** The value at {@code steps} in {@code root}, or {@code null} where there is none. */
    private static JsonNode at(JsonNode root, List<Step> steps) {
        JsonNode node = root;
        for (Step step : steps) {
            if (node == null) {
                return null;
            }
            if (step.key != null) {
                node = node.isObject() ? node.get(step.key) : null;
            } else if (!node.isArray()) {
                return null;
            } else if (step.context == null) {
                node = node.get(step.index);
            } else {
                int i = indexOf(node, step.context);
                node = i < 0 ? null : node.get(i);
            }
        }
        return node;
    }

    private static List<Located> locate(List<Change> changes, JsonNode before, JsonNode after) {
        List<Located> out = new ArrayList<>(changes.size());
        for (Change change : changes) {
            Place place = switch (change.kind()) {
                case ADDED -> place(after, change.pointer());
                case REMOVED -> place(before, change.pointer());
                case CHANGED -> new Place(place(before, change.beforePointer()).steps, change.pointer());
            };
            out.add(new Located(change, place));
        }
        return out;
    }

    /** The steps to {@code pointer} in {@code document}, an item of an SDK partition list named by its context. */
    private static Place place(JsonNode document, String pointer) {
        List<Step> steps = new ArrayList<>();
        JsonNode node = document;
        String key = null;
        for (String token : pointer.isEmpty() ? new String[0] : pointer.substring(1).split("/", -1)) {
            if (node != null && node.isArray()) {
                int index = Integer.parseInt(token);
                JsonNode item = node.get(index);
                boolean partition = "partitions".equals(key) && item != null && JsonDiff.isPartitionList(node);
                steps.add(partition ? new Step(null, -1, item.get("context")) : new Step(null, index, null));
                node = item;
                key = null;
            } else {
                key = JsonPointers.unescape(token);
                steps.add(new Step(key, -1, null));
                node = node == null ? null : node.get(key);
            }
        }
        return new Place(List.copyOf(steps), pointer);
    }

    private record Located(Change change, Place place) {}

    private record Place(List<Step> steps, String pointer) {}

    /**
     * One step down a document: an object key, a list index, or (for SDK partitions) the item with
     * this context. Equal as JSON values compare, so contexts can key a map.
     */
    private record Step(String key, int index, JsonNode context) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Step s && index == s.index && Objects.equals(key, s.key)
                    && (context == null ? s.context == null : s.context != null && JsonEquality.same(context, s.context));
        }

        @Override
        public int hashCode() {
            return 31 * (31 * Objects.hashCode(key) + index) + (context == null ? 0 : JsonEquality.hash(context));
        }
    }

    /** Places by their steps, to find in one walk the place on a path or a place below it. */
    private static final class PlaceTrie {
        private final Map<Step, PlaceTrie> children = new HashMap<>();
        private Place place;

        void add(Place p) {
            PlaceTrie node = this;
            for (Step step : p.steps) {
                node = node.children.computeIfAbsent(step, s -> new PlaceTrie());
            }
            if (node.place == null) {
                node.place = p;
            }
        }

        /** The outermost place at {@code steps} or above it, or null. */
        Place covering(List<Step> steps) {
            PlaceTrie node = this;
            for (Step step : steps) {
                if (node.place != null) {
                    return node.place;
                }
                node = node.children.get(step);
                if (node == null) {
                    return null;
                }
            }
            return node.place;
        }

        /** A place is at {@code steps} or below it. */
        boolean reaches(List<Step> steps) {
            PlaceTrie node = this;
            for (Step step : steps) {
                node = node.children.get(step);
                if (node == null) {
                    return false;
                }
            }
            return true;
        }
    }
}
