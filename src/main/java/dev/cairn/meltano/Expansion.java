package dev.cairn.meltano;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Meltano's expansion of {@code ${VAR}} and {@code $VAR} in setting values; unknown variables become empty. */
final class Expansion {

    private static final Pattern VARIABLE = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)\\}|\\$([A-Za-z_][A-Za-z0-9_]*)");

    private Expansion() {}

    static String expand(String value, Map<String, String> vars) {
        Matcher m = VARIABLE.matcher(value);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String name = m.group(1) != null ? m.group(1) : m.group(2);
            m.appendReplacement(out, Matcher.quoteReplacement(vars.getOrDefault(name, "")));
        }
        m.appendTail(out);
        return out.toString();
    }
}
