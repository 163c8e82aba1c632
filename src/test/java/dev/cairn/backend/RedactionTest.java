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

    @Test
    void secretsTheBackendKindsMarkAreHiddenThoughTheirNamesSayNothing() {
        // a service account key: hidden to the end of the line, since its text holds spaces, quotes and commas
        assertEquals("Opened gs://b with settings={gcs.application_credentials_json=***",
                Redaction.redactText("Opened gs://b with settings={gcs.application_credentials_json={\"type\": \"service_account\","
                        + " \"private_key\": \"-----BEGIN PRIVATE KEY-----\\nMIIE\"}, gcs.emulator_host=h}"));
        assertEquals("MELTANO_STATE_BACKEND_GCS_APPLICATION_CREDENTIALS_JSON=***\nnext line",
                Redaction.redactText("MELTANO_STATE_BACKEND_GCS_APPLICATION_CREDENTIALS_JSON='{\"private_key\": \"k\"}'\nnext line"));
        assertEquals("MELTANO_STATE_BACKEND_AZURE_CONNECTION_STRING=***;AccountName=acme;AccountKey=***",
                Redaction.redactText("MELTANO_STATE_BACKEND_AZURE_CONNECTION_STRING=DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=k3y"));
        assertEquals("s3.aws_access_key_id=***, s3.endpoint_url=http://minio:9000",
                Redaction.redactText("s3.aws_access_key_id=AKIAEXAMPLE, s3.endpoint_url=http://minio:9000"));
        assertEquals("{\"azure.connection_string\": \"***\", \"azure.storage_account_url\": \"https://a\"}",
                Redaction.redactText("{\"azure.connection_string\": \"AccountName=a;AccountKey=k\", \"azure.storage_account_url\": \"https://a\"}"));
        assertEquals("s3://b/p?gcs.application_credentials_json=***", Redaction.redact("s3://b/p?gcs.application_credentials_json={x}"));
        for (BackendKind kind : Backends.kinds()) {
            for (BackendSetting setting : kind.settings()) {
                if (setting.secret()) {
                    assertEquals(setting.key() + "=***", Redaction.redactText(setting.key() + "=v4lue"), setting.key());
                    if (setting.environmentVariable() != null) {
                        assertEquals(setting.environmentVariable() + "=***",
                                Redaction.redactText(setting.environmentVariable() + "=v4lue"), setting.key());
                    }
                }
            }
        }
    }
}
