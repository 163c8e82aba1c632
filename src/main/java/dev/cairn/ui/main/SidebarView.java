package dev.cairn.ui.main;

import dev.cairn.ui.connect.SavedConnection;
import dev.cairn.ui.theme.Icon;
import dev.cairn.ui.theme.Styles;
import java.util.function.Consumer;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The left column: the backends open now (each painted with its environment's colour, production
 * loudest) and the saved connections, a double-click away.
 */
public final class SidebarView extends VBox {

    private final ListView<BackendSession> open = new ListView<>();
    private final ListView<SavedConnection> saved = new ListView<>();

    public SidebarView(MainViewModel model, Runnable connect, Consumer<SavedConnection> forget) {
        getStyleClass().add(Styles.SIDEBAR);
        Label openTitle = new Label("OPEN BACKENDS");
        openTitle.getStyleClass().add(Styles.SIDEBAR_TITLE);
        Button connectButton = new Button("Connect…");
        connectButton.setGraphic(Icon.CONNECT.node());
        connectButton.setMaxWidth(Double.MAX_VALUE);
        connectButton.setOnAction(e -> connect.run());
        connectButton.setTooltip(new Tooltip("Open a backend from a URI (Ctrl+O)"));
        open.setItems(model.sessions());
        open.setCellFactory(v -> new SessionCell(model));
        open.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> {
            if (b != null) {
                model.currentProperty().set(b);
            }
        });
        model.currentProperty().addListener((o, a, b) -> open.getSelectionModel().select(b));
        open.setPrefHeight(220);
        Label savedTitle = new Label("SAVED CONNECTIONS");
        savedTitle.getStyleClass().add(Styles.SIDEBAR_TITLE);
        saved.setItems(model.saved());
        saved.setCellFactory(v -> new SavedCell(model, forget));
        VBox.setVgrow(saved, Priority.ALWAYS);
        getChildren().addAll(connectButton, openTitle, open, savedTitle, saved);
        setSpacing(6);
    }

    public ListView<BackendSession> openList() {
        return open;
    }

    static HBox describe(String name, String uri, dev.cairn.ui.connect.Environment env, boolean readOnly, String scheme) {
        Region stripe = new Region();
        stripe.getStyleClass().add(Styles.ENV_STRIPE);
        stripe.pseudoClassStateChanged(env.pseudoClass(), true);
        Label title = new Label(name);
        title.getStyleClass().add(Styles.BACKEND_NAME);
        Label chip = new Label(env.label().toUpperCase(java.util.Locale.ROOT));
        chip.getStyleClass().add(Styles.ENV_CHIP);
        chip.pseudoClassStateChanged(env.pseudoClass(), true);
        chip.setMinWidth(Region.USE_PREF_SIZE);
        HBox titleRow = new HBox(6, title, chip);
        titleRow.setAlignment(Pos.CENTER_LEFT);
        if (readOnly) {
            Region lock = Icon.LOCK.node();
            Tooltip.install(lock, new Tooltip("read-only"));
            titleRow.getChildren().add(lock);
        }
        Label uriLabel = new Label(uri);
        uriLabel.getStyleClass().add(Styles.BACKEND_URI);
        uriLabel.setTooltip(new Tooltip(uri));
        VBox text = new VBox(2, titleRow, uriLabel);
        text.setMinWidth(0);
        HBox.setHgrow(text, Priority.ALWAYS);
        Region icon = (scheme.startsWith("sqlite") || scheme.startsWith("postgres") ? Icon.DATABASE
                : scheme.equals("file") ? Icon.FOLDER : Icon.CLOUD).node();
        HBox row = new HBox(8, stripe, icon, text);
        row.setAlignment(Pos.CENTER_LEFT);
        row.getStyleClass().add(Styles.BACKEND_ITEM);
        row.pseudoClassStateChanged(env.pseudoClass(), true);
        return row;
    }

    private static final class SessionCell extends ListCell<BackendSession> {
        private final MainViewModel model;

        SessionCell(MainViewModel model) {
            this.model = model;
        }

        @Override
        protected void updateItem(BackendSession session, boolean empty) {
            super.updateItem(session, empty);
            setText(null);
            if (empty || session == null) {
                setGraphic(null);
                setContextMenu(null);
                return;
            }
            var c = session.connection();
            HBox row = describe(c.name(), c.displayUri(), c.environment(), c.readOnly(), c.scheme());
            ProgressIndicator opening = new ProgressIndicator();
            opening.setMaxSize(14, 14);
            opening.visibleProperty().bind(session.statusProperty().isEqualTo(BackendSession.Status.OPENING));
            opening.managedProperty().bind(opening.visibleProperty());
            Region failed = Icon.WARNING.node();
            failed.getStyleClass().add(Styles.ICON_ERROR);
            failed.visibleProperty().bind(session.statusProperty().isEqualTo(BackendSession.Status.FAILED));
            failed.managedProperty().bind(failed.visibleProperty());
            Button close = new Button();
            close.setGraphic(Icon.CLOSE.node());
            close.getStyleClass().add(Styles.ICON_BUTTON);
            close.setAccessibleText("Close " + c.name());
            close.setTooltip(new Tooltip("Close this backend"));
            close.setOnAction(e -> model.close(session));
            Button retry = new Button("Retry");
            retry.setTooltip(new Tooltip("Open " + c.displayUri() + " again"));
            retry.visibleProperty().bind(failed.visibleProperty());
            retry.managedProperty().bind(retry.visibleProperty());
            retry.setOnAction(e -> model.retry(session));
            row.getChildren().addAll(opening, failed, retry, close);
            setGraphic(row);
        }
    }

    private static final class SavedCell extends ListCell<SavedConnection> {
        private final MainViewModel model;
        private final Consumer<SavedConnection> forget;

        SavedCell(MainViewModel model, Consumer<SavedConnection> forget) {
            this.model = model;
            this.forget = forget;
            setOnMouseClicked(e -> {
                if (e.getClickCount() == 2 && getItem() != null) {
                    model.open(getItem(), false);
                }
            });
        }

        @Override
        protected void updateItem(SavedConnection c, boolean empty) {
            super.updateItem(c, empty);
            setText(null);
            if (empty || c == null) {
                setGraphic(null);
                setContextMenu(null);
                return;
            }
            setGraphic(describe(c.name(), c.displayUri(), c.environment(), c.readOnly(), c.scheme()));
            MenuItem openItem = new MenuItem("Open");
            openItem.setOnAction(e -> model.open(c, false));
            MenuItem forgetItem = new MenuItem("Forget…");
            forgetItem.setOnAction(e -> forget.accept(c));
            setContextMenu(new ContextMenu(openItem, forgetItem));
            setTooltip(new Tooltip("Double-click to open " + c.displayUri()));
        }
    }
}
