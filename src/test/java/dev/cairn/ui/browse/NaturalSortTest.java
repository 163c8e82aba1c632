package dev.cairn.ui.browse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cairn.backend.ListedState;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class NaturalSortTest {

    private static List<String> sorted(List<String> ids) {
        List<StateIdEntry> entries = ids.stream().map(id -> new StateIdEntry(ListedState.visible(id))).collect(Collectors.toList());
        return Arrays.stream(NaturalSort.order(entries)).mapToObj(ids::get).collect(Collectors.toList());
    }

    @Test
    void ordersAsTheNaturalComparatorDoes() {
        // few letters, digit runs with leading zeros, case, punctuation around digits, a prefix of
        // another, a character past Latin-1 and one outside the BMP: every branch of the partition
        String alphabet = "aAbB0019-_:é\uD83D\uDE80";
        Random random = new Random(7);
        for (int size : new int[] {0, 1, 2, 11, 13, 200, 60_000}) { // insertion only, partitions, forked halves
            List<String> ids = new ArrayList<>();
            for (int i = 0; i < size; i++) {
                StringBuilder id = new StringBuilder();
                for (int n = random.nextInt(9); n > 0; n--) {
                    id.append(alphabet.charAt(random.nextInt(alphabet.length())));
                }
                ids.add(id.toString());
            }
            List<String> expected = new ArrayList<>(ids);
            expected.sort(IdOrder.NATURAL_ORDER);
            assertEquals(expected, sorted(ids), "size " + size);
        }
    }

    @Test
    void idsEqualButForCaseOrLeadingZerosKeepACodePointOrder() {
        List<String> ids = List.of("run09", "Run9", "run9", "RUN009", "run9", "a", "run10");
        assertEquals(List.of("a", "RUN009", "Run9", "run09", "run9", "run9", "run10"), sorted(ids));
    }
}
