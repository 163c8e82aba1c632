package dev.cairn.backend.blob;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.backend.BackendException;
import dev.cairn.backend.BackendOptions;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class AzureConnectionTest {

    private static final BackendOptions NO_SETTINGS = BackendOptions.defaults();
    private static final String CONNECTION_STRING =
            "DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=c2VjcmV0LWtleQ==;EndpointSuffix=core.windows.net";

    @Test
    void withoutAConnectionStringOrAccountUrlItSaysWhatIsMissing() {
        BackendException e = assertThrows(BackendException.class, () -> AzureConnection.resolve(NO_SETTINGS, Map.of()));
        assertTrue(e.getMessage().contains(AzureConnection.CONNECTION_STRING_SETTING), e.getMessage());
        assertTrue(e.getMessage().contains(AzureConnection.ACCOUNT_URL_SETTING), e.getMessage());
    }

    @Test
    void settingsComeBeforeMeltanosEnvironmentVariables() {
        AzureConnection fromEnv = AzureConnection.resolve(NO_SETTINGS,
                Map.of("MELTANO_STATE_BACKEND_AZURE_CONNECTION_STRING", CONNECTION_STRING));
        assertEquals("the connection string", fromEnv.credentialSource());
        assertEquals("https://acme.blob.core.windows.net", fromEnv.client().getAccountUrl());

        AzureConnection fromSetting = AzureConnection.resolve(
                NO_SETTINGS.withSetting(AzureConnection.CONNECTION_STRING_SETTING, CONNECTION_STRING.replace("acme", "other")),
                Map.of("MELTANO_STATE_BACKEND_AZURE_CONNECTION_STRING", CONNECTION_STRING));
        assertEquals("https://other.blob.core.windows.net", fromSetting.client().getAccountUrl());
    }

    @Test
    void anAccountUrlWinsAsInMeltanoAndUsesTheDefaultCredentialChain() {
        AzureConnection c = AzureConnection.resolve(NO_SETTINGS,
                Map.of("MELTANO_STATE_BACKEND_AZURE_CONNECTION_STRING", CONNECTION_STRING,
                        "MELTANO_STATE_BACKEND_AZURE_STORAGE_ACCOUNT_URL", "https://acme2.blob.core.windows.net"));
        assertEquals("the default Azure credential chain", c.credentialSource());
        assertEquals("https://acme2.blob.core.windows.net", c.client().getAccountUrl());
    }

    @Test
    void aBrokenConnectionStringIsOneLineWithoutTheKey() {
        AzureConnection c = AzureConnection.resolve(
                NO_SETTINGS.withSetting(AzureConnection.CONNECTION_STRING_SETTING, "AccountKey=c2VjcmV0LWtleQ==;nonsense"), Map.of());
        BackendException e = assertThrows(BackendException.class, c::client);
        assertFalse(e.getMessage().contains("c2VjcmV0LWtleQ"), e.getMessage());
    }
}
