package dev.cairn.ui.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.backend.Backends;
import dev.cairn.backend.MeltanoRun;
import dev.cairn.backend.StateBackend;
import dev.cairn.ops.Edit;
import dev.cairn.ops.Journal;
import dev.cairn.ops.Timeline;
import dev.cairn.ops.UnrecordedEnds;
import dev.cairn.ops.WriteCommand;
import dev.cairn.state.Json;
import dev.cairn.testing.EmptyBackends;
import dev.cairn.testing.RunRows;
import dev.cairn.ui.DiskStates;
import dev.cairn.ui.FakeUiThread;
import dev.cairn.ui.Selection;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Timeline tab's view model on a real SQLite system DB with Meltano's DDL, runs rows and Cairn's journal. */
@Tag("unit")
class TimelineViewModelTest {

    private static final String ID = "dev:tap-github-to-target-postgres";

    private final FakeUiThread ui = new FakeUiThread();
    @TempDir
    Path dir;
    private StateBackend backend;

    @AfterEach
    void close() {
        ui.close();
        if (backend != null) {
            backend.close();
        }
    }

    private static String bookmark(String value) {
        return "{\"singer_state\": {\"bookmarks\": {\"issues\": {\"replication_key_value\": \"" + value + "\"}}}}";
    }

    /** 30 daily runs, a failed one that stored nothing, then Cairn's write (its journal entry and its STATE_EDIT row). */
    private Selection history(Journal journal) throws Exception {
        backend = DiskStates.systemDb(dir).put(ID, bookmark("2024-01-01"), "{}").open();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("meltano.db"))) {
            RunRows rows = new RunRows(c, true);
            for (int i = 0; i < 30; i++) {
                LocalDateTime started = RunRows.minutesAgo((40 - i) * 24 * 60L);
                rows.add(ID, "SUCCESS", started, MeltanoRun.Payload.STATE, bookmark(String.format("2024-01-%02d", i + 1)),
                        "schedule", started.plusMinutes(19));
            }
            LocalDateTime failed = RunRows.minutesAgo(5 * 24 * 60L);
            rows.add(ID, "FAIL", failed, 0, "{}", "schedule", failed.plusMinutes(19));
        }
        WriteCommand.plan(backend, ID, Edit.set(Json.parseObject(bookmark("2024-02-01")))).execute(journal);
        return new Selection("dev", backend, backend.read(ID), null);
    }

    @Test
    void aWriteWhoseEndTheJournalCouldNotRecordIsShownAsItEnded() throws Exception {
        Path folder = dir.resolve("journal");
        Selection selection = history(new Journal(folder));
        UnrecordedEnds.notWritten(new Journal(folder), WriteCommand.plan(backend, ID,
                Edit.set(Json.parseObject(bookmark("2024-03-01")))));
        TimelineViewModel model = ui.call(() -> new TimelineViewModel(ui.executor(), new Journal(folder), null, null));
        ui.run(() -> model.activate(selection));
        ui.awaitIdle();
        String newest = TimelineViewModel.describe(ui.call(() -> model.items().get(0)));
        assertTrue(newest.contains("Set state of " + ID) && newest.contains("not written"), newest);
    }

    @Test
    void readsAPageNewestFirstWithCairnsWritesAmongTheRunsAndLoadsOlderOnes() throws Exception {
        Journal journal = new Journal(dir.resolve("journal"));
        Selection selection = history(journal);
        TimelineViewModel model = ui.call(() -> new TimelineViewModel(ui.executor(), journal, null, null));
        ui.run(() -> model.activate(selection));
        ui.awaitIdle();
        List<Timeline.Item> items = ui.call(() -> List.copyOf(model.items()));
        assertEquals(TimelineViewModel.PAGE + 1, items.size(), "a page of runs rows and the one journalled write");
        assertEquals("STATE_EDIT", TimelineViewModel.outcome(items.get(0), Instant.now()));
        assertEquals("CAIRN", TimelineViewModel.outcome(items.get(1), Instant.now()),
                "journalled just before its row was added");
        assertTrue(TimelineViewModel.describe(items.get(1)).contains("Set state of " + ID), TimelineViewModel.describe(items.get(1)));
        assertEquals("FAIL", TimelineViewModel.outcome(items.get(2), Instant.now()));
        assertTrue(TimelineViewModel.describe(items.get(2)).endsWith("· schedule · 20m00s · no state"), TimelineViewModel.describe(items.get(2)));
        assertTrue(TimelineViewModel.describe(items.get(3)).endsWith("complete — 1 stream changed"), TimelineViewModel.describe(items.get(3)));
        assertTrue(ui.call(() -> model.moreProperty().get()));

        ui.run(model::loadMore);
        ui.awaitIdle();
        assertEquals(30 + 2 + 1, (int) ui.call(() -> model.items().size()), "every run, the state edit and the write");
        assertFalse(ui.call(() -> model.moreProperty().get()));
        Timeline.Item oldest = ui.call(() -> model.items().get(model.items().size() - 1));
        assertTrue(TimelineViewModel.describe(oldest).endsWith("complete — first checkpoint"), TimelineViewModel.describe(oldest));
    }

    @Test
    void aPointIsComparedWithTheStateNowAndOfferedForRestoreTwoPointsWithEachOther() throws Exception {
        Journal journal = new Journal(dir.resolve("journal"));
        Selection selection = history(journal);
        TimelineViewModel model = ui.call(() -> new TimelineViewModel(ui.executor(), journal, null, null));
        ui.run(() -> model.activate(selection));
        ui.awaitIdle();
        Timeline.Item run = ui.call(() -> model.items().get(3));
        ui.run(() -> model.choose(List.of(run)));
        ui.awaitIdle();
        TimelineViewModel.Comparison compared = ui.call(() -> model.comparisonProperty().get());
        assertEquals("after run " + run.point().run().runId() + " (" + run.time() + ")", compared.left());
        assertEquals("stored now (effective state)", compared.right());
        assertEquals("1 stream changed", compared.diff().summary().sentence());
        Edit restore = ui.call(() -> model.restoreProperty().get());
        assertEquals("Restore the checkpoint of run " + run.point().run().runId() + " in state", restore.verb());
        assertEquals(Json.parse(bookmark("2024-01-30")), restore.apply(selection.stored().document()).effective(),
                "a complete write of that run's checkpoint");

        Timeline.Item older = ui.call(() -> model.items().get(10));
        ui.run(() -> model.choose(List.of(run, older)));
        ui.awaitIdle();
        compared = ui.call(() -> model.comparisonProperty().get());
        assertTrue(compared.left().startsWith("after run " + older.point().run().runId()), "the older on the left");
        assertNull(ui.call(() -> model.restoreProperty().get()), "two points: nothing to restore");

        Timeline.Item failed = ui.call(() -> model.items().get(2));
        ui.run(() -> model.choose(List.of(failed)));
        ui.awaitIdle();
        assertTrue(ui.call(() -> model.noteProperty().get()).contains("stored no state"), ui.call(() -> model.noteProperty().get()));
        assertNull(ui.call(() -> model.comparisonProperty().get()));

        Timeline.Item write = ui.call(() -> model.items().get(1));
        ui.run(() -> model.choose(List.of(write)));
        ui.awaitIdle();
        assertNotNull(ui.call(() -> model.comparisonProperty().get()));
        assertNull(ui.call(() -> model.restoreProperty().get()));
        assertTrue(ui.call(() -> model.noteProperty().get()).contains("History tab"));
    }

    @Test
    void aBackendWithoutARunsTableShowsCairnsWritesAndSaysWhereTheRunsAre() throws Exception {
        Journal journal = new Journal(dir.resolve("journal"));
        backend = DiskStates.files(dir).put(ID, bookmark("2024-01-01"), "{}").open();
        WriteCommand.plan(backend, ID, Edit.set(Json.parseObject(bookmark("2024-02-01")))).execute(journal);
        Selection selection = new Selection("files", backend, backend.read(ID), null);
        TimelineViewModel model = ui.call(() -> new TimelineViewModel(ui.executor(), journal, null, null));
        ui.run(() -> model.activate(selection));
        ui.awaitIdle();
        assertEquals(1, (int) ui.call(() -> model.items().size()));
        assertTrue(ui.call(() -> model.messageProperty().get()).contains("keeps no runs table"));
        assertFalse(ui.call(() -> model.moreProperty().get()));
    }

    @Test
    void aSystemDbWithoutARunsTableShowsCairnsWritesAndSaysItHasNone() throws Exception {
        Journal journal = new Journal(dir.resolve("journal"));
        backend = Backends.open(EmptyBackends.SQLITE.createWithoutRunsTable(dir), EmptyBackends.SQLITE.options());
        WriteCommand.plan(backend, ID, Edit.set(Json.parseObject(bookmark("2024-02-01")))).execute(journal);
        Selection selection = new Selection("db", backend, backend.read(ID), null);
        TimelineViewModel model = ui.call(() -> new TimelineViewModel(ui.executor(), journal, null, null));
        ui.run(() -> model.activate(selection));
        ui.awaitIdle();
        assertEquals(1, (int) ui.call(() -> model.items().size()));
        assertTrue(ui.call(() -> model.messageProperty().get()).contains(" has no runs table: Cairn's writes only"),
                ui.call(() -> model.messageProperty().get()));
    }
}
