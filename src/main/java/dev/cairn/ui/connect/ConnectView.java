package dev.cairn.ui.connect;

import dev.cairn.backend.BackendSetting;
import dev.cairn.backend.Backends;
import dev.cairn.ui.Fxml;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.collections.FXCollections;
import javafx.fxml.FXML;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.util.StringConverter;

/** The connect form ({@code Connect.fxml}, the content of the connect and edit dialogs), bound to a {@link ConnectViewModel}. */
public final class ConnectView extends GridPane {

    /** The row of the first setting field, under the read-only box (Connect.fxml). */
    private static final int FIRST_SETTING_ROW = 5;

    /** The labels and fields of the settings shown now. */
    private final List<Node> settingRows = new ArrayList<>();

    @FXML private Label savedLabel;
    @FXML private ComboBox<SavedConnection> saved;
    @FXML private TextField uri;
    @FXML private TextField name;
    @FXML private ChoiceBox<Environment> environment;
    @FXML private CheckBox readOnly;
    @FXML private CheckBox save;
    @FXML private HBox testRow;
    @FXML private Button test;
    @FXML private Label tested;
    @FXML private Label problem;

    /** {@code offerSave}: whether to ask to save; editing a connection always saves it. */
    public ConnectView(ConnectViewModel model, List<SavedConnection> savedConnections, boolean offerSave) {
        Fxml.load(this, "Connect");
        showWhen(!savedConnections.isEmpty(), savedLabel, saved);
        saved.setItems(FXCollections.observableArrayList(savedConnections));
        saved.setConverter(new StringConverter<>() {
            @Override
            public String toString(SavedConnection c) {
                return c == null ? "" : c.name();
            }

            @Override
            public SavedConnection fromString(String text) {
                return savedConnections.stream().filter(c -> c.name().equals(text)).findFirst().orElse(null);
            }
        });
        saved.setOnAction(e -> {
            if (saved.getValue() != null) {
                model.load(saved.getValue());
            }
        });
        uri.textProperty().bindBidirectional(model.uriProperty());
        name.textProperty().bindBidirectional(model.nameProperty());
        // the suggestion is the placeholder, not text: a name typed replaces it rather than being appended to it
        name.promptTextProperty().bind(Bindings.createStringBinding(model::suggestedName, model.uriProperty()));
        environment.getItems().setAll(Environment.values());
        environment.valueProperty().bindBidirectional(model.environmentProperty());
        readOnly.selectedProperty().bindBidirectional(model.readOnlyProperty());
        uri.setTooltip(new Tooltip(String.join("\n", Backends.kinds().stream()
                .map(kind -> kind.displayName() + ": " + kind.exampleUri()).toList())));
        showSettings(model);
        model.kindProperty().addListener((o, was, is) -> showSettings(model));
        save.selectedProperty().bindBidirectional(model.saveProperty());
        showWhen(offerSave, save);
        test.disableProperty().bind(model.testingProperty());
        test.setOnAction(e -> model.testConnection());
        tested.textProperty().bind(model.testResultProperty());
        problem.textProperty().bind(model.problemProperty());
    }

    /** The id of a setting's field: {@code connect-setting-s3-endpoint_url} for {@code s3.endpoint_url} (no dot, which CSS reads as a class). */
    public static String settingId(String key) {
        return "connect-setting-" + key.replace('.', '-');
    }

    /**
     * A row (label and field) for each setting the URI's kind offers, under the read-only box, and
     * the rows after them moved down: the fields of the last kind go, their values stay in the model.
     */
    private void showSettings(ConnectViewModel model) {
        for (Node node : settingRows) {
            if (node instanceof TextField field) {
                field.textProperty().unbindBidirectional(model.settingProperty((String) field.getUserData()));
            }
        }
        getChildren().removeAll(settingRows);
        settingRows.clear();
        int row = FIRST_SETTING_ROW;
        for (BackendSetting setting : model.fields()) {
            Label label = new Label(setting.label());
            TextField field = new TextField();
            field.setId(settingId(setting.key()));
            field.setUserData(setting.key());
            field.setPromptText(setting.hint());
            field.textProperty().bindBidirectional(model.settingProperty(setting.key()));
            label.setLabelFor(field);
            add(label, 0, row);
            add(field, 1, row);
            row++;
            settingRows.add(label);
            settingRows.add(field);
        }
        setRowIndex(save, row);
        setRowIndex(testRow, row + 1);
        setRowIndex(problem, row + 2);
    }

    private static void showWhen(boolean condition, Node... nodes) {
        for (Node n : nodes) {
            n.setVisible(condition);
            n.setManaged(condition);
        }
    }
}
