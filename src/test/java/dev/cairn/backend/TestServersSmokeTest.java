package dev.cairn.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cairn.backend.systemdb.PostgresUri;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;

@Tag("server")
class TestServersSmokeTest {

    @Test
    void postgresSchemaIsSelectedThroughSearchPath() throws Exception {
        String uri = TestPostgres.freshSchemaUri();
        try (Connection c = PostgresUri.parse(uri).connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT current_schema()")) {
            rs.next();
            assertEquals(uri.substring(uri.indexOf("%3D") + 3), rs.getString(1));
        }
    }

    @Test
    void s3StoresAndReturnsAnObject() {
        String bucket = TestS3.freshBucket();
        try (S3Client s3 = TestS3.client()) {
            s3.putObject(b -> b.bucket(bucket).key("a/state.json"), RequestBody.fromString("{}"));
            assertEquals("{}", s3.getObjectAsBytes(b -> b.bucket(bucket).key("a/state.json")).asString(StandardCharsets.UTF_8));
        }
    }
}
