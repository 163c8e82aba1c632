package dev.cairn.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class RedactionTest {

    @Test
    void passwordsAreHiddenWhateverTheyHold() {
        assertEquals("postgresql://u:***@h/db", Redaction.redact("postgresql://u:ab/cd@h/db"));
        assertEquals("s3://AKIA:***@bucket/prefix", Redaction.redact("s3://AKIA:se/cr+et@bucket/prefix"));
        assertEquals("s3://AKIA:***@bucket", Redaction.redact("s3://AKIA:p@ss@bucket"));
        assertEquals("postgresql://h/db?password=***&sslmode=require", Redaction.redact("postgresql://h/db?password=x&sslmode=require"));
        assertEquals("file:///tmp/a:b@c", Redaction.redact("file:///tmp/a:b@c"));
        assertEquals("sqlite:////x/meltano.db", Redaction.redact("sqlite:////x/meltano.db"));
    }
}
