package dev.cairn.ui.main;

import dev.cairn.ui.Texts;
import dev.cairn.ui.connect.Environment;
import dev.cairn.ui.connect.SavedConnection;
import dev.cairn.ui.theme.Icon;
import dev.cairn.ui.theme.Styles;
import java.util.Locale;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.MenuItem;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * The left column: the backends open now (each painted with its environment's colour, production
 * loudest) and the saved connections, a double-click away.
 */
public final class SidebarView extends VBox {

    /** One connection's row: name and badges over the URI. */
    static final double ROW_HEIGHT = 48;

    private final ListView<BackendSession> open = new ListView<>();
    private final ListView<SavedConnection> saved = new ListView<>();

    /** The sidebar's commands that go through dialogs; the window answers them. */
    public interface Actions {
        void connect();

        void openProject();

        void edit(BackendSession session);

        void edit(SavedConnection connection);

        void remove(SavedConnection connection);

        /** Check backend… on an open connection. */
        void check(BackendSession session);

        /** Compare backends… from an open connection. */
        void compare(BackendSession session);

        /** Open plan…: a plan file to apply to the open connections it names. */
        void openPlan();
    }

    public SidebarView(ConnectionsViewModel model, Actions actions) {
        getStyleClass().add(Styles.SIDEBAR);
        Label openTitle = new Label(Texts.get("sidebar.open"));
        openTitle.getStyleClass().add(Styles.SIDEBAR_TITLE);
        Button connectButton = new Button(Texts.get("sidebar.connect"));
        connectButton.setGraphic(Icon.CONNECT.node());
        connectButton.setMaxWidth(Double.MAX_VALUE);
        connectButton.setOnAction(e -> actions.connect());
        connectButton.setTooltip(new Tooltip(Texts.get("sidebar.connect.tooltip")));
        Button projectButton = new Button(Texts.get("sidebar.project"));
        projectButton.setId("open-project");
        projectButton.setGraphic(Icon.FOLDER.node());
        projectButton.setMaxWidth(Double.MAX_VALUE);
        // the sidebar is never narrower than its two buttons: a window opened at 1024 px gave it 0.19 of that
        connectButton.setMinWidth(Region.USE_PREF_SIZE);
        projectButton.setMinWidth(Region.USE_PREF_SIZE);
        projectButton.setOnAction(e -> actions.openProject());
        projectButton.setTooltip(new Tooltip(Texts.get("sidebar.project.tooltip")));
        open.setItems(model.sessions());
        open.setId("sidebar-open");
        open.setCellFactory(v -> new SessionCell(model, actions));
        open.setOnKeyPressed(e -> {
            BackendSession selected = open.getSelectionModel().getSelectedItem();
            if (selected != null && e.getCode() == KeyCode.F2) {
                actions.edit(selected);
                e.consume();
            } else if (selected != null && e.getCode() == KeyCode.DELETE) {
                model.close(selected);
                e.consume();
            }
        });
        open.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> {
            if (b != null) {
                model.currentProperty().set(b);
            }
        });
        model.currentProperty().addListener((o, a, b) -> open.getSelectionModel().select(b));
        // as tall as its rows when the column has room (none cut off), scrolling when it has not;
        // the saved connections take what is left
        open.setFixedCellSize(ROW_HEIGHT);
        open.setMinHeight(ROW_HEIGHT + 2);
        open.prefHeightProperty().bind(Bindings.size(model.sessions()).multiply(ROW_HEIGHT).add(2));
        saved.setFixedCellSize(ROW_HEIGHT);
        saved.setMinHeight(2 * ROW_HEIGHT + 2);
        saved.setPrefHeight(saved.getMinHeight());
        Label savedTitle = new Label(Texts.get("sidebar.saved"));
        savedTitle.getStyleClass().add(Styles.SIDEBAR_TITLE);
        saved.setItems(model.saved());
        saved.setId("sidebar-saved");
        saved.setCellFactory(v -> new SavedCell(model, actions));
        saved.setOnKeyPressed(e -> {
            SavedConnection selected = saved.getSelectionModel().getSelectedItem();
            if (selected == null) {
                return;
            }
            switch (e.getCode()) {
                case F2 -> actions.edit(selected);
                case DELETE -> actions.remove(selected);
                case ENTER -> model.open(selected, false);
                default -> {
                    return;
                }
            }
            e.consume();
        });
        VBox.setVgrow(saved, Priority.ALWAYS);
        getChildren().addAll(connectButton, projectButton, openTitle, open, savedTitle, saved);
        setSpacing(6);
    }

    /** A connection's row: its family's icon, and its URI under its name. */
    static HBox describe(String name, String uri, Environment env, boolean readOnly, String scheme) {
        return describe(name, uriLine(uri), env, readOnly, familyIcon(scheme));
    }

    private static Label uriLine(String uri) {
        Label line = new Label(uri);
        line.getStyleClass().add(Styles.BACKEND_URI);
        // a URI's start (scheme, host) and end (database, prefix) tell backends apart: cut the middle
        line.setTextOverrun(OverrunStyle.CENTER_ELLIPSIS);
        line.setMinWidth(0);
        line.setTooltip(new Tooltip(uri));
        return line;
    }

    private static Region familyIcon(String scheme) {
        return (scheme.startsWith("sqlite") || scheme.startsWith("postgres") ? Icon.DATABASE
                : scheme.equals("file") ? Icon.FOLDER : Icon.CLOUD).node();
    }

    /** A connection's row: {@code icon}, and {@code under} its name (the URI, or why it is not open). */
    private static HBox describe(String name, Region under, Environment env, boolean readOnly, Region icon) {
        Region stripe = new Region();
        stripe.getStyleClass().add(Styles.ENV_STRIPE);
        stripe.pseudoClassStateChanged(env.pseudoClass(), true);
        Label title = new Label(name);
        title.getStyleClass().add(Styles.BACKEND_NAME);
        // the name ellipsises; the environment badge and the lock never do
        title.setMinWidth(0);
        title.setTooltip(new Tooltip(name));
        Label chip = new Label(env.label().toUpperCase(Locale.ROOT));
        chip.getStyleClass().add(Styles.ENV_CHIP);
        chip.pseudoClassStateChanged(env.pseudoClass(), true);
        chip.setMinWidth(Region.USE_PREF_SIZE);
        HBox titleRow = new HBox(6, title, chip);
        titleRow.setAlignment(Pos.CENTER_LEFT);
        if (readOnly) {
            Region lock = Icon.LOCK.node();
            lock.setMinWidth(Region.USE_PREF_SIZE);
            Tooltip.install(lock, new Tooltip("read-only"));
            titleRow.getChildren().add(lock);
        }
        VBox text = new VBox(2, titleRow, under);
        text.setMinWidth(0);
        HBox.setHgrow(text, Priority.ALWAYS);
        HBox row = new HBox(8, stripe, icon, text);
        row.setAlignment(Pos.CENTER_LEFT);
        row.getStyleClass().add(Styles.BACKEND_ITEM);
        row.pseudoClassStateChanged(env.pseudoClass(), true);
        return row;
    }

    /**
     * The key is named in the text, not set as an accelerator: a context menu's accelerators go
     * into the whole scene (Delete in the filter field would disconnect), while the list's key
     * handler acts on its selected row only.
     */
    private static MenuItem item(String text, String key, Runnable action) {
        MenuItem item = new MenuItem(key == null ? text : text + "  (" + key + ")");
        item.setOnAction(e -> action.run());
        return item;
    }

    /** The cell takes the list's width and asks for no more: a long row ellipsises instead of scrolling sideways. */
    private static void fitWidth(ListCell<?> cell) {
        cell.setPrefWidth(0);
    }

    private static final class SessionCell extends ListCell<BackendSession> {
        private final ConnectionsViewModel model;
        private final Actions actions;

        SessionCell(ConnectionsViewModel model, Actions actions) {
            this.model = model;
            this.actions = actions;
            fitWidth(this);
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
            ReadOnlyObjectProperty<BackendSession.Status> status = session.statusProperty();
            BooleanBinding notOpen = Bindings.createBooleanBinding(() -> status.get().notOpen(), status);
            BooleanBinding notOpened = status.isEqualTo(BackendSession.Status.NOT_OPENED);
            // one that failed or did not answer has a warning in its family icon's place
            Region failed = Icon.WARNING.node();
            failed.getStyleClass().add(Styles.ICON_ERROR);
            failed.visibleProperty().bind(notOpen.and(notOpened.not()));
            Region family = familyIcon(c.scheme());
            family.visibleProperty().bind(failed.visibleProperty().not());
            HBox row = describe(c.name(), under(session, notOpen, notOpened), c.environment(), c.readOnly(),
                    new StackPane(family, failed));
            ProgressIndicator opening = new ProgressIndicator();
            opening.setMaxSize(14, 14);
            opening.visibleProperty().bind(status.isEqualTo(BackendSession.Status.OPENING));
            opening.managedProperty().bind(opening.visibleProperty());
            // a connection that does not answer holds up no other: say so, and how to stop waiting for it
            Tooltip.install(opening, new Tooltip(Texts.get("sidebar.opening.tooltip", c.displayUri())));
            Button close = new Button();
            close.setGraphic(Icon.CLOSE.node());
            close.getStyleClass().add(Styles.ICON_BUTTON);
            close.setAccessibleText(Texts.get("sidebar.close.accessible", c.name()));
            // one not open is skipped: out of the sidebar, still saved
            Tooltip closing = new Tooltip();
            closing.textProperty().bind(Bindings.when(notOpen)
                    .then(Texts.get("sidebar.skip.tooltip")).otherwise(Texts.get("sidebar.close.tooltip")));
            close.setTooltip(closing);
            close.setOnAction(e -> model.close(session));
            close.setMinWidth(Region.USE_PREF_SIZE);
            row.getChildren().addAll(opening, close);
            setGraphic(row);
            setContextMenu(new ContextMenu(
                    item(Texts.get("sidebar.edit"), "F2", () -> actions.edit(session)),
                    item(Texts.get("sidebar.check"), "Ctrl+Shift+K", () -> actions.check(session)),
                    item(Texts.get("sidebar.compare"), "Ctrl+Shift+C", () -> actions.compare(session)),
                    item(Texts.get("plan.open"), "Ctrl+Shift+P", actions::openPlan),
                    item(Texts.get("sidebar.disconnect"), "Delete", () -> model.close(session)),
                    item(Texts.get("sidebar.duplicate"), null, () -> model.duplicate(session.connection())),
                    item(Texts.get("sidebar.openAnother"), null, () -> model.openAnother(session.connection(), false))));
        }

        /**
         * Under the name: the URI; or, where it is not open, why (the whole of it on hover) and the
         * link that opens it (again), so that the name keeps the row's width.
         */
        private Region under(BackendSession session, BooleanBinding notOpen, BooleanBinding notOpened) {
            var c = session.connection();
            ReadOnlyObjectProperty<BackendSession.Status> status = session.statusProperty();
            Label uri = uriLine(c.displayUri());
            uri.visibleProperty().bind(notOpen.not());
            uri.managedProperty().bind(uri.visibleProperty());
            Label why = new Label();
            why.getStyleClass().add(Styles.BACKEND_URI);
            why.setMinWidth(0);
            why.textProperty().bind(Bindings.createStringBinding(() -> switch (status.get()) {
                case NO_ANSWER -> Texts.get("sidebar.noAnswer", session.waited().toSeconds());
                case NOT_OPENED -> Texts.get("sidebar.notOpened");
                default -> Texts.get("sidebar.failed");
            }, status));
            Tooltip whole = new Tooltip();
            whole.setWrapText(true);
            whole.setMaxWidth(600);
            whole.textProperty().bind(Bindings.createStringBinding(() -> switch (status.get()) {
                case NO_ANSWER -> Texts.get("sidebar.noAnswer.tooltip", c.displayUri(), session.waited().toSeconds());
                case NOT_OPENED -> Texts.get("sidebar.notOpened.tooltip", c.displayUri());
                default -> session.errorProperty().get() == null ? c.displayUri() : session.errorProperty().get().message();
            }, status, session.errorProperty()));
            why.setTooltip(whole);
            Hyperlink open = new Hyperlink();
            open.textProperty().bind(Bindings.when(notOpened).then(Texts.get("sidebar.openNow")).otherwise(Texts.get("sidebar.retry")));
            Tooltip opening = new Tooltip();
            opening.textProperty().bind(Bindings.when(notOpened).then(Texts.get("sidebar.openNow.tooltip", c.displayUri()))
                    .otherwise(Texts.get("sidebar.retry.tooltip", c.displayUri())));
            open.setTooltip(opening);
            open.setOnAction(e -> model.retry(session));
            open.setMinWidth(Region.USE_PREF_SIZE);
            HBox notOpenLine = new HBox(4, why, open);
            notOpenLine.setAlignment(Pos.CENTER_LEFT);
            notOpenLine.visibleProperty().bind(notOpen);
            notOpenLine.managedProperty().bind(notOpen);
            HBox line = new HBox(uri, notOpenLine);
            line.setMinWidth(0);
            HBox.setHgrow(uri, Priority.ALWAYS);
            return line;
        }
    }

    private static final class SavedCell extends ListCell<SavedConnection> {
        private final ConnectionsViewModel model;
        private final Actions actions;

        SavedCell(ConnectionsViewModel model, Actions actions) {
            this.model = model;
            this.actions = actions;
            fitWidth(this);
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
            setContextMenu(new ContextMenu(
                    item(Texts.get("sidebar.openSaved"), "Enter", () -> model.open(c, false)),
                    item(Texts.get("sidebar.edit"), "F2", () -> actions.edit(c)),
                    item(Texts.get("sidebar.remove"), "Delete", () -> actions.remove(c)),
                    item(Texts.get("sidebar.duplicate"), null, () -> model.duplicate(c)),
                    item(Texts.get("sidebar.openAnother"), null, () -> model.openAnother(c, false))));
            setTooltip(new Tooltip(Texts.get("sidebar.saved.tooltip", c.displayUri())));
        }
    }
}
