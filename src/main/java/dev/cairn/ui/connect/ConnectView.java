package dev.cairn.ui.connect;

import dev.cairn.ui.Fxml;
import java.util.List;
import javafx.beans.value.ObservableBooleanValue;
import javafx.collections.FXCollections;
import javafx.fxml.FXML;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.util.StringConverter;

/** The connect form ({@code Connect.fxml}, the content of the connect and edit dialogs), bound to a {@link ConnectViewModel}. */
public final class ConnectView extends GridPane {

    @FXML private Label savedLabel;
    @FXML private ComboBox<SavedConnection> saved;
    @FXML private TextField uri;
    @FXML private TextField name;
    @FXML private ChoiceBox<Environment> environment;
    @FXML private CheckBox readOnly;
    @FXML private Label endpointLabel;
    @FXML private TextField endpoint;
    @FXML private Label profileLabel;
    @FXML private TextField profile;
    @FXML private Label accountUrlLabel;
    @FXML private TextField accountUrl;
    @FXML private Label gcsKeyLabel;
    @FXML private TextField gcsKey;
    @FXML private Label gcsEmulatorLabel;
    @FXML private TextField gcsEmulator;
    @FXML private CheckBox save;
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
        name.promptTextProperty().bind(javafx.beans.binding.Bindings.createStringBinding(model::suggestedName, model.uriProperty()));
        environment.getItems().setAll(Environment.values());
        environment.valueProperty().bindBidirectional(model.environmentProperty());
        readOnly.selectedProperty().bindBidirectional(model.readOnlyProperty());
        endpoint.textProperty().bindBidirectional(model.s3EndpointProperty());
        profile.textProperty().bindBidirectional(model.s3ProfileProperty());
        showWhen(model.isS3(), endpoint, profile, endpointLabel, profileLabel);
        accountUrl.textProperty().bindBidirectional(model.azureAccountUrlProperty());
        showWhen(model.isAzure(), accountUrl, accountUrlLabel);
        gcsKey.textProperty().bindBidirectional(model.gcsCredentialsPathProperty());
        gcsEmulator.textProperty().bindBidirectional(model.gcsEmulatorHostProperty());
        showWhen(model.isGcs(), gcsKey, gcsKeyLabel, gcsEmulator, gcsEmulatorLabel);
        save.selectedProperty().bindBidirectional(model.saveProperty());
        showWhen(offerSave, save);
        test.disableProperty().bind(model.testingProperty());
        test.setOnAction(e -> model.testConnection());
        tested.textProperty().bind(model.testResultProperty());
        problem.textProperty().bind(model.problemProperty());
    }

    private static void showWhen(ObservableBooleanValue condition, Node... nodes) {
        for (Node n : nodes) {
            n.visibleProperty().bind(condition);
            n.managedProperty().bind(n.visibleProperty());
        }
    }

    private static void showWhen(boolean condition, Node... nodes) {
        for (Node n : nodes) {
            n.setVisible(condition);
            n.setManaged(condition);
        }
    }
}
