package dev.cairn.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class IdSpellingTest {

    /** "café" with é as one code point, and as e + a combining acute accent. */
    private static final String NFC = "dev:caf\u00e9";
    private static final String NFD = "dev:cafe\u0301";

    @Test
    void anIdIsInNfcUnlessItsAccentsAreApartOrItHoldsACharacterNfcReplaces() {
        assertTrue(IdSpelling.isNfc("dev:tap-github-to-target-postgres"));
        assertTrue(IdSpelling.isNfc(NFC));
        assertTrue(IdSpelling.isNfc("prod:\u6771\u4eac-to-target"));
        assertFalse(IdSpelling.isNfc(NFD));
        assertFalse(IdSpelling.isNfc("dev:\u212a"), "the Kelvin sign, which NFC replaces by K");
    }

    @Test
    void twinsAreTheIdsWhoseNfcFormsAreEqual() {
        assertEquals(Map.of(NFC, List.of(NFD), NFD, List.of(NFC), "dev:K", List.of("dev:\u212a"), "dev:\u212a", List.of("dev:K")),
                IdSpelling.normalisationTwins(List.of("dev:a", NFC, "dev:K", NFD, "dev:\u212a")));
        assertEquals(Map.of(), IdSpelling.normalisationTwins(List.of("dev:a", NFD)), "not in NFC, but alone");
        assertEquals(Map.of(), IdSpelling.normalisationTwins(List.of("dev:a", NFC)));
    }

    @Test
    void escapedSpellsEveryCharacterOutsidePrintableAsciiSoThatTwoSpellingsReadApart() {
        assertEquals("dev:caf\\u00e9", IdSpelling.escaped(NFC));
        assertEquals("dev:cafe\\u0301", IdSpelling.escaped(NFD));
        assertEquals("a\\\\u0301 b\\u000a\\U0001f600", IdSpelling.escaped("a\\u0301 b\n\uD83D\uDE00"),
                "a backslash doubled, so that one typed in an ID is no escape; a control character; above U+FFFF");
    }
}
