package dev.cairn.ui.inspect;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cairn.backend.BackendOptions;
import dev.cairn.backend.Backends;
import dev.cairn.backend.StateBackend;
import dev.cairn.state.Json;
import dev.cairn.state.PythonJson;
import dev.cairn.ui.FxTestSupport;
import dev.cairn.ui.inspect.InspectorViewModel.Part;
import dev.cairn.ui.task.TaskExecutor;
import dev.cairn.ui.theme.Styles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Opening production-sized states: time from selecting the ID to the highlighted first screen of
 * the effective document, and the longest the FX thread was blocked meanwhile. Run with
 * {@code mvn -q -o test -Dtest=BigStateBenchmarkTest -Dcairn.bench=true}; figures go to stdout
 * (and the table in docs/performance.md, "Big states in the window").
 */
@Tag("window")
class BigStateBenchmarkTest {

    @Test
    void opensTenAndFiftyMegabyteStates(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(Boolean.getBoolean("cairn.bench"), "set -Dcairn.bench=true to run the benchmark");
        FxTestSupport.start();
        Path root = Files.createDirectories(dir.resolve("backend"));
        writeState(root, "prod:tap-big-to-target-x", 10);
        writeState(root, "prod:tap-huge-to-target-x", 50);
        writeState(root, "dev:tap-warmup-to-target-x", 1);
        writeState(root, "prod:tap-big-partial-to-target-x", 10);
        TaskExecutor executor = new TaskExecutor(2, Platform::runLater);
        try (StateBackend backend = Backends.open(root.toUri().toString().replaceFirst("^file:/(?!/)", "file:///"),
                BackendOptions.defaults())) {
            SelectionModel selection = new SelectionModel(executor);
            InspectorViewModel model = new InspectorViewModel(executor, selection);
            onFx(() -> {
                JsonPane.warmUp();
                return null;
            });
            InspectorView view = onFx(() -> {
                InspectorView v = new InspectorView(model);
                Stage stage = new Stage();
                Scene scene = new Scene(v, 1200, 800);
                scene.getStylesheets().add(Styles.class.getResource(Styles.STYLESHEET).toExternalForm());
                stage.setScene(scene);
                stage.show();
                return v;
            });
            open(model, selection, view, backend, "dev:tap-warmup-to-target-x", "warm-up 1 MB");
            open(model, selection, view, backend, "prod:tap-big-to-target-x", "10 MB");
            open(model, selection, view, backend, "prod:tap-big-partial-to-target-x", "10 MB+part");
            open(model, selection, view, backend, "prod:tap-huge-to-target-x", "50 MB");
        } finally {
            executor.close();
        }
    }

    private static void open(InspectorViewModel model, SelectionModel selection, InspectorView view, StateBackend backend, String id, String label)
            throws Exception {
        System.gc();
        AtomicBoolean done = new AtomicBoolean();
        AtomicLong worstBlock = new AtomicLong();
        Thread probe = new Thread(() -> {
            while (!done.get()) {
                long sent = System.nanoTime();
                CompletableFuture<Void> tick = new CompletableFuture<>();
                Platform.runLater(() -> tick.complete(null));
                try {
                    tick.get(60, TimeUnit.SECONDS);
                    worstBlock.accumulateAndGet(System.nanoTime() - sent, Math::max);
                    Thread.sleep(2);
                } catch (Exception e) {
                    return;
                }
            }
        });
        probe.setDaemon(true);
        long start = System.nanoTime();
        onFx(() -> {
            selection.select(backend, "", id);
            return null;
        });
        probe.start();
        long firstScreen = 0;
        while (firstScreen == 0) {
            firstScreen = onFx(() -> {
                JsonPane pane = view.pane(Part.EFFECTIVE);
                if (pane.viewer() == null) {
                    return 0L;
                }
                pane.applyCss();
                pane.layout();
                return System.nanoTime();
            });
            if (firstScreen == 0) {
                Thread.sleep(5);
            }
        }
        // the first screen is on screen once a pulse has rendered it
        CompletableFuture<Long> painted = new CompletableFuture<>();
        Platform.runLater(() -> Platform.runLater(() -> painted.complete(System.nanoTime())));
        long paintedAt = painted.get(60, TimeUnit.SECONDS);
        while (onFx(() -> model.documentProperty(Part.PARTIAL).get() == null)) {
            Thread.sleep(20);
        }
        long all = System.nanoTime();
        done.set(true);
        probe.join(5000);
        ShownDocument effective = onFx(() -> model.documentProperty(Part.EFFECTIVE).get());
        long readStart = System.nanoTime();
        backend.read(id);
        double readAlone = (System.nanoTime() - readStart) / 1e9;
        System.out.printf("open %-12s pretty %5.1f MB / %,9d lines: first highlighted screen %5.2f s, all parts %5.2f s,"
                        + " longest FX block %4.0f ms, viewer %s, heap used %,d MB (backend read + parse alone %.2f s)%n",
                label, effective.text().length() / 1048576.0, effective.text().rowCount(), (paintedAt - start) / 1e9,
                (all - start) / 1e9, worstBlock.get() / 1e6, effective.isLarge() ? "virtualised" : "RichTextFX",
                (Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory()) >> 20, readAlone);
        assertTrue(paintedAt > start);
    }

    /** A realistic big state: SDK taps with partitioned streams, written as Meltano writes it. */
    private static void writeState(Path root, String id, int megabytes) throws Exception {
        ObjectNode completed = Json.object();
        ObjectNode bookmarks = completed.putObject("singer_state").putObject("bookmarks");
        int stream = 0;
        long size = 0;
        while (size < megabytes * 1_000_000L) {
            ArrayNode partitions = bookmarks.putObject("stream_" + stream++).putArray("partitions");
            for (int p = 0; p < 200; p++) {
                ObjectNode item = partitions.addObject();
                item.putObject("context").put("org", "acme").put("repo", "repo-" + p).put("shard", p % 7);
                item.put("replication_key", "updated_at");
                item.put("replication_key_value", "2024-06-01T0" + (p % 10) + ":00:00Z");
            }
            size += 200 * 150;
        }
        ObjectNode doc = Json.object();
        doc.set("completed", completed);
        ObjectNode partial = doc.putObject("partial");
        if (id.contains("partial")) {
            // an interrupted merge-mode run: two streams checkpointed since
            ObjectNode newer = partial.putObject("singer_state").putObject("bookmarks");
            newer.set("stream_0", bookmarks.get("stream_0").deepCopy());
            newer.putObject("stream_new").put("replication_key", "updated_at").put("replication_key_value", "2024-06-02T00:00:00Z");
        }
        Path dir = Files.createDirectories(root.resolve(id));
        Files.writeString(dir.resolve("state.json"), PythonJson.dumps(doc), StandardCharsets.US_ASCII);
    }

    private static <T> T onFx(Callable<T> work) throws Exception {
        return WaitForAsyncUtils.asyncFx(work).get(120, TimeUnit.SECONDS);
    }
}
