package dev.cairn.state;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Python's fnmatch.translate + re.match semantics; expected values are what CPython 3.11 answers. */
@Tag("unit")
class GlobTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "prod:*|prod:tap-a-to-target-b|true",
        "prod:*|Prod:tap|false",
        "*|cicd:x:feat/new-streams|true",
        "dev:tap-???-to-*|dev:tap-csv-to-target-jsonl|true",
        "[ds]*|staging:x|true",
        "[!ds]*|staging:x|false",
        "[a-c]x|bx|true",
        "[c-a]x|bx|false",
        "[]]|]|true",
        "[!]]|]|false",
        "a[|a[|true",
        "a.b+c(d)|a.b+c(d)|true",
        "a.b|axb|false",
        "%_|%_|true",
        "*a*a*a*b|aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa|false",
        "*-to-*|dev:tap-x-to-target-y|true",
        "*x|x|true",
        "**|''|true",
        "?|🚀|true",
        "[!a]|/|true",
        "''|''|true",
        "''|a|false",
        // segments between stars: leftmost fit, the last one anchored at the end without overlapping
        "*ab*ab|ab|false",
        "*ab*ab|abab|true",
        "a*a|a|false",
        "a*a|aa|true",
        "*:tap-[a-m]*-to-target-postgres*|prod:tap-github-to-target-postgres:x|true",
        "*:tap-[a-m]*-to-target-postgres*|prod:tap-stripe-to-target-postgres|false",
        "*:tap-[a-m]*-to-target-postgres*|x:tap-zz:tap-ab-to-target-postgres|true",
        "eu-prod:tap-[!g]?*|eu-prod:tap-github|false",
        "eu-prod:tap-[!g]?*|eu-prod:tap-s|false",
        "eu-prod:tap-[!g]?*|eu-prod:tap-sf|true",
        "*[ab]?c|xxbyc|true",
        "*[ab]?c|xxbc|false",
        "a?*?|ab|false",
        "a?*?|abc|true",
        // a code point is one character, also where a surrogate of the pattern could meet half a pair
        "*🚀|x🚀|true",
        "?🚀?|a🚀b|true",
        "a?|a🚀|true",
        "a??|a🚀|false",
        "*?|🚀|true",
        "*??|🚀|false"
    })
    void matchesAsPythonsFnmatch(String pattern, String text, boolean expected) {
        assertEquals(expected, Glob.compile(pattern).matches(text), pattern + " ~ " + text);
    }

    /** Against a regex built as fnmatch.translate builds it, on random patterns and texts. */
    @org.junit.jupiter.api.Test
    void agreesWithFnmatchsRegexOnRandomPatterns() {
        Random random = new Random(42);
        for (int i = 0; i < 20_000; i++) {
            String pattern = random(random, "ab-*?[]!", 1 + random.nextInt(8));
            Pattern reference = Pattern.compile(translate(pattern), Pattern.DOTALL);
            Glob glob = Glob.compile(pattern);
            for (int j = 0; j < 10; j++) {
                String text = random(random, "ab-", random.nextInt(9));
                assertEquals(reference.matcher(text).matches(), glob.matches(text), pattern + " ~ " + text);
            }
        }
    }

    private static String random(Random random, String alphabet, int length) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < length; i++) {
            out.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return out.toString();
    }

    /** Python's fnmatch.translate, for ASCII patterns. */
    private static String translate(String pat) {
        StringBuilder res = new StringBuilder();
        int i = 0;
        while (i < pat.length()) {
            char c = pat.charAt(i++);
            if (c == '*') {
                res.append(".*");
            } else if (c == '?') {
                res.append('.');
            } else if (c == '[') {
                int j = i;
                if (j < pat.length() && pat.charAt(j) == '!') {
                    j++;
                }
                if (j < pat.length() && pat.charAt(j) == ']') {
                    j++;
                }
                while (j < pat.length() && pat.charAt(j) != ']') {
                    j++;
                }
                if (j >= pat.length()) {
                    res.append("\\[");
                } else {
                    String stuff = pat.substring(i, j);
                    i = j + 1;
                    boolean negate = stuff.startsWith("!");
                    String body = negate ? stuff.substring(1) : stuff;
                    StringBuilder cls = new StringBuilder();
                    for (int k = 0; k < body.length(); ) {
                        if (k + 2 < body.length() && body.charAt(k + 1) == '-') {
                            if (body.charAt(k) <= body.charAt(k + 2)) {
                                cls.append(hex(body.charAt(k))).append('-').append(hex(body.charAt(k + 2)));
                            }
                            k += 3;
                        } else {
                            cls.append(hex(body.charAt(k++)));
                        }
                    }
                    res.append(cls.length() == 0 ? (negate ? "." : "(?!)") : "[" + (negate ? "^" : "") + cls + "]");
                }
            } else {
                res.append(hex(c));
            }
        }
        return res.toString();
    }

    private static String hex(char c) {
        return "\\x{" + Integer.toHexString(c) + "}";
    }

    /** Against the same regex, with characters beyond the BMP (one code point, two Java chars) in patterns and texts. */
    @org.junit.jupiter.api.Test
    void agreesWithFnmatchsRegexOnCodePointsBeyondTheBmp() {
        Random random = new Random(7);
        String[] patternParts = {"a", "b", "*", "?", "🚀", "[a🚀]", "[!🚀]", "-"};
        String[] textParts = {"a", "b", "🚀", "-"};
        for (int i = 0; i < 20_000; i++) {
            StringBuilder pattern = new StringBuilder();
            for (int n = 1 + random.nextInt(6); n > 0; n--) {
                pattern.append(patternParts[random.nextInt(patternParts.length)]);
            }
            Pattern reference = Pattern.compile(translateCodePoints(pattern.toString()),
                    Pattern.DOTALL);
            Glob glob = Glob.compile(pattern.toString());
            for (int j = 0; j < 10; j++) {
                StringBuilder text = new StringBuilder();
                for (int n = random.nextInt(7); n > 0; n--) {
                    text.append(textParts[random.nextInt(textParts.length)]);
                }
                assertEquals(reference.matcher(text).matches(), glob.matches(text.toString()), pattern + " ~ " + text);
            }
        }
    }

    /** fnmatch.translate for the patterns of the test above (no ranges, closed classes): Java's regex reads code points. */
    private static String translateCodePoints(String pat) {
        StringBuilder res = new StringBuilder();
        int[] cps = pat.codePoints().toArray();
        for (int i = 0; i < cps.length; i++) {
            int c = cps[i];
            if (c == '*') {
                res.append(".*");
            } else if (c == '?') {
                res.append('.');
            } else if (c == '[') {
                StringBuilder cls = new StringBuilder();
                boolean negate = cps[i + 1] == '!';
                int j = negate ? i + 2 : i + 1;
                for (; cps[j] != ']'; j++) {
                    cls.append("\\x{").append(Integer.toHexString(cps[j])).append('}');
                }
                res.append('[').append(negate ? "^" : "").append(cls).append(']');
                i = j;
            } else {
                res.append("\\x{").append(Integer.toHexString(c)).append('}');
            }
        }
        return res.toString();
    }

    @org.junit.jupiter.api.Test
    void wildcardsCrossNewlines() {
        assertEquals(true, Glob.compile("a*").matches("a\nb"));
        assertEquals(true, Glob.compile("a?b").matches("a\nb"));
    }
}
