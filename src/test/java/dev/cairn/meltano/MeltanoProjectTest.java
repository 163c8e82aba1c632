package dev.cairn.meltano;

import static org.junit.jupiter.api.Assertions.*;

import dev.cairn.backend.BackendException;
import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.BackendSetting;
import dev.cairn.backend.Backends;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("unit")
class MeltanoProjectTest {

    @TempDir
    Path dir;

    private MeltanoProject project(String yml, String dotEnv, Map<String, String> env) throws Exception {
        Files.writeString(dir.resolve("meltano.yml"), yml);
        if (dotEnv != null) {
            Files.writeString(dir.resolve(".env"), dotEnv);
        }
        return MeltanoProject.open(dir, env);
    }

    @Test
    void defaultsToTheProjectsSystemDatabase() throws Exception {
        StateLocation at = project("version: 1\nproject_id: x\n", null, Map.of()).stateLocation(null);
        assertEquals("sqlite:///" + dir.toAbsolutePath().resolve(".meltano/meltano.db"), at.uri());
        assertEquals("the default system database", at.source());
        assertNull(at.options().setting(BackendOptions.SYSTEM_DATABASE), "the state is in the system database itself");
    }

    @Test
    void environmentConfigOverridesTheTopLevelAndExpandsVariables() throws Exception {
        String yml = "state_backend:\n  uri: file:///tmp/state\n  lock_timeout_seconds: 20\n"
                + "environments:\n- name: dev\n- name: prod\n  config:\n    state_backend:\n      uri: s3://${BUCKET}/meltano/state\n"
                + "      s3:\n        endpoint_url: http://minio:9000\n  env:\n    BUCKET: acme-prod\n";
        MeltanoProject p = project(yml, "MELTANO_STATE_BACKEND_S3_AWS_SECRET_ACCESS_KEY='s3cr3t' # comment\n", Map.of());
        assertEquals(List.of("dev", "prod"), p.environments());
        assertEquals("file:///tmp/state", p.stateLocation("dev").uri());
        assertEquals(Duration.ofSeconds(20), p.stateLocation("dev").options().lockStaleAfter());
        StateLocation prod = p.stateLocation("prod");
        assertEquals("s3://acme-prod/meltano/state", prod.uri());
        assertEquals("http://minio:9000", prod.options().setting("s3.endpoint_url"));
        assertEquals("s3cr3t", prod.options().setting("s3.aws_secret_access_key"));
        assertFalse(prod.describe().contains("s3cr3t"));
        assertEquals("sqlite:///" + dir.toAbsolutePath().resolve(".meltano/meltano.db"),
                prod.options().setting(BackendOptions.SYSTEM_DATABASE), "where Meltano's state commands add their runs rows");
    }

    @Test
    void everyMeltanoSettingOfEveryKindIsRead() throws Exception {
        StringBuilder yml = new StringBuilder("state_backend:\n  uri: s3://b/p\n");
        List<BackendSetting> settings = Backends.kinds().stream()
                .flatMap(kind -> kind.settings().stream()).toList();
        for (BackendSetting setting : settings) {
            yml.append(setting.meltanoName() != null ? setting.meltanoName() : "state_backend." + setting.key())
                    .append(": v-").append(setting.key()).append("\n");
        }
        BackendOptions options = project(yml.toString(), null, Map.of()).stateLocation(null).options();
        for (BackendSetting setting : settings) {
            // Cairn's own settings are not Meltano's: a project does not give them
            assertEquals(setting.isMeltano() ? "v-" + setting.key() : null, options.setting(setting.key()), setting.key());
        }
    }

    @Test
    void azureSettingsComeFromTheManifestAndMeltanosVariables() throws Exception {
        String yml = "state_backend:\n  uri: azure://meltano-state/prod\n  azure:\n    storage_account_url: https://acme.blob.core.windows.net\n";
        StateLocation at = project(yml, "MELTANO_STATE_BACKEND_AZURE_CONNECTION_STRING='AccountName=acme;AccountKey=k3y'\n", Map.of())
                .stateLocation(null);
        assertEquals("azure://meltano-state/prod", at.uri());
        assertEquals("https://acme.blob.core.windows.net", at.options().setting("azure.storage_account_url"));
        assertEquals("AccountName=acme;AccountKey=k3y", at.options().setting("azure.connection_string"));
        assertFalse(at.describe().contains("k3y"));
    }

    @Test
    void gcsSettingsComeFromTheManifestAndMeltanosVariables() throws Exception {
        String yml = "state_backend:\n  uri: gs://meltano-state/prod\n  gcs:\n    application_credentials_path: /keys/sa.json\n";
        StateLocation at = project(yml, "MELTANO_STATE_BACKEND_GCS_APPLICATION_CREDENTIALS_JSON='{\"private_key\": \"k3y\"}'\n",
                Map.of()).stateLocation(null);
        assertEquals("gs://meltano-state/prod", at.uri());
        assertEquals("/keys/sa.json", at.options().setting("gcs.application_credentials_path"));
        assertEquals("{\"private_key\": \"k3y\"}", at.options().setting("gcs.application_credentials_json"));
        assertFalse(at.describe().contains("k3y"));
    }

    @Test
    void environmentVariablesWinAndRelativeSqlitePathsAreTheProjects() throws Exception {
        MeltanoProject p = project("database_uri: sqlite:///.meltano/other.db\n", "MELTANO_DATABASE_URI=sqlite:///from-dotenv.db\n",
                Map.of());
        assertEquals("sqlite:///" + dir.toAbsolutePath().resolve("from-dotenv.db"), p.stateLocation(null).uri());
        MeltanoProject q = project("database_uri: sqlite:///.meltano/other.db\n", null,
                Map.of("MELTANO_STATE_BACKEND_URI", "postgresql://u@h/db"));
        // Meltano 4 hands a postgresql:// state backend to its PostgreSQL extension (docs/backends.md)
        assertEquals("postgresql+extension://u@h/db", q.stateLocation(null).uri());
    }

    @Test
    void unknownEnvironmentsAndMissingProjectsAreNamed() throws Exception {
        MeltanoProject p = project("environments:\n- name: dev\n", null, Map.of());
        BackendException e = assertThrows(BackendException.class, () -> p.stateLocation("prod"));
        assertTrue(e.getMessage().contains("defined: dev"), e.getMessage());
        assertThrows(BackendException.class, () -> MeltanoProject.open(dir.resolve("nowhere")));
    }
}
