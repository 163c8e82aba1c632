package dev.cairn.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The window's one bundle, {@code cairn.properties}, and the sources that use it agree: every key
 * the code or a layout names is in the bundle (a missing one fails only when its screen is shown),
 * and every key in the bundle is named somewhere (a text nothing shows goes stale unnoticed). Keys
 * are named as string literals in {@code ui}'s code and as {@code %key} in the FXML layouts; a key
 * made from a prefix and a value ({@code "compare.status." + status}) counts as used when the
 * prefix, ending in a dot, is such a literal, and one made from another key and a suffix
 * ({@code key + ".help"}) when that key is.
 */
@Tag("unit")
class BundleKeysTest {

    private static final Path CODE = Path.of("src/main/java/dev/cairn/ui");
    private static final Path LAYOUTS = Path.of("src/main/resources/dev/cairn/ui");
    private static final Pattern LITERAL = Pattern.compile("\"([a-zA-Z][\\w-]*(?:\\.[\\w-]+)+\\.?)\"");
    private static final Pattern LAYOUT_KEY = Pattern.compile("\"%([\\w.-]+)\"");

    @Test
    void everyKeyTheWindowNamesIsInTheBundle() throws IOException {
        Set<String> bundle = bundleKeys();
        Set<String> families = new TreeSet<>();
        bundle.forEach(key -> families.add(key.substring(0, key.indexOf('.') + 1)));
        Set<String> missing = new TreeSet<>();
        for (String name : named()) {
            boolean looksLikeKey = families.stream().anyMatch(name::startsWith) && !name.endsWith(".");
            if (looksLikeKey && !bundle.contains(name)) {
                missing.add(name);
            }
        }
        for (String key : layoutKeys()) {
            if (!bundle.contains(key)) {
                missing.add(key);
            }
        }
        assertEquals(Set.of(), missing, "keys named in the window's code or layouts but missing from cairn.properties");
    }

    @Test
    void everyKeyInTheBundleIsNamed() throws IOException {
        Set<String> named = named();
        named.addAll(layoutKeys());
        Set<String> unused = new TreeSet<>();
        for (String key : bundleKeys()) {
            if (!named.contains(key) && prefixes(key).stream().noneMatch(named::contains)) {
                unused.add(key);
            }
        }
        assertEquals(Set.of(), unused, "keys of cairn.properties that no code or layout of the window names");
    }

    /** {@code a.b.c} is made from {@code "a.b."} or {@code "a."}, or from the key {@code "a.b"} and a suffix. */
    private static List<String> prefixes(String key) {
        List<String> prefixes = new ArrayList<>();
        for (int dot = key.lastIndexOf('.'); dot > 0; dot = key.lastIndexOf('.', dot - 1)) {
            prefixes.add(key.substring(0, dot + 1));
            prefixes.add(key.substring(0, dot));
        }
        return prefixes;
    }

    private static Set<String> bundleKeys() throws IOException {
        Properties properties = new Properties();
        try (InputStream in = BundleKeysTest.class.getResourceAsStream("/dev/cairn/ui/cairn.properties")) {
            properties.load(in);
        }
        return new TreeSet<>(properties.stringPropertyNames());
    }

    private static Set<String> named() throws IOException {
        return matches(CODE, ".java", LITERAL);
    }

    private static Set<String> layoutKeys() throws IOException {
        return matches(LAYOUTS, ".fxml", LAYOUT_KEY);
    }

    private static Set<String> matches(Path root, String suffix, Pattern pattern) throws IOException {
        Set<String> found = new TreeSet<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(f -> f.toString().endsWith(suffix)).toList()) {
                Matcher m = pattern.matcher(Files.readString(file));
                while (m.find()) {
                    found.add(m.group(1));
                }
            }
        }
        return found;
    }
}
