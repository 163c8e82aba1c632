package dev.cairn.ui.main;

import dev.cairn.ui.bookmarks.BookmarksView;
import dev.cairn.ui.browse.StateListView;
import dev.cairn.ui.connect.Environment;
import dev.cairn.ui.connect.SavedConnection;
import dev.cairn.ui.dialog.DialogService;
import dev.cairn.ui.diff.DiffView;
import dev.cairn.ui.inspect.InspectorView;
import dev.cairn.ui.inspect.JsonPane;
import dev.cairn.ui.theme.Icon;
import dev.cairn.ui.theme.Styles;
import dev.cairn.ui.theme.Theme;
import java.util.Locale;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The main window: sidebar of backends, the ID list of the current one, the inspector, the status
 * bar. The root carries the current backend's environment as a pseudo-class ({@code :env-prod}) so
 * the stylesheet paints production unmistakably.
 */
public final class MainView extends BorderPane {

    private final MainViewModel model;
    private final DialogService dialogs;
    private final StateListView stateList = new StateListView();
    private final InspectorView inspector;
    private final DiffView diffView;
    private final BookmarksView bookmarksView;
    private final Label backendTitle = new Label();
    private final Label envChip = new Label();
    private final Label envBanner = new Label();
    private final StatusBar statusBar;

    public MainView(MainViewModel model, DialogService dialogs) {
        this.model = model;
        this.dialogs = dialogs;
        getStyleClass().add(Styles.APP);
        inspector = new InspectorView(model.inspector());
        diffView = new DiffView(model.diff());
        bookmarksView = new BookmarksView(model.bookmarks());
        Tab diffTab = new Tab("Diff", diffView);
        diffTab.setId("diff");
        Tab bookmarksTab = new Tab("Bookmarks", bookmarksView);
        bookmarksTab.setId("bookmarks");
        inspector.tabs().getTabs().addAll(diffTab, bookmarksTab);
        SidebarView sidebar = new SidebarView(model, this::connect, this::forget);

        backendTitle.getStyleClass().add(Styles.TITLE);
        envChip.getStyleClass().add(Styles.ENV_CHIP);
        Button refresh = new Button("Refresh");
        refresh.setGraphic(Icon.REFRESH.node());
        refresh.setTooltip(new Tooltip("List IDs and re-read the selected state (Ctrl+R)"));
        refresh.setOnAction(e -> model.refresh());
        Button theme = new Button();
        theme.setGraphic(Icon.THEME.node());
        theme.getStyleClass().add(Styles.ICON_BUTTON);
        theme.setTooltip(new Tooltip("Light / dark theme"));
        theme.setAccessibleText("Toggle light and dark theme");
        theme.setOnAction(e -> model.themeProperty().set(model.themeProperty().get().toggled()));
        Label appName = new Label("Cairn");
        appName.getStyleClass().add(Styles.APP_NAME);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox toolbar = new HBox(10, appName, backendTitle, envChip, spacer, refresh, theme);
        toolbar.setAlignment(Pos.CENTER_LEFT);
        toolbar.getStyleClass().add(Styles.TOOLBAR);
        envBanner.getStyleClass().add(Styles.ENV_BANNER);
        envBanner.setMaxWidth(Double.MAX_VALUE);
        envBanner.managedProperty().bind(envBanner.visibleProperty());
        setTop(new VBox(toolbar, envBanner, new ErrorBanner(model.errorProperty())));

        SplitPane split = new SplitPane(stateList, inspector);
        split.setDividerPositions(0.34);
        SplitPane outer = new SplitPane(sidebar, split);
        outer.setDividerPositions(0.19);
        SplitPane.setResizableWithParent(sidebar, false);
        setCenter(outer);
        statusBar = new StatusBar(model.tasks(), model::cancelAll);
        statusBar.leftLabel().textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(
                () -> model.sessions().size() + (model.sessions().size() == 1 ? " backend open" : " backends open")
                        + " · Ctrl+L filter · Ctrl+R refresh · Ctrl+F find · Ctrl+O connect", model.sessions()));
        setBottom(statusBar);

        model.currentProperty().addListener((o, a, b) -> showSession(b));
        model.themeProperty().addListener((o, a, b) -> b.applyTo(this));
        model.themeProperty().get().applyTo(this);
        showSession(model.currentProperty().get());
    }

    private void showSession(BackendSession session) {
        for (Environment env : Environment.values()) {
            pseudoClassStateChanged(env.pseudoClass(), session != null && session.connection().environment() == env);
        }
        if (session == null) {
            backendTitle.setText("No backend open");
            envChip.setVisible(false);
            envBanner.setVisible(false);
            stateList.bind(null);
            return;
        }
        SavedConnection c = session.connection();
        backendTitle.setText(c.name() + " — " + c.displayUri());
        envChip.setText(c.environment().label().toUpperCase(Locale.ROOT));
        envChip.setVisible(true);
        for (Environment env : Environment.values()) {
            envChip.pseudoClassStateChanged(env.pseudoClass(), c.environment() == env);
        }
        envBanner.setVisible(c.environment() == Environment.PROD);
        envBanner.setText("PRODUCTION — " + c.name() + " (" + c.displayUri() + ")"
                + (c.readOnly() ? " · read-only" : " · writes go to production"));
        if (session.list() != null) {
            stateList.bind(session.list());
        } else {
            stateList.bind(null);
            stateList.setPlaceholder(session.statusProperty().get() == BackendSession.Status.FAILED
                    ? "Could not open " + c.displayUri() + ". See the message above; Ctrl+R retries."
                    : "Opening " + c.displayUri() + " …");
        }
    }

    /** Window shortcuts: Ctrl+L filter, Ctrl+R refresh, Ctrl+F find, Ctrl+O connect. */
    public void installShortcuts(Scene scene) {
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.L, KeyCombination.SHORTCUT_DOWN), stateList::focusFilter);
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.R, KeyCombination.SHORTCUT_DOWN), model::refresh);
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.O, KeyCombination.SHORTCUT_DOWN), this::connect);
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.F, KeyCombination.SHORTCUT_DOWN), () -> {
            JsonPane pane = inspector.currentPane();
            if (pane != null) {
                pane.focusSearch();
            }
        });
    }

    private void connect() {
        dialogs.askConnection(model.saved()).ifPresent(request -> model.open(request.connection(), request.save()));
    }

    private void forget(SavedConnection connection) {
        if (dialogs.confirm("Forget saved connection", connection.name() + " (" + connection.displayUri() + ")")) {
            model.forget(connection);
        }
    }

    public StateListView stateList() {
        return stateList;
    }

    public InspectorView inspector() {
        return inspector;
    }

    public DiffView diffView() {
        return diffView;
    }

    public BookmarksView bookmarksView() {
        return bookmarksView;
    }

    public StatusBar statusBar() {
        return statusBar;
    }
}
