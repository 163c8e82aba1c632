package dev.cairn.state;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Locale;

/**
 * Whether text is an ISO-8601 date or date-time as taps write bookmarks: {@code 2024-06-01},
 * {@code 2024-06-01T09:58:12.345678+00:00}, {@code 2022-09-19T07:58:00Z}, also with a space for the
 * {@code T} as Python's {@code isoformat(" ")} writes it.
 *
 * <p>Read in one pass without a regular expression: a comparison of two states asks it for every
 * bookmark of both (thousands for a state of many partitions), and a regex match, its groups cut out
 * as strings, then a second match for the moment, was a third of comparing 10,000 IDs a side.
 */
final class IsoDateTime {

    private IsoDateTime() {}

    static boolean parses(String text) {
        return Form.read(text) != null;
    }

    /**
     * The moment the text names, for telling which of two bookmarks is later; {@code null} where
     * {@link #parses} says no. A date alone is its midnight, and a time without an offset is taken
     * as UTC (taps write naive times in UTC, and both sides of a comparison come from one tap).
     * Also {@code null} for an offset beyond Java's ±18 hours, which has no moment here.
     */
    static Instant instant(String text) {
        Form form = Form.read(text);
        ZoneOffset offset = form == null ? null : form.offset();
        if (offset == null) {
            return null;
        }
        LocalDateTime local = form.date.atStartOfDay();
        if (form.hasTime()) {
            local = local.withHour(form.hour).withMinute(form.minute).withSecond(form.second).withNano(form.nanos());
        }
        return local.toInstant(offset);
    }

    /**
     * The latest moment at or before {@code moment} written in the form of {@code text}: its
     * offset (and how it is spelled: {@code Z}, {@code +00:00}, {@code +0000}, or none), the letter
     * between date and time, whether it has seconds, and as many fractional digits; a date alone
     * stays a date. What the form cannot hold is cut off, so the result is never later than the
     * moment. Null where {@link #parses} says no, the moment falls outside years 0000–9999, or the
     * offset is beyond ±18 hours.
     */
    static String inFormOf(String text, Instant moment) {
        Form form = Form.read(text);
        ZoneOffset offset = form == null ? null : form.offset();
        if (offset == null) {
            return null;
        }
        LocalDateTime local = LocalDateTime.ofInstant(moment, offset);
        if (local.getYear() < 0 || local.getYear() > 9999) {
            return null;
        }
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%04d-%02d-%02d",
                local.getYear(), local.getMonthValue(), local.getDayOfMonth()));
        if (!form.hasTime()) {
            return out.toString();
        }
        out.append(text.charAt(Form.DATE)).append(String.format(Locale.ROOT, "%02d:%02d", local.getHour(), local.getMinute()));
        if (form.hasSeconds) {
            out.append(String.format(Locale.ROOT, ":%02d", local.getSecond()));
        }
        int digits = form.fractionEnd - form.fractionStart;
        if (digits > 0) {
            String nanos = String.format(Locale.ROOT, "%09d", local.getNano()) + "0".repeat(Math.max(0, digits - 9));
            out.append(text.charAt(form.fractionStart - 1)).append(nanos, 0, digits);
        }
        return out.append(text, form.timeEnd, text.length()).toString();
    }

    /**
     * The parts of {@code yyyy-mm-dd[(T|t| )hh:mm[:ss[(.|,)f…]][Z|z|(+|-)hh[[:]mm]]]}, each in range,
     * with where the time's text ends (before any offset) and where its fraction's digits are.
     */
    private static final class Form {
        /** Characters of the date: where the letter before the time is. */
        static final int DATE = 10;

        final LocalDate date;
        int hour = -1;
        int minute;
        int second;
        boolean hasSeconds;
        int fractionStart;
        int fractionEnd;
        int timeEnd;
        /** The offset in seconds east of UTC; none is UTC. */
        int offsetSeconds;
        private final String text;

        private Form(String text, LocalDate date) {
            this.text = text;
            this.date = date;
        }

        /** The offset, or {@code null} where it is beyond the ±18 hours Java's offsets hold. */
        ZoneOffset offset() {
            return Math.abs(offsetSeconds) > 18 * 3600 ? null : ZoneOffset.ofTotalSeconds(offsetSeconds);
        }

        boolean hasTime() {
            return hour >= 0;
        }

        /** The fraction's first nine digits as nanoseconds. */
        int nanos() {
            int nanos = 0;
            for (int i = 0; i < 9; i++) {
                int at = fractionStart + i;
                nanos = nanos * 10 + (at < fractionEnd ? text.charAt(at) - '0' : 0);
            }
            return nanos;
        }

        /** The form of the text, or {@code null} where it is none or a part is out of range. */
        static Form read(String text) {
            int n = text.length();
            if (n < DATE || text.charAt(4) != '-' || text.charAt(7) != '-') {
                return null;
            }
            int year = number(text, 0, 4);
            int month = number(text, 5, 2);
            int day = number(text, 8, 2);
            if (year < 0 || month < 0 || day < 0) {
                return null;
            }
            Form form;
            try {
                form = new Form(text, LocalDate.of(year, month, day));
            } catch (DateTimeException e) {
                return null;
            }
            if (n == DATE) {
                return form;
            }
            char t = text.charAt(DATE);
            if ((t != 'T' && t != 't' && t != ' ') || n < DATE + 6 || text.charAt(DATE + 3) != ':') {
                return null;
            }
            form.hour = number(text, DATE + 1, 2);
            form.minute = number(text, DATE + 4, 2);
            if (form.hour < 0 || form.hour > 23 || form.minute < 0 || form.minute > 59) {
                return null;
            }
            int at = DATE + 6;
            if (at < n && text.charAt(at) == ':') {
                form.second = number(text, at + 1, 2);
                if (form.second < 0 || form.second > 59) {
                    return null;
                }
                form.hasSeconds = true;
                at += 3;
                if (at < n && (text.charAt(at) == '.' || text.charAt(at) == ',')) {
                    int start = at + 1;
                    at = start;
                    while (at < n && isDigit(text.charAt(at))) {
                        at++;
                    }
                    if (at == start) {
                        return null;
                    }
                    form.fractionStart = start;
                    form.fractionEnd = at;
                }
            }
            form.timeEnd = at;
            return form.readOffset(at) ? form : null;
        }

        /** Reads the offset from {@code at} to the end: none, {@code Z}, or a sign, hours and minutes. */
        private boolean readOffset(int at) {
            int n = text.length();
            if (at == n) {
                return true;
            }
            char c = text.charAt(at);
            if (c == 'Z' || c == 'z') {
                return at + 1 == n;
            }
            if (c != '+' && c != '-') {
                return false;
            }
            int hours = number(text, at + 1, 2);
            int minutes = 0;
            int end = at + 3;
            if (end < n) {
                if (text.charAt(end) == ':') {
                    end++;
                }
                minutes = number(text, end, 2);
                end += 2;
            }
            if (hours < 0 || hours > 23 || minutes < 0 || minutes > 59 || end != n) {
                return false;
            }
            offsetSeconds = (c == '-' ? -1 : 1) * (hours * 3600 + minutes * 60);
            return true;
        }

        /** The ASCII digits at {@code start}, {@code count} of them, as a number; -1 where one is missing or no digit. */
        private static int number(String text, int start, int count) {
            if (start + count > text.length()) {
                return -1;
            }
            int value = 0;
            for (int i = start; i < start + count; i++) {
                char c = text.charAt(i);
                if (!isDigit(c)) {
                    return -1;
                }
                value = value * 10 + (c - '0');
            }
            return value;
        }

        private static boolean isDigit(char c) {
            return c >= '0' && c <= '9';
        }
    }
}
