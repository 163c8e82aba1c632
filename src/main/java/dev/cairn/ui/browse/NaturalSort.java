package dev.cairn.ui.browse;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.RecursiveAction;
import java.util.stream.IntStream;

/**
 * Puts listed entries in {@link IdOrder#NATURAL_ORDER} by a multikey quicksort (Bentley and
 * Sedgewick) of their {@link IdOrder#naturalKeyChars natural keys}. IDs share long prefixes
 * ({@code prod:tap-github-to-target-postgres:tenant-}), which each of a comparison sort's
 * ~1.7 million comparisons for 100,000 IDs walks again; this sort partitions on one key character
 * at a time and never looks at a settled prefix twice. The backends list in no useful order (a
 * system DB in its table's, an object store in code-point order, where every digit run is out of
 * natural order), so nothing is gained by assuming a nearly sorted input. Keys are built and
 * large partitions sorted on every core.
 */
final class NaturalSort {

    /** Below this many entries a partition is finished by insertion. */
    private static final int INSERTION = 12;
    /** Partitions at least this big are handed to other threads. */
    private static final int FORK = 8_192;

    private NaturalSort() {}

    /** The indices of the entries in their natural order. */
    static int[] order(List<StateIdEntry> entries) {
        int n = entries.size();
        char[][] keys = new char[n][];
        String[] ids = new String[n];
        int[] order = new int[n];
        // building the keys costs about as much as sorting them: both on every core, but for a
        // first screen's thousand, which other threads would only delay
        IntStream each = IntStream.range(0, n);
        (n >= FORK ? each.parallel() : each).forEach(i -> {
            ids[i] = entries.get(i).stateId();
            keys[i] = IdOrder.naturalKeyChars(ids[i]);
            order[i] = i;
        });
        // on this thread, the common pool's workers taking over big partitions
        new Part(keys, ids, order, 0, n, 0).invoke();
        return order;
    }

    /** Sorts {@code [lo, hi)}, whose keys agree in their first {@code depth} characters. */
    private static final class Part extends RecursiveAction {
        private final char[][] keys;
        /** The IDs, for keys that tie. */
        private final String[] ids;
        private final int[] order;
        private final int lo;
        private final int hi;
        private final int depth;
        /** Partitions this one handed to other threads, joined before it is done. */
        private final List<Part> forked = new ArrayList<>();

        Part(char[][] keys, String[] ids, int[] order, int lo, int hi, int depth) {
            this.keys = keys;
            this.ids = ids;
            this.order = order;
            this.lo = lo;
            this.hi = hi;
            this.depth = depth;
        }

        @Override
        protected void compute() {
            sort(lo, hi, depth);
            forked.forEach(Part::join);
        }

        private void sort(int lo, int hi, int depth) {
            while (hi - lo > INSERTION) {
                int pivot = medianOf3(at(lo, depth), at(lo + (hi - lo) / 2, depth), at(hi - 1, depth));
                int lt = lo;
                int gt = hi - 1;
                int i = lo;
                while (i <= gt) {
                    int c = at(i, depth);
                    if (c < pivot) {
                        swap(lt++, i++);
                    } else if (c > pivot) {
                        swap(i, gt--);
                    } else {
                        i++;
                    }
                }
                // [lo, lt) below the pivot character, [lt, gt] at it, (gt, hi) above
                // the IDs' shared prefixes make the middle part the big one, character after character:
                // big outer parts go to other threads while this one goes on with it
                sortOrFork(lo, lt, depth);
                sortOrFork(gt + 1, hi, depth);
                if (pivot < 0) { // keys that ended here are equal: IDs equal but for case or leading zeros
                    insertion(lt, gt + 1, depth);
                    return;
                }
                lo = lt;
                hi = gt + 1;
                depth++;
            }
            insertion(lo, hi, depth);
        }

        private void sortOrFork(int lo, int hi, int depth) {
            if (hi - lo >= FORK) {
                Part part = new Part(keys, ids, order, lo, hi, depth);
                part.fork();
                forked.add(part);
            } else {
                sort(lo, hi, depth);
            }
        }

        private void insertion(int lo, int hi, int depth) {
            for (int i = lo + 1; i < hi; i++) {
                for (int j = i; j > lo && compare(j, j - 1, depth) < 0; j--) {
                    swap(j, j - 1);
                }
            }
        }

        private int compare(int a, int b, int depth) {
            char[] x = keys[a];
            char[] y = keys[b];
            int byKey = Arrays.compare(x, Math.min(depth, x.length), x.length, y, Math.min(depth, y.length), y.length);
            return byKey != 0 ? byKey : ids[a].compareTo(ids[b]);
        }

        /** The key's character at {@code depth}, or -1 past its end (a key sorts before its extensions). */
        private int at(int i, int depth) {
            char[] key = keys[i];
            return depth < key.length ? key[depth] : -1;
        }

        private void swap(int a, int b) {
            char[] key = keys[a];
            keys[a] = keys[b];
            keys[b] = key;
            String id = ids[a];
            ids[a] = ids[b];
            ids[b] = id;
            int index = order[a];
            order[a] = order[b];
            order[b] = index;
        }

        private static int medianOf3(int a, int b, int c) {
            return Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
        }
    }
}
