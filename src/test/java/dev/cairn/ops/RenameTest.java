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

    /** {@code d:?=x} looked like a glob and then said each ID "does not match": the rule is said instead. */
    @Test
    void aFromWithoutAStarSaysTheRule() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Rename.parse("d:?=x"));
        assertTrue(e.getMessage().startsWith("'d:?' has no '*': a rename maps what each '*' of FROM matches"), e.getMessage());
    }
}
