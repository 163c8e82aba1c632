package dev.cairn.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The date-times taps write as bookmarks, read in one pass: what is one, its moment, and a moment written in its form. */
@Tag("unit")
class IsoDateTimeTest {

    @Test
    void theFormsTapsWriteAndNothingElse() {
        for (String text : List.of("2024-06-01", "2024-06-01T09:58", "2024-06-01t09:58:12", "2024-06-01 09:58:12.345678+00:00",
                "2022-09-19T07:58:00Z", "2024-06-01T09:58:00,5-0530", "2024-06-01T09:58+05", "2024-02-29T23:59:59+23:59")) {
            assertTrue(IsoDateTime.parses(text), text);
        }
        for (String text : List.of("", "2024-6-01", "2024-06-01Z", "2024-06-01T", "2024-06-01T9:58", "2024-06-01T09:58:1",
                "2024-06-01T09:58:00.", "2024-06-01T09:58.5", "2024-06-01T09:58:00+05:", "2024-06-01T09:58:00+053",
                "2024-06-01T24:00", "2024-06-01T09:60", "2024-06-01T09:58:60", "2023-02-29", "2024-06-01T09:58:00+24:00",
                "2024-06-01T09:58:00Zz", "２０２４-06-01")) {
            assertFalse(IsoDateTime.parses(text), text);
        }
    }

    @Test
    void theMomentWithItsOffsetAndNineFractionDigitsAtMost() {
        assertEquals(Instant.parse("2024-06-01T00:00:00Z"), IsoDateTime.instant("2024-06-01"));
        assertEquals(Instant.parse("2024-06-01T04:28:12.123456789Z"), IsoDateTime.instant("2024-06-01T09:58:12.1234567891+05:30"));
        assertEquals(Instant.parse("2024-06-01T15:28:00Z"), IsoDateTime.instant("2024-06-01 09:58-0530"));
        assertNull(IsoDateTime.instant("2024-06-01T09:58+23:00"), "an offset beyond ±18 h is a date-time without a moment here");
        assertNull(IsoDateTime.instant("yesterday"));
    }

    @Test
    void aMomentInTheFormOfAnother() {
        Instant moment = Instant.parse("2023-03-04T05:06:07.123456789Z");
        assertEquals("2023-03-04", IsoDateTime.inFormOf("2024-06-01", moment));
        assertEquals("2023-03-04 10:36:07,1234+05:30", IsoDateTime.inFormOf("2024-06-01 09:58:12,9876+05:30", moment));
        assertEquals("2023-03-04T05:06Z", IsoDateTime.inFormOf("2024-06-01T09:58Z", moment));
        assertNull(IsoDateTime.inFormOf("2024-06-01T09:58+23:00", moment));
    }
}
