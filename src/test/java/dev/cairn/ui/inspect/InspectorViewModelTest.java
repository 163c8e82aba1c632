package dev.cairn.ui.inspect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.backend.LockStatus;
import dev.cairn.backend.StateBackend;
import dev.cairn.testing.RunRows;
import dev.cairn.ui.DiskStates;
import dev.cairn.ui.FakeUiThread;
import dev.cairn.ui.GatedBackend;
import dev.cairn.ui.browse.Badge;
import dev.cairn.ui.inspect.InspectorViewModel.Part;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("unit")
class InspectorViewModelTest {

    private final FakeUiThread ui = new FakeUiThread();
    @TempDir
    Path dir;
    private StateBackend backend;

    @BeforeEach
    void open() {
        backend = DiskStates.systemDb(dir).put("prod:tap-stripe-to-target-bigquery",
                    "{\"singer_state\": {\"bookmarks\": {\"charges\": {\"v\": 1}, \"invoices\": {\"v\": 1}}}}",
                    "{\"singer_state\": {\"bookmarks\": {\"invoices\": {\"v\": 2}, \"events\": {\"v\": 3}}}}")
            .put("dev:tap-broken-to-target-jsonl", "{\"singer_state\": {\"bookmarks\": {\"users\": {\"replication_key_val", "{}")
            .put("staging:tap-hubspot-to-target-postgres", "{\"singer_state\": {}}", null)
            .put("dev:tap-custom-to-target-jsonl", "{\"bookmarks\": {}}", "{}").open();
    }

    @AfterEach
    void close() {
        ui.close();
        backend.close();
    }

    private InspectorViewModel inspect(String id) {
        SelectionModel selection = ui.call(() -> new SelectionModel(ui.executor()));
        InspectorViewModel model = ui.call(() -> new InspectorViewModel(ui.executor(), selection));
        ui.run(() -> selection.select(backend, "", id));
        ui.awaitIdle();
        assertNull(ui.call(() -> model.errorProperty().get()));
        return model;
    }

    @Test
    void effectiveIsThePartialMergedOntoTheCompletedAsMeltanoPrintsIt() {
        InspectorViewModel model = inspect("prod:tap-stripe-to-target-bigquery");
        ShownDocument effective = ui.call(() -> model.documentProperty(Part.EFFECTIVE).get());
        assertEquals("{\n  \"singer_state\": {\n    \"bookmarks\": {\n      \"charges\": {\n        \"v\": 1\n      },\n"
                + "      \"invoices\": {\n        \"v\": 2\n      },\n      \"events\": {\n        \"v\": 3\n      }\n    }\n  }\n}",
                effective.text().text());
        assertEquals(Badge.HEALTHY, ui.call(() -> model.healthProperty().get()));
        assertEquals("The tap resumes charges: v = 1; invoices: v = 2; events: v = 3. Partial state of an unfinished run is merged on top"
                + " of the completed state.", ui.call(() -> model.verdictProperty().get()));
        assertNotNull(ui.call(() -> model.documentProperty(Part.PARTIAL).get()).prepared(), "small documents open in RichTextFX");
    }

    @Test
    void corruptDocumentsShowTheirRawTextWithTheErrorMarked() {
        InspectorViewModel model = inspect("dev:tap-broken-to-target-jsonl");
        assertEquals(Badge.CORRUPT_JSON, ui.call(() -> model.healthProperty().get()));
        ShownDocument completed = ui.call(() -> model.documentProperty(Part.COMPLETED).get());
        assertTrue(completed.text().isRaw());
        assertTrue(completed.problem());
        assertTrue(completed.note().startsWith("Not valid JSON"), completed.note());
        String raw = "{\"singer_state\": {\"bookmarks\": {\"users\": {\"replication_key_val";
        assertEquals(raw, completed.text().text());
        // the error is at the end of the truncated text: the last row, last column
        assertEquals(completed.text().rowCount() - 1, completed.text().errorRow());
        ShownDocument effective = ui.call(() -> model.documentProperty(Part.EFFECTIVE).get());
        assertTrue(effective.note().startsWith("Meltano fails reading this state"), effective.note());
    }

    @Test
    void aNullPartialIsShownAsNullAndTheEffectiveStateAsMeltanosFailure() {
        InspectorViewModel model = inspect("staging:tap-hubspot-to-target-postgres");
        assertEquals(Badge.NULL_DOCUMENT, ui.call(() -> model.healthProperty().get()));
        assertEquals("null", ui.call(() -> model.documentProperty(Part.PARTIAL).get()).text().text());
        assertTrue(ui.call(() -> model.verdictProperty().get()).contains("AttributeError"));
    }

    @Test
    void aStateWithoutSingerStateSaysTheTapWillFullySync() {
        InspectorViewModel model = inspect("dev:tap-custom-to-target-jsonl");
        assertEquals(Badge.NO_SINGER_STATE, ui.call(() -> model.healthProperty().get()));
        assertTrue(ui.call(() -> model.verdictProperty().get()).contains("sync everything"));
    }

    /** A RUNNING row of a system DB is its run, not a lock besides: one badge for one run. */
    @Test
    void aSystemDbsRunningPipelineIsARunNotALockBesides() throws Exception {
        String id = "prod:tap-stripe-to-target-bigquery";
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("meltano.db"))) {
            new RunRows(c, true).add(id, "RUNNING", RunRows.minutesAgo(3), 0, "{}", "cli", RunRows.minutesAgo(0));
        }
        InspectorViewModel model = inspect(id);
        assertNotNull(ui.call(() -> model.runningProperty().get()));
        assertEquals(LockStatus.State.FREE, ui.call(() -> model.lockProperty().get()).state());
    }

    @Test
    void aNewerSelectionDropsTheOlderResult() {
        GatedBackend gated = new GatedBackend(backend);
        CountDownLatch olderRead = gated.hold("dev:tap-broken-to-target-jsonl");
        SelectionModel selection = ui.call(() -> new SelectionModel(ui.executor()));
        InspectorViewModel model = ui.call(() -> new InspectorViewModel(ui.executor(), selection));
        ui.run(() -> {
            selection.select(gated, "", "dev:tap-broken-to-target-jsonl");
            selection.select(gated, "", "dev:tap-custom-to-target-jsonl");
        });
        ui.await(() -> !model.loadingProperty().get(), Duration.ofSeconds(30));
        assertEquals(Badge.NO_SINGER_STATE, ui.call(() -> model.healthProperty().get()));
        // the older read ends only now, after the newer one was shown
        olderRead.countDown();
        ui.awaitIdle();
        assertEquals("dev:tap-custom-to-target-jsonl", ui.call(() -> model.stateIdProperty().get()));
        assertEquals(Badge.NO_SINGER_STATE, ui.call(() -> model.healthProperty().get()));
        ui.run(() -> selection.select(null, null, null));
        assertNull(ui.call(() -> model.documentProperty(Part.EFFECTIVE).get()));
    }

    @Test
    void cancellingTheReadFromTheStatusBarEndsTheLoadingAndRefreshReadsAgain() {
        SelectionModel selection = ui.call(() -> new SelectionModel(ui.executor()));
        InspectorViewModel model = ui.call(() -> new InspectorViewModel(ui.executor(), selection));
        CountDownLatch busy = ui.occupyWorkers();
        ui.run(() -> selection.select(backend, "", "prod:tap-stripe-to-target-bigquery"));
        assertTrue(ui.call(() -> model.loadingProperty().get()));
        ui.cancelAll();
        busy.countDown();
        ui.awaitIdle();
        assertFalse(ui.call(() -> model.loadingProperty().get()));
        for (Part part : Part.values()) {
            String note = ui.call(() -> model.documentProperty(part).get()).note();
            assertTrue(note.contains("was cancelled"), note);
        }
        assertNull(ui.call(() -> model.errorProperty().get()), "a cancel is not an error");
        ui.run(selection::reload);
        ui.awaitIdle();
        assertEquals(Badge.HEALTHY, ui.call(() -> model.healthProperty().get()));
        assertNull(ui.call(() -> model.documentProperty(Part.PARTIAL).get()).note());
    }
}
