package dev.cairn.ui.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.backend.BackendKind;
import dev.cairn.backend.BackendSetting;
import dev.cairn.backend.Backends;
import dev.cairn.ui.DiskStates;
import dev.cairn.ui.FakeUiThread;
import dev.cairn.ui.services.BackendOpener;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Test connection on real SQLite system DBs: a count of states, or the error in a line. */
@Tag("unit")
class ConnectViewModelTest {

    private final FakeUiThread ui = new FakeUiThread();
    @TempDir
    Path home;

    @AfterEach
    void close() {
        ui.close();
    }

    private String tested(String uri) {
        ConnectViewModel model = ui.call(() -> new ConnectViewModel(ui.executor(), BackendOpener.DEFAULT::open));
        ui.run(() -> {
            model.uriProperty().set(uri);
            model.testConnection();
        });
        ui.await(() -> !model.testingProperty().get(), Duration.ofSeconds(30));
        ui.awaitIdle();
        return ui.call(() -> model.testResultProperty().get());
    }

    @Test
    void testConnectionCountsTheStatesOffTheUiThread() throws Exception {
        Path dir = Files.createDirectories(home.resolve("db"));
        DiskStates.systemDb(dir).put("dev:a", "{}", "{}").put("dev:b", "{}", "{}");
        assertEquals("2 states found", tested("sqlite:///" + dir.resolve("meltano.db")));
    }

    @Test
    void testConnectionReportsWhyItFailed() {
        String result = tested("sqlite:///" + home.resolve("nowhere/meltano.db"));
        assertFalse(result.isBlank());
        assertFalse(result.contains("found"), result);
        assertFalse(result.contains("\n"), "one line: " + result);
    }

    @Test
    void theFieldsAreTheSettingsTheUrisKindOffers() {
        ConnectViewModel model = ui.call(() -> new ConnectViewModel(ui.executor(), BackendOpener.DEFAULT::open));
        for (BackendKind kind : Backends.kinds()) {
            ui.run(() -> {
                model.uriProperty().set(kind.exampleUri());
                model.nameProperty().set("x");
            });
            assertEquals(kind.id(), ui.call(() -> model.kindProperty().get().id()));
            assertEquals("", ui.call(() -> model.problemProperty().get()), kind.exampleUri());
            List<BackendSetting> fields = ui.call(model::fields);
            assertEquals(kind.offeredSettings(), fields, kind.id());
            Map<String, String> typed = new LinkedHashMap<>();
            for (BackendSetting field : fields) {
                typed.put(field.key(), "value of " + field.key());
                ui.run(() -> model.settingProperty(field.key()).set(" value of " + field.key() + " "));
            }
            SavedConnection saved = ui.call(model::toConnection);
            assertEquals(typed, saved.settings(), "the fields typed, stripped, and no other kind's: " + kind.id());

            ConnectViewModel again = ui.call(() -> new ConnectViewModel(ui.executor(), BackendOpener.DEFAULT::open));
            ui.run(() -> again.load(saved));
            for (BackendSetting field : fields) {
                assertEquals("value of " + field.key(), ui.call(() -> again.settingProperty(field.key()).get()));
            }
        }
        ui.run(() -> model.uriProperty().set("ftp://host/state"));
        assertEquals(List.of(), ui.call(model::fields), "a URI no kind takes has no settings");
    }

    /** A project environment's connection edited (F2) stays that environment's while its URI does. */
    @Test
    void anEditedProjectConnectionKeepsItsEnvironmentUntilItsUriChanges() {
        SavedConnection project = new SavedConnection("acme · prod", "s3://acme-prod/meltano/state", Environment.PROD, true,
                Map.of(), "prod");
        ConnectViewModel model = ui.call(() -> new ConnectViewModel(ui.executor(), BackendOpener.DEFAULT::open));
        ui.run(() -> {
            model.load(project);
            model.readOnlyProperty().set(false);
        });
        assertEquals("prod", ui.call(model::toConnection).meltanoEnvironment());
        ui.run(() -> model.uriProperty().set("s3://other-bucket/meltano/state"));
        assertNull(ui.call(model::toConnection).meltanoEnvironment(), "another URI is another backend: no project's");
    }

    @Test
    void aUriIsCheckedByItsKind() {
        int checked = 0;
        for (BackendKind kind : Backends.kinds()) {
            // the scheme alone, or with an empty authority: malformed for most kinds
            for (String uri : List.of(kind.schemes().get(0) + ":", kind.schemes().get(0) + ":///")) {
                String malformed = Backends.kindOf(uri).filter(k -> k.id().equals(kind.id())).map(k -> k.problem(uri)).orElse(null);
                if (malformed != null) {
                    assertEquals(malformed, ConnectViewModel.problem(uri, "x"));
                    checked++;
                }
            }
        }
        assertTrue(checked >= 4, "the cloud kinds and PostgreSQL refuse a URI without host: " + checked);
        assertEquals("A file backend URI needs an absolute path: file:///abs/dir", ConnectViewModel.problem("file:rel", "x"));
        assertTrue(ConnectViewModel.problem("nothing", "x").startsWith("Not a backend URI: expected sqlite://…, file://…"));
    }

    @Test
    void anInvalidUriIsNotTried() {
        assertTrue(tested("file://relative").startsWith("A file backend URI needs an absolute path"));
    }
}
