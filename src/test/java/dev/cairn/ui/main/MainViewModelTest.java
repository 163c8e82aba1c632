package dev.cairn.ui.main;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.backend.ListedState;
import dev.cairn.backend.StateBackend;
import dev.cairn.ops.Edit;
import dev.cairn.ops.UserFolders;
import dev.cairn.testing.LoopbackServer;
import dev.cairn.testing.SilentS3;
import dev.cairn.ui.CountingBackend;
import dev.cairn.ui.DiskStates;
import dev.cairn.ui.FakeUiThread;
import dev.cairn.ui.Selection;
import dev.cairn.ui.browse.StateIdEntry;
import dev.cairn.ui.browse.StateListViewModel;
import dev.cairn.ui.connect.ConnectionStore;
import dev.cairn.ui.connect.Environment;
import dev.cairn.ui.connect.SavedConnection;
import dev.cairn.ui.diff.DiffViewModel;
import dev.cairn.ui.edit.EditorViewModel;
import dev.cairn.ui.inspect.InspectorViewModel;
import dev.cairn.ui.services.AppServices;
import dev.cairn.ui.services.BackendOpener;
import dev.cairn.ui.task.RunningTask;
import dev.cairn.ui.write.WriteFlowViewModel;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.beans.Observable;
import javafx.collections.ListChangeListener;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Starting and stopping the window's model on real backends: every saved connection comes back, every one is closed. */
@Tag("unit")
class MainViewModelTest {

    private final FakeUiThread ui = new FakeUiThread();
    @TempDir
    Path home;

    @AfterEach
    void close() {
        ui.close();
    }

    /** A second's wait for a backend to open, and for a closed one's work to end. */
    private static final ConnectionsViewModel.Waits SHORT = new ConnectionsViewModel.Waits(Duration.ofSeconds(1), Duration.ofSeconds(1));

    private MainViewModel started(List<SavedConnection> connections) throws Exception {
        return started(connections, ConnectionsViewModel.Waits.DEFAULT);
    }

    private MainViewModel started(List<SavedConnection> connections, ConnectionsViewModel.Waits waits) throws Exception {
        new ConnectionStore(folders().config()).save(new ConnectionStore.Saved(connections, "light"));
        MainViewModel model = starting(waits);
        ui.await(() -> model.connections().sessions().size() == connections.size() && model.connections().sessions().stream()
                .noneMatch(s -> s.statusProperty().get() == BackendSession.Status.OPENING), Duration.ofSeconds(30));
        ui.awaitIdle();
        return model;
    }

    /** Meltano projects often keep dev and prod in one system DB: both environments open, prod as production. */
    @Test
    void openingAProjectOpensEachEnvironmentAlsoWhereTwoShareOneSystemDb() throws Exception {
        MainViewModel model = started(List.of());
        Path project = Files.createDirectories(home.resolve("project"));
        Files.writeString(project.resolve("meltano.yml"), "version: 1\ndefault_environment: dev\nproject_id: p\n"
                + "environments:\n- name: dev\n- name: prod\n");
        DiskStates.systemDb(Files.createDirectories(project.resolve(".meltano"))).put("dev:x", "{}", "{}");
        ui.run(() -> model.connections().openProject(project, all -> all));
        ui.await(() -> model.connections().sessions().size() == 2 && model.connections().sessions().stream()
                .allMatch(s -> s.statusProperty().get() == BackendSession.Status.OPEN), Duration.ofSeconds(30));
        ui.awaitIdle();
        List<SavedConnection> open = ui.call(() -> model.connections().sessions().stream().map(BackendSession::connection).toList());
        assertEquals(List.of("project · dev", "project · prod"), open.stream().map(SavedConnection::name).toList());
        assertEquals(open.get(0).uri(), open.get(1).uri(), "one system DB");
        assertEquals(List.of(Environment.DEV, Environment.PROD), open.stream().map(SavedConnection::environment).toList());
        assertTrue(open.get(1).readOnly(), "production opens read-only");
        ui.run(() -> model.connections().openProject(project, all -> all));
        ui.awaitIdle();
        assertEquals(2, (int) ui.call(() -> model.connections().sessions().size()), "opened again: the same two, not four");
    }

    @Test
    void aRestartReopensEverySavedConnectionAndShowsTheOneThatFailsWithRetry() throws Exception {
        List<SavedConnection> connections = new ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            Path dir = Files.createDirectories(home.resolve("db" + i));
            DiskStates.systemDb(dir).put("dev:tap-" + i + "-to-target-jsonl", "{}", "{}");
            connections.add(new SavedConnection("db " + i, "sqlite:///" + dir.resolve("meltano.db"), Environment.DEV, false, Map.of()));
        }
        Path missing = home.resolve("not-yet");
        connections.add(new SavedConnection("later", "sqlite:///" + missing.resolve("meltano.db"), Environment.DEV, false, Map.of()));
        MainViewModel model = started(connections);

        assertEquals(6, (int) ui.call(() -> model.connections().sessions().size()));
        assertEquals(5, (long) ui.call(() -> model.connections().sessions().stream()
                .filter(s -> s.statusProperty().get() == BackendSession.Status.OPEN).count()));
        BackendSession failed = ui.call(() -> model.connections().sessions().get(5));
        assertEquals(BackendSession.Status.FAILED, ui.call(() -> failed.statusProperty().get()));
        assertEquals(Set.of("later"), failedAtLastStart(), "the next start will not open it by itself");

        DiskStates.systemDb(Files.createDirectories(missing)).put("dev:late", "{}", "{}");
        ui.run(() -> model.connections().retry(failed));
        ui.await(() -> model.connections().sessions().get(5).statusProperty().get() == BackendSession.Status.OPEN, Duration.ofSeconds(30));
        ui.awaitIdle();
        assertEquals(6, (int) ui.call(() -> model.connections().sessions().size()));
        assertEquals("later", ui.call(() -> model.connections().sessions().get(5).name()), "in its place");
        assertEquals(Set.of(), failedAtLastStart(), "it opened: the next start opens it again");
    }

    /**
     * A saved connection whose server accepts and never answers: the window stops waiting for it
     * after its opening wait, says so in its place in the sidebar, opens the others, and remembers
     * it; the next start opens the others and not it (its server hears nothing), and shows it as
     * not opened.
     */
    @Test
    void aConnectionThatDoesNotAnswerAtStartIsShownSoAndNotOpenedByTheNextStart() throws Exception {
        try (LoopbackServer silent = LoopbackServer.silent()) {
            SavedConnection pg = new SavedConnection("silent pg", "postgresql://cairn@127.0.0.1:" + silent.port() + "/meltano",
                    Environment.PROD, true, Map.of());
            new ConnectionStore(folders().config()).save(new ConnectionStore.Saved(List.of(pg,
                    sqlite("fine", "fine", Environment.DEV, false)), "light"));
            MainViewModel first = starting(SHORT);
            // its server's own timeout (10 s) has not ended the opening yet
            ui.await(() -> first.connections().sessions().size() == 2
                    && first.connections().sessions().get(0).statusProperty().get() == BackendSession.Status.NO_ANSWER, Duration.ofSeconds(8));
            BackendSession hung = ui.call(() -> first.connections().sessions().get(0));
            assertEquals(Duration.ofSeconds(1), hung.waited());
            assertEquals(BackendSession.Status.OPEN, ui.call(() -> first.connections().sessions().get(1).statusProperty().get()));
            assertEquals(null, ui.call(() -> first.errorProperty().get()), "the sidebar says it; no error covers the window");
            ui.await(() -> failedAtLastStart().equals(Set.of("silent pg")), Duration.ofSeconds(10));
            assertEquals(1, silent.accepted());

            MainViewModel second = starting(SHORT);
            ui.await(() -> second.connections().sessions().size() == 2
                    && second.connections().sessions().get(1).statusProperty().get() == BackendSession.Status.OPEN, Duration.ofSeconds(30));
            BackendSession held = ui.call(() -> second.connections().sessions().get(0));
            assertEquals("silent pg", held.name());
            assertEquals(BackendSession.Status.NOT_OPENED, ui.call(() -> held.statusProperty().get()));
            assertSame(ui.call(() -> second.connections().sessions().get(1)), ui.call(() -> second.connections().currentProperty().get()),
                    "the one that opened is shown");
            assertEquals(1, silent.accepted(), "nothing was sent its way");
        }
    }

    /**
     * Connections not opened at start open when asked, in their place: Ctrl+R on the one shown,
     * and the saved list's Open (Enter) on another; once open, the next start opens them again.
     */
    @Test
    void connectionsNotOpenedAtStartOpenWhenAskedAndAreOpenedByTheNextStartAgain() throws Exception {
        SavedConnection dev = sqlite("dev db", "dev", Environment.DEV, false);
        SavedConnection other = sqlite("other", "other", Environment.DEV, false);
        SavedConnection fine = sqlite("fine", "fine", Environment.DEV, false);
        new ConnectionStore(folders().config()).save(new ConnectionStore.Saved(List.of(dev, other, fine), "light",
                Set.of("dev db", "other")));
        MainViewModel model = starting(ConnectionsViewModel.Waits.DEFAULT);
        ui.await(() -> model.connections().sessions().size() == 3
                && model.connections().sessions().get(2).statusProperty().get() == BackendSession.Status.OPEN, Duration.ofSeconds(30));
        ui.awaitIdle();
        BackendSession held = ui.call(() -> model.connections().sessions().get(0));
        assertEquals(BackendSession.Status.NOT_OPENED, ui.call(() -> held.statusProperty().get()));
        assertEquals(BackendSession.Status.NOT_OPENED, ui.call(() -> model.connections().sessions().get(1).statusProperty().get()));
        assertEquals(null, held.backend());

        ui.run(() -> model.connections().currentProperty().set(held));
        ui.run(model::refresh);
        ui.run(() -> model.connections().open(model.connections().saved().get(1), false));
        ui.await(() -> model.connections().sessions().stream().allMatch(s -> s.statusProperty().get() == BackendSession.Status.OPEN),
                Duration.ofSeconds(30));
        ui.awaitIdle();
        assertEquals(List.of("dev db", "other", "fine"), ui.call(() -> model.connections().sessions().stream().map(BackendSession::name).toList()),
                "each in its place");
        assertEquals("other", ui.call(() -> model.connections().currentProperty().get().name()), "the one opened last is shown");
        assertEquals(Set.of(), failedAtLastStart());
    }

    /** Closing the window while a connection still opens since the start: it hung there, and the next start does not open it. */
    @Test
    void aConnectionStillOpeningWhenTheWindowClosesIsNotOpenedByTheNextStart() throws Exception {
        try (LoopbackServer silent = LoopbackServer.silent()) {
            SavedConnection pg = new SavedConnection("silent pg", "postgresql://cairn@127.0.0.1:" + silent.port() + "/meltano",
                    Environment.PROD, true, Map.of());
            new ConnectionStore(folders().config()).save(new ConnectionStore.Saved(List.of(sqlite("fine", "fine", Environment.DEV, false),
                    pg), "light"));
            MainViewModel model = starting(ConnectionsViewModel.Waits.DEFAULT);
            ui.await(() -> model.connections().sessions().size() == 2 && silent.accepted() == 1
                    && model.connections().sessions().get(0).statusProperty().get() == BackendSession.Status.OPEN, Duration.ofSeconds(30));
            assertEquals(BackendSession.Status.OPENING, ui.call(() -> model.connections().sessions().get(1).statusProperty().get()));
            ui.run(() -> model.connections().shutdown(Duration.ofMillis(100)));
            assertEquals(Set.of("silent pg"), failedAtLastStart());
        }
    }

    /**
     * Closing a backend whose requests hang (an S3 server that answers the open's bucket check and
     * nothing after): it leaves the sidebar at once, its listing is cancelled, and once the close's
     * wait is over the status bar says what was left to time out and no longer lists it. A backend
     * whose work ends in time closes without a word.
     */
    @Test
    void closingABackendWhoseRequestsHangEndsWithinItsWaitAndSaysWhatWasLeft() throws Exception {
        try (SilentS3 s3 = new SilentS3()) {
            MainViewModel model = started(List.of(sqlite("dev db", "dev", Environment.DEV, false)), SHORT);
            BackendSession stuck = ui.call(() -> model.connections().openAnother(new SavedConnection("stuck S3", "s3://KEY:SECRET@bucket/state",
                    Environment.PROD, true, Map.of("s3.endpoint_url", s3.endpoint(), "s3.region", "us-east-1")), false));
            ui.await(() -> stuck.list() != null && stuck.list().loadingProperty().get(), Duration.ofSeconds(30));

            // the close looks at what is left once its wait is over, on the executor's one timer: a
            // timer set right after it, for as long, goes off after that look
            CountDownLatch closeWaitOver = new CountDownLatch(1);
            ui.run(() -> {
                model.connections().close(model.connections().sessions().get(0));
                ui.executor().after(SHORT.closing(), closeWaitOver::countDown);
            });
            assertTrue(closeWaitOver.await(30, TimeUnit.SECONDS), "the close's wait ended");
            assertEquals("", ui.call(() -> model.connections().noticeProperty().get()), "the SQLite DB closed in time");

            long start = System.nanoTime();
            ui.run(() -> model.connections().close(stuck));
            assertTrue(ui.call(() -> model.connections().sessions().isEmpty()), "out of the sidebar at once");
            ui.await(() -> !model.connections().noticeProperty().get().isEmpty(), Duration.ofSeconds(10));
            assertTrue(System.nanoTime() - start < Duration.ofSeconds(5).toNanos(), "said within the close's wait and a margin");
            assertEquals("Closed stuck S3; 1 of its requests had not ended after 1 s and was left to time out.",
                    ui.call(() -> model.connections().noticeProperty().get()));
            assertTrue(ui.call(() -> model.tasks().isEmpty()), "the status bar no longer lists what hangs");
        }
    }

    /**
     * Closing a connection whose opening hangs (a PostgreSQL server that never answers): the
     * opening is left to its own timeout, and its failure then covers the window with no error,
     * since the user is done with it.
     */
    @Test
    void aConnectionClosedWhileItsOpeningHangsSaysSoAndItsLaterFailureShowsNoError() throws Exception {
        try (LoopbackServer silent = LoopbackServer.silent()) {
            MainViewModel model = started(List.of(), SHORT);
            BackendSession opening = ui.call(() -> model.connections().openAnother(new SavedConnection("silent pg",
                    "postgresql://cairn@127.0.0.1:" + silent.port() + "/meltano?connect_timeout=2", Environment.PROD, true, Map.of()), false));
            ui.await(() -> silent.accepted() == 1, Duration.ofSeconds(10));
            ui.run(() -> model.connections().close(opening));
            ui.await(() -> !model.connections().noticeProperty().get().isEmpty(), Duration.ofSeconds(10));
            assertEquals("Closed silent pg; 1 of its requests had not ended after 1 s and was left to time out.",
                    ui.call(() -> model.connections().noticeProperty().get()));
            ui.await(() -> opening.statusProperty().get() == BackendSession.Status.FAILED, Duration.ofSeconds(30));
            ui.awaitIdle();
            assertEquals(null, ui.call(() -> model.errorProperty().get()));
        }
    }

    @Test
    void refreshHandsTheShownTabTheStateReadAgainEvenWhenNothingChanged() throws Exception {
        MainViewModel model = startedWithX("{\"singer_state\": {\"a\": 1}}", "{\"singer_state\": {\"a\": 2}}");
        ui.run(() -> {
            model.shownProperty().set("diff");
            var list = model.connections().sessions().get(0).list();
            list.selectedProperty().set(list.visible().get(0));
        });
        ui.await(() -> model.diff().diffProperty().get() != null, Duration.ofSeconds(30));
        ui.awaitIdle();
        Object first = ui.call(() -> model.diff().diffProperty().get());
        ui.run(model::refresh);
        ui.await(() -> !model.connections().sessions().get(0).list().loadingProperty().get() && model.diff().diffProperty().get() != null
                && model.diff().diffProperty().get() != first, Duration.ofSeconds(30));
        ui.awaitIdle();
        assertEquals("1 change.", ui.call(() -> model.diff().messageProperty().get()));
    }

    /**
     * A click on an ID reads the state, its lock and this ID's run (the runs table for its job alone)
     * in one background trip, and the first screen shows after one hop back to the UI thread: the
     * list's badges take the same read, nothing goes back through the list to read again.
     */
    @Test
    void aClickReadsTheIdOnceInOneTripAndShowsAfterOneHop() throws Exception {
        List<CountingBackend> opened = new CopyOnWriteArrayList<>();
        MainViewModel model = startedCounting(opened);
        StateListViewModel list = ui.call(() -> model.connections().sessions().get(0).list());
        CountingBackend backend = opened.get(0);
        AtomicInteger trips = new AtomicInteger();
        AtomicInteger hopsAtFirstScreen = new AtomicInteger(-1);
        Map<String, Integer> readsAtFirstScreen = new ConcurrentHashMap<>();
        AtomicInteger tripsAtFirstScreen = new AtomicInteger();
        ui.run(() -> {
            model.executor().running().addListener((ListChangeListener<RunningTask>) change -> {
                while (change.next()) {
                    trips.addAndGet(change.getAddedSize());
                }
            });
            model.inspector().documentProperty(InspectorViewModel.Part.EFFECTIVE).addListener((o, was, now) -> {
                if (now != null && hopsAtFirstScreen.get() < 0) {
                    hopsAtFirstScreen.set(ui.hops());
                    readsAtFirstScreen.putAll(backend.counts());
                    tripsAtFirstScreen.set(trips.get());
                }
            });
        });
        backend.reset();
        int hopsBefore = ui.hops();
        ui.run(() -> list.selectedProperty().set(list.visible().stream().filter(e -> e.stateId().equals("dev:x")).findFirst().orElseThrow()));
        ui.await(() -> hopsAtFirstScreen.get() >= 0, Duration.ofSeconds(30));
        ui.awaitIdle();

        assertEquals(Map.of("read", 1, "runs.running", 1), readsAtFirstScreen, "the state and this ID's run, read once");
        assertEquals(1, tripsAtFirstScreen.get(), "one background trip");
        assertEquals(1, hopsAtFirstScreen.get() - hopsBefore, "one hop back to the UI thread");
        assertEquals(Map.of("read", 1, "runs.running", 1), backend.counts(), "nothing is read again once shown");
        Selection shown = ui.call(() -> model.selectionProperty().get());
        assertEquals("dev:x", shown.stateId());
        assertSame(backend, shown.backend());
    }

    /**
     * A write to the selected ID publishes what it stored as the new selection, which the inspector
     * shows: the state is not read again, and the ID list is not listed again.
     */
    @Test
    void aWriteToTheSelectedIdPublishesWhatItStoredWithoutReadingOrListingAgain() throws Exception {
        List<CountingBackend> opened = new CopyOnWriteArrayList<>();
        MainViewModel model = startedCounting(opened);
        StateListViewModel list = ui.call(() -> model.connections().sessions().get(0).list());
        CountingBackend backend = opened.get(0);
        ui.run(() -> list.selectedProperty().set(list.visible().stream().filter(e -> e.stateId().equals("dev:x")).findFirst().orElseThrow()));
        ui.await(() -> model.selectionProperty().get() != null && model.writes().writableProperty().get(), Duration.ofSeconds(30));
        ui.awaitIdle();
        ui.run(() -> model.writes().write(Edit.clearPartial()));
        ui.await(() -> model.writes().flow().stageProperty().get() == WriteFlowViewModel.Stage.PREVIEW, Duration.ofSeconds(30));
        ui.awaitIdle();
        backend.reset();
        ui.run(() -> model.writes().flow().confirm());
        ui.await(() -> model.writes().flow().stageProperty().get() == WriteFlowViewModel.Stage.DONE, Duration.ofSeconds(30));
        ui.awaitIdle();

        Selection now = ui.call(() -> model.selectionProperty().get());
        assertFalse(now.stored().document().hasPendingPartial());
        assertEquals(0, backend.count("read"), "the state is not read again: " + backend.counts());
        assertEquals(0, backend.count("list"), "the list is not listed again: " + backend.counts());
        assertEquals(backend.read("dev:x").version(), now.stored().version());
        assertEquals(now.stored(), ui.call(() -> model.inspector().storedProperty().get()));
    }

    /** One saved SQLite connection holding dev:x (with a partial state) and dev:y, opened through counting backends, listed. */
    private MainViewModel startedCounting(List<CountingBackend> opened) throws Exception {
        Path dir = Files.createDirectories(home.resolve("db"));
        DiskStates.systemDb(dir).put("dev:x", "{\"singer_state\": {\"a\": 1}}", "{\"singer_state\": {\"a\": 2}}")
                .put("dev:y", "{}", "{}");
        new ConnectionStore(folders().config()).save(new ConnectionStore.Saved(
                List.of(new SavedConnection("db", "sqlite:///" + dir.resolve("meltano.db"), Environment.DEV, false, Map.of())), "light"));
        MainViewModel model = ui.call(() -> new MainViewModel(AppServices.create(folders(), ui.executor(), connection -> {
            CountingBackend counting = new CountingBackend(BackendOpener.DEFAULT.open(connection));
            opened.add(counting);
            return counting;
        })));
        ui.run(model.connections()::start);
        awaitOpen(model);
        StateListViewModel list = ui.call(() -> model.connections().sessions().get(0).list());
        ui.await(() -> !list.loadingProperty().get() && list.visible().size() == 2, Duration.ofSeconds(30));
        ui.awaitIdle();
        return model;
    }

    @Test
    void theSelectionMovingToTheSameIdListedAnewReadsNothingAgain() throws Exception {
        MainViewModel model = startedWithX("{}", "{}");
        StateListViewModel list = ui.call(() -> model.connections().sessions().get(0).list());
        ui.run(() -> list.selectedProperty().set(list.visible().get(0)));
        ui.await(() -> model.selectionProperty().get() != null, Duration.ofSeconds(30));
        ui.awaitIdle();
        AtomicInteger selections = new AtomicInteger();
        ui.run(() -> {
            model.selectionProperty().addListener((Observable o) -> selections.incrementAndGet());
            list.setEntries(List.of(new StateIdEntry(ListedState.visible("dev:x"))));
        });
        ui.awaitIdle();
        assertEquals("dev:x", ui.call(() -> list.selectedProperty().get().stateId()));
        assertEquals(0, selections.get(), "whoever lists again (Ctrl+R, a write) reads the selected state again itself");
    }

    @Test
    void eachDocumentOfASelectionIsPrintedOnceForTheInspectorTheDiffAndTheEditor() throws Exception {
        MainViewModel model = startedWithX("{\"singer_state\": {\"a\": 1, \"b\": 1}}", "{\"singer_state\": {\"a\": 2}}");
        InspectorViewModel inspector = ui.call(model::inspector);
        ui.run(() -> {
            var list = model.connections().sessions().get(0).list();
            list.selectedProperty().set(list.visible().get(0));
        });
        ui.await(() -> model.selectionProperty().get() != null && !inspector.loadingProperty().get(), Duration.ofSeconds(30));
        Selection selection = ui.call(() -> model.selectionProperty().get());
        assertEquals(3, selection.rendered().prints(), "effective, completed, partial");

        ui.run(() -> model.shownProperty().set("diff"));
        ui.await(() -> model.diff().diffProperty().get() != null, Duration.ofSeconds(30));
        ui.run(() -> model.diff().modeProperty().set(DiffViewModel.Mode.COMPLETED_VS_PARTIAL));
        ui.await(() -> model.diff().diffProperty().get() != null, Duration.ofSeconds(30));
        assertEquals("2 changes.", ui.call(() -> model.diff().messageProperty().get()), "completed against partial");

        EditorViewModel editor = ui.call(() -> model.writes().editor());
        ui.run(() -> model.shownProperty().set("edit"));
        ui.await(() -> editor.loadedProperty().get() != null, Duration.ofSeconds(30));
        ui.run(() -> editor.partProperty().set(EditorViewModel.Part.PARTIAL));
        ui.await(() -> editor.loadedProperty().get().part() == EditorViewModel.Part.PARTIAL, Duration.ofSeconds(30));
        ui.awaitIdle();

        assertEquals(3, selection.rendered().prints(), "the diff and the editor printed nothing again");
        assertSame(ui.call(() -> inspector.documentProperty(InspectorViewModel.Part.PARTIAL).get().text().text()),
                ui.call(() -> editor.loadedProperty().get().text()), "the editor starts from the inspector's text");
        assertSame(selection, ui.call(() -> model.selectionProperty().get()));
    }

    @Test
    void shuttingDownClosesEveryOpenBackend() throws Exception {
        MainViewModel model = startedWithX("{}", "{}");
        BackendSession session = ui.call(() -> model.connections().sessions().get(0));
        assertEquals("dev:x", session.backend().read("dev:x").stateId());
        ui.run(() -> model.connections().shutdown(Duration.ofSeconds(10)));
        assertThrows(RuntimeException.class, () -> session.backend().read("dev:x"));
        assertTrue(ui.call(() -> model.tasks().isEmpty()));
    }

    /** A window's model started on the connections saved now; they open in the background. */
    private MainViewModel starting(ConnectionsViewModel.Waits waits) {
        MainViewModel model = ui.call(() -> new MainViewModel(AppServices.create(folders(), ui.executor(), BackendOpener.DEFAULT), waits));
        ui.run(model.connections()::start);
        return model;
    }

    private UserFolders folders() {
        return new UserFolders(home.resolve("data"), home.resolve("config"));
    }

    /** The names of the connections the saved file marks as failed at the last start. */
    private Set<String> failedAtLastStart() {
        try {
            return new ConnectionStore(folders().config()).load().failedAtLastStart();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A saved connection whose server does not answer holds up no other at the next start (they
     * shared two worker threads, and two such connections held them both), and closing it stops the
     * wait: what it opens later is closed at once.
     */
    @Test
    void aConnectionThatHangsWhileOpeningHoldsUpNoOtherAndCanBeClosed() throws Exception {
        List<SavedConnection> connections = List.of(sqlite("silent 1", "s1", Environment.DEV, false),
                sqlite("silent 2", "s2", Environment.DEV, false), sqlite("fine", "fine", Environment.DEV, false));
        UserFolders folders = new UserFolders(home.resolve("data"), home.resolve("config"));
        new ConnectionStore(folders.config()).save(new ConnectionStore.Saved(connections, "light"));
        CountDownLatch answer = new CountDownLatch(1);
        List<StateBackend> openedLate = new CopyOnWriteArrayList<>();
        BackendOpener silentServers = connection -> {
            StateBackend backend = BackendOpener.DEFAULT.open(connection);
            if (connection.name().startsWith("silent")) {
                try {
                    answer.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                openedLate.add(backend);
            }
            return backend;
        };
        MainViewModel model = ui.call(() -> new MainViewModel(AppServices.create(folders, ui.executor(), silentServers)));
        ui.run(model.connections()::start);
        ui.await(() -> model.connections().sessions().size() == 3 && model.connections().sessions().get(2).statusProperty().get() == BackendSession.Status.OPEN,
                Duration.ofSeconds(30));
        BackendSession silent = ui.call(() -> model.connections().sessions().get(0));
        assertEquals(BackendSession.Status.OPENING, ui.call(() -> silent.statusProperty().get()));
        ui.run(() -> model.connections().close(silent));
        answer.countDown();
        ui.await(() -> openedLate.size() == 2, Duration.ofSeconds(30));
        ui.awaitIdle();
        assertEquals(List.of("silent 2", "fine"), ui.call(() -> model.connections().sessions().stream().map(BackendSession::name).toList()));
        assertThrows(RuntimeException.class, () -> openedLate.stream().filter(b -> b.displayUri().contains("/s1/")).findFirst()
                .orElseThrow().read("dev:x"), "what the closed one opened late is closed");
    }

    /**
     * The status bar's Cancel does not stop an opening once it has started (the open cannot be
     * interrupted, and what it opens must be adopted or closed); one cancelled before it started
     * ends as failed, with Retry, rather than opening for ever.
     */
    @Test
    void cancelInTheStatusBarLeavesAStartedOpeningToEndAndFailsOneNotStarted() throws Exception {
        MainViewModel model = started(List.of());
        SavedConnection dev = sqlite("dev db", "dev", Environment.DEV, false);
        CountDownLatch held = ui.occupyWorkers();
        BackendSession notStarted = ui.call(() -> model.connections().openAnother(dev, false));
        ui.cancelAll();
        held.countDown();
        ui.await(() -> notStarted.statusProperty().get() == BackendSession.Status.FAILED, Duration.ofSeconds(30));
        assertEquals("Opening " + dev.displayUri() + ": cancelled", ui.call(() -> notStarted.errorProperty().get().message()));

        CountDownLatch answer = new CountDownLatch(1);
        UserFolders folders = folders();
        MainViewModel slow = ui.call(() -> new MainViewModel(AppServices.create(folders, ui.executor(), connection -> {
            try {
                answer.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return BackendOpener.DEFAULT.open(connection);
        })));
        BackendSession started = ui.call(() -> slow.connections().openAnother(dev, false));
        ui.await(() -> !slow.tasks().isEmpty() && !slow.tasks().get(0).stoppableProperty().get(), Duration.ofSeconds(10));
        ui.cancelAll();
        answer.countDown();
        ui.await(() -> started.statusProperty().get() == BackendSession.Status.OPEN, Duration.ofSeconds(30));
        assertEquals("dev:x", started.backend().read("dev:x").stateId());
    }

    /** A write sheet is about the backend it was opened on: another one made current closes it. */
    @Test
    void switchingToAnotherBackendClosesTheWriteSheetOpenOnTheFirst() throws Exception {
        MainViewModel model = started(List.of(sqlite("one", "one", Environment.DEV, false), sqlite("two", "two", Environment.DEV, false)));
        awaitOpen(model);
        ui.run(() -> {
            model.connections().currentProperty().set(model.connections().sessions().get(0));
            var list = model.connections().sessions().get(0).list();
            list.selectedProperty().set(list.visible().get(0));
        });
        ui.await(() -> model.inspector().storedProperty().get() != null, Duration.ofSeconds(30));
        ui.run(() -> model.writes().write(Edit.clear()));
        ui.await(() -> model.writes().flow().stageProperty().get() == WriteFlowViewModel.Stage.PREVIEW, Duration.ofSeconds(30));
        ui.run(() -> model.connections().currentProperty().set(model.connections().sessions().get(1)));
        assertEquals(WriteFlowViewModel.Stage.CLOSED, ui.call(() -> model.writes().flow().stageProperty().get()));
        ui.awaitIdle();
        assertTrue(ui.call(() -> model.connections().sessions().get(0).backend().read("dev:x").exists()), "nothing was written");
    }

    /** Started on one SQLite system DB holding {@code dev:x}. */
    private MainViewModel startedWithX(String completed, String partial) throws Exception {
        Path dir = Files.createDirectories(home.resolve("db"));
        DiskStates.systemDb(dir).put("dev:x", completed, partial);
        return started(List.of(new SavedConnection("db", "sqlite:///" + dir.resolve("meltano.db"), Environment.DEV, false, Map.of())));
    }

    private SavedConnection sqlite(String name, String dir, Environment env, boolean readOnly) throws Exception {
        Path folder = Files.createDirectories(home.resolve(dir));
        if (!Files.exists(folder.resolve("meltano.db"))) {
            DiskStates.systemDb(folder).put("dev:x", "{}", "{}");
        }
        return new SavedConnection(name, "sqlite:///" + folder.resolve("meltano.db"), env, readOnly, Map.of());
    }

    private void awaitOpen(MainViewModel model) {
        ui.await(() -> model.connections().sessions().stream().allMatch(s -> s.statusProperty().get() == BackendSession.Status.OPEN),
                Duration.ofSeconds(30));
        ui.awaitIdle();
    }

    @Test
    void editingAReadOnlyProductionConnectionMakesItWritableAtOnceAndSavesIt() throws Exception {
        SavedConnection prod = sqlite("prod db", "prod", Environment.PROD, true);
        MainViewModel model = started(List.of(prod, sqlite("dev db", "dev", Environment.DEV, false)));
        BackendSession before = ui.call(() -> model.connections().sessions().get(0));
        assertTrue(ui.call(() -> model.connections().currentProperty().get() == before));
        assertThrows(RuntimeException.class, () -> before.backend().delete("dev:x", before.backend().read("dev:x").version()));
        assertTrue(ui.call(() -> model.windowTitleProperty().get()).contains("(read-only)"));

        SavedConnection writable = new SavedConnection("prod db", prod.uri(), Environment.PROD, false, Map.of());
        assertTrue(ConnectionsViewModel.unlocksProduction(prod, writable), "making prod writable asks for its name");
        BackendSession after = ui.call(() -> model.connections().edit(before, writable));
        awaitOpen(model);

        assertEquals(0, (int) ui.call(() -> model.connections().sessions().indexOf(after)), "it keeps its place in the sidebar");
        assertTrue(ui.call(() -> model.connections().currentProperty().get() == after));
        assertEquals("", ui.call(() -> model.writes().whyReadOnlyProperty().get()));
        assertFalse(ui.call(() -> model.windowTitleProperty().get()).contains("(read-only)"));
        assertThrows(RuntimeException.class, () -> before.backend().read("dev:x"), "the read-only backend is closed");
        after.backend().delete("dev:x", after.backend().read("dev:x").version());
        ConnectionStore.Saved stored = new ConnectionStore(home.resolve("config")).load();
        assertEquals(List.of(writable, stored.connections().get(1)), stored.connections());
    }

    @Test
    void renamingAnOpenConnectionKeepsItsBackendAndRetitlesIt() throws Exception {
        SavedConnection dev = sqlite("dev db", "dev", Environment.DEV, false);
        MainViewModel model = started(List.of(dev));
        BackendSession before = ui.call(() -> model.connections().sessions().get(0));
        BackendSession after = ui.call(() -> model.connections().edit(before,
                new SavedConnection("staging db", dev.uri(), Environment.STAGING, false, Map.of())));
        awaitOpen(model);

        assertTrue(after.backend() == before.backend(), "nothing it was opened with changed");
        assertEquals("dev:x", after.backend().read("dev:x").stateId());
        assertTrue(ui.call(() -> model.windowTitleProperty().get()).startsWith("Cairn — STAGING · staging db"));
        assertEquals(List.of("staging db"), ui.call(() -> model.connections().saved().stream().map(SavedConnection::name).toList()));
    }

    @Test
    void aSecondConnectionToAnOpenUriGetsItsOwnNameWhileOpenSwitchesToTheFirst() throws Exception {
        SavedConnection prod = sqlite("prod db", "prod", Environment.PROD, true);
        MainViewModel model = started(List.of(prod, sqlite("dev db", "dev", Environment.DEV, false)));
        BackendSession first = ui.call(() -> model.connections().sessions().get(0));
        ui.run(() -> model.connections().currentProperty().set(model.connections().sessions().get(1)));

        assertTrue(ui.call(() -> model.connections().open(prod, false)) == first, "open shows the one open already");
        assertTrue(ui.call(() -> model.connections().currentProperty().get() == first));
        assertTrue(ui.call(() -> model.connections().openWithUri(prod.uri()).orElseThrow() == first));
        BackendSession second = ui.call(() -> model.connections().openAnother(
                new SavedConnection("prod db", prod.uri(), Environment.PROD, false, Map.of()), false));
        awaitOpen(model);
        assertEquals(List.of("prod db", "dev db", "prod db (2)"),
                ui.call(() -> model.connections().sessions().stream().map(BackendSession::name).toList()));
        second.backend().delete("dev:x", second.backend().read("dev:x").version());
        assertEquals(2, (int) ui.call(() -> model.connections().saved().size()), "not saved unless asked");
    }

    @Test
    void duplicatingAndRemovingSavedConnectionsAreSaved() throws Exception {
        SavedConnection dev = sqlite("dev db", "dev", Environment.DEV, false);
        SavedConnection other = sqlite("other", "other", Environment.OTHER, false);
        MainViewModel model = started(List.of(dev, other));
        SavedConnection copy = ui.call(() -> model.connections().duplicate(dev));
        assertEquals("dev db (2)", copy.name());
        ui.run(() -> model.connections().editSaved(copy, new SavedConnection("other", copy.uri(), Environment.STAGING, true, Map.of())));
        ui.run(() -> model.connections().forget(dev));
        ui.awaitIdle();
        assertEquals(List.of(new SavedConnection("other (2)", dev.uri(), Environment.STAGING, true, Map.of()), other),
                new ConnectionStore(home.resolve("config")).load().connections(), "a name no other connection has");
    }

    @Test
    void onlyTurningProductionWritableAsksForTheNameToBeTyped() {
        SavedConnection prodRo = new SavedConnection("p", "file:///p", Environment.PROD, true, Map.of());
        SavedConnection prodRw = new SavedConnection("p", "file:///p", Environment.PROD, false, Map.of());
        SavedConnection devRw = new SavedConnection("p", "file:///p", Environment.DEV, false, Map.of());
        assertTrue(ConnectionsViewModel.unlocksProduction(prodRo, prodRw));
        assertTrue(ConnectionsViewModel.unlocksProduction(devRw, prodRw), "a writable dev connection retyped as prod");
        assertFalse(ConnectionsViewModel.unlocksProduction(prodRw, prodRw), "it was writable production already");
        assertFalse(ConnectionsViewModel.unlocksProduction(prodRo, prodRo));
        assertFalse(ConnectionsViewModel.unlocksProduction(prodRo, devRw), "no longer production");
    }
}
