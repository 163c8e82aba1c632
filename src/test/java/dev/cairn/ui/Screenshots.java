package dev.cairn.ui;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.backend.StateBackend;
import dev.cairn.backend.StoredState;
import dev.cairn.ops.CheckUp;
import dev.cairn.ops.Edit;
import dev.cairn.ops.Transfer;
import dev.cairn.ops.UserFolders;
import dev.cairn.ops.compare.IdComparison;
import dev.cairn.state.Json;
import dev.cairn.state.StateDocument;
import dev.cairn.testing.Waits;
import dev.cairn.ui.app.App;
import dev.cairn.ui.browse.StateIdEntry;
import dev.cairn.ui.check.CheckViewModel;
import dev.cairn.ui.compare.CompareViewModel;
import dev.cairn.ui.demo.DemoWorkspace;
import dev.cairn.ui.dialog.NoDialogs;
import dev.cairn.ui.edit.RewindViewModel;
import dev.cairn.ui.inspect.InspectorViewModel;
import dev.cairn.ui.main.BackendSession;
import dev.cairn.ui.main.MainView;
import dev.cairn.ui.main.MainViewModel;
import dev.cairn.ui.main.WriteActions;
import dev.cairn.ui.plan.PlanViewModel;
import dev.cairn.ui.services.AppServices;
import dev.cairn.ui.services.BackendOpener;
import dev.cairn.ui.task.TaskExecutor;
import dev.cairn.ui.theme.Theme;
import dev.cairn.ui.transfer.TransferViewModel;
import dev.cairn.ui.write.WriteFlowViewModel;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import javax.imageio.ImageIO;

/**
 * Renders the pictures of README.md and docs/user-guide.md from a fresh demo workspace: the main window, the diff view, the
 * timeline, the bookmarks table, the check-up, Compare backends… and the write flows, as PNGs: headless under Monocle through
 * {@code mvn -o test -Dtest=ScreenshotsTest -Dcairn.screenshots=assets/screenshots}.
 */
public final class Screenshots {

    public static final String SELECTED_ID = "prod:tap-stripe-to-target-bigquery";
    public static final String BOOKMARKS_ID = "prod:tap-zendesk-to-target-snowflake";

    private final Path out;
    private final BackendOpener opener;

    public Screenshots(Path out, BackendOpener opener) {
        this.out = out;
        this.opener = opener;
    }

    /** Renders every picture; call from a thread other than the FX thread, once the toolkit runs. */
    public List<Path> render() throws Exception {
        Files.createDirectories(out);
        Path work = Files.createTempDirectory("cairn-screenshots");
        UserFolders dirs = new UserFolders(work.resolve("data"), work.resolve("config"));
        TaskExecutor executor = new TaskExecutor(2, Platform::runLater);
        AppServices services = AppServices.create(dirs, executor, opener);
        MainViewModel model = onFx(() -> new MainViewModel(services));
        Stage stage = onFx(() -> {
            Stage s = new Stage();
            s.setScene(App.createScene(model, new NoDialogs()));
            s.setWidth(1600);
            s.setHeight(960);
            s.show();
            return s;
        });
        MainView view = (MainView) stage.getScene().getRoot();
        onFx(() -> {
            model.connections().start();
            return null;
        });
        await(() -> model.connections().sessions().size() == 2 && model.connections().sessions().stream().allMatch(s -> s.list() != null)
                && model.tasks().isEmpty(), Duration.ofSeconds(60));
        BackendSession prod = onFx(() -> model.connections().sessions().get(0));
        select(model, prod, SELECTED_ID);
        List<Path> written = new ArrayList<>();
        written.add(snapshot(model, "main-window.png", v -> { }, view));
        written.add(snapshot(model, "diff.png", v -> selectTab(v, "diff"), view));
        written.add(timeline(model, view));
        select(model, prod, BOOKMARKS_ID);
        written.add(snapshot(model, "bookmarks.png", v -> selectTab(v, "bookmarks"), view));
        select(model, prod, DemoWorkspace.CORRUPT_ID);
        written.add(snapshot(model, "corrupt-state-dark.png", v -> {
            v.inspector().tabs().getSelectionModel().select(v.inspector().tab(
                    InspectorViewModel.Part.COMPLETED));
            model.themeProperty().set(Theme.DARK);
        }, view));
        onFx(() -> {
            model.themeProperty().set(Theme.LIGHT);
            model.check().open(prod.target());
            return null;
        });
        await(() -> model.tasks().isEmpty() && model.check().stageProperty().get() == CheckViewModel.Stage.CHECKED,
                Duration.ofSeconds(30));
        written.add(snapshot(model, "check-backend.png", v -> model.check().filterProperty()
                .set(CheckUp.Severity.WARNING), view));
        onFx(() -> {
            model.check().close();
            model.compareBackends(prod);
            return null;
        });
        CompareViewModel compare = model.compare();
        await(() -> model.tasks().isEmpty() && compare.stageProperty().get() == CompareViewModel.Stage.COMPARED,
                Duration.ofSeconds(30));
        onFx(() -> {
            compare.orderProperty().set(CompareViewModel.Order.AHEAD);
            compare.checkAll(IdComparison.Status.ONLY_HERE);
            compare.selectedProperty().set(compare.shown().get(0));
            return null;
        });
        await(() -> model.tasks().isEmpty() && compare.diff().diffProperty().get() != null, Duration.ofSeconds(30));
        written.add(snapshot(model, "compare-backends.png", v -> { }, view));
        onFx(() -> {
            compare.close();
            return null;
        });
        written.addAll(writes(model, view));
        onFx(() -> {
            stage.close();
            return null;
        });
        executor.close();
        return written;
    }

    public static final String WRITE_ID = "dev:tap-postgres-to-target-snowflake";

    /**
     * The write flows on the demo's file backend (a throw-away copy): a conflict with a pipeline run
     * that wrote in between, the history after resolving it, and a copy with its result table.
     */
    private List<Path> writes(MainViewModel model, MainView view) throws Exception {
        List<Path> written = new ArrayList<>();
        BackendSession files = onFx(() -> model.connections().sessions().get(1));
        select(model, files, WRITE_ID);
        WriteActions writes = model.writes();
        ObjectNode rewind = Json.parseObject("{\"singer_state\":"
                + " {\"bookmarks\": {\"public-orders\": {\"replication_key_value\": \"2024-05-20T00:00:00+00:00\"}}}}");
        flowStep(model, () -> writes.write(Edit.merge(rewind)), WriteFlowViewModel.Stage.PREVIEW);
        try (StateBackend pipeline = opener.open(files.connection())) {
            StoredState now = pipeline.read(WRITE_ID);
            ObjectNode next = (ObjectNode)
                    now.document().completed().value().deepCopy();
            ((ObjectNode) next.with("singer_state").with("bookmarks").with("public-orders"))
                    .put("replication_key_value", "2024-06-01T11:02:44.120071+00:00");
            pipeline.write(WRITE_ID, StateDocument.completeWrite(next), now.version());
        }
        flowStep(model, () -> writes.flow().confirm(), WriteFlowViewModel.Stage.CONFLICT);
        written.add(snapshot(model, "conflict.png", v -> v.writeSheet().conflictTabs().getSelectionModel().select(0), view));
        flowStep(model, () -> writes.flow().reapply(), WriteFlowViewModel.Stage.PREVIEW);
        flowStep(model, () -> writes.flow().confirm(), WriteFlowViewModel.Stage.DONE);
        flowStep(model, () -> {
            writes.flow().close();
            writes.write(Edit.clearPartial());
        }, WriteFlowViewModel.Stage.PREVIEW);
        flowStep(model, () -> writes.flow().confirm(), WriteFlowViewModel.Stage.DONE);
        onFx(() -> {
            writes.flow().close();
            // the history tab reads the journal only while it is shown
            view.selectTab("history");
            return null;
        });
        await(() -> model.tasks().isEmpty() && writes.history().entries().size() >= 3, Duration.ofSeconds(30));
        written.add(snapshot(model, "history.png",
                v -> writes.history().selectedProperty().set(writes.history().entries().get(writes.history().entries().size() - 1)),
                view));

        // a copy of the staging pipelines to a new "qa" environment, one of which someone already set up differently
        try (StateBackend other = opener.open(files.connection())) {
            other.write("qa:tap-hubspot-to-target-postgres", StateDocument.completeWrite(
                    Json.parseObject("{\"singer_state\": {\"bookmarks\": {}}}")), null);
        }
        onFx(() -> {
            writes.openTransfer();
            var transfer = writes.transfer();
            transfer.scopeProperty().set(TransferViewModel.Scope.PATTERN);
            transfer.patternProperty().set("staging:tap-h*");
            transfer.renameProperty().set("staging:*=qa:*");
            transfer.onConflictProperty().set(Transfer.OnConflict.FAIL);
            transfer.destinationProperty().set(files.target());
            transfer.plan();
            return null;
        });
        await(() -> model.tasks().isEmpty() && writes.transfer().stageProperty().get()
                == TransferViewModel.Stage.PLANNED, Duration.ofSeconds(30));
        onFx(() -> {
            writes.transfer().run();
            return null;
        });
        await(() -> model.tasks().isEmpty() && writes.transfer().stageProperty().get()
                == TransferViewModel.Stage.FINISHED, Duration.ofSeconds(60));
        written.add(snapshot(model, "copy-results.png", v -> { }, view));
        onFx(() -> {
            writes.transfer().close();
            return null;
        });

        // the preview of a rewind of the IDs selected in the list, back by a day (nothing written)
        onFx(() -> {
            var list = view.stateList().listView();
            list.getSelectionModel().clearSelection();
            for (int i = 0; i < list.getItems().size(); i++) {
                String id = list.getItems().get(i).stateId();
                if (id.startsWith("dev:tap-shopify-") || id.equals(WRITE_ID)) {
                    list.getSelectionModel().select(i);
                }
            }
            return null;
        });
        await(() -> model.tasks().isEmpty(), Duration.ofSeconds(30));
        onFx(() -> {
            writes.openRewindStates();
            writes.rewind().byProperty().set(RewindViewModel.By.BY_DURATION);
            writes.rewind().amountProperty().set("P1D");
            writes.rewind().preview();
            return null;
        });
        await(() -> model.tasks().isEmpty() && writes.rewind().stageProperty().get()
                == RewindViewModel.Stage.PREVIEW, Duration.ofSeconds(30));
        written.add(snapshot(model, "rewind-selected.png", v -> { }, view));

        // that rewind saved as a plan instead of written, then opened again to be applied
        Path plan = Files.createTempFile("cairn-screenshot", ".plan.json");
        try {
            onFx(() -> {
                writes.rewind().savePlan(plan);
                return null;
            });
            await(() -> model.tasks().isEmpty() && writes.rewind().messageProperty().get().startsWith("Saved"), Duration.ofSeconds(30));
            onFx(() -> {
                writes.rewind().close();
                writes.openPlan(plan);
                return null;
            });
            await(() -> model.tasks().isEmpty() && writes.plan().stageProperty().get()
                    == PlanViewModel.Stage.PREVIEW, Duration.ofSeconds(30));
            written.add(snapshot(model, "open-plan.png", v -> { }, view));
            onFx(() -> {
                writes.plan().close();
                return null;
            });
        } finally {
            Files.deleteIfExists(plan);
        }
        return written;
    }

    /** The running pipeline's timeline, one nightly run chosen and compared with the state stored now. */
    private Path timeline(MainViewModel model, MainView view) throws Exception {
        onFx(() -> {
            selectTab(view, "timeline");
            return null;
        });
        await(() -> model.tasks().isEmpty() && model.writes().timeline().items().size() > 3, Duration.ofSeconds(30));
        onFx(() -> {
            view.timelineView().list().getSelectionModel().clearAndSelect(3);
            return null;
        });
        await(() -> model.tasks().isEmpty() && model.writes().timeline().comparisonProperty().get() != null, Duration.ofSeconds(30));
        return snapshot(model, "timeline.png", v -> { }, view);
    }

    /** Runs an action of the write flow on the FX thread and waits for the flow to reach a stage. */
    private static void flowStep(MainViewModel model, Runnable action, WriteFlowViewModel.Stage until) throws Exception {
        onFx(() -> {
            action.run();
            return null;
        });
        awaitFlow(model, until);
    }

    private static void awaitFlow(MainViewModel model, WriteFlowViewModel.Stage stage) throws Exception {
        try {
            await(() -> model.tasks().isEmpty() && model.writes().flow().stageProperty().get() == stage, Duration.ofSeconds(30));
        } catch (IllegalStateException e) {
            throw new IllegalStateException("the write flow did not reach " + stage + ": "
                    + onFx(() -> model.writes().flow().messageProperty().get()), e);
        }
    }

    private static void select(MainViewModel model, BackendSession session, String id) throws Exception {
        onFx(() -> {
            model.connections().currentProperty().set(session);
            StateIdEntry entry = session.list().visible().stream().filter(e -> e.stateId().equals(id))
                    .findFirst().orElseThrow();
            session.list().selectedProperty().set(entry);
            return null;
        });
        await(() -> model.tasks().isEmpty() && model.inspector().documentProperty(
                InspectorViewModel.Part.PARTIAL).get() != null, Duration.ofSeconds(30));
    }

    private static void selectTab(MainView view, String id) {
        view.inspector().tabs().getTabs().stream().filter(t -> id.equals(t.getId())).findFirst()
                .ifPresent(t -> view.inspector().tabs().getSelectionModel().select(t));
    }

    private Path snapshot(MainViewModel model, String file, Consumer<MainView> prepare, MainView view) throws Exception {
        onFx(() -> {
            prepare.accept(view);
            return null;
        });
        // what the change started (a tab's read, a filter's) has ended and its result reached the window;
        // checked again a turn later, since a result handed back may start the next read
        await(() -> model.tasks().isEmpty(), Duration.ofSeconds(30));
        await(() -> model.tasks().isEmpty(), Duration.ofSeconds(30));
        Scene scene = view.getScene();
        WritableImage image = onFx(() -> {
            scene.getRoot().applyCss();
            scene.getRoot().layout();
            return scene.snapshot(null);
        });
        Path target = out.resolve(file);
        Files.createDirectories(out);
        ImageIO.write(toBufferedImage(image), "png", target.toFile());
        return target;
    }

    static BufferedImage toBufferedImage(WritableImage image) {
        int w = (int) image.getWidth();
        int h = (int) image.getHeight();
        BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB);
        PixelReader reader = image.getPixelReader();
        int[] row = new int[w];
        for (int y = 0; y < h; y++) {
            reader.getPixels(0, y, w, 1, PixelFormat.getIntArgbInstance(), row, 0, w);
            out.setRGB(0, y, w, 1, row, 0, w);
        }
        return out;
    }

    static <T> T onFx(Callable<T> work) throws Exception {
        CompletableFuture<T> result = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                result.complete(work.call());
            } catch (Throwable t) {
                result.completeExceptionally(t);
            }
        });
        return result.get(60, TimeUnit.SECONDS);
    }

    static void await(BooleanSupplier condition, Duration timeout) throws Exception {
        Waits.until(() -> onFx(condition::getAsBoolean), timeout, "the window to finish loading");
    }

}
