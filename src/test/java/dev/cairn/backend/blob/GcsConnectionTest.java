package dev.cairn.backend.blob;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.backend.BackendException;
import dev.cairn.backend.BackendOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("unit")
class GcsConnectionTest {

    private static final BackendOptions NO_SETTINGS = BackendOptions.defaults();

    @TempDir
    Path dir;

    @Test
    void aPathAndAJsonTogetherAreRefusedAsMeltanoRefusesThem() {
        BackendException e = assertThrows(BackendException.class, () -> GcsConnection.resolve(
                NO_SETTINGS.withSetting(GcsConnection.CREDENTIALS_PATH_SETTING, "/k.json"),
                Map.of("MELTANO_STATE_BACKEND_GCS_APPLICATION_CREDENTIALS_JSON", "{}")));
        assertTrue(e.getMessage().contains("not both"), e.getMessage());
    }

    @Test
    void theDeprecatedSettingStandsInForThePath() {
        GcsConnection c = GcsConnection.resolve(NO_SETTINGS, Map.of("MELTANO_STATE_BACKEND_GCS_APPLICATION_CREDENTIALS", "/old.json"));
        assertEquals("/old.json", c.credentialSource());
        GcsConnection newer = GcsConnection.resolve(NO_SETTINGS.withSetting(GcsConnection.CREDENTIALS_SETTING, "/old.json"),
                Map.of("MELTANO_STATE_BACKEND_GCS_APPLICATION_CREDENTIALS_PATH", "/new.json"));
        assertEquals("/new.json", newer.credentialSource());
    }

    @Test
    void theEmulatorHostOfGooglesClientsNeedsNoCredentials() {
        GcsConnection c = GcsConnection.resolve(NO_SETTINGS, Map.of("STORAGE_EMULATOR_HOST", "localhost:9023",
                "MELTANO_STATE_BACKEND_GCS_APPLICATION_CREDENTIALS_PATH", "/nowhere.json"));
        assertEquals("none, STORAGE_EMULATOR_HOST=http://localhost:9023", c.credentialSource());
        assertEquals("http://localhost:9023", c.client().getOptions().getHost());
    }

    @Test
    void aKeyThatIsNotAServiceAccountIsOneLineWithoutItsText() throws Exception {
        String notAKey = "{\"type\": \"service_account\", \"private_key\": \"-----BEGIN PRIVATE KEY-----\\nc2VjcmV0\\n\"}";
        GcsConnection fromJson = GcsConnection.resolve(NO_SETTINGS.withSetting(GcsConnection.CREDENTIALS_JSON_SETTING, notAKey), Map.of());
        BackendException e = assertThrows(BackendException.class, fromJson::client);
        assertTrue(e.getMessage().contains(GcsConnection.CREDENTIALS_JSON_SETTING), e.getMessage());
        assertFalse(e.getMessage().contains("c2VjcmV0"), e.getMessage());

        Path file = Files.writeString(dir.resolve("key.json"), notAKey);
        GcsConnection fromFile = GcsConnection.resolve(NO_SETTINGS.withSetting(GcsConnection.CREDENTIALS_PATH_SETTING, file.toString()), Map.of());
        BackendException f = assertThrows(BackendException.class, fromFile::client);
        assertTrue(f.getMessage().contains(file.toString()), f.getMessage());
        assertFalse(f.getMessage().contains("\n"), f.getMessage());
    }
}
