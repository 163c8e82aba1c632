package dev.cairn.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class RenameTest {

    @Test
    void eachStarOfFromMapsOntoTheStarOfTo() {
        assertEquals("prod:tap-x-to-target-y", Rename.parse("dev:*=prod:*").apply("dev:tap-x-to-target-y"));
        assertEquals("tap-x@prod:target-y", Rename.parse("dev:*-to-*=*@prod:*").apply("dev:tap-x-to-target-y"));
    }

    /** What a comparison narrows each side's reads to: every renamed ID starts with the renamed prefix. */
    @Test
    void prefixesOfBothSides() {
        Rename rename = Rename.parse("dev:*=prod:*");
        assertEquals("dev:", rename.sourcePrefix());
        assertEquals("prod:tap-", rename.renamedPrefix("dev:tap-"));
        assertEquals("prod:", rename.renamedPrefix("de"), "a prefix shorter than the source's text says no more than it");
        Rename twoStars = Rename.parse("dev:*-to-*=*@prod:*");
        assertEquals("", twoStars.renamedPrefix("dev:tap-x"), "where the first '*' ends is unknown: only the target's head");
        assertTrue(twoStars.apply("dev:tap-x-to-target-y").startsWith(twoStars.renamedPrefix("dev:tap-x")));
        assertEquals("tap-x", Rename.parse("dev:*=*@prod").renamedPrefix("dev:tap-x"));
    }

    /** {@code d:?=x} looked like a glob and then said each ID "does not match": the rule is said instead. */
    @Test
    void aFromWithoutAStarSaysTheRule() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Rename.parse("d:?=x"));
        assertTrue(e.getMessage().startsWith("'d:?' has no '*': a rename maps what each '*' of FROM matches"), e.getMessage());
    }
}
