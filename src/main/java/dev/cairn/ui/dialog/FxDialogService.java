package dev.cairn.ui.dialog;

import dev.cairn.ui.Fxml;
import dev.cairn.ui.connect.ConnectView;
import dev.cairn.ui.connect.ConnectViewModel;
import dev.cairn.ui.connect.ProjectEnvironment;
import dev.cairn.ui.connect.SavedConnection;
import dev.cairn.ui.theme.Styles;
import dev.cairn.backend.StateBackend;
import dev.cairn.ui.task.TaskExecutor;
import java.util.List;
import java.util.function.Function;
import java.util.Optional;
import java.util.function.Supplier;
import dev.cairn.ui.theme.Theme;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.VBox;
import javafx.beans.binding.Bindings;
import javafx.stage.Window;

/** Dialogs as JavaFX shows them, owned by the main window and styled by the app's stylesheet. */
public final class FxDialogService implements DialogService {

    private final Window owner;
    private final Supplier<Theme> theme;
    private final TaskExecutor executor;
    private final Function<SavedConnection, StateBackend> opener;

    /** {@code executor} and {@code opener} serve the connect form's Test connection. */
    public FxDialogService(Window owner, Supplier<Theme> theme, TaskExecutor executor,
                           Function<SavedConnection, StateBackend> opener) {
        this.owner = owner;
        this.theme = theme;
        this.executor = executor;
        this.opener = opener;
    }

    @Override
    public Optional<ConnectRequest> askConnection(List<SavedConnection> saved) {
        ConnectViewModel model = new ConnectViewModel(executor, opener);
        Dialog<ConnectRequest> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle(Fxml.label("connect.dialog.title"));
        dialog.setHeaderText(Fxml.label("connect.dialog.header"));
        ButtonType connect = new ButtonType(Fxml.label("connect.dialog.connect"), ButtonBar.ButtonData.OK_DONE);
        dialog.getDialogPane().getButtonTypes().addAll(connect, ButtonType.CANCEL);
        dialog.getDialogPane().setContent(new ConnectView(model, saved, true));
        style(dialog.getDialogPane());
        dialog.getDialogPane().lookupButton(connect).disableProperty().bind(model.problemProperty().isNotEmpty());
        dialog.setResultConverter(button -> button == connect
                ? new ConnectRequest(model.toConnection(), model.saveProperty().get()) : null);
        return dialog.showAndWait();
    }

    @Override
    public Optional<SavedConnection> editConnection(SavedConnection connection) {
        ConnectViewModel model = new ConnectViewModel(executor, opener);
        model.load(connection);
        Dialog<SavedConnection> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle(Fxml.label("connect.edit.title", connection.name()));
        dialog.setHeaderText(Fxml.label("connect.edit.header", connection.name()));
        ButtonType save = new ButtonType(Fxml.label("connect.edit.save"), ButtonBar.ButtonData.OK_DONE);
        dialog.getDialogPane().getButtonTypes().addAll(save, ButtonType.CANCEL);
        dialog.getDialogPane().setContent(new ConnectView(model, List.of(), false));
        style(dialog.getDialogPane());
        dialog.getDialogPane().lookupButton(save).disableProperty().bind(model.problemProperty().isNotEmpty());
        dialog.setResultConverter(button -> button == save ? model.toConnection() : null);
        return dialog.showAndWait();
    }

    @Override
    public boolean confirmTyped(String action, String target, String mustType) {
        Dialog<ButtonType> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle(action);
        dialog.setHeaderText(action + " " + target);
        ButtonType yes = new ButtonType(action, ButtonBar.ButtonData.OK_DONE);
        dialog.getDialogPane().getButtonTypes().addAll(yes, ButtonType.CANCEL);
        literal(dialog.getDialogPane(), yes);
        TextField typed = new TextField();
        typed.setId("typed-confirmation");
        typed.setPromptText(mustType);
        Label ask = new Label(Fxml.label("confirm.typed", mustType));
        ask.setWrapText(true);
        dialog.getDialogPane().setContent(new VBox(8, ask, typed));
        style(dialog.getDialogPane());
        dialog.getDialogPane().lookupButton(yes).disableProperty()
                .bind(Bindings.createBooleanBinding(() -> !typed.getText().strip().equals(mustType), typed.textProperty()));
        return dialog.showAndWait().filter(b -> b == yes).isPresent();
    }

    @Override
    public Optional<AlreadyOpen> askAlreadyOpen(String openName, String uri) {
        ButtonType switchTo = new ButtonType(Fxml.label("alreadyOpen.switch", openName), ButtonBar.ButtonData.OK_DONE);
        ButtonType another = new ButtonType(Fxml.label("alreadyOpen.another"), ButtonBar.ButtonData.OTHER);
        Alert alert = new Alert(Alert.AlertType.INFORMATION, Fxml.label("alreadyOpen.text", uri, openName), switchTo, another, ButtonType.CANCEL);
        alert.initOwner(owner);
        alert.setHeaderText(Fxml.label("alreadyOpen.header", openName));
        style(alert.getDialogPane());
        return alert.showAndWait().flatMap(b -> b == switchTo ? Optional.of(AlreadyOpen.SWITCH_TO_IT)
                : b == another ? Optional.of(AlreadyOpen.OPEN_ANOTHER) : Optional.empty());
    }

    /** A button that names its target shows it as written: {@code pull_requests}, not a mnemonic on "r". */
    private static void literal(javafx.scene.control.DialogPane pane, ButtonType type) {
        ((javafx.scene.control.Button) pane.lookupButton(type)).setMnemonicParsing(false);
    }

    @Override
    public void showAbout(dev.cairn.ui.about.AboutViewModel about) {
        Dialog<Void> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.initModality(javafx.stage.Modality.NONE);
        dialog.setTitle(Fxml.label("main.help.about"));
        dialog.setResizable(true);
        dialog.getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
        dialog.getDialogPane().setContent(new dev.cairn.ui.about.AboutView(about));
        style(dialog.getDialogPane());
        dialog.show();
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
                new javafx.stage.FileChooser.ExtensionFilter(Fxml.label("chooser.allFiles"), "*"));
        java.io.File file = chooser.showOpenDialog(owner);
        return Optional.ofNullable(file).map(java.io.File::toPath);
    }

    @Override
    public Optional<java.nio.file.Path> chooseSaveFile(String title, String fileName) {
        javafx.stage.FileChooser chooser = new javafx.stage.FileChooser();
        chooser.setTitle(title);
        chooser.setInitialFileName(fileName);
        chooser.getExtensionFilters().addAll(new javafx.stage.FileChooser.ExtensionFilter("CSV", "*.csv"),
                new javafx.stage.FileChooser.ExtensionFilter(Fxml.label("chooser.jsonLines"), "*.json", "*.jsonl"));
        java.io.File file = chooser.showSaveDialog(owner);
        return Optional.ofNullable(file).map(java.io.File::toPath);
    }

    @Override
    public boolean confirm(String action, String target) {
        Alert alert = new Alert(Alert.AlertType.CONFIRMATION, action + " " + target + "?", ButtonType.CANCEL);
        ButtonType yes = new ButtonType(action, ButtonBar.ButtonData.OK_DONE);
        alert.getButtonTypes().setAll(yes, ButtonType.CANCEL);
        literal(alert.getDialogPane(), yes);
        alert.initOwner(owner);
        alert.setHeaderText(action);
        style(alert.getDialogPane());
        return alert.showAndWait().filter(b -> b == yes).isPresent();
    }

    @Override
    public Optional<java.nio.file.Path> chooseFolder(String title) {
        javafx.stage.DirectoryChooser chooser = new javafx.stage.DirectoryChooser();
        chooser.setTitle(title);
        return Optional.ofNullable(chooser.showDialog(owner)).map(java.io.File::toPath);
    }

    @Override
    public List<ProjectEnvironment> pickEnvironments(List<ProjectEnvironment> found) {
        Dialog<ButtonType> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle(Fxml.label("project.title"));
        dialog.setHeaderText(Fxml.label("project.header", found.get(0).project()));
        ButtonType open = new ButtonType(Fxml.label("project.open"), ButtonBar.ButtonData.OK_DONE);
        dialog.getDialogPane().getButtonTypes().addAll(open, ButtonType.CANCEL);
        VBox rows = new VBox(8);
        List<javafx.scene.control.CheckBox> boxes = new java.util.ArrayList<>();
        for (ProjectEnvironment environment : found) {
            javafx.scene.control.CheckBox box = new javafx.scene.control.CheckBox(environment.name());
            box.setMnemonicParsing(false);
            box.setSelected(true);
            Label where = new Label(environment.location().describe());
            where.getStyleClass().add(Styles.MUTED);
            where.setWrapText(true);
            boxes.add(box);
            rows.getChildren().add(new VBox(2, box, where));
        }
        dialog.getDialogPane().setContent(rows);
        style(dialog.getDialogPane());
        dialog.getDialogPane().lookupButton(open).disableProperty().bind(Bindings.createBooleanBinding(
                () -> boxes.stream().noneMatch(javafx.scene.control.CheckBox::isSelected),
                boxes.stream().map(javafx.scene.control.CheckBox::selectedProperty).toArray(javafx.beans.Observable[]::new)));
        if (dialog.showAndWait().filter(b -> b == open).isEmpty()) {
            return List.of();
        }
        List<ProjectEnvironment> chosen = new java.util.ArrayList<>();
        for (int i = 0; i < found.size(); i++) {
            if (boxes.get(i).isSelected()) {
                chosen.add(found.get(i));
            }
        }
        return chosen;
    }
}
