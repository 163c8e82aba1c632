package dev.cairn.state;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether text is an ISO-8601 date or date-time as taps write bookmarks: {@code 2024-06-01},
 * {@code 2024-06-01T09:58:12.345678+00:00}, {@code 2022-09-19T07:58:00Z}, also with a space for the
 * {@code T} as Python's {@code isoformat(" ")} writes it.
 */
final class IsoDateTime {

    private static final Pattern FORM = Pattern.compile(
            "(\\d{4})-(\\d{2})-(\\d{2})"
                    + "(?:[Tt ](\\d{2}):(\\d{2})(?::(\\d{2})(?:[.,](\\d+))?)?"
                    + "(?:[Zz]|([+-])(\\d{2})(?::?(\\d{2}))?)?)?");

    private IsoDateTime() {}

    static boolean parses(String text) {
        Matcher m = FORM.matcher(text);
        if (!m.matches()) {
            return false;
        }
        try {
            LocalDate.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)));
        } catch (DateTimeException e) {
            return false;
        }
        return within(m.group(4), 23) && within(m.group(5), 59) && within(m.group(6), 59)
                && within(m.group(9), 23) && within(m.group(10), 59);
    }

    /**
     * The moment the text names, for telling which of two bookmarks is later; {@code null} where
     * {@link #parses} says no. A date alone is its midnight, and a time without an offset is taken
     * as UTC (taps write naive times in UTC, and both sides of a comparison come from one tap).
     */
    static Instant instant(String text) {
        if (!parses(text)) {
            return null;
        }
        Matcher m = FORM.matcher(text);
        m.matches();
        LocalDateTime local = LocalDate.of(number(m.group(1)), number(m.group(2)), number(m.group(3))).atStartOfDay();
        if (m.group(4) != null) {
            String fraction = m.group(7) == null ? "0" : (m.group(7) + "000000000").substring(0, 9);
            local = local.withHour(number(m.group(4))).withMinute(number(m.group(5)))
                    .withSecond(m.group(6) == null ? 0 : number(m.group(6))).withNano(Integer.parseInt(fraction));
        }
        int offsetSeconds = 0;
        if (m.group(8) != null) {
            int sign = m.group(8).equals("-") ? -1 : 1;
            offsetSeconds = sign * (number(m.group(9)) * 3600 + (m.group(10) == null ? 0 : number(m.group(10)) * 60));
        }
        return local.toInstant(ZoneOffset.ofTotalSeconds(offsetSeconds));
    }

    private static int number(String digits) {
        return Integer.parseInt(digits);
    }

    /** An absent part is fine. */
    private static boolean within(String digits, int max) {
        return digits == null || Integer.parseInt(digits) <= max;
    }
}
