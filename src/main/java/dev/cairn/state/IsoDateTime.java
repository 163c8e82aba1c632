package dev.cairn.state;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Locale;
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
        return local.toInstant(offset(m));
    }

    /**
     * The latest moment at or before {@code moment} written in the form of {@code text}: its
     * offset (and how it is spelled: {@code Z}, {@code +00:00}, {@code +0000}, or none), the letter
     * between date and time, whether it has seconds, and as many fractional digits; a date alone
     * stays a date. What the form cannot hold is cut off, so the result is never later than the
     * moment. Null where {@link #parses} says no, or the moment falls outside years 0000–9999.
     */
    static String inFormOf(String text, Instant moment) {
        if (!parses(text)) {
            return null;
        }
        Matcher m = FORM.matcher(text);
        m.matches();
        LocalDateTime local = LocalDateTime.ofInstant(moment, offset(m));
        if (local.getYear() < 0 || local.getYear() > 9999) {
            return null;
        }
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%04d-%02d-%02d",
                local.getYear(), local.getMonthValue(), local.getDayOfMonth()));
        if (m.group(4) == null) {
            return out.toString();
        }
        out.append(text.charAt(m.start(4) - 1)).append(String.format(Locale.ROOT, "%02d:%02d", local.getHour(), local.getMinute()));
        int timeEnd = m.end(5);
        if (m.group(6) != null) {
            out.append(String.format(Locale.ROOT, ":%02d", local.getSecond()));
            timeEnd = m.end(6);
        }
        if (m.group(7) != null) {
            String nanos = String.format(Locale.ROOT, "%09d", local.getNano()) + "0".repeat(Math.max(0, m.group(7).length() - 9));
            out.append(text.charAt(m.start(7) - 1)).append(nanos, 0, m.group(7).length());
            timeEnd = m.end(7);
        }
        return out.append(text, timeEnd, text.length()).toString();
    }

    /** The offset the matched text names; UTC where it names none. */
    private static ZoneOffset offset(Matcher m) {
        if (m.group(8) == null) {
            return ZoneOffset.UTC;
        }
        int sign = m.group(8).equals("-") ? -1 : 1;
        return ZoneOffset.ofTotalSeconds(sign * (number(m.group(9)) * 3600 + (m.group(10) == null ? 0 : number(m.group(10)) * 60)));
    }

    private static int number(String digits) {
        return Integer.parseInt(digits);
    }

    /** An absent part is fine. */
    private static boolean within(String digits, int max) {
        return digits == null || Integer.parseInt(digits) <= max;
    }
}
