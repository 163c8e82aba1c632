package dev.cairn.ops;

import static dev.cairn.testing.Fixtures.B;
import static dev.cairn.testing.Fixtures.C;
import static dev.cairn.testing.Fixtures.E;
import static dev.cairn.testing.Fixtures.F;
import static dev.cairn.testing.Fixtures.H;
import static dev.cairn.testing.Fixtures.I;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.StateBackend;
import dev.cairn.ops.CheckUp.Finding;
import dev.cairn.ops.CheckUp.Fix;
import dev.cairn.ops.CheckUp.Kind;
import dev.cairn.state.StateDocument;
import dev.cairn.testing.Fixtures;
import dev.cairn.testing.RunRows;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each finding of the check-up seeded into a real backend, and found. */
@Tag("unit")
class CheckUpTest {

    /** "café" with é as one code point, and as e + a combining acute accent. */
    private static final String NFC = "dev:tap-caf\u00e9-to-target-x";
    private static final String NFD = "dev:tap-cafe\u0301-to-target-x";

    @TempDir
    Path dir;

    private static Set<String> found(CheckUp.Report report) {
        return report.findings().stream().map(f -> f.kind().label() + " " + f.stateId()).collect(Collectors.toSet());
    }

    @Test
    void aSystemDbsBrokenStatesPendingPartialsDeadRunsAndLookAlikeIdsAreFound() throws Exception {
        String uri = Fixtures.systemDb(dir);
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("meltano.db"))) {
            new RunRows(c, true).add("dev:tap-dead-to-target-x", "RUNNING", RunRows.minutesAgo(600), 0, "{}", "cli",
                    RunRows.minutesAgo(590));
        }
        try (StateBackend backend = Backends.open(uri, BackendOptions.defaults())) {
            backend.write(NFC, StateDocument.EMPTY, null);
            backend.write(NFD, StateDocument.EMPTY, null);
            List<long[]> told = new ArrayList<>();
            CheckUp.Report report = new CheckUp(backend, CheckUp.Options.defaults()).run((done, total) -> told.add(new long[] {done, total}));
            for (int i = 0; i < told.size(); i++) {
                assertEquals(11, told.get(i)[1], "the total is the listing's count");
                assertTrue(i == 0 || told.get(i)[0] > told.get(i - 1)[0], "each count larger than the last");
            }
            assertEquals(Set.of("corrupt-json " + F, "null-document " + I, "no-singer-state " + H,
                    "pending-partial " + B, "pending-partial " + C, "stale-run dev:tap-dead-to-target-x", "stale-run " + C,
                    "look-alike-ids " + NFC, "look-alike-ids " + NFD), found(report));
            assertEquals(11, report.states());
            assertEquals(CheckUp.Severity.ERROR, report.findings().get(0).severity(), "the worst first");
            Finding pendingB = find(report, Kind.PENDING_PARTIAL, B);
            assertTrue(pendingB.message().contains("for an unknown time"), "Meltano left its updated_at NULL: " + pendingB.message());
            assertEquals(Fix.CLEAR_PARTIAL, pendingB.fix());
            assertTrue(find(report, Kind.LOOK_ALIKE_IDS, NFC).message().contains("dev:tap-cafe\\u0301-to-target-x"),
                    "the two spellings are told apart");

            // a partial pending for less than the age asked for is no finding
            CheckUp.Report lenient = new CheckUp(backend, new CheckUp.Options(Duration.ofDays(100_000))).run((done, total) -> { });
            assertTrue(found(lenient).contains("pending-partial " + B), "its age is unknown");
            assertTrue(!found(lenient).contains("pending-partial " + C), "updated 2024-06-01, within the age");
        }
    }

    @Test
    void aFileBackendsStaleLockAndAnIdMeltanoDoesNotListAreFound() throws Exception {
        String uri = Fixtures.fileBackend(dir);
        Path lock = Path.of(uri.substring("file://".length())).resolve(Fixtures.A).resolve("lock");
        Files.writeString(lock, "1717200000.000000"); // 2024-06-01: long stale
        try (StateBackend backend = Backends.open(uri, BackendOptions.defaults())) {
            CheckUp.Report report = new CheckUp(backend, CheckUp.Options.defaults()).run((done, total) -> { });
            Set<String> found = found(report);
            assertTrue(found.contains("stale-lock " + Fixtures.A), found.toString());
            assertEquals(Fix.BREAK_STALE_LOCK, find(report, Kind.STALE_LOCK, Fixtures.A).fix());
            assertTrue(found.contains("hidden-from-meltano " + E), found.toString());
            assertTrue(found.containsAll(List.of("corrupt-json " + F, "null-document " + I, "no-singer-state " + H)), found.toString());
        }
    }

    private static Finding find(CheckUp.Report report, Kind kind, String id) {
        return report.findings().stream().filter(f -> f.kind() == kind && id.equals(f.stateId())).findFirst()
                .orElseThrow(() -> new AssertionError(kind + " " + id + " not in " + report.findings()));
    }
}
