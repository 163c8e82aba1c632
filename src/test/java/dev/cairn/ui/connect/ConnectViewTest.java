package dev.cairn.ui.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cairn.backend.BackendKind;
import dev.cairn.backend.BackendSetting;
import dev.cairn.backend.Backends;
import dev.cairn.ui.FakeUiThread;
import dev.cairn.ui.FxTestSupport;
import dev.cairn.ui.TestWindow;
import dev.cairn.ui.services.BackendOpener;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.control.skin.ComboBoxListViewSkin;
import javafx.scene.layout.GridPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.testfx.util.WaitForAsyncUtils;

/** The connect form, headless: saved connections are picked by name. */
@Tag("window")
class ConnectViewTest {

    private final FakeUiThread ui = new FakeUiThread();

    @org.junit.jupiter.api.AfterEach
    void stopUi() {
        ui.close();
    }

    @Test
    void theSavedDropDownShowsNamesAndPickingOneFillsTheForm() throws Exception {
        FxTestSupport.start();
        SavedConnection prod = new SavedConnection("Acme prod", "s3://acme-state/meltano", Environment.PROD, true,
                Map.of("s3.profile", "acme"));
        ConnectViewModel model = new ConnectViewModel(ui.executor(), BackendOpener.DEFAULT::open);
        Stage stage = WaitForAsyncUtils.asyncFx(() -> {
            Stage s = new Stage();
            s.setScene(new Scene(new ConnectView(model, List.of(prod), true)));
            s.show();
            return s;
        }).get(TestWindow.WAIT.toSeconds(), TimeUnit.SECONDS);
        @SuppressWarnings("unchecked")
        ComboBox<SavedConnection> pick = (ComboBox<SavedConnection>) stage.getScene().lookup("#connect-saved");
        WaitForAsyncUtils.asyncFx(() -> {
            pick.show();
            pick.getSelectionModel().select(prod);
        }).get(TestWindow.WAIT.toSeconds(), TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        // the closed combo's button cell and the drop-down's cell both show the name
        List<String> shown = WaitForAsyncUtils.asyncFx(() -> {
            List<String> texts = new ArrayList<>();
            texts.add(((ListCell<?>) pick.lookup(".list-cell")).getText());
            ListView<?> popup = (ListView<?>) ((ComboBoxListViewSkin<?>) pick.getSkin()).getPopupContent();
            popup.lookupAll(".list-cell").stream().map(n -> ((ListCell<?>) n).getText())
                    .filter(t -> t != null).forEach(texts::add);
            pick.hide();
            stage.close();
            return texts;
        }).get(TestWindow.WAIT.toSeconds(), TimeUnit.SECONDS);

        assertEquals(List.of("Acme prod", "Acme prod"), shown);
        assertEquals("s3://acme-state/meltano", model.uriProperty().get());
        assertEquals("acme", model.settingProperty("s3.profile").get());
    }

    /** For each kind: its example URI typed, the form has a labelled field for each setting it offers and for no other. */
    @Test
    void theFormRendersEachKindsSettingsFromItsDescriptor() throws Exception {
        FxTestSupport.start();
        ConnectViewModel model = new ConnectViewModel(ui.executor(), BackendOpener.DEFAULT::open);
        ConnectView view = WaitForAsyncUtils.asyncFx(() -> {
            ConnectView v = new ConnectView(model, List.of(), true);
            Stage s = new Stage();
            s.setScene(new Scene(v));
            s.show();
            return v;
        }).get(TestWindow.WAIT.toSeconds(), TimeUnit.SECONDS);
        for (BackendKind kind : Backends.kinds()) {
            Map<String, String> shown = WaitForAsyncUtils.asyncFx(() -> {
                model.uriProperty().set(kind.exampleUri());
                view.applyCss();
                view.layout();
                Map<String, String> labels = new LinkedHashMap<>();
                for (Node node : view.getChildren()) {
                    if (node instanceof Label label && label.getLabelFor() instanceof TextField field
                            && field.getId() != null && field.getId().startsWith("connect-setting-")) {
                        labels.put(field.getId(), label.getText());
                        assertEquals(GridPane.getRowIndex(label), GridPane.getRowIndex(field), "a label beside its field");
                        assertTrue(field.isVisible() && label.isVisible(), kind.id());
                    }
                }
                return labels;
            }).get(TestWindow.WAIT.toSeconds(), TimeUnit.SECONDS);
            Map<String, String> described = new LinkedHashMap<>();
            kind.offeredSettings().forEach(setting -> described.put(ConnectView.settingId(setting.key()), setting.label()));
            assertEquals(described, shown, kind.id());
            for (BackendSetting setting : kind.offeredSettings()) {
                TextField field = (TextField) view.lookup("#" + ConnectView.settingId(setting.key()));
                WaitForAsyncUtils.asyncFx(() -> field.setText("typed " + setting.key())).get(TestWindow.WAIT.toSeconds(), TimeUnit.SECONDS);
                assertEquals("typed " + setting.key(), model.settingProperty(setting.key()).get());
                assertEquals(setting.hint(), field.getPromptText());
            }
        }
        WaitForAsyncUtils.asyncFx(() -> view.getScene().getWindow().hide()).get(TestWindow.WAIT.toSeconds(), TimeUnit.SECONDS);
    }
}
