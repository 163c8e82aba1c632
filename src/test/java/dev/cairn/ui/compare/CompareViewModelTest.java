package dev.cairn.ui.compare;

import static dev.cairn.testing.Fixtures.A;
import static dev.cairn.testing.Fixtures.B;
import static dev.cairn.testing.Fixtures.C;
import static dev.cairn.testing.Fixtures.D;
import static dev.cairn.testing.Fixtures.E;
import static dev.cairn.testing.Fixtures.F;
import static dev.cairn.testing.Fixtures.G;
import static dev.cairn.testing.Fixtures.H;
import static dev.cairn.testing.Fixtures.I;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.StateBackend;
import dev.cairn.ops.Journal;
import dev.cairn.ops.Transfer;
import dev.cairn.ops.compare.IdComparison.Status;
import dev.cairn.state.Json;
import dev.cairn.state.StateDocument;
import dev.cairn.testing.EmptyBackends;
import dev.cairn.testing.Fixtures;
import dev.cairn.ui.FakeUiThread;
import dev.cairn.ui.compare.CompareViewModel.Direction;
import dev.cairn.ui.compare.CompareViewModel.Order;
import dev.cairn.ui.compare.CompareViewModel.Row;
import dev.cairn.ui.compare.CompareViewModel.Stage;
import dev.cairn.ui.connect.Environment;
import dev.cairn.ui.diff.DiffViewModel;
import dev.cairn.ui.transfer.TransferViewModel;
import dev.cairn.ui.write.WriteTarget;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import javafx.collections.ListChangeListener;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Compare backends… on the fixture system DB against a file backend: every status, the counts, the
 * filters and orders, the selected ID's diff, the checked rows copied through the copy form (with
 * production's typed confirmation), and only the copied IDs compared again.
 */
@Tag("unit")
class CompareViewModelTest {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String ONLY_THERE_ID = "dev:tap-new-to-target-jsonl";

    @TempDir
    Path dir;

    private final FakeUiThread ui = new FakeUiThread();
    private TransferViewModel transfer;
    private DiffViewModel diff;

    @AfterEach
    void stop() {
        ui.close();
    }

    private CompareViewModel model() {
        return ui.call(() -> {
            transfer = new TransferViewModel(ui.executor(), new Journal(dir.resolve("journal")));
            diff = new DiffViewModel(ui.executor());
            return new CompareViewModel(ui.executor(), diff, transfer);
        });
    }

    /**
     * The other side: A stored alike, C resuming alike (its partial merged into the completed state),
     * E two days behind, F (corrupt here) present, one ID of its own; the other five only here.
     */
    private static void fillThere(StateBackend here, StateBackend there) throws Exception {
        there.write(A, here.read(A).document(), null);
        there.write(C, StateDocument.completeWrite((ObjectNode) here.read(C).document().effective()), null);
        there.write(E, StateDocument.completeWrite(Json.parseObject("{\"singer_state\": {\"bookmarks\": {\"pull_requests\":"
                + " {\"partitions\": [{\"context\": {\"org\": \"acme\", \"repo\": \"warehouse\"}, \"replication_key\":"
                + " \"updated_at\", \"replication_key_value\": \"2024-05-30T08:30:00Z\"}]}}}}")), null);
        there.write(F, StateDocument.completeWrite(Json.parseObject("{\"singer_state\": {}}")), null);
        there.write(ONLY_THERE_ID, StateDocument.completeWrite(Json.parseObject("{\"singer_state\": {}}")), null);
    }

    private void compared(CompareViewModel model) {
        ui.await(() -> model.stageProperty().get() != Stage.COMPARING, WAIT);
        assertEquals(Stage.COMPARED, ui.call(() -> model.stageProperty().get()), ui.call(() -> model.statusProperty().get()));
    }

    private List<String> shownIds(CompareViewModel model) {
        return ui.call(() -> model.shown().stream().map(Row::hereId).toList());
    }

    private Row row(CompareViewModel model, String id) {
        return ui.call(() -> model.rows().stream().filter(r -> r.hereId().equals(id)).findFirst().orElseThrow());
    }

    @Test
    void aCopyTowardsAReadOnlyConnectionIsNotOffered() throws Exception {
        try (StateBackend here = Backends.open(Fixtures.systemDb(dir), BackendOptions.defaults());
             StateBackend there = EmptyBackends.FILE.open(dir)) {
            CompareViewModel model = model();
            WriteTarget prod = new WriteTarget("prod db", here, Environment.PROD, true);
            WriteTarget files = new WriteTarget("files", there, Environment.STAGING, false);
            ui.run(() -> model.open(prod, List.of(prod, files)));
            assertTrue(ui.call(() -> model.readOnlyTarget(CompareViewModel.Direction.TO_HERE).get()));
            assertFalse(ui.call(() -> model.readOnlyTarget(CompareViewModel.Direction.TO_THERE).get()));
            ui.run(() -> model.close());
        }
    }

    @Test
    void everyStatusCountedFilteredOrderedAndTheSelectedIdsDiff() throws Exception {
        try (StateBackend here = Backends.open(Fixtures.systemDb(dir), BackendOptions.defaults());
             StateBackend there = EmptyBackends.FILE.open(dir)) {
            fillThere(here, there);
            CompareViewModel model = model();
            WriteTarget dev = new WriteTarget("dev db", here, Environment.DEV, false);
            WriteTarget files = new WriteTarget("files", there, Environment.STAGING, false);
            ui.run(() -> model.open(dev, List.of(dev, files)));
            compared(model);

            assertEquals(Map.of(Status.SAME, 1, Status.SAME_EFFECTIVE, 1, Status.DIFFERENT, 1, Status.UNREADABLE, 1,
                    Status.ONLY_THERE, 1, Status.ONLY_HERE, 5), ui.call(() -> model.countsProperty().get()));
            assertEquals("Compared 10 IDs of dev db and files: 8 differ.", ui.call(() -> model.statusProperty().get()));
            assertEquals(List.of(files), ui.call(() -> List.copyOf(model.others())), "the other side is any other open backend");
            Row behind = row(model, E);
            assertEquals(Status.DIFFERENT, behind.status());
            assertEquals(Duration.ofDays(2), behind.lead());
            assertEquals("2 d · dev db", ui.call(() -> model.aheadBy(behind)));
            assertTrue(behind.detail().contains("newest bookmark here 2024-06-01T08:30:00Z, there 2024-05-30T08:30:00Z"),
                    behind.detail());
            assertTrue(row(model, F).detail().startsWith("here: "), row(model, F).detail());

            ui.run(() -> model.statusFilterProperty().set(Status.DIFFERENT));
            assertEquals(List.of(E), shownIds(model));
            ui.run(() -> {
                model.statusFilterProperty().set(null);
                model.filterTextProperty().set("dev:*"); // a pattern, as the ID list's filter takes it
            });
            assertEquals(List.of(F, D, H, ONLY_THERE_ID, A), shownIds(model), "by ID in natural order");
            ui.run(() -> model.filterTextProperty().set("HUBSPOT")); // text: any case
            assertEquals(List.of(I), shownIds(model));
            ui.run(() -> {
                model.filterTextProperty().set("");
                model.orderProperty().set(Order.STATUS);
            });
            List<String> byStatus = shownIds(model);
            assertEquals(10, byStatus.size());
            assertEquals(Status.ONLY_HERE, row(model, byStatus.get(0)).status());
            assertEquals(Status.UNREADABLE, row(model, byStatus.get(9)).status());
            ui.run(() -> model.orderProperty().set(Order.AHEAD));
            assertEquals(E, shownIds(model).get(0), "the one dated lead first");

            ui.run(() -> model.selectedProperty().set(behind));
            ui.await(() -> diff.diffProperty().get() != null, WAIT);
            assertEquals("dev db · effective", ui.call(() -> diff.leftTitleProperty().get()));
            assertEquals("files · effective", ui.call(() -> diff.rightTitleProperty().get()));
            assertTrue(ui.call(() -> diff.messageProperty().get()).contains("1 stream changed"), ui.call(() -> diff.messageProperty().get()));
        }
    }

    @Test
    void checkedRowsAreCopiedThroughTheCopyFormAndOnlyThoseAreComparedAgain() throws Exception {
        try (StateBackend here = Backends.open(Fixtures.systemDb(dir), BackendOptions.defaults());
             StateBackend there = EmptyBackends.FILE.open(dir)) {
            fillThere(here, there);
            CompareViewModel model = model();
            WriteTarget dev = new WriteTarget("dev db", here, Environment.DEV, false);
            WriteTarget prod = new WriteTarget("prod files", there, Environment.PROD, false);
            ui.run(() -> model.open(dev, List.of(dev, prod)));
            compared(model);
            Map<String, Row> before = new HashMap<>();
            ui.run(() -> model.rows().forEach(r -> before.put(r.hereId(), r)));

            Row nullPartial = row(model, I);
            ui.run(() -> {
                model.checkAll(Status.ONLY_HERE);
                model.checkAll(Status.ONLY_THERE);
                nullPartial.checkedProperty().set(false); // its partial state is NULL: Meltano cannot read it
            });
            assertEquals(5, ui.call(() -> model.checkedCountProperty().get()));
            assertEquals(4, ui.call(() -> model.copyable(Direction.TO_THERE).size()), "an ID only there has nothing to copy there");
            ui.run(() -> model.copy(Direction.TO_THERE));
            assertTrue(ui.call(() -> transfer.showingProperty().get()));
            assertEquals(TransferViewModel.Scope.IDS, ui.call(() -> transfer.scopeProperty().get()));
            assertEquals(prod, ui.call(() -> transfer.destinationProperty().get()));
            ui.await(() -> transfer.stageProperty().get() == TransferViewModel.Stage.PLANNED, WAIT);
            assertEquals(List.of(B, D, G, H).stream().sorted().toList(), ui.call(() -> transfer.rows().stream()
                    .map(TransferViewModel.Row::sourceId).sorted().toList()), "the preview lists every checked ID");
            assertEquals("prod files", ui.call(() -> transfer.requiredTypingProperty().get()),
                    "production: the connection's name is typed for the IDs chosen");
            assertFalse(ui.call(() -> transfer.canRunProperty().get()));
            ui.run(() -> transfer.typedProperty().set("prod files"));
            assertTrue(ui.call(() -> transfer.canRunProperty().get()));
            ui.run(transfer::run);
            ui.await(() -> transfer.stageProperty().get() == TransferViewModel.Stage.FINISHED, WAIT);
            // Meltano's copy refuses a state with no top-level singer_state: D and H are reported so, not written
            assertEquals(Map.of(B, Transfer.Outcome.COPIED, G, Transfer.Outcome.COPIED, D, Transfer.Outcome.FAILED,
                    H, Transfer.Outcome.FAILED), ui.call(() -> transfer.rows().stream().collect(
                            Collectors.toMap(TransferViewModel.Row::sourceId, TransferViewModel.Row::outcome))));

            ui.await(() -> model.noticeProperty().get().startsWith("Compared 2 copied IDs again"), WAIT);
            Map<Status, Integer> counts = ui.call(() -> model.countsProperty().get());
            assertEquals(3, counts.getOrDefault(Status.ONLY_HERE, 0), counts.toString());
            assertEquals(Status.SAME_EFFECTIVE, row(model, B).status(), "B's pending partial became the copy's completed state");
            assertEquals(Status.SAME, row(model, G).status());
            for (String id : List.of(A, C, D, E, F, H, I, ONLY_THERE_ID)) {
                assertSame(before.get(id), row(model, id), id + " was not compared again");
            }
            assertTrue(row(model, ONLY_THERE_ID).isChecked(), "an untouched row keeps its check");
            assertEquals(3, ui.call(() -> model.checkedCountProperty().get()), "D, H and the ID only there are still checked");
            assertTrue(Files.exists(dir.resolve("journal")), "the copy form journals the copy");
        }
    }

    @Test
    void aRenameComparesOneEnvironmentsIdsWithAnothers() throws Exception {
        try (StateBackend here = Backends.open(Fixtures.systemDb(dir), BackendOptions.defaults());
             StateBackend there = EmptyBackends.FILE.open(dir)) {
            there.write("qa:tap-hubspot-to-target-postgres", StateDocument.completeWrite(Json.parseObject("{}")), null);
            there.write("qa:tap-other-to-target-jsonl", StateDocument.completeWrite(Json.parseObject("{}")), null);
            there.write(A, here.read(A).document(), null);
            CompareViewModel model = model();
            WriteTarget dev = new WriteTarget("dev db", here, Environment.DEV, false);
            WriteTarget files = new WriteTarget("files", there, Environment.STAGING, false);
            ui.run(() -> {
                model.renameProperty().set("staging:*=qa:*");
                model.open(dev, List.of(dev, files));
            });
            compared(model);
            assertEquals(Map.of(Status.UNREADABLE, 1, Status.ONLY_THERE, 1), ui.call(() -> model.countsProperty().get()),
                    "only the staging IDs here, as qa IDs there");
            Row hubspot = row(model, I);
            assertEquals("qa:tap-hubspot-to-target-postgres", hubspot.thereId());
            assertTrue(hubspot.detail().startsWith("here: "), hubspot.detail());
            Row other = row(model, "staging:tap-other-to-target-jsonl");
            assertEquals(Status.ONLY_THERE, other.status());
            ui.run(() -> model.selectedProperty().set(other));
            ui.await(() -> diff.diffProperty().get() != null, WAIT);
            assertEquals("files · qa:tap-other-to-target-jsonl · effective", ui.call(() -> diff.rightTitleProperty().get()));
        }
    }

    @Test
    void aComparisonUnderWayIsCancelled() throws Exception {
        try (StateBackend here = Backends.open(Fixtures.systemDb(dir), BackendOptions.defaults());
             StateBackend there = EmptyBackends.FILE.open(dir)) {
            CompareViewModel model = model();
            WriteTarget dev = new WriteTarget("dev db", here, Environment.DEV, false);
            WriteTarget files = new WriteTarget("files", there, Environment.STAGING, false);
            CountDownLatch held = ui.occupyWorkers();
            try {
                ui.run(() -> model.open(dev, List.of(dev, files)));
                assertEquals(Stage.COMPARING, ui.call(() -> model.stageProperty().get()));
                ui.run(model::cancel);
                assertEquals(Stage.CANCELLED, ui.call(() -> model.stageProperty().get()));
                assertEquals("Comparison cancelled after 0 IDs.", ui.call(() -> model.statusProperty().get()));
            } finally {
                held.countDown();
            }
            ui.awaitIdle();
            assertEquals(Stage.CANCELLED, ui.call(() -> model.stageProperty().get()), "the cancelled run's end changes nothing");
            assertEquals(0, ui.call(() -> model.rows().size()));
        }
    }

    /** 10,000 IDs a side arrive in a few batches, not one change of the table (one FX task) per ID. */
    @Test
    void tenThousandRowsArriveInBatches() throws Exception {
        int n = 10_000;
        String here = EmptyBackends.SQLITE.create(dir);
        String there = EmptyBackends.SQLITE.create(dir);
        // straight into the state tables, in one transaction a side: ten thousand writes through the backend take long
        for (String uri : List.of(here, there)) {
            try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + uri.substring("sqlite:///".length()))) {
                db.setAutoCommit(false);
                try (PreparedStatement insert = db.prepareStatement(
                        "INSERT INTO state (state_id, partial_state, completed_state, updated_at) VALUES (?, '{}', ?, '2024-06-01 00:00:00')")) {
                    for (int i = 0; i < n; i++) {
                        if (uri.equals(there) && i % 20 == 0) {
                            continue; // 5 % only here
                        }
                        insert.setString(1, "dev:tap-" + i + "-to-target-jsonl");
                        String value = uri.equals(there) && i % 10 == 1 ? "2024-05-01T00:00:00Z" : "2024-06-01T00:00:00Z";
                        insert.setString(2, "{\"singer_state\": {\"bookmarks\": {\"s\": {\"replication_key_value\": \"" + value + "\"}}}}");
                        insert.addBatch();
                    }
                    insert.executeBatch();
                }
                db.commit();
            }
        }
        try (StateBackend a = Backends.open(here, BackendOptions.defaults()); StateBackend b = Backends.open(there, BackendOptions.defaults())) {
            CompareViewModel model = model();
            AtomicInteger changes = new AtomicInteger();
            ui.run(() -> model.rows().addListener((ListChangeListener<Row>) c -> changes.incrementAndGet()));
            WriteTarget left = new WriteTarget("a", a, Environment.DEV, false);
            WriteTarget right = new WriteTarget("b", b, Environment.DEV, false);
            long start = System.nanoTime();
            ui.run(() -> model.open(left, List.of(left, right)));
            compared(model);
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertEquals(n, ui.call(() -> model.rows().size()));
            assertEquals(Map.of(Status.SAME, n - n / 20 - n / 10, Status.DIFFERENT, n / 10, Status.ONLY_HERE, n / 20),
                    ui.call(() -> model.countsProperty().get()));
            // one batch per FLUSH_EVERY at most, and the last one
            long bound = millis / CompareViewModel.FLUSH_EVERY.toMillis() + 2;
            assertTrue(changes.get() <= bound, changes.get() + " changes for " + n + " rows in " + millis + " ms");
            System.out.println("compared " + n + " IDs a side in " + millis + " ms, " + changes.get() + " table changes");
        }
    }
}
