package dev.cairn.ui.check;

import static dev.cairn.testing.Fixtures.A;
import static dev.cairn.testing.Fixtures.B;
import static dev.cairn.testing.Fixtures.F;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.StateBackend;
import dev.cairn.ops.CheckUp;
import dev.cairn.ops.CheckUp.Finding;
import dev.cairn.ops.CheckUp.Kind;
import dev.cairn.ops.CheckUp.Severity;
import dev.cairn.ops.Journal;
import dev.cairn.state.Json;
import dev.cairn.state.StateDocument;
import dev.cairn.testing.Fixtures;
import dev.cairn.ui.FakeUiThread;
import dev.cairn.ui.connect.Environment;
import dev.cairn.ui.lock.BreakLockViewModel;
import dev.cairn.ui.write.WriteFlowViewModel;
import dev.cairn.ui.write.WriteTarget;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Check backend… on the fixture backends: findings, counts, the filter, cancel, the exported report, and fixes checked again. */
@Tag("unit")
class CheckViewModelTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    private final FakeUiThread ui = new FakeUiThread();
    private final List<String> selectedIds = new ArrayList<>();
    private WriteFlowViewModel flow;
    private BreakLockViewModel breakLock;

    @AfterEach
    void stop() {
        ui.close();
    }

    private CheckViewModel model() {
        return ui.call(() -> {
            flow = new WriteFlowViewModel(ui.executor(), new Journal(dir.resolve("journal")));
            breakLock = new BreakLockViewModel(ui.executor());
            return new CheckViewModel(ui.executor(), flow, breakLock, selectedIds::add);
        });
    }

    private void checked(CheckViewModel model) {
        ui.await(() -> model.stageProperty().get() != CheckViewModel.Stage.CHECKING, WAIT);
        assertEquals(CheckViewModel.Stage.CHECKED, ui.call(() -> model.stageProperty().get()), ui.call(() -> model.statusProperty().get()));
    }

    private static JsonNode parse(String line) {
        try {
            return Json.parse(line);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static Finding find(List<Finding> findings, Kind kind, String id) {
        return findings.stream().filter(f -> f.kind() == kind && id.equals(f.stateId())).findFirst()
                .orElseThrow(() -> new AssertionError(kind + " " + id + " not in " + findings));
    }

    @Test
    void findingsCountsTheFilterAndTheSelectedIdOfASystemDb() throws Exception {
        try (StateBackend backend = Backends.open(Fixtures.systemDb(dir), BackendOptions.defaults())) {
            CheckViewModel model = model();
            ui.run(() -> model.open(new WriteTarget("dev db", backend, Environment.DEV, false)));
            checked(model);
            CheckUp.Report direct = new CheckUp(backend, CheckUp.Options.defaults()).run((d, t) -> { });
            assertEquals(direct.findings(), ui.call(() -> List.copyOf(model.findings())));
            long errors = direct.findings().stream().filter(f -> f.severity() == Severity.ERROR).count();
            long warnings = direct.findings().stream().filter(f -> f.severity() == Severity.WARNING).count();
            assertEquals((int) errors, ui.call(() -> model.countsProperty().get().get(Severity.ERROR)));
            assertEquals("Checked " + direct.states() + " states: " + errors + " errors, " + warnings + " warnings, 0 notices",
                    ui.call(() -> model.statusProperty().get()));

            ui.run(() -> model.filterProperty().set(Severity.ERROR));
            assertEquals((int) errors, (int) ui.call(() -> model.shown().size()));
            assertTrue(ui.call(() -> model.shown().stream().allMatch(f -> f.severity() == Severity.ERROR)));
            ui.run(() -> model.filterProperty().set(null));
            assertEquals(direct.findings().size(), ui.call(() -> model.shown().size()));

            ui.run(() -> model.selectedProperty().set(find(model.findings(), Kind.CORRUPT_JSON, F)));
            assertEquals(List.of(F), ui.call(() -> List.copyOf(selectedIds)), "the ID list selects the finding's ID");
        }
    }

    @Test
    void aCheckUnderWayIsCancelledAndTheLastFindingsStay() throws Exception {
        try (StateBackend backend = Backends.open(Fixtures.systemDb(dir), BackendOptions.defaults())) {
            CheckViewModel model = model();
            ui.run(() -> model.open(new WriteTarget("dev db", backend, Environment.DEV, false)));
            checked(model);
            int found = ui.call(() -> model.findings().size());
            CountDownLatch held = ui.occupyWorkers();
            try {
                ui.run(model::recheck);
                assertEquals(CheckViewModel.Stage.CHECKING, ui.call(() -> model.stageProperty().get()));
                assertEquals("Checking…", ui.call(() -> model.statusProperty().get()));
                ui.run(model::cancel);
                assertEquals(CheckViewModel.Stage.CANCELLED, ui.call(() -> model.stageProperty().get()));
                assertEquals("Check cancelled.", ui.call(() -> model.statusProperty().get()));
            } finally {
                held.countDown();
            }
            ui.awaitIdle();
            assertEquals(CheckViewModel.Stage.CANCELLED, ui.call(() -> model.stageProperty().get()), "a cancelled check shows nothing late");
            assertEquals(found, ui.call(() -> model.findings().size()));
        }
    }

    @Test
    void theReportIsExportedAsCsvOrJsonLinesAsTheCommandLineWritesThem() throws Exception {
        try (StateBackend backend = Backends.open(Fixtures.systemDb(dir), BackendOptions.defaults())) {
            CheckViewModel model = model();
            ui.run(() -> model.open(new WriteTarget("dev db", backend, Environment.DEV, false)));
            checked(model);
            List<Finding> findings = ui.call(() -> List.copyOf(model.findings()));

            Path csv = dir.resolve("report.csv");
            ui.run(() -> model.export(csv));
            ui.await(() -> !model.noticeProperty().get().isEmpty(), WAIT);
            assertEquals("Exported " + findings.size() + " findings to " + csv + ".", ui.call(() -> model.noticeProperty().get()));
            List<String> lines = Files.readAllLines(csv);
            assertEquals("severity,kind,id,message,fix", lines.get(0));
            assertEquals(findings.size() + 1, lines.size());
            assertTrue(lines.stream().anyMatch(l -> l.startsWith("warning,pending-partial," + B + ",")
                    && l.endsWith(",\"Fix… in Cairn's Check backend: clears the partial state (previewed, journalled, undoable)\"")),
                    lines.toString());

            Path json = dir.resolve("report.json");
            ui.run(() -> model.export(json));
            ui.await(() -> model.noticeProperty().get().contains("report.json"), WAIT);
            List<String> objects = Files.readAllLines(json);
            assertEquals(findings.size(), objects.size());
            var first = Json.parse(objects.get(0));
            assertEquals(findings.get(0).severity().label(), first.get("severity").asText());
            assertEquals(findings.get(0).message(), first.get("message").asText());
            var pending = objects.stream().map(CheckViewModelTest::parse).filter(o -> B.equals(o.get("id").asText())
                    && "pending-partial".equals(o.get("kind").asText())).findFirst().orElseThrow();
            assertEquals("clear-partial", pending.get("fix").asText());
        }
    }

    @Test
    void clearingAPendingPartialThroughTheWriteFlowChecksAgainAndTheFindingIsGone() throws Exception {
        try (StateBackend backend = Backends.open(Fixtures.systemDb(dir), BackendOptions.defaults())) {
            CheckViewModel model = model();
            ui.run(() -> model.open(new WriteTarget("dev db", backend, Environment.OTHER, false)));
            checked(model);
            Finding pending = ui.call(() -> find(model.findings(), Kind.PENDING_PARTIAL, B));
            ui.run(() -> model.fix(pending));
            ui.await(() -> flow.stageProperty().get() != WriteFlowViewModel.Stage.PLANNING
                    && flow.stageProperty().get() != WriteFlowViewModel.Stage.CLOSED, WAIT);
            assertEquals(WriteFlowViewModel.Stage.PREVIEW, ui.call(() -> flow.stageProperty().get()), "previewed first");
            assertTrue(ui.call(() -> model.findings().contains(pending)), "nothing written before the confirmation");
            ui.run(() -> flow.typedProperty().set(flow.requiredTypingProperty().get()));
            ui.run(flow::confirm);
            ui.await(() -> flow.stageProperty().get() == WriteFlowViewModel.Stage.DONE
                    && model.stageProperty().get() == CheckViewModel.Stage.CHECKED
                    && !model.findings().contains(pending), WAIT);
            assertFalse(backend.read(B).document().hasPendingPartial());
        }
    }

    @Test
    void aPartialMeltanoCannotMergeIsClearedThroughTheWriteFlowToo() throws Exception {
        String id = "staging:tap-shopify-to-target-postgres";
        try (StateBackend backend = Backends.open(Fixtures.systemDb(dir), BackendOptions.defaults())) {
            // an object over a scalar, as the demo's: Meltano's next run crashes before the tap starts
            backend.write(id, StateDocument.of(
                    Json.parse("{\"singer_state\": {\"bookmarks\": {\"orders\": \"2024-05-30T00:00:00Z\"}}}"),
                    Json.parse("{\"singer_state\": {\"bookmarks\": {\"orders\": {\"replication_key_value\": \"2024-06-01T01:00:00Z\"}}}}")),
                    null);
            CheckViewModel model = model();
            ui.run(() -> model.open(new WriteTarget("dev db", backend, Environment.OTHER, false)));
            checked(model);
            Finding broken = ui.call(() -> find(model.findings(), Kind.MERGE_ERROR, id));
            assertEquals(CheckUp.Fix.CLEAR_PARTIAL, broken.fix());
            ui.run(() -> model.fix(broken));
            ui.await(() -> flow.stageProperty().get() == WriteFlowViewModel.Stage.PREVIEW, WAIT);
            ui.run(flow::confirm);
            ui.await(() -> flow.stageProperty().get() == WriteFlowViewModel.Stage.DONE
                    && model.stageProperty().get() == CheckViewModel.Stage.CHECKED
                    && model.findings().stream().noneMatch(f -> id.equals(f.stateId())), WAIT);
        }
    }

    @Test
    void aReadOnlyConnectionSaysWhyInsteadOfFixing() throws Exception {
        try (StateBackend backend = Backends.open(Fixtures.systemDb(dir), BackendOptions.defaults())) {
            CheckViewModel model = model();
            ui.run(() -> model.open(new WriteTarget("archive", backend, Environment.OTHER, true)));
            checked(model);
            Finding pending = ui.call(() -> find(model.findings(), Kind.PENDING_PARTIAL, B));
            ui.run(() -> model.fix(pending));
            assertTrue(ui.call(() -> model.noticeProperty().get()).startsWith("archive is a read-only connection"));
            assertEquals(WriteFlowViewModel.Stage.CLOSED, ui.call(() -> flow.stageProperty().get()));
        }
    }

    @Test
    void aStaleLockOpensTheBreakLockFormAndOnceBrokenTheFindingIsGone() throws Exception {
        String uri = Fixtures.fileBackend(dir);
        Path lock = Path.of(uri.substring("file://".length())).resolve(A).resolve("lock");
        Files.writeString(lock, "1717200000.000000"); // 2024-06-01: long stale
        try (StateBackend backend = Backends.open(uri, BackendOptions.defaults())) {
            CheckViewModel model = model();
            ui.run(() -> model.open(new WriteTarget("files", backend, Environment.DEV, false)));
            checked(model);
            Finding stale = ui.call(() -> find(model.findings(), Kind.STALE_LOCK, A));
            assertEquals(CheckUp.Fix.BREAK_STALE_LOCK, stale.fix());
            ui.run(() -> model.fix(stale));
            ui.await(() -> breakLock.showingProperty().get(), WAIT);
            assertEquals(A, ui.call(breakLock::stateId));
            ui.run(breakLock::confirm);
            ui.await(() -> !breakLock.showingProperty().get() && model.stageProperty().get() == CheckViewModel.Stage.CHECKED
                    && !model.findings().contains(stale), WAIT);
            assertFalse(Files.exists(lock));
            assertNull(ui.call(() -> model.selectedProperty().get()));
        }
    }
}
