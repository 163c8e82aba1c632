package dev.cairn.ui.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.ForwardingBackend;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StateStorage;
import dev.cairn.state.Json;
import dev.cairn.ui.DiskStates;
import dev.cairn.ui.FakeUiThread;
import dev.cairn.ui.Selection;
import dev.cairn.ui.diff.AlignedDiff.Kind;
import dev.cairn.ui.inspect.JsonLexer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("unit")
class DiffViewModelTest {

    private static final String STRIPE = "prod:tap-stripe-to-target-bigquery";
    private final FakeUiThread ui = new FakeUiThread();
    @TempDir
    Path dir;
    private StateBackend prod;
    private StateBackend staging;

    @BeforeEach
    void open() throws Exception {
        prod = DiskStates.systemDb(Files.createDirectories(dir.resolve("prod"))).put(STRIPE, "{\"singer_state\": {\"bookmarks\": {\"charges\": {\"v\": 1}, \"invoices\": {\"v\": 1}}}}",
                    "{\"singer_state\": {\"bookmarks\": {\"invoices\": {\"v\": 2}, \"events\": {\"v\": 3}}}}")
            .put("other", "{\"singer_state\": {\"bookmarks\": {\"charges\": {\"v\": 1}}}}", "{}").open();
        staging = DiskStates.files(dir)
            .put(STRIPE, "{\"singer_state\": {\"bookmarks\": {\"charges\": {\"v\": 5}, \"invoices\": {\"v\": 2}, \"events\": {\"v\": 3}}}}", "{}")
            .open();
    }

    @AfterEach
    void close() {
        ui.close();
        prod.close();
        staging.close();
    }

    private DiffViewModel subject() {
        DiffViewModel model = ui.call(() -> new DiffViewModel(ui.executor()));
        ui.run(() -> model.activate(new Selection("prod", prod, prod.read(STRIPE), null)));
        ui.awaitIdle();
        return model;
    }

    @Test
    void byDefaultShowsWhatThePartialChanges() {
        DiffViewModel model = subject();
        assertEquals("1 stream changed, 1 added.", ui.call(() -> model.messageProperty().get()));
        AlignedDiff diff = ui.call(() -> model.diffProperty().get());
        assertEquals(2, diff.hunkStarts().length);
        // "invoices" changed in place: the value row is CHANGED on both sides, on the same row
        int changed = diff.hunkStarts()[0];
        assertEquals(Kind.CHANGED, diff.kind(true, changed));
        assertEquals(Kind.CHANGED, diff.kind(false, changed));
        assertTrue(diff.side(true).row(changed).contains("\"v\": 1"));
        assertTrue(diff.side(false).row(changed).contains("\"v\": 2"));
        assertEquals(List.of(new JsonLexer.Token(13, 14, "diff-value")), diff.side(false).marks(changed));
        // "events" was added: filler rows opposite it keep both sides aligned
        int added = diff.hunkStarts()[1];
        assertEquals(Kind.FILLER, diff.kind(true, added));
        assertEquals(Kind.ADDED, diff.kind(false, added));
        assertEquals(0, diff.side(true).lineNumber(added));
        ui.run(() -> model.step(1));
        assertEquals(added, ui.call(model::currentRow));
        ui.run(() -> model.step(1));
        assertEquals(changed, ui.call(model::currentRow), "next wraps around");
    }

    @Test
    void comparesOneIdAcrossTwoBackends() {
        DiffViewModel model = subject();
        ui.run(() -> {
            model.setOtherBackends(List.of(new DiffViewModel.BackendChoice("staging", staging)));
            model.modeProperty().set(DiffViewModel.Mode.OTHER_BACKEND);
        });
        ui.awaitIdle();
        assertEquals("1 stream changed.", ui.call(() -> model.messageProperty().get()));
        assertEquals("staging · effective", ui.call(() -> model.rightTitleProperty().get()));
    }

    @Test
    void comparingWithTheSameDatabaseOpenedThroughASymlinkSaysItIsTheStateItself() throws Exception {
        Path link = Files.createSymbolicLink(dir.resolve("prod-link.db"), dir.resolve("prod/meltano.db"));
        try (StateBackend again = Backends.open("sqlite:///" + link, BackendOptions.defaults())) {
            DiffViewModel model = subject();
            ui.run(() -> {
                model.setOtherBackends(List.of(new DiffViewModel.BackendChoice("prod (link)", again)));
                model.modeProperty().set(DiffViewModel.Mode.OTHER_BACKEND);
            });
            ui.awaitIdle();
            assertTrue(ui.call(() -> model.messageProperty().get()).endsWith(
                    " prod and prod (link) name the same storage: this is the state compared with itself."),
                    ui.call(() -> model.messageProperty().get()));
        }
    }

    @Test
    void steppingThroughIdsAsksEachBackendForItsStorageOnce() {
        AtomicInteger asked = new AtomicInteger();
        class Counting extends ForwardingBackend {
            Counting(StateBackend backend) {
                super(backend);
            }

            @Override
            public StateStorage storage() {
                asked.incrementAndGet();
                return super.storage();
            }
        }
        StateBackend here = new Counting(prod);
        StateBackend there = new Counting(staging);
        DiffViewModel model = ui.call(() -> new DiffViewModel(ui.executor()));
        ui.run(() -> {
            model.setOtherBackends(List.of(new DiffViewModel.BackendChoice("staging", there)));
            model.modeProperty().set(DiffViewModel.Mode.OTHER_BACKEND);
        });
        for (String id : List.of(STRIPE, "other", STRIPE)) {
            ui.run(() -> model.activate(new Selection("prod", here, here.read(id), null)));
            ui.awaitIdle();
        }
        assertEquals("1 stream changed.", ui.call(() -> model.messageProperty().get()));
        assertEquals(2, asked.get(), "one storage() per backend for the pair, not per ID compared");
    }

    @Test
    void cancellingTheComparisonFromTheStatusBarSaysSo() {
        DiffViewModel model = ui.call(() -> new DiffViewModel(ui.executor()));
        CountDownLatch busy = ui.occupyWorkers();
        ui.run(() -> model.activate(new Selection("prod", prod, prod.read(STRIPE), null)));
        assertEquals("Comparing …", ui.call(() -> model.messageProperty().get()));
        ui.cancelAll();
        busy.countDown();
        ui.awaitIdle();
        assertEquals("Comparing " + STRIPE + " was cancelled. Refresh (Ctrl+R) compares again.",
                ui.call(() -> model.messageProperty().get()));
        assertEquals(null, ui.call(() -> model.errorProperty().get()));
    }

    @Test
    void aHiddenTabComparesNothingAndCatchesUpWhenShownAgain() throws Exception {
        DiffViewModel model = ui.call(() -> new DiffViewModel(ui.executor()));
        Selection selection = new Selection("prod", prod, prod.read(STRIPE), null);
        ui.run(() -> model.activate(selection));
        ui.awaitIdle();
        // the change and its check in one turn of the UI thread: a task submitted could not have ended yet
        assertTrue(ui.call(() -> {
            model.deactivate();
            model.modeProperty().set(DiffViewModel.Mode.COMPLETED_VS_PARTIAL);
            return ui.executor().running().isEmpty();
        }), "hidden, a new mode computes nothing");
        assertEquals("1 stream changed, 1 added.", ui.call(() -> model.messageProperty().get()));
        ui.run(() -> model.activate(selection));
        ui.awaitIdle();
        assertEquals("partial", ui.call(() -> model.rightTitleProperty().get()), "shown again, it compares what the mode now says");
    }

    @Test
    void comparesTwoIds() {
        DiffViewModel model = subject();
        ui.run(() -> {
            model.modeProperty().set(DiffViewModel.Mode.OTHER_ID);
            model.otherIdProperty().set("other");
            model.recompute();
        });
        ui.awaitIdle();
        assertEquals("2 streams removed.", ui.call(() -> model.messageProperty().get()));
    }

    @Test
    void alignedRowsPairUnchangedLinesInOrder() throws Exception {
        AlignedDiff diff = AlignedDiff.of(Json.parse("{\"a\": 1, \"b\": [1, 2], \"c\": 3}"), Json.parse("{\"a\": 1, \"c\": 4}"));
        for (int row = 0; row < diff.rowCount(); row++) {
            String l = diff.side(true).row(row).replace(",", "");
            String r = diff.side(false).row(row).replace(",", "");
            if (diff.kind(true, row) == Kind.SAME && diff.kind(false, row) == Kind.SAME) {
                assertEquals(l, r, "row " + row);
            }
        }
        assertEquals(1, diff.hunkStarts().length, "adjacent changes are one hunk");
        int changedRow = -1;
        for (int row = 0; row < diff.rowCount(); row++) {
            if (diff.kind(false, row) == Kind.CHANGED) {
                changedRow = row;
            }
        }
        assertEquals("  \"c\": 3", diff.side(true).row(changedRow), "the changed value faces its old value");
        assertEquals("  \"c\": 4", diff.side(false).row(changedRow));
    }
}
