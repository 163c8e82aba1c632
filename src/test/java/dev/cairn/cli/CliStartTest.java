package dev.cairn.cli;

import static org.junit.jupiter.api.Assertions.*;

import dev.cairn.ops.logging.Logs;
import dev.cairn.testing.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The first minutes with the command line: the project it finds, and what a wrong command line gets back. */
@Tag("unit")
class CliStartTest {

    @TempDir
    Path dir;
    Path project;
    @RegisterExtension
    final CliRun run = new CliRun();

    @BeforeEach
    void setUp() throws Exception {
        project = Files.createDirectories(dir.resolve("project"));
        Files.writeString(project.resolve("meltano.yml"), "version: 1\ndefault_environment: dev\n"
                + "state_backend:\n  uri: file://" + state("top", "dev:top") + "\n"
                + "environments:\n"
                + "- name: dev\n  config:\n    state_backend:\n      uri: file://" + state("dev", "dev:from-dev") + "\n"
                + "- name: prod\n  config:\n    state_backend:\n      uri: file://" + state("prod", "prod:from-prod") + "\n");
        Files.createDirectories(project.resolve("extract/deep"));
    }

    /** A file:// state backend holding one state. */
    private Path state(String name, String id) throws Exception {
        Path root = dir.resolve(name + "-state");
        Files.createDirectories(root.resolve(id));
        Files.writeString(root.resolve(id).resolve("state.json"), "{\"completed\": {\"singer_state\": {}}, \"partial\": {}}");
        return root;
    }

    private int cairn(Map<String, String> env, Path cwd, String... args) {
        return run.cairn(new Invocation(env, cwd), args);
    }

    private String out() {
        return run.out();
    }

    private String err() {
        return run.err();
    }

    @Test
    void insideAProjectListUsesItsStateBackendAndSaysSoInOneLine() {
        assertEquals(0, cairn(Map.of(), project.resolve("extract/deep"), "list"), err());
        assertEquals("dev:top\n", out(), "no environment: default_environment is ignored, as by meltano state");
        assertEquals("cairn: using state backend file://" + dir.resolve("top-state") + " (from state_backend.uri) of project "
                + project + " (above the working directory)\n", err());
        assertEquals(0, cairn(Map.of(), project, "list"), err());
        assertTrue(err().endsWith("of project " + project + " (the working directory)\n"), err());
        assertEquals(0, cairn(Map.of(), dir, "list", "--project", project.toString()), err());
        assertTrue(err().endsWith("of project " + project + "\n"), "--project needs no word on how it was found: " + err());
    }

    @Test
    void meltanoEnvironmentChoosesTheEnvironmentAndTheOptionWins() {
        assertEquals(0, cairn(Map.of("MELTANO_ENVIRONMENT", "prod"), project, "list"), err());
        assertEquals("prod:from-prod\n", out());
        assertTrue(err().contains("(from state_backend.uri, environment prod)"), err());
        assertEquals(0, cairn(Map.of("MELTANO_ENVIRONMENT", "prod"), project, "list", "--environment", "dev"), err());
        assertEquals("dev:from-dev\n", out());
        assertEquals(2, cairn(Map.of("MELTANO_ENVIRONMENT", "staging"), project, "list"));
        assertEquals("cairn: environment 'staging' is not defined in " + project.resolve("meltano.yml") + " (defined: dev, prod)\n"
                + "See 'cairn list --help'.\n", err());
    }

    @Test
    void cwdAndMeltanoProjectRootNameTheProjectAsMeltanoTakesThem() {
        assertEquals(0, cairn(Map.of(), dir, "--cwd", "project/extract", "list"), err());
        assertEquals("dev:top\n", out());
        assertEquals(0, cairn(Map.of(), dir, "list", "--cwd", project.toString(), "--environment", "prod"), err());
        assertEquals("prod:from-prod\n", out());
        assertEquals(0, cairn(Map.of("MELTANO_PROJECT_ROOT", "project"), dir, "list"), err());
        assertEquals("dev:top\n", out());
        assertTrue(err().endsWith("(named by MELTANO_PROJECT_ROOT)\n"), err());
        assertEquals(1, cairn(Map.of("MELTANO_PROJECT_ROOT", "elsewhere"), dir, "list"));
        assertEquals("cairn: MELTANO_PROJECT_ROOT is elsewhere, which holds no meltano.yml\n", err());
    }

    @Test
    void anExplicitBackendWinsAndSaysNothingMore() {
        assertEquals(0, cairn(Map.of("MELTANO_ENVIRONMENT", "prod"), project, "list", "--backend", "file://" + dir.resolve("dev-state")), err());
        assertEquals("dev:from-dev\n", out());
        assertEquals("", err());
    }

    @Test
    void outsideAProjectWithoutABackendIsAUsageErrorOfTwoLines() {
        assertEquals(2, cairn(Map.of(), dir, "list"));
        assertEquals("cairn: give the state backend: --backend URI, or --project DIR, or run it in a Meltano project's folder\n"
                + "See 'cairn list --help'.\n", err());
        assertEquals(2, cairn(Map.of(), dir, "list", "--backend", "file:///x", "--project", project.toString()));
        assertEquals(2, err().lines().count(), err());
    }

    @Test
    void aMisspeltVerbOrOptionGetsOneLineAndTheNearestName() {
        assertEquals(2, cairn(Map.of(), dir, "lsit", "--backend", "file:///x"));
        assertEquals("cairn: 'lsit' is not a cairn verb. Did you mean 'cairn list'?\nSee 'cairn --help' for the verbs.\n", err());
        assertEquals("", out());
        assertEquals(2, cairn(Map.of(), dir, "cleer", "--all"));
        assertTrue(err().startsWith("cairn: 'cleer' is not a cairn verb. Did you mean 'cairn clear'?\n"), err());
        assertEquals(2, cairn(Map.of(), dir, "list", "--bakend", "file:///x"));
        assertEquals(2, err().lines().count(), err());
        assertTrue(err().startsWith("cairn: Unknown options: '--bakend'") && err().endsWith("See 'cairn list --help'.\n"), err());
        assertEquals(2, cairn(Map.of(), dir, "clear", "--backend", "file:///x"));
        assertEquals(2, err().lines().count(), err());
    }

    @Test
    void everyUsageErrorExitsTwo() {
        String db = Fixtures.systemDb(dir);
        assertEquals(2, cairn(Map.of(), dir, "set", "--backend", db, "dev:x"), "neither STATE nor --input-file");
        assertEquals(2, cairn(Map.of(), dir, "set", "--backend", db, "dev:x", "{}", "--input-file", "f.json"), "both");
        assertEquals(2, cairn(Map.of(), dir, "restore", "--backend", db, Fixtures.B, "--run", "zz"));
        assertEquals("cairn: not a run ID: zz (32 hex digits, a UUID, or the start of one)\nSee 'cairn restore --help'.\n", err());
    }

    @Test
    void helpWorksAsAVerbAndIsNotLogged() throws Exception {
        long logStart = Files.exists(Logs.file()) ? Files.size(Logs.file()) : 0;
        assertEquals(0, cairn(Map.of(), dir, "help", "list"));
        assertTrue(out().startsWith("Usage: cairn list"), out());
        assertEquals(0, cairn(Map.of(), dir, "help"));
        assertTrue(out().startsWith("Usage: cairn "), out());
        assertEquals(0, cairn(Map.of(), dir, "copy", "--help"));
        assertEquals(0, cairn(Map.of(), dir, "--help"));
        assertEquals(2, cairn(Map.of(), dir, "list"));
        String logged = Files.exists(Logs.file())
                ? Files.readString(Logs.file()).substring((int) logStart) : "";
        assertFalse(logged.contains("--help") || logged.contains("cairn help"), logged);
        assertTrue(logged.contains("Usage: give the state backend"), logged);
        assertFalse(logged.contains("\tat "), "no stack trace for a usage error: " + logged);
    }

    @Test
    void aSecretInAnErrorIsRedactedOnStderrAsInTheLog() throws Exception {
        Files.writeString(project.resolve("meltano.yml"), "version: 1\nstate_backend:\n  uri: azure://c/p\n");
        Files.writeString(project.resolve(".env"),
                "MELTANO_STATE_BACKEND_AZURE_STORAGE_ACCOUNT_URL=http://127.0.0.1:1/acct?sv=2024&sig=TOPSECRET\n");
        assertEquals(1, cairn(Map.of(), project, "list", "--connect-timeout", "1", "--read-timeout", "1"));
        assertFalse(err().contains("TOPSECRET"), err());
        assertTrue(err().contains("sig=***"), err());
    }

    @Test
    void azureRefusingTheConnectionIsASentence() throws Exception {
        Files.writeString(project.resolve("meltano.yml"), "version: 1\nstate_backend:\n  uri: azure://c/p\n");
        Files.writeString(project.resolve(".env"), "MELTANO_STATE_BACKEND_AZURE_CONNECTION_STRING=DefaultEndpointsProtocol=http;"
                + "AccountName=devstoreaccount1;AccountKey=a2V5;BlobEndpoint=http://127.0.0.1:1/devstoreaccount1\n");
        assertEquals(1, cairn(Map.of(), project, "list", "--connect-timeout", "1", "--read-timeout", "1"));
        assertTrue(err().lines().toList().get(1).startsWith("cairn: cannot open azure://c/p: connection refused, container c at"), err());
    }

    @Test
    void unreachableServersAndMissingCredentialsAreSentences() {
        assertEquals(1, cairn(Map.of(), dir, "list", "--backend", "s3://k:s@bucket/p", "--s3-endpoint", "http://no-such-host.invalid:9000"));
        assertTrue(err().startsWith("cairn: cannot open s3://k:***@bucket/p: unknown host no-such-host.invalid, bucket bucket at"), err());
        Assumptions.assumeTrue(System.getenv("AWS_ACCESS_KEY_ID") == null
                && !Files.exists(Path.of(System.getProperty("user.home"), ".aws")), "no AWS credentials on this machine");
        assertEquals(1, cairn(Map.of(), dir, "list", "--backend", "s3://bucket/p", "--s3-endpoint", "http://127.0.0.1:1"));
        assertTrue(err().startsWith("cairn: cannot open s3://bucket/p: no AWS credentials found (give them in the URI"), err());
        assertEquals(1, err().lines().count(), err());
    }

    @Test
    void aMissingFolderIsAnErrorNamingIt() throws Exception {
        Path missing = dir.resolve("no/such/dir");
        assertEquals(1, cairn(Map.of(), dir, "list", "--backend", "file://" + missing));
        assertEquals("cairn: no folder at " + missing + " (from file://" + missing + ")\n", err());
        assertEquals("", out());
        Files.writeString(dir.resolve("plain-file"), "x");
        assertEquals(1, cairn(Map.of(), dir, "get", "--backend", "file://" + dir.resolve("plain-file"), "dev:x"));
        assertEquals("cairn: " + dir.resolve("plain-file") + " is not a folder (from file://" + dir.resolve("plain-file") + ")\n", err());
    }

    @Test
    void aWindowsLayoutFolderReadAsPosixIsPointedOut() {
        String windows = Fixtures.windowsFileBackend(dir);
        assertEquals(0, cairn(Map.of(), dir, "list", "--backend", windows), err());
        assertTrue(err().startsWith("cairn: warning: ") && err().endsWith("add --windows-layout to read them as IDs\n"), err());
        assertEquals(1, err().lines().count(), err());
        assertEquals(0, cairn(Map.of(), dir, "list", "--backend", windows, "--windows-layout"), err());
        assertEquals("", err());
        assertTrue(out().contains(Fixtures.A + "\n"), out());
        assertEquals(0, cairn(Map.of(), dir, "list", "--backend", Fixtures.fileBackend(dir)), err());
        assertEquals("", err());
    }

    @Test
    void anySettingAKindDescribesIsGivenWithSetting() {
        String windows = Fixtures.windowsFileBackend(dir);
        assertEquals(0, cairn(Map.of(), dir, "list", "--backend", windows, "--setting", "file.layout=windows"), err());
        assertEquals("", err());
        assertTrue(out().contains(Fixtures.A + "\n"), out());
        assertEquals(2, cairn(Map.of(), dir, "list", "--backend", windows, "--setting", "file.colour=blue"));
        assertTrue(err().contains("no backend has a setting file.colour (settings: file.layout, ") && err().contains(" s3.endpoint_url,"), err());
        assertEquals(1, cairn(Map.of(), dir, "list", "--backend", windows, "--setting", "file.layout=mac"));
        assertEquals("cairn: unknown file layout 'mac' (posix or windows)\n", err());
    }

    @Test
    void aMissingOrMalformedImportFileIsOneSentence() throws Exception {
        String files = "file://" + Files.createDirectories(dir.resolve("import-target"));
        Path missing = dir.resolve("missing.json");
        assertEquals(1, cairn(Map.of(), dir, "import", "--backend", files, missing.toString(), "--force"));
        assertEquals("cairn: no such file: " + missing + "\n", err());
        for (String text : new String[] {"{\"a\": ", "{\"a\": {}} {}", "nope", "{\"a\": 1 # c\n}", "{'a': 1}"}) {
            Path bad = Files.writeString(dir.resolve("bad.json"), text);
            assertEquals(1, cairn(Map.of(), dir, "import", "--backend", files, bad.toString(), "--force"), text);
            assertTrue(err().startsWith("cairn: invalid export file " + bad + ": "), err());
            assertEquals(1, err().lines().count(), err());
            assertFalse(err().contains("Feature") || err().contains("`"), "no Jackson hint: " + err());
        }
    }
}
