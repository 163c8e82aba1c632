package dev.cairn.ui.dialog;

import dev.cairn.ui.connect.ConnectView;
import dev.cairn.ui.connect.ConnectViewModel;
import dev.cairn.ui.connect.SavedConnection;
import dev.cairn.ui.theme.Styles;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import dev.cairn.ui.theme.Theme;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.stage.Window;

/** Dialogs as JavaFX shows them, owned by the main window and styled by the app's stylesheet. */
public final class FxDialogService implements DialogService {

    private final Window owner;
    private final Supplier<Theme> theme;

    public FxDialogService(Window owner, Supplier<Theme> theme) {
        this.owner = owner;
        this.theme = theme;
    }

    @Override
    public Optional<ConnectRequest> askConnection(List<SavedConnection> saved) {
        ConnectViewModel model = new ConnectViewModel();
        Dialog<ConnectRequest> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle("Connect to a state backend");
        dialog.setHeaderText("Open a Meltano state backend. Secrets are never saved: use environment variables or profiles.");
        ButtonType connect = new ButtonType("Connect", ButtonBar.ButtonData.OK_DONE);
        dialog.getDialogPane().getButtonTypes().addAll(connect, ButtonType.CANCEL);
        dialog.getDialogPane().setContent(new ConnectView(model, saved));
        style(dialog.getDialogPane());
        dialog.getDialogPane().lookupButton(connect).disableProperty().bind(model.problemProperty().isNotEmpty());
        dialog.setResultConverter(button -> button == connect
                ? new ConnectRequest(model.toConnection(), model.saveProperty().get()) : null);
        return dialog.showAndWait();
    }

    private void style(javafx.scene.control.DialogPane pane) {
        pane.getStylesheets().add(FxDialogService.class.getResource(Styles.STYLESHEET).toExternalForm());
        theme.get().applyTo(pane);
    }

    @Override
    public Optional<java.nio.file.Path> chooseFile(String title) {
        javafx.stage.FileChooser chooser = new javafx.stage.FileChooser();
        chooser.setTitle(title);
        chooser.getExtensionFilters().addAll(new javafx.stage.FileChooser.ExtensionFilter("JSON", "*.json"),
                new javafx.stage.FileChooser.ExtensionFilter("All files", "*"));
        java.io.File file = chooser.showOpenDialog(owner);
        return Optional.ofNullable(file).map(java.io.File::toPath);
    }

    @Override
    public boolean confirm(String action, String target) {
        Alert alert = new Alert(Alert.AlertType.CONFIRMATION, action + " " + target + "?", ButtonType.CANCEL);
        ButtonType yes = new ButtonType(action, ButtonBar.ButtonData.OK_DONE);
        alert.getButtonTypes().setAll(yes, ButtonType.CANCEL);
        alert.initOwner(owner);
        alert.setHeaderText(action);
        style(alert.getDialogPane());
        return alert.showAndWait().filter(b -> b == yes).isPresent();
    }
}
