package dev.cairn.ui.dialog;

import dev.cairn.backend.StateBackend;
import dev.cairn.ui.Texts;
import dev.cairn.ui.about.AboutView;
import dev.cairn.ui.about.AboutViewModel;
import dev.cairn.ui.connect.ConnectView;
import dev.cairn.ui.connect.ConnectViewModel;
import dev.cairn.ui.connect.ProjectEnvironment;
import dev.cairn.ui.connect.SavedConnection;
import dev.cairn.ui.task.TaskExecutor;
import dev.cairn.ui.theme.Styles;
import dev.cairn.ui.theme.Theme;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Modality;
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
        dialog.setTitle(Texts.get("connect.dialog.title"));
        dialog.setHeaderText(Texts.get("connect.dialog.header"));
        ButtonType connect = new ButtonType(Texts.get("connect.dialog.connect"), ButtonBar.ButtonData.OK_DONE);
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
        dialog.setTitle(Texts.get("connect.edit.title", connection.name()));
        dialog.setHeaderText(Texts.get("connect.edit.header", connection.name()));
        ButtonType save = new ButtonType(Texts.get("connect.edit.save"), ButtonBar.ButtonData.OK_DONE);
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
        Label ask = new Label(Texts.get("confirm.typed", mustType));
        ask.setWrapText(true);
        dialog.getDialogPane().setContent(new VBox(8, ask, typed));
        style(dialog.getDialogPane());
        dialog.getDialogPane().lookupButton(yes).disableProperty()
                .bind(Bindings.createBooleanBinding(() -> !typed.getText().strip().equals(mustType), typed.textProperty()));
        return dialog.showAndWait().filter(b -> b == yes).isPresent();
    }

    @Override
    public Optional<AlreadyOpen> askAlreadyOpen(String openName, String uri) {
        ButtonType switchTo = new ButtonType(Texts.get("alreadyOpen.switch", openName), ButtonBar.ButtonData.OK_DONE);
        ButtonType another = new ButtonType(Texts.get("alreadyOpen.another"), ButtonBar.ButtonData.OTHER);
        Alert alert = new Alert(Alert.AlertType.INFORMATION, Texts.get("alreadyOpen.text", uri, openName), switchTo, another, ButtonType.CANCEL);
        alert.initOwner(owner);
        alert.setHeaderText(Texts.get("alreadyOpen.header", openName));
        style(alert.getDialogPane());
        return alert.showAndWait().flatMap(b -> b == switchTo ? Optional.of(AlreadyOpen.SWITCH_TO_IT)
                : b == another ? Optional.of(AlreadyOpen.OPEN_ANOTHER) : Optional.empty());
    }

    /** A button that names its target shows it as written: {@code pull_requests}, not a mnemonic on "r". */
    private static void literal(DialogPane pane, ButtonType type) {
        ((Button) pane.lookupButton(type)).setMnemonicParsing(false);
    }

    @Override
    public void showAbout(AboutViewModel about) {
        Dialog<Void> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.initModality(Modality.NONE);
        dialog.setTitle(Texts.get("main.help.about"));
        dialog.setResizable(true);
        dialog.getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
        dialog.getDialogPane().setContent(new AboutView(about));
        style(dialog.getDialogPane());
        dialog.show();
    }

    private void style(DialogPane pane) {
        pane.getStylesheets().add(FxDialogService.class.getResource(Styles.STYLESHEET).toExternalForm());
        theme.get().applyTo(pane);
    }

    @Override
    public Optional<Path> chooseFile(String title) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(title);
        chooser.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("JSON", "*.json"),
                new FileChooser.ExtensionFilter(Texts.get("chooser.allFiles"), "*"));
        File file = chooser.showOpenDialog(owner);
        return Optional.ofNullable(file).map(File::toPath);
    }

    @Override
    public Optional<Path> chooseSaveFile(String title, String fileName) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(title);
        chooser.setInitialFileName(fileName);
        chooser.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("CSV", "*.csv"),
                new FileChooser.ExtensionFilter(Texts.get("chooser.jsonLines"), "*.json", "*.jsonl"));
        File file = chooser.showSaveDialog(owner);
        return Optional.ofNullable(file).map(File::toPath);
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
    public Optional<Path> chooseFolder(String title) {
        DirectoryChooser chooser = new DirectoryChooser();
        chooser.setTitle(title);
        return Optional.ofNullable(chooser.showDialog(owner)).map(File::toPath);
    }

    @Override
    public List<ProjectEnvironment> pickEnvironments(List<ProjectEnvironment> found) {
        Dialog<ButtonType> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle(Texts.get("project.title"));
        dialog.setHeaderText(Texts.get("project.header", found.get(0).project()));
        ButtonType open = new ButtonType(Texts.get("project.open"), ButtonBar.ButtonData.OK_DONE);
        dialog.getDialogPane().getButtonTypes().addAll(open, ButtonType.CANCEL);
        VBox rows = new VBox(8);
        List<CheckBox> boxes = new ArrayList<>();
        for (ProjectEnvironment environment : found) {
            CheckBox box = new CheckBox(environment.name());
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
                () -> boxes.stream().noneMatch(CheckBox::isSelected),
                boxes.stream().map(CheckBox::selectedProperty).toArray(Observable[]::new)));
        if (dialog.showAndWait().filter(b -> b == open).isEmpty()) {
            return List.of();
        }
        List<ProjectEnvironment> chosen = new ArrayList<>();
        for (int i = 0; i < found.size(); i++) {
            if (boxes.get(i).isSelected()) {
                chosen.add(found.get(i));
            }
        }
        return chosen;
    }
}
