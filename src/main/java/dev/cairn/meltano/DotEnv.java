package dev.cairn.meltano;

import dev.cairn.backend.BackendException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** A project's {@code .env}: {@code KEY=value} lines, optional {@code export}, quotes and comments, as python-dotenv reads them. */
final class DotEnv {

    private DotEnv() {}

    static Map<String, String> read(Path file) {
        try {
            return parse(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new BackendException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    static Map<String, String> parse(String text) {
        Map<String, String> vars = new LinkedHashMap<>();
        for (String raw : text.split("\r?\n")) {
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (line.startsWith("export ")) {
                line = line.substring("export ".length()).strip();
            }
            int eq = line.indexOf('=');
            if (eq <= 0) {
                continue;
            }
            vars.put(line.substring(0, eq).strip(), value(line.substring(eq + 1).strip()));
        }
        return vars;
    }

    private static String value(String v) {
        if (v.length() >= 2 && (v.charAt(0) == '"' || v.charAt(0) == '\'')) {
            char quote = v.charAt(0);
            int end = v.indexOf(quote, 1);
            if (end > 0) {
                String inner = v.substring(1, end);
                return quote == '"' ? inner.replace("\\n", "\n").replace("\\\"", "\"") : inner;
            }
        }
        int comment = v.indexOf(" #");
        return comment >= 0 ? v.substring(0, comment).strip() : v;
    }
}
