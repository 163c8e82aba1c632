package dev.cairn.ui.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cairn.ui.FakeUiThread;
import dev.cairn.ui.services.BackendOpener;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("unit")
class ConnectionStoreTest {

    private final FakeUiThread ui = new FakeUiThread();

    @org.junit.jupiter.api.AfterEach
    void stopUi() {
        ui.close();
    }

    @Test
    void savesConnectionsWithoutSecrets(@TempDir Path dir) throws Exception {
        ConnectionStore store = new ConnectionStore(dir);
        assertTrue(store.isFirstStart());
        SavedConnection pg = new SavedConnection("warehouse", "postgresql://meltano:hunter2@db.internal/meltano?sslpassword=x",
                Environment.PROD, true, Map.of());
        SavedConnection s3 = new SavedConnection("bucket", "s3://AKIAKEY:SeCrEt@acme-state/meltano", Environment.STAGING, false,
                Map.of("s3.endpoint_url", "http://minio:9000", "s3.aws_secret_access_key", "SeCrEt", "s3.profile", "ops"));
        store.save(new ConnectionStore.Saved(List.of(pg, s3), "dark"));
        String json = Files.readString(store.file());
        assertFalse(json.contains("hunter2"), json);
        assertFalse(json.contains("SeCrEt"), json);
        ConnectionStore.Saved loaded = store.load();
        assertEquals("dark", loaded.theme());
        assertEquals(Environment.PROD, loaded.connections().get(0).environment());
        assertTrue(loaded.connections().get(0).readOnly());
        assertEquals(Map.of("s3.endpoint_url", "http://minio:9000", "s3.profile", "ops"), loaded.connections().get(1).settings());
        assertFalse(store.isFirstStart());
    }

    /** A connection that failed or did not answer at start is marked in the file, and only that one. */
    @Test
    void remembersWhichConnectionsFailedAtTheLastStart(@TempDir Path dir) throws Exception {
        ConnectionStore store = new ConnectionStore(dir);
        SavedConnection fine = new SavedConnection("fine", "sqlite:////tmp/fine.db", Environment.DEV, false, Map.of());
        SavedConnection silent = new SavedConnection("silent", "postgresql://meltano@10.1.2.3/meltano", Environment.PROD, true, Map.of(),
                "prod");
        store.save(new ConnectionStore.Saved(List.of(fine, silent), "light", Set.of("silent", "forgotten")));
        var connections = new ObjectMapper().readTree(store.file().toFile()).path("connections");
        assertFalse(connections.get(0).has("failedAtLastStart"), connections.toString());
        assertTrue(connections.get(1).path("failedAtLastStart").asBoolean(), connections.toString());
        ConnectionStore.Saved loaded = store.load();
        assertEquals(Set.of("silent"), loaded.failedAtLastStart(), "a name no connection has is not kept");
        assertEquals(List.of(fine, silent), loaded.connections(), "a project's connection keeps its environment's name");

        store.save(new ConnectionStore.Saved(loaded.connections(), "light"));
        assertEquals(Set.of(), store.load().failedAtLastStart());
    }

    @Test
    void connectFormValidatesUris() {
        assertTrue(ConnectViewModel.problem("sqlite:///abs/meltano.db", "x").isEmpty());
        assertTrue(ConnectViewModel.problem("file:///abs/dir", "x").isEmpty());
        assertTrue(ConnectViewModel.problem("s3://bucket/prefix", "x").isEmpty());
        assertTrue(ConnectViewModel.problem("postgresql://u@host:5432/db", "x").isEmpty());
        assertFalse(ConnectViewModel.problem("file://relative", "x").isEmpty());
        assertFalse(ConnectViewModel.problem("s3://", "x").isEmpty());
        assertTrue(ConnectViewModel.problem("azure://container/prefix", "x").isEmpty());
        assertFalse(ConnectViewModel.problem("azure:///prefix", "x").isEmpty());
        assertTrue(ConnectViewModel.problem("gs://bucket/prefix", "x").isEmpty());
        assertEquals("A GCS URI needs a bucket: gs://bucket/prefix", ConnectViewModel.problem("gs:///prefix", "x"));
        assertFalse(ConnectViewModel.problem("meltano.db", "x").isEmpty());
        assertFalse(ConnectViewModel.problem("file:///abs", " ").isEmpty());
        ConnectViewModel model = new ConnectViewModel(ui.executor(), BackendOpener.DEFAULT::open);
        model.environmentProperty().set(Environment.PROD);
        assertTrue(model.readOnlyProperty().get(), "production starts read-only");
    }

    @Test
    void aNameTypedReplacesTheSuggestedOneAndNoneTypedTakesIt() {
        ConnectViewModel model = new ConnectViewModel(ui.executor(), BackendOpener.DEFAULT::open);
        model.uriProperty().set("s3://acme-meltano-state/prod");
        assertEquals("prod", model.toConnection().name(), "no name typed: the suggested one");
        assertEquals("", model.problemProperty().get());
        model.nameProperty().set("acme prod");
        assertEquals("acme prod", model.toConnection().name());
    }

    @Test
    void anAzureConnectionKeepsItsAccountUrlButNeverAConnectionString() {
        ConnectViewModel model = new ConnectViewModel(ui.executor(), BackendOpener.DEFAULT::open);
        model.uriProperty().set("azure://meltano-state/prod");
        model.nameProperty().set("azure");
        model.settingProperty("azure.storage_account_url").set(" https://acme.blob.core.windows.net ");
        assertEquals("azure", model.kindProperty().get().id());
        SavedConnection c = model.toConnection();
        assertEquals(Map.of("azure.storage_account_url", "https://acme.blob.core.windows.net"), c.settings());
        assertEquals(Map.of(), new SavedConnection("a", c.uri(), Environment.DEV, false,
                Map.of("azure.connection_string", "AccountName=a;AccountKey=k")).settings());

        ConnectViewModel again = new ConnectViewModel(ui.executor(), BackendOpener.DEFAULT::open);
        again.load(c);
        assertEquals("https://acme.blob.core.windows.net", again.settingProperty("azure.storage_account_url").get());
    }

    @Test
    void aGcsConnectionKeepsItsKeyFileAndEmulatorButNeverTheKeyItself() {
        ConnectViewModel model = new ConnectViewModel(ui.executor(), BackendOpener.DEFAULT::open);
        model.uriProperty().set("gs://meltano-state/prod");
        model.nameProperty().set("gcs");
        model.settingProperty("gcs.application_credentials_path").set(" /keys/meltano.json ");
        model.settingProperty("gcs.emulator_host").set("localhost:9023");
        assertEquals("gcs", model.kindProperty().get().id());
        SavedConnection c = model.toConnection();
        assertEquals(Map.of("gcs.application_credentials_path", "/keys/meltano.json", "gcs.emulator_host", "localhost:9023"),
                c.settings());
        assertEquals(Map.of(), new SavedConnection("a", c.uri(), Environment.DEV, false,
                Map.of("gcs.application_credentials_json", "{\"private_key\": \"k\"}")).settings());

        ConnectViewModel again = new ConnectViewModel(ui.executor(), BackendOpener.DEFAULT::open);
        again.load(c);
        assertEquals("/keys/meltano.json", again.settingProperty("gcs.application_credentials_path").get());
        assertEquals("localhost:9023", again.settingProperty("gcs.emulator_host").get());
    }

    @Test
    void concurrentSavesNeverTearTheFile(@TempDir Path dir) throws Exception {
        ConnectionStore store = new ConnectionStore(dir);
        AtomicBoolean done = new AtomicBoolean();
        List<String> torn = new CopyOnWriteArrayList<>();
        Thread reader = new Thread(() -> {
            ObjectMapper json = new ObjectMapper();
            while (!done.get()) {
                try {
                    if (Files.exists(store.file())) {
                        json.readTree(Files.readAllBytes(store.file()));
                    }
                } catch (NoSuchFileException e) {
                    torn.add("the file vanished: " + e.getMessage());
                } catch (IOException e) {
                    torn.add(e.getMessage());
                }
            }
        });
        reader.start();
        ExecutorService writers = Executors.newFixedThreadPool(6);
        try {
            List<Future<?>> saves = new ArrayList<>();
            for (int i = 0; i < 600; i++) {
                ConnectionStore.Saved snapshot = snapshot(i);
                saves.add(writers.submit(() -> {
                    store.save(snapshot);
                    return null;
                }));
            }
            for (Future<?> save : saves) {
                save.get(30, TimeUnit.SECONDS);
            }
        } finally {
            writers.shutdown();
            done.set(true);
            reader.join();
        }
        assertEquals(List.of(), torn);
        assertEquals(1, store.load().connections().size());
        try (var files = Files.list(dir)) {
            assertEquals(List.of(store.file()), files.toList(), "no temp file left behind");
        }
    }

    @Test
    void theLastChangeWinsWhicheverOrderTheWritersRunIn(@TempDir Path dir) throws Exception {
        ConnectionStore store = new ConnectionStore(dir);
        ExecutorService writers = Executors.newFixedThreadPool(6);
        try {
            for (int round = 0; round < 50; round++) {
                List<Future<?>> saves = new ArrayList<>();
                for (int i = 0; i <= round % 7 + 1; i++) {
                    // as the window does: offered in the order of the changes, written by any pool thread
                    store.offer(snapshot(round * 10 + i));
                    saves.add(writers.submit(() -> {
                        store.saveOffered();
                        return null;
                    }));
                }
                for (Future<?> save : saves) {
                    save.get(30, TimeUnit.SECONDS);
                }
                assertEquals("c" + (round * 10 + round % 7 + 1), store.load().connections().get(0).name());
            }
        } finally {
            writers.shutdown();
        }
    }

    private static ConnectionStore.Saved snapshot(int n) {
        return new ConnectionStore.Saved(List.of(new SavedConnection("c" + n, "sqlite:////tmp/db" + n + ".db",
                Environment.DEV, false, Map.of())), n % 2 == 0 ? "light" : "dark");
    }
}
