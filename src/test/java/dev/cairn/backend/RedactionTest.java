package dev.cairn.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
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

    @Test
    void secretsInTextAreHiddenWhereverTheyStand() {
        assertEquals("could not reach postgresql://u:***@db.internal:5432/meltano (timeout); retrying",
                Redaction.redactText("could not reach postgresql://u:p@ssw0rd@db.internal:5432/meltano (timeout); retrying"));
        assertEquals("DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=***;EndpointSuffix=core.windows.net",
                Redaction.redactText("DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=a2V5+/k==;EndpointSuffix=core.windows.net"));
        assertEquals("settings s3.aws_secret_access_key=*** and region=eu-west-1",
                Redaction.redactText("settings s3.aws_secret_access_key=wJalrXUtnFEMI/K7MDENG and region=eu-west-1"));
        assertEquals("GET https://acme.blob.core.windows.net/c/x?sv=2024&sig=*** failed",
                Redaction.redactText("GET https://acme.blob.core.windows.net/c/x?sv=2024&sig=AbC%2Fd failed"));
        assertEquals("{\"password\": \"***\", \"user\": \"u\"}",
                Redaction.redactText("{\"password\": \"x\\\"y\", \"user\": \"u\"}"));
        assertEquals("host=h password=*** dbname=meltano", Redaction.redactText("host=h password=pw dbname=meltano"));
        assertEquals("no secret in 3 states of tap-a (design=1)", Redaction.redactText("no secret in 3 states of tap-a (design=1)"));
    }
}
