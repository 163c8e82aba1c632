package dev.cairn.cli;

import static dev.cairn.testing.Fixtures.B;
import static org.junit.jupiter.api.Assertions.*;

import dev.cairn.backend.systemdb.PostgresUri;
import dev.cairn.testing.EmptyBackends;
import dev.cairn.testing.Fixtures;
import dev.cairn.testing.RunRows;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.UUID;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** A run named by the start of its run ID, as git takes a short hash: {@code restore --run} and {@code log --run}. */
@Tag("server")
class RunIdPrefixCliTest {

    /** Fixture row B's two runs (fixtures/README.md). */
    private static final String SUCCESS_RUN = "5f0b4e0e8a2d4c1f9d6a0b8e7c3d2a11";
    private static final String FAIL_RUN_LINE = "2022-09-20T08:00:00Z\tFAIL\t9c4d1b7a2e3f40a8b6c5d4e3f2a1b0c9\t-\t6h05m00s\tpartial"
            + "\t1 stream added; 1 other change\n";

    @TempDir
    Path dir;
    @RegisterExtension
    final CliRun run = new CliRun();

    @Test
    void aUniquePrefixNamesTheRunForRestoreAndLog() {
        String db = Fixtures.systemDb(dir);
        assertEquals(0, run.cairn("restore", "--backend", db, B, "--run", "5f0b", "--dry-run"), run.err());
        assertTrue(run.out().startsWith("Would restore the checkpoint of run " + SUCCESS_RUN + " in state of " + B), run.out());
        assertEquals(0, run.cairn("restore", "--backend", db, B, "--run", "5F0B4E0E-8a2d", "--dry-run"), "dashes and case as a UUID has them");
        assertTrue(run.out().startsWith("Would restore the checkpoint of run " + SUCCESS_RUN), run.out());
        assertEquals(0, run.cairn("log", "--backend", db, B, "--run", "9c4d"), run.err());
        assertEquals(FAIL_RUN_LINE, run.out(), "the one run, with what its checkpoint changed");
        assertEquals(0, run.cairn("log", "--backend", db, B, "--run", "9c4d", "--format", "json"), run.err());
        assertTrue(run.out().startsWith("{\"kind\":\"run\",\"time\":\"2022-09-20T08:00:00Z\",\"outcome\":\"FAIL\","), run.out());
        assertEquals(1, run.out().lines().count(), run.out());
    }

    @Test
    void aPrefixMatchingNoRunOfTheIdIsAOneLineError() {
        String db = Fixtures.systemDb(dir);
        assertEquals(1, run.cairn("restore", "--backend", db, B, "--run", "01900c8a", "--force"), "a run of another ID");
        assertEquals("cairn: no run of " + B + " in the runs table has a run ID starting with 01900c8a\n", run.err());
        assertEquals(1, run.cairn("log", "--backend", db, B, "--run", "ffff"));
        assertEquals("cairn: no run of " + B + " in the runs table has a run ID starting with ffff\n", run.err());
        assertEquals(2, run.cairn("log", "--backend", db, B, "--run", "5f0b%"), "LIKE's wildcards are no run ID");
        assertTrue(run.err().startsWith("cairn: not a run ID: 5f0b% (32 hex digits, a UUID, or the start of one)\n"), run.err());
    }

    @ParameterizedTest
    @EnumSource(value = EmptyBackends.class, names = {"SQLITE", "POSTGRES"})
    void anAmbiguousPrefixNamesTheFirstCandidatesWithExitTwo(EmptyBackends family) throws Exception {
        String uri = family.create(dir);
        try (Connection c = family == EmptyBackends.SQLITE ? DriverManager.getConnection("jdbc:sqlite:" + uri.substring(10))
                : PostgresUri.parse(uri).connect()) {
            RunRows rows = new RunRows(c, family == EmptyBackends.SQLITE);
            for (int i = 0; i < 7; i++) {
                rows.add(UUID.fromString("abcd000" + i + "-0000-7000-8000-00000000000" + i), "dev:x", "SUCCESS",
                        RunRows.minutesAgo(100 - i), 0, null, null, null);
            }
            rows.add(UUID.fromString("abce0000-0000-7000-8000-000000000000"), "dev:x", "SUCCESS", RunRows.minutesAgo(10), 0, null,
                    null, null);
        }
        assertEquals(2, run.cairn("log", "--backend", uri, "dev:x", "--run", "abcd"));
        String first = run.err().lines().findFirst().orElseThrow();
        assertTrue(first.matches("cairn: run ID abcd is ambiguous: it starts abcd0006-?0000-?7000-?8000-?000000000006, abcd0005.*,"
                + " abcd0004.*, abcd0003.*, abcd0002[^,]* and more \\(give more of it\\)"), "the newest five: " + run.err());
        assertEquals(2, run.err().lines().count(), "one line, and where --help is: " + run.err());
        assertEquals(0, run.cairn("log", "--backend", uri, "dev:x", "--run", "abcd0003"), run.err());
        assertTrue(run.out().matches("[^\t]+\tSUCCESS\tabcd0003-?0000-?7000-?8000-?000000000003\t[^\n]*\n"), run.out());
        assertEquals(0, run.cairn("log", "--backend", uri, "dev:x", "--run", "abce"), run.err());
        assertTrue(run.out().contains("\tabce0000"), run.out());
    }
}
