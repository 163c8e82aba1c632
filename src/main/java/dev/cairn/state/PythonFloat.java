package dev.cairn.state;

import com.fasterxml.jackson.core.io.schubfach.DoubleToDecimal;
import java.math.BigDecimal;
import java.math.MathContext;

/**
 * Python's {@code repr(float)}: the shortest decimal that reads back as the same double, in
 * positional form when the decimal point falls within 16 digits ({@code 0.0001},
 * {@code 1000000000000000.0}) and as {@code 1e-05} / {@code 1e+16} otherwise.
 */
public final class PythonFloat {

    private PythonFloat() {}

    public static String repr(double d) {
        if (Double.isNaN(d)) {
            return "NaN";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "Infinity" : "-Infinity";
        }
        if (d == 0) {
            return (1 / d) < 0 ? "-0.0" : "0.0";
        }
        StringBuilder digits = new StringBuilder(20);
        int pointPosition = shortestDigits(Math.abs(d), digits);
        return format(d < 0, digits, pointPosition);
    }

    /**
     * Fills {@code digits} with the shortest round-tripping significant digits of a positive finite
     * value and returns the decimal point's position: value = 0.d1d2d3… × 10^position.
     */
    static int shortestDigits(double d, StringBuilder digits) {
        if (d < Double.MIN_NORMAL) {
            return subnormalDigits(d, digits);
        }
        // Schubfach gives the shortest digits but, as Java's Double.toString, at least two of them.
        String s = DoubleToDecimal.toString(d);
        int e = s.indexOf('E');
        String mantissa = e < 0 ? s : s.substring(0, e);
        int exponent = e < 0 ? 0 : Integer.parseInt(s.substring(e + 1));
        int dot = mantissa.indexOf('.');
        String intPart = mantissa.substring(0, dot);
        String fraction = mantissa.substring(dot + 1);
        String all = intPart + fraction;
        int lead = 0;
        while (lead < all.length() - 1 && all.charAt(lead) == '0') {
            lead++;
        }
        int end = all.length();
        while (end > lead + 1 && all.charAt(end - 1) == '0') {
            end--;
        }
        digits.append(all, lead, end);
        return intPart.length() - lead + exponent;
    }

    /** Subnormals have wide rounding intervals where Java's two-digit minimum differs from Python. */
    private static int subnormalDigits(double d, StringBuilder digits) {
        BigDecimal exact = new BigDecimal(d);
        for (int precision = 1; precision <= 17; precision++) {
            BigDecimal rounded = exact.round(new MathContext(precision));
            if (rounded.doubleValue() == d) {
                String unscaled = rounded.unscaledValue().toString();
                int end = unscaled.length();
                while (end > 1 && unscaled.charAt(end - 1) == '0') {
                    end--;
                }
                digits.append(unscaled, 0, end);
                return unscaled.length() - rounded.scale();
            }
        }
        throw new AssertionError("no round-tripping decimal for " + d);
    }

    private static String format(boolean negative, CharSequence digits, int point) {
        StringBuilder out = new StringBuilder(26);
        if (negative) {
            out.append('-');
        }
        int n = digits.length();
        if (point > -4 && point <= 16) {
            if (point <= 0) {
                out.append("0.");
                for (int i = point; i < 0; i++) {
                    out.append('0');
                }
                out.append(digits);
            } else if (point >= n) {
                out.append(digits);
                for (int i = n; i < point; i++) {
                    out.append('0');
                }
                out.append(".0");
            } else {
                out.append(digits, 0, point).append('.').append(digits, point, n);
            }
        } else {
            out.append(digits.charAt(0));
            if (n > 1) {
                out.append('.').append(digits, 1, n);
            }
            int exponent = point - 1;
            out.append(exponent < 0 ? "e-" : "e+");
            int abs = Math.abs(exponent);
            if (abs < 10) {
                out.append('0');
            }
            out.append(abs);
        }
        return out.toString();
    }
}
