package dev.cairn.ui.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.backend.BackendOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A Meltano project's environments as connections: names, environments, the blob backends' system DB. */
@Tag("unit")
class ProjectEnvironmentTest {

    @TempDir
    Path dir;

    @Test
    void eachEnvironmentIsAConnectionNamedAfterProjectAndEnvironment() throws Exception {
        Path project = Files.createDirectories(dir.resolve("acme-pipelines"));
        Files.writeString(project.resolve("meltano.yml"), "state_backend:\n  lock_timeout_seconds: 20\n"
                + "environments:\n- name: dev\n- name: staging\n  config:\n    state_backend:\n      uri: file:///srv/state\n"
                + "- name: prd\n  config:\n    state_backend:\n      uri: s3://acme-prod/meltano/state\n"
                + "      s3:\n        endpoint_url: http://minio:9000\n        aws_secret_access_key: hush\n");
        List<ProjectEnvironment> found = ProjectEnvironment.read(project);
        assertEquals(List.of("acme-pipelines · dev", "acme-pipelines · staging", "acme-pipelines · prd"),
                found.stream().map(ProjectEnvironment::name).toList());

        SavedConnection dev = found.get(0).connection();
        String systemDb = "sqlite:///" + project.toAbsolutePath().resolve(".meltano/meltano.db");
        assertEquals(systemDb, dev.uri(), "the state is in the system database");
        assertEquals(Environment.DEV, dev.environment());
        assertFalse(dev.readOnly());
        assertEquals("20", dev.settings().get("lock_timeout_seconds"));

        SavedConnection prod = found.get(2).connection();
        assertEquals(Environment.PROD, prod.environment(), "prd is production");
        assertEquals("prd", prod.meltanoEnvironment(), "its IDs' environment, for the guard of a write into it");
        assertTrue(prod.readOnly(), "production starts read-only");
        assertEquals("s3://acme-prod/meltano/state", prod.uri());
        assertEquals(systemDb, prod.options().setting(BackendOptions.SYSTEM_DATABASE), "runs rows go to the project's system DB");
        assertEquals("http://minio:9000", prod.settings().get("s3.endpoint_url"));
        assertFalse(prod.settings().containsKey("s3.aws_secret_access_key"), "no secret is kept");
        assertEquals(Environment.STAGING, found.get(1).connection().environment());
    }

    @Test
    void aProjectWithoutEnvironmentsIsOneConnection() throws Exception {
        Files.writeString(dir.resolve("meltano.yml"), "version: 1\n");
        List<ProjectEnvironment> found = ProjectEnvironment.read(dir);
        assertEquals(1, found.size());
        assertEquals(dir.getFileName().toString(), found.get(0).name());
        assertEquals(Environment.OTHER, found.get(0).connection().environment());
        assertNull(found.get(0).connection().meltanoEnvironment());
    }
}
