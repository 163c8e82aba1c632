package dev.cairn.state;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Python's fnmatch.translate + re.match semantics; expected values are what CPython 3.11 answers. */
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
        "''|a|false"
    })
    void matchesAsPythonsFnmatch(String pattern, String text, boolean expected) {
        assertEquals(expected, Glob.compile(pattern).matches(text), pattern + " ~ " + text);
    }

    @org.junit.jupiter.api.Test
    void wildcardsCrossNewlines() {
        assertEquals(true, Glob.compile("a*").matches("a\nb"));
        assertEquals(true, Glob.compile("a?b").matches("a\nb"));
    }
}
