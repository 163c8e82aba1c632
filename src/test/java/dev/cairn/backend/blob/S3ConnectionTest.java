package dev.cairn.backend.blob;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.backend.BackendException;
import dev.cairn.backend.BackendOptions;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.regions.Region;

@Tag("unit")
class S3ConnectionTest {

    private static final BackendOptions NO_SETTINGS = BackendOptions.defaults();

    @Test
    void keyInTheUriIsUsed() {
        S3Connection c = S3Connection.resolve(S3LocationTest.parse("s3://KEY:SECRET@bucket/p"), NO_SETTINGS, Map.of());
        assertEquals("an access key from the URI", c.credentialSource());
    }

    @Test
    void settingsWinOverTheUriAndTheirVariablesToo() {
        BackendOptions options = NO_SETTINGS.withSetting(S3Connection.ACCESS_KEY_SETTING, "K")
                .withSetting(S3Connection.SECRET_KEY_SETTING, "S");
        assertEquals("an access key from settings",
                S3Connection.resolve(S3LocationTest.parse("s3://bucket/p"), options, Map.of()).credentialSource());
        S3Connection fromEnv = S3Connection.resolve(S3LocationTest.parse("s3://bucket/p"), NO_SETTINGS,
                Map.of("MELTANO_STATE_BACKEND_S3_AWS_ACCESS_KEY_ID", "K", "MELTANO_STATE_BACKEND_S3_AWS_SECRET_ACCESS_KEY", "S"));
        assertEquals("an access key from settings", fromEnv.credentialSource());
    }

    @Test
    void halfACredentialIsRefusedWithMeltanosMessage() {
        BackendException e = assertThrows(BackendException.class, () -> S3Connection.resolve(
                S3LocationTest.parse("s3://bucket/p"), NO_SETTINGS.withSetting(S3Connection.ACCESS_KEY_SETTING, "K"), Map.of()));
        assertEquals("AWS access key ID configured, but no AWS secret access key.", e.getMessage());
        e = assertThrows(BackendException.class, () -> S3Connection.resolve(
                S3LocationTest.parse("s3://bucket/p"), NO_SETTINGS.withSetting(S3Connection.SECRET_KEY_SETTING, "S"), Map.of()));
        assertEquals("AWS secret access key configured, but not AWS access key ID.", e.getMessage());
    }

    @Test
    void theProfileSettingPicksTheProfilesCredentialsAndRegion(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        Path config = Files.writeString(dir.resolve("config"),
                "[profile acme]\nregion = eu-west-3\naws_access_key_id = AKIAACME\naws_secret_access_key = s\n");
        String was = System.getProperty("aws.configFile");
        System.setProperty("aws.configFile", config.toString());
        try {
            S3Connection c = S3Connection.resolve(S3LocationTest.parse("s3://bucket/p"),
                    NO_SETTINGS.withSetting(S3Connection.PROFILE_SETTING, "acme"), Map.of());
            assertEquals("the AWS default credential chain with the profile acme", c.credentialSource());
            assertEquals("eu-west-3", c.region().id());
        } finally {
            if (was == null) {
                System.clearProperty("aws.configFile");
            } else {
                System.setProperty("aws.configFile", was);
            }
        }
    }

    @Test
    void noKeyMeansTheDefaultChain() {
        S3Connection c = S3Connection.resolve(S3LocationTest.parse("s3://bucket/p"), NO_SETTINGS, Map.of());
        assertEquals("the AWS default credential chain", c.credentialSource());
        assertNull(c.endpoint());
    }

    @Test
    void endpointComesFromSettingThenMeltanoThenAwsVariables() {
        S3Location loc = S3LocationTest.parse("s3://bucket/p");
        assertEquals(URI.create("http://setting:9000"), S3Connection.resolve(loc,
                NO_SETTINGS.withSetting(S3Connection.ENDPOINT_SETTING, "http://setting:9000"),
                Map.of("MELTANO_STATE_BACKEND_S3_ENDPOINT_URL", "http://meltano:9000")).endpoint());
        assertEquals(URI.create("http://meltano:9000"), S3Connection.resolve(loc, NO_SETTINGS,
                Map.of("MELTANO_STATE_BACKEND_S3_ENDPOINT_URL", "http://meltano:9000", "AWS_ENDPOINT_URL_S3", "http://aws:1")).endpoint());
        assertEquals(URI.create("http://aws-s3:1"), S3Connection.resolve(loc, NO_SETTINGS,
                Map.of("AWS_ENDPOINT_URL_S3", "http://aws-s3:1", "AWS_ENDPOINT_URL", "http://aws:1")).endpoint());
        assertEquals(URI.create("http://aws:1"), S3Connection.resolve(loc, NO_SETTINGS,
                Map.of("AWS_ENDPOINT_URL", "http://aws:1")).endpoint());
        assertThrows(BackendException.class, () -> S3Connection.resolve(loc,
                NO_SETTINGS.withSetting(S3Connection.ENDPOINT_SETTING, "minio:9000"), Map.of()));
    }

    @Test
    void regionFromSettingOrEnvironmentElseUsEast1() {
        S3Location loc = S3LocationTest.parse("s3://bucket/p");
        assertEquals(Region.EU_WEST_1, S3Connection.resolve(loc,
                NO_SETTINGS.withSetting(S3Connection.REGION_SETTING, "eu-west-1"), Map.of("AWS_REGION", "us-west-2")).region());
        assertEquals(Region.US_WEST_2, S3Connection.resolve(loc, NO_SETTINGS, Map.of("AWS_DEFAULT_REGION", "us-west-2")).region());
    }

    @Test
    void diagnosticsNeverHoldTheSecret() {
        S3Connection c = S3Connection.resolve(S3LocationTest.parse("s3://KEY:VERYSECRET@bucket/p"), NO_SETTINGS, Map.of());
        assertFalse(c.credentialSource().contains("VERYSECRET"));
        assertTrue(c.toString().indexOf("VERYSECRET") < 0);
    }
}
