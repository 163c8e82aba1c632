package dev.cairn.backend.systemdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.backend.BackendException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("unit")
class PostgresUriTest {

    @TempDir
    Path home;

    private PostgresUri parse(String uri) {
        return PostgresUri.parse(uri, Map.of(), home);
    }

    @Test
    void readsMeltanosDocumentedSchemaForm() {
        PostgresUri pg = parse("postgresql+psycopg://meltano:s3cret@db.example.com:5433/meltano?options=-csearch_path%3Dmeltano_state");
        assertEquals("jdbc:postgresql://db.example.com:5433/meltano", pg.jdbcUrl());
        Properties p = pg.properties();
        assertEquals("meltano", p.getProperty("user"));
        assertEquals("s3cret", p.getProperty("password"));
        assertEquals("-csearch_path=meltano_state", p.getProperty("options"));
        assertEquals("prefer", p.getProperty("sslmode"));
        assertEquals("the URI", pg.passwordSource());
    }

    @Test
    void acceptsEveryDriverSpellingAndJdbc() {
        assertTrue(PostgresUri.accepts("postgresql://h/db"));
        assertTrue(PostgresUri.accepts("postgresql+psycopg2://h/db"));
        assertTrue(PostgresUri.accepts("jdbc:postgresql://h/db"));
        assertFalse(PostgresUri.accepts("sqlite:///x.db"));
        assertFalse(PostgresUri.accepts("postgresqlx://h/db"));
    }

    @Test
    void decodesUserAndPasswordButNotTheDatabaseAsSqlalchemyDoes() {
        PostgresUri pg = parse("postgresql://us%40er:p%40ss/w:rd+x@h/my%20db");
        assertEquals("us@er", pg.user());
        assertEquals("p@ss/w:rd+x", pg.properties().getProperty("password"));
        assertEquals("my%20db", pg.database());
    }

    @Test
    void neverShowsThePassword() {
        PostgresUri pg = parse("postgresql+psycopg://u:ab/cd@h/db?sslmode=require");
        assertEquals("postgresql+psycopg://u:***@h/db?sslmode=require", pg.displayUri());
        assertFalse(pg.toString().contains("ab/cd"));
        assertFalse(pg.jdbcUrl().contains("ab"));
        assertFalse(parse("jdbc:postgresql://h/db?user=u&password=topsecret").displayUri().contains("topsecret"));
    }

    @Test
    void queryParametersOverrideAndMapToPgjdbc() {
        PostgresUri pg = parse("postgresql://u@h/db?host=other&port=6000&sslmode=verify-full&application_name=cairn&connect_timeout=7");
        assertEquals("jdbc:postgresql://other:6000/db", pg.jdbcUrl());
        assertEquals("verify-full", pg.properties().getProperty("sslmode"));
        assertEquals("cairn", pg.properties().getProperty("ApplicationName"));
        assertEquals(Duration.ofSeconds(7), pg.connectTimeout());
    }

    @Test
    void connectTimeoutIsReadAsLibpqReadsIt() {
        assertNull(parse("postgresql://u@h/db").connectTimeout());
        assertEquals(Duration.ofSeconds(2), parse("postgresql://u@h/db?connect_timeout=1").connectTimeout(), "at least 2 s");
        assertEquals(Duration.ZERO, parse("postgresql://u@h/db?connect_timeout=0").connectTimeout(), "no limit");
        assertEquals(Duration.ZERO, parse("postgresql://u@h/db?connect_timeout=-5").connectTimeout(), "no limit");
        assertEquals(Duration.ofSeconds(9), PostgresUri.parse("postgresql://u@h/db", Map.of("PGCONNECT_TIMEOUT", "9"), home)
                .connectTimeout());
        assertEquals(Duration.ofSeconds(3), PostgresUri.parse("postgresql://u@h/db?connect_timeout=3",
                Map.of("PGCONNECT_TIMEOUT", "9"), home).connectTimeout(), "the URI wins");
        BackendException e = assertThrows(BackendException.class, () -> parse("postgresql://u@h/db?connect_timeout=soon"));
        assertTrue(e.getMessage().contains("connect_timeout"), e.getMessage());
    }

    @Test
    void ipv6HostsAreBracketed() {
        assertEquals("jdbc:postgresql://[::1]:5432/db", parse("postgresql://u@[::1]/db").jdbcUrl());
    }

    @Test
    void unknownParametersAndSocketsAreRefusedWithAReason() {
        BackendException e = assertThrows(BackendException.class, () -> parse("postgresql://u:pw@h/db?frobnicate=1&password=x"));
        assertTrue(e.getMessage().contains("frobnicate"), e.getMessage());
        assertFalse(e.getMessage().contains("pw@"), e.getMessage());
        assertThrows(BackendException.class, () -> parse("postgresql://u@/db?host=/var/run/postgresql"));
        assertThrows(BackendException.class, () -> parse("postgresql://u@h:abc/db"));
    }

    @Test
    void libpqEnvironmentFillsTheGaps() {
        PostgresUri pg = PostgresUri.parse("postgresql://",
                Map.of("PGHOST", "envhost", "PGPORT", "7777", "PGUSER", "envuser", "PGPASSWORD", "envpw",
                        "PGSSLMODE", "require", "PGOPTIONS", "-csearch_path=x"), home);
        assertEquals("jdbc:postgresql://envhost:7777/envuser", pg.jdbcUrl());
        assertEquals("envpw", pg.properties().getProperty("password"));
        assertEquals("PGPASSWORD", pg.passwordSource());
        assertEquals("require", pg.properties().getProperty("sslmode"));
        assertEquals("-csearch_path=x", pg.properties().getProperty("options"));
    }

    @Test
    void uriPasswordWinsOverPgpassword() {
        PostgresUri pg = PostgresUri.parse("postgresql://u:fromuri@h/db", Map.of("PGPASSWORD", "fromenv"), home);
        assertEquals("fromuri", pg.properties().getProperty("password"));
    }

    @Test
    void passwordFileFirstMatchingLineWinsWithWildcardsAndEscapes() throws IOException {
        pgpass("# comment\n"
                + "otherhost:*:*:*:wrong\n"
                + "h:5432:db:u\\:x:escaped\\:colon\\\\\n"
                + "*:*:db:*:wild\n"
                + "h:5432:db:u:late\n", "rw-------");
        assertEquals("escaped:colon\\", parse("postgresql://u%3Ax@h/db").properties().getProperty("password"));
        PostgresUri wild = parse("postgresql://u@h/db");
        assertEquals("wild", wild.properties().getProperty("password"));
        assertEquals(home.resolve(".pgpass").toString(), wild.passwordSource());
        assertNull(parse("postgresql://u@h/otherdb").properties().getProperty("password"));
    }

    @Test
    void passwordFileOthersCanReadIsIgnoredAsLibpqDoes() throws IOException {
        pgpass("*:*:*:*:pw\n", "rw-r--r--");
        assertNull(parse("postgresql://u@h/db").properties().getProperty("password"));
    }

    @Test
    void pgpassfileNamesAnotherFile() throws IOException {
        Path file = home.resolve("elsewhere");
        Files.writeString(file, "localhost:5432:db:u:there\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        PostgresUri pg = PostgresUri.parse("postgresql://u@/db", Map.of("PGPASSFILE", file.toString()), home);
        assertEquals("there", pg.properties().getProperty("password"));
    }

    @Test
    void jdbcUrlKeepsItsPropertiesAndGetsPasswordFromEnvironment() {
        PostgresUri pg = PostgresUri.parse("jdbc:postgresql://h:5444/db?user=u&options=-c%20search_path%3Ds&sslmode=disable",
                Map.of("PGPASSWORD", "envpw"), home);
        assertEquals("jdbc:postgresql://h:5444/db", pg.jdbcUrl());
        assertEquals("u", pg.user());
        assertEquals("-c search_path=s", pg.properties().getProperty("options"));
        assertEquals("disable", pg.properties().getProperty("sslmode"));
        assertEquals("envpw", pg.properties().getProperty("password"));
    }

    @Test
    void unquoteIsPythonsLenientOne() {
        assertEquals("a%zzb+c", PostgresUri.unquote("a%zzb+c"));
        assertEquals("é", PostgresUri.unquote("%C3%A9"));
    }

    private void pgpass(String content, String perms) throws IOException {
        Path file = home.resolve(".pgpass");
        Files.writeString(file, content);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(perms));
    }
}
