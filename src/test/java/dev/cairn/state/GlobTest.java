package dev.cairn.state;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Python's fnmatch.translate + re.match semantics. */
class GlobTest {

    @Test
    void starQuestionAndBrackets() {
        assertTrue(Glob.compile("prod:*").matches("prod:tap-a-to-target-b"));
        assertFalse(Glob.compile("prod:*").matches("Prod:tap"));
        assertTrue(Glob.compile("*").matches("cicd:x:feat/new-streams"));
        assertTrue(Glob.compile("dev:tap-???-to-*").matches("dev:tap-csv-to-target-jsonl"));
        assertTrue(Glob.compile("[ds]*").matches("staging:x"));
        assertFalse(Glob.compile("[!ds]*").matches("staging:x"));
        assertTrue(Glob.compile("[a-c]x").matches("bx"));
        assertTrue(Glob.compile("[]]").matches("]"));
        assertTrue(Glob.compile("a[").matches("a["));
        assertTrue(Glob.compile("a.b+c(d)").matches("a.b+c(d)"));
        assertFalse(Glob.compile("a.b").matches("axb"));
        assertTrue(Glob.compile("%_").matches("%_"));
    }
}
