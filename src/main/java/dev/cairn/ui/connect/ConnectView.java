package dev.cairn.ui.connect;

import dev.cairn.ui.theme.Styles;
import java.util.List;
import javafx.collections.FXCollections;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.Priority;
import javafx.util.StringConverter;

/** The connect form (the content of the connect dialog), bound to a {@link ConnectViewModel}. */
public final class ConnectView extends GridPane {

    /** {@code offerSave}: whether to ask to save; editing a connection always saves it. */
    public ConnectView(ConnectViewModel model, List<SavedConnection> saved, boolean offerSave) {
        getStyleClass().add(Styles.CONNECT_FORM);
        setHgap(8);
        setVgap(8);
        int row = 0;
        if (!saved.isEmpty()) {
            ComboBox<SavedConnection> pick = new ComboBox<>(FXCollections.observableArrayList(saved));
            pick.setId("connect-saved");
            pick.setPromptText("Pick a saved connection…");
            pick.setConverter(new StringConverter<>() {
                @Override
                public String toString(SavedConnection c) {
                    return c == null ? "" : c.name();
                }

                @Override
                public SavedConnection fromString(String name) {
                    return saved.stream().filter(c -> c.name().equals(name)).findFirst().orElse(null);
                }
            });
            pick.setMaxWidth(Double.MAX_VALUE);
            pick.setOnAction(e -> {
                if (pick.getValue() != null) {
                    model.load(pick.getValue());
                }
            });
            addRow(row++, new Label("Saved"), pick);
        }
        TextField uri = new TextField();
        uri.setId("connect-uri");
        uri.setPromptText("sqlite:///abs/meltano.db · postgresql://user@host/db · file:///abs/dir · s3://bucket/prefix"
                + " · azure://container/prefix · gs://bucket/prefix");
        uri.setPrefColumnCount(42);
        uri.textProperty().bindBidirectional(model.uriProperty());
        GridPane.setHgrow(uri, Priority.ALWAYS);
        addRow(row++, new Label("URI"), uri);
        TextField name = new TextField();
        name.setId("connect-name");
        name.textProperty().bindBidirectional(model.nameProperty());
        uri.focusedProperty().addListener((o, was, is) -> {
            if (!is && name.getText().isBlank()) {
                name.setText(model.suggestedName());
            }
        });
        addRow(row++, new Label("Name"), name);
        ChoiceBox<Environment> env = new ChoiceBox<>(FXCollections.observableArrayList(Environment.values()));
        env.valueProperty().bindBidirectional(model.environmentProperty());
        addRow(row++, new Label("Environment"), env);
        CheckBox readOnly = new CheckBox("Read-only (refuse every write)");
        readOnly.selectedProperty().bindBidirectional(model.readOnlyProperty());
        addRow(row++, new Label(""), readOnly);
        TextField endpoint = new TextField();
        endpoint.setPromptText("https://minio.internal:9000 (empty for AWS)");
        endpoint.textProperty().bindBidirectional(model.s3EndpointProperty());
        TextField profile = new TextField();
        profile.setPromptText("AWS profile (credentials stay in ~/.aws)");
        profile.textProperty().bindBidirectional(model.s3ProfileProperty());
        Label endpointLabel = new Label("S3 endpoint");
        Label profileLabel = new Label("S3 profile");
        addRow(row++, endpointLabel, endpoint);
        addRow(row++, profileLabel, profile);
        for (javafx.scene.Node n : List.of(endpoint, profile, endpointLabel, profileLabel)) {
            n.visibleProperty().bind(model.isS3());
            n.managedProperty().bind(model.isS3());
        }
        TextField accountUrl = new TextField();
        accountUrl.setPromptText("https://account.blob.core.windows.net (empty: MELTANO_STATE_BACKEND_AZURE_CONNECTION_STRING)");
        accountUrl.textProperty().bindBidirectional(model.azureAccountUrlProperty());
        Label accountUrlLabel = new Label("Azure account URL");
        addRow(row++, accountUrlLabel, accountUrl);
        for (javafx.scene.Node n : List.of(accountUrl, accountUrlLabel)) {
            n.visibleProperty().bind(model.isAzure());
            n.managedProperty().bind(model.isAzure());
        }
        TextField gcsKey = new TextField();
        gcsKey.setPromptText("/abs/service-account.json (empty: application-default credentials)");
        gcsKey.textProperty().bindBidirectional(model.gcsCredentialsPathProperty());
        TextField gcsEmulator = new TextField();
        gcsEmulator.setPromptText("localhost:9023 (empty: Google Cloud, or STORAGE_EMULATOR_HOST)");
        gcsEmulator.textProperty().bindBidirectional(model.gcsEmulatorHostProperty());
        Label gcsKeyLabel = new Label("GCS key file");
        Label gcsEmulatorLabel = new Label("GCS emulator");
        addRow(row++, gcsKeyLabel, gcsKey);
        addRow(row++, gcsEmulatorLabel, gcsEmulator);
        for (javafx.scene.Node n : List.of(gcsKey, gcsEmulator, gcsKeyLabel, gcsEmulatorLabel)) {
            n.visibleProperty().bind(model.isGcs());
            n.managedProperty().bind(model.isGcs());
        }
        CheckBox save = new CheckBox("Save this connection (without passwords or keys)");
        save.selectedProperty().bindBidirectional(model.saveProperty());
        if (offerSave) {
            addRow(row++, new Label(""), save);
        }
        Button test = new Button("Test connection");
        test.setId("connect-test");
        test.setMinWidth(Region.USE_PREF_SIZE);
        test.disableProperty().bind(model.testingProperty());
        test.setOnAction(e -> model.testConnection());
        Label tested = new Label();
        tested.setId("connect-test-result");
        tested.setWrapText(true);
        tested.textProperty().bind(model.testResultProperty());
        HBox testRow = new HBox(8, test, tested);
        testRow.setAlignment(Pos.CENTER_LEFT);
        addRow(row++, new Label(""), testRow);
        Label problem = new Label();
        problem.getStyleClass().add(Styles.MUTED);
        problem.textProperty().bind(model.problemProperty());
        add(problem, 0, row, 2, 1);
    }
}
