package dev.cairn.state;

import java.time.DateTimeException;
import java.time.LocalDate;
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
                    + "(?:[Tt ](\\d{2}):(\\d{2})(?::(\\d{2})(?:[.,]\\d+)?)?"
                    + "(?:[Zz]|[+-](\\d{2})(?::?(\\d{2}))?)?)?");

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
                && within(m.group(7), 23) && within(m.group(8), 59);
    }

    /** An absent part is fine. */
    private static boolean within(String digits, int max) {
        return digits == null || Integer.parseInt(digits) <= max;
    }
}
