package dev.cairn.ui.browse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cairn.backend.ListedState;
import dev.cairn.state.Glob;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class IdFilterTest {

    /** The fast paths must agree with Meltano's pattern semantics as {@link Glob} implements them. */
    @Test
    void patternsMatchExactlyLikeGlob() {
        Random random = new Random(7);
        String alphabet = "ab:/-*?[]!";
        String ids = "ab:/-";
        for (int i = 0; i < 20_000; i++) {
            String pattern = randomText(random, alphabet, 1 + random.nextInt(7));
            if (!Glob.hasMagic(pattern)) {
                continue;
            }
            Glob glob = Glob.compile(pattern);
            IdFilter filter = IdFilter.of(pattern);
            for (int j = 0; j < 20; j++) {
                String id = randomText(random, ids, random.nextInt(9));
                if (id.isBlank() || !id.equals(id.strip())) {
                    continue;
                }
                assertEquals(glob.matches(id), filter.matches(new StateIdEntry(ListedState.visible(id))),
                        "pattern " + pattern + " on " + id);
            }
        }
    }

    @Test
    void plainTextIsACaseInsensitiveSubstring() {
        IdFilter filter = IdFilter.of("GitHub");
        assertEquals(true, filter.matches(new StateIdEntry(ListedState.visible("prod:tap-github-to-target-postgres"))));
        assertEquals(false, filter.matches(new StateIdEntry(ListedState.visible("prod:tap-gitlab-to-target-postgres"))));
    }

    private static String randomText(Random random, String alphabet, int length) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < length; i++) {
            out.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return out.toString();
    }
}
