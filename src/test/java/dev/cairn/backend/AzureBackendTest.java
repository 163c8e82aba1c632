package dev.cairn.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.models.BlobItem;
import dev.cairn.backend.blob.AzureConnection;
import dev.cairn.state.Json;
import dev.cairn.state.StateDocument;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Meltano's Azure backend against a real Azure Blob Storage server (Azurite), opened through {@link Backends}. */
@Tag("server")
class AzureBackendTest extends CloudBackendContractTest {

    BlobContainerClient container;

    @Override
    String freshUri() {
        String name = TestAzurite.freshContainer();
        container = TestAzurite.container(name);
        return "azure://" + name + "/state";
    }

    @Override
    String missingUri() {
        return "azure://no-such-container-here/state";
    }

    @Override
    BackendOptions options() {
        return BackendOptions.defaults().withSetting(AzureConnection.CONNECTION_STRING_SETTING, TestAzurite.connectionString());
    }

    @Override
    void put(String key, String content) {
        container.getBlobClient(key).upload(BinaryData.fromString(content), true);
    }

    @Override
    String object(String key) {
        var blob = container.getBlobClient(key);
        return blob.exists() ? new String(blob.downloadContent().toBytes(), StandardCharsets.UTF_8) : null;
    }

    @Override
    List<String> keys() {
        return container.listBlobs().stream().map(BlobItem::getName).sorted().collect(Collectors.toList());
    }

    @Override
    String nativeVersion(String key) {
        return container.getBlobClient(key).getProperties().getETag();
    }

    @Override
    String contentType(String key) {
        return container.getBlobClient(key).getProperties().getContentType();
    }

    @Test
    void anUnreachableServerIsOneLineNamingTheContainerAndAccount() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        String unreachable = TestAzurite.connectionString().replaceFirst("127\\.0\\.0\\.1:\\d+", "127.0.0.1:" + closedPort);
        BackendException e = assertThrows(BackendException.class, () -> Backends.open(uri,
                BackendOptions.defaults().withSetting(AzureConnection.CONNECTION_STRING_SETTING, unreachable)));
        assertTrue(e.getMessage().contains("127.0.0.1:" + closedPort), e.getMessage());
        assertTrue(e.getMessage().contains("container " + container.getBlobContainerName()), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertFalse(e.getMessage().contains("Eby8vdM02"), "the account key is never shown");
    }

    @Test
    void theContainerIsTheLowerCasedHostAndThePrefixLosesItsSlashes() throws Exception {
        String mixedCase = uri.replace("azure://cairn-test", "azure://Cairn-Test").replace("/state", "//state//");
        try (StateBackend b = Backends.open(mixedCase, options())) {
            b.write("dev:a", StateDocument.completeWrite(Json.parseObject("{}")), Version.ABSENT);
        }
        assertEquals(List.of("state/dev:a/state.json"), keys());
    }
}
