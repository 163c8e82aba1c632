package dev.cairn.state;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cairn.state.JsonEquality.Kind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * The structural differences between two JSON values. Objects are compared key by key (reordering
 * keys changes nothing), arrays item by item — except Singer SDK {@code partitions} lists, whose
 * items are paired by their {@code context}, since the SDK finds a partition's bookmark by context
 * and a reordered list means nothing to it. A value whose type changed is one {@code CHANGED}, not
 * a change of everything inside it. Numbers compare as Python sees them: {@code 1} is not
 * {@code 1.0}, big integers exactly.
 *
 * <p>Changes come in document order of {@code before}; keys and items only in {@code after} follow
 * the others of their object or list.
 */
public final class JsonDiff {

    private JsonDiff() {}

    /** Either side may be {@code null}, which compares as JSON {@code null} (no document). */
    public static List<Change> diff(JsonNode before, JsonNode after) {
        Walk walk = new Walk();
        walk.compare(JsonEquality.orNull(before), JsonEquality.orNull(after), null);
        return Collections.unmodifiableList(walk.changes);
    }

    /** A Singer SDK {@code partitions} list: every item an object with a {@code context}. */
    static boolean isPartitionList(JsonNode array) {
        for (JsonNode item : array) {
            if (!item.isObject() || !item.has("context")) {
                return false;
            }
        }
        return true;
    }

    /**
     * Holds the path to the values being compared as tokens and spells out a pointer only for a
     * change: most values of a large state are unchanged, and building a string for each would
     * cost more than the comparison.
     */
    private static final class Walk {
        final List<Change> changes = new ArrayList<>();
        /** Object key per level, {@code null} where the level is an array index. */
        private String[] keys = new String[32];
        private int[] beforeIndex = new int[32];
        private int[] afterIndex = new int[32];
        private int depth;

        /** {@code key} is the object key the two values sit under, {@code null} for array items. */
        void compare(JsonNode before, JsonNode after, String key) {
            if (before == after) {
                return; // one subtree shared by both sides (a merge keeps what it does not change): nothing to walk
            }
            Kind kind = JsonEquality.kind(before);
            if (kind != JsonEquality.kind(after)) {
                changed(before, after);
            } else if (kind == Kind.OBJECT) {
                compareObjects(before, after);
            } else if (kind != Kind.ARRAY) {
                if (!JsonEquality.same(before, after)) {
                    changed(before, after);
                }
            } else if ("partitions".equals(key) && isPartitionList(before) && isPartitionList(after)) {
                comparePartitions(before, after);
            } else {
                compareItems(before, after);
            }
        }

        private void compareObjects(JsonNode before, JsonNode after) {
            int kept = 0;
            for (Map.Entry<String, JsonNode> field : before.properties()) {
                String key = field.getKey();
                JsonNode newValue = after.get(key);
                enterKey(key);
                if (newValue == null) {
                    removed(field.getValue());
                } else {
                    kept++;
                    compare(field.getValue(), newValue, key);
                }
                depth--;
            }
            if (kept == after.size()) {
                return;
            }
            for (Map.Entry<String, JsonNode> field : after.properties()) {
                if (!before.has(field.getKey())) {
                    enterKey(field.getKey());
                    added(field.getValue());
                    depth--;
                }
            }
        }

        private void compareItems(JsonNode before, JsonNode after) {
            int common = Math.min(before.size(), after.size());
            for (int i = 0; i < common; i++) {
                enterIndex(i, i);
                compare(before.get(i), after.get(i), null);
                depth--;
            }
            for (int i = common; i < before.size(); i++) {
                enterIndex(i, i);
                removed(before.get(i));
                depth--;
            }
            for (int i = common; i < after.size(); i++) {
                enterIndex(i, i);
                added(after.get(i));
                depth--;
            }
        }

        /**
         * Pairs items with equal contexts: with the item at the same index when that one matches and
         * is unpaired — the common case, which needs no index of contexts — else with the first
         * unpaired one.
         */
        private void comparePartitions(JsonNode before, JsonNode after) {
            boolean[] paired = new boolean[after.size()];
            ContextIndex index = null;
            for (int i = 0; i < before.size(); i++) {
                JsonNode item = before.get(i);
                JsonNode context = item.get("context");
                int j;
                if (i < after.size() && !paired[i] && JsonEquality.same(context, after.get(i).get("context"))) {
                    j = i;
                } else {
                    if (index == null) {
                        index = new ContextIndex(after);
                    }
                    j = index.firstUnpaired(context, paired);
                }
                if (j < 0) {
                    enterIndex(i, i);
                    removed(item);
                } else {
                    paired[j] = true;
                    enterIndex(i, j);
                    compare(item, after.get(j), null);
                }
                depth--;
            }
            for (int j = 0; j < after.size(); j++) {
                if (!paired[j]) {
                    enterIndex(j, j);
                    added(after.get(j));
                    depth--;
                }
            }
        }

        private void changed(JsonNode before, JsonNode after) {
            String pointer = pointer(afterIndex);
            String beforePointer = pointer(beforeIndex);
            changes.add(new Change(Change.Kind.CHANGED, pointer, before, after,
                    beforePointer.equals(pointer) ? pointer : beforePointer));
        }

        private void removed(JsonNode before) {
            changes.add(new Change(Change.Kind.REMOVED, pointer(beforeIndex), before, null));
        }

        private void added(JsonNode after) {
            changes.add(new Change(Change.Kind.ADDED, pointer(afterIndex), null, after));
        }

        private String pointer(int[] indexes) {
            StringBuilder pointer = new StringBuilder(16 * depth);
            for (int level = 0; level < depth; level++) {
                pointer.append('/');
                if (keys[level] == null) {
                    pointer.append(indexes[level]);
                } else {
                    pointer.append(JsonPointers.escape(keys[level]));
                }
            }
            return pointer.toString();
        }

        private void enterKey(String key) {
            grow();
            keys[depth] = key;
            depth++;
        }

        private void enterIndex(int before, int after) {
            grow();
            keys[depth] = null;
            beforeIndex[depth] = before;
            afterIndex[depth] = after;
            depth++;
        }

        private void grow() {
            if (depth == keys.length) {
                keys = Arrays.copyOf(keys, depth * 2);
                beforeIndex = Arrays.copyOf(beforeIndex, depth * 2);
                afterIndex = Arrays.copyOf(afterIndex, depth * 2);
            }
        }
    }

    /**
     * The items of a partition list by context, as chains of indexes in ascending order through
     * int arrays: a list can hold tens of thousands of partitions.
     */
    private static final class ContextIndex {
        private final JsonNode items;
        private final int[] first;
        private final int[] next;

        ContextIndex(JsonNode items) {
            this.items = items;
            int n = items.size();
            first = new int[Integer.highestOneBit(Math.max(1, n)) * 2];
            next = new int[n];
            Arrays.fill(first, -1);
            for (int j = n - 1; j >= 0; j--) {
                int bucket = bucket(items.get(j).get("context"));
                next[j] = first[bucket];
                first[bucket] = j;
            }
        }

        /** The first item not yet paired whose context equals {@code context}, or -1. */
        int firstUnpaired(JsonNode context, boolean[] paired) {
            for (int j = first[bucket(context)]; j >= 0; j = next[j]) {
                if (!paired[j] && JsonEquality.same(context, items.get(j).get("context"))) {
                    return j;
                }
            }
            return -1;
        }

        private int bucket(JsonNode context) {
            int h = JsonEquality.hash(context);
            return (h ^ (h >>> 16)) & (first.length - 1);
        }
    }
}
