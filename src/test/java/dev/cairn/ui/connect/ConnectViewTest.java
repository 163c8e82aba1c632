package dev.cairn.ui.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cairn.ui.FxTestSupport;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.skin.ComboBoxListViewSkin;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.testfx.util.WaitForAsyncUtils;

/** The connect form, headless: saved connections are picked by name. */
@Tag("window")
class ConnectViewTest {

    private final dev.cairn.ui.FakeUiThread ui = new dev.cairn.ui.FakeUiThread();

    @org.junit.jupiter.api.AfterEach
    void stopUi() {
        ui.close();
    }

    @Test
    void theSavedDropDownShowsNamesAndPickingOneFillsTheForm() throws Exception {
        FxTestSupport.start();
        SavedConnection prod = new SavedConnection("Acme prod", "s3://acme-state/meltano", Environment.PROD, true,
                Map.of("s3.profile", "acme"));
        ConnectViewModel model = new ConnectViewModel(ui.executor(), dev.cairn.ui.services.BackendOpener.DEFAULT::open);
        Stage stage = WaitForAsyncUtils.asyncFx(() -> {
            Stage s = new Stage();
            s.setScene(new Scene(new ConnectView(model, List.of(prod), true)));
            s.show();
            return s;
        }).get(10, TimeUnit.SECONDS);
        @SuppressWarnings("unchecked")
        ComboBox<SavedConnection> pick = (ComboBox<SavedConnection>) stage.getScene().lookup("#connect-saved");
        WaitForAsyncUtils.asyncFx(() -> {
            pick.show();
            pick.getSelectionModel().select(prod);
        }).get(10, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        // the closed combo's button cell and the drop-down's cell both show the name
        List<String> shown = WaitForAsyncUtils.asyncFx(() -> {
            List<String> texts = new java.util.ArrayList<>();
            texts.add(((ListCell<?>) pick.lookup(".list-cell")).getText());
            ListView<?> popup = (ListView<?>) ((ComboBoxListViewSkin<?>) pick.getSkin()).getPopupContent();
            popup.lookupAll(".list-cell").stream().map(n -> ((ListCell<?>) n).getText())
                    .filter(t -> t != null).forEach(texts::add);
            pick.hide();
            stage.close();
            return texts;
        }).get(10, TimeUnit.SECONDS);

        assertEquals(List.of("Acme prod", "Acme prod"), shown);
        assertEquals("s3://acme-state/meltano", model.uriProperty().get());
        assertEquals("acme", model.settingProperty("s3.profile").get());
    }
}
