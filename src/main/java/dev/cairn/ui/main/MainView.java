package dev.cairn.ui.main;

import dev.cairn.ops.Edit;
import dev.cairn.ops.Park;
import dev.cairn.ui.Texts;
import dev.cairn.ui.bookmarks.BookmarksView;
import dev.cairn.ui.browse.StateListView;
import dev.cairn.ui.check.CheckView;
import dev.cairn.ui.compare.CompareView;
import dev.cairn.ui.connect.Environment;
import dev.cairn.ui.connect.SavedConnection;
import dev.cairn.ui.dialog.DialogService;
import dev.cairn.ui.diff.DiffView;
import dev.cairn.ui.edit.EditorView;
import dev.cairn.ui.edit.MergeView;
import dev.cairn.ui.edit.RewindView;
import dev.cairn.ui.history.HistoryView;
import dev.cairn.ui.history.TimelineView;
import dev.cairn.ui.inspect.InspectorView;
import dev.cairn.ui.inspect.JsonPane;
import dev.cairn.ui.inspect.WatchBar;
import dev.cairn.ui.lock.BreakLockView;
import dev.cairn.ui.park.ParkView;
import dev.cairn.ui.plan.PlanView;
import dev.cairn.ui.theme.Icon;
import dev.cairn.ui.theme.Styles;
import dev.cairn.ui.transfer.TransferView;
import dev.cairn.ui.write.WriteFlowViewModel;
import dev.cairn.ui.write.WriteSheet;
import java.util.Locale;
import java.util.Optional;
import javafx.beans.InvalidationListener;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableBooleanValue;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SingleSelectionModel;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
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
    private final Label backendTitle = new Label();
    private final Label envChip = new Label();
    private final Label envBanner = new Label();
    private final WriteSheet writeSheet;
    private final MergeView mergeView;
    private final RewindView rewindView;
    private final ParkView parkView;
    private final TransferView transferView;
    private final BreakLockView breakLockView;
    private final CheckView checkView;
    private final CompareView compareView;
    private final PlanView planView;
    /** The current backend's list, or why there is none, follows it as it opens, fails or does not answer. */
    private final InvalidationListener currentStatus;
    /** The inspector and the sheets laid over it. */
    private final StackPane right;
    /** The ID list beside {@link #right}. */
    private final SplitPane split;
    /** The sidebar beside {@link #split}. */
    private final SplitPane outer;
    /** The window's middle: {@link #outer}, or {@link #right} alone while the inspector takes the width; the error banner over it. */
    private final StackPane center;
    /** The sidebar's width and the list's divider before the inspector took the window's width, to put them back. */
    private double sidebarWidth;
    private double listDivider;

    public MainView(MainViewModel model, DialogService dialogs) {
        this.model = model;
        this.dialogs = dialogs;
        this.currentStatus = o -> showSession(model.connections().currentProperty().get());
        getStyleClass().add(Styles.APP);
        inspector = new InspectorView(model.inspector());
        for (InspectorTabs.Entry entry : InspectorTabs.ALL) {
            Tab tab = new Tab(Texts.get(entry.labelKey()), entry.view().apply(model));
            tab.setId(entry.id());
            inspector.tabs().getTabs().add(tab);
        }
        inspector.tabs().getSelectionModel().selectedItemProperty().addListener((o, a, tab) ->
                model.shownProperty().set(tab == null ? null : tab.getId()));
        WriteActions writes = model.writes();
        inspector.addToHeader(actionBar(writes));
        inspector.addToHeader(new WatchBar(model.watch()));
        stateList.listView().setContextMenu(listMenu(writes));
        writeSheet = new WriteSheet(writes.flow(), name -> dialogs.chooseSaveFile(Texts.get("write.savePlan.title"), name));
        mergeView = new MergeView(writes.merge(), writes.merge()::submit, () -> dialogs.chooseFile(Texts.get("main.mergeFile")));
        rewindView = new RewindView(writes.rewind(), writes.rewind()::submit,
                name -> dialogs.chooseSaveFile(Texts.get("write.savePlan.title"), name));
        parkView = new ParkView(writes.park());
        transferView = new TransferView(writes.transfer(), name -> dialogs.chooseSaveFile(Texts.get("write.savePlan.title"), name));
        breakLockView = new BreakLockView(writes.breakLock());
        planView = new PlanView(writes.plan());
        showWhen(planView, writes.plan().showingProperty());
        checkView = new CheckView(model.check(), name -> dialogs.chooseSaveFile(Texts.get("check.export.title"), name));
        showWhen(checkView, model.check().showingProperty());
        compareView = new CompareView(model.compare(), new DiffView(model.compare().diff()));
        showWhen(compareView, model.compare().showingProperty());
        showWhen(breakLockView, writes.breakLock().showingProperty());
        showWhen(mergeView, writes.merge().showingProperty());
        showWhen(rewindView, writes.rewind().showingProperty());
        showWhen(parkView, writes.park().showingProperty());
        showWhen(transferView, writes.transfer().showingProperty());
        showWhen(writeSheet, writes.flow().stageProperty().isNotEqualTo(WriteFlowViewModel.Stage.CLOSED));
        SidebarView sidebar = new SidebarView(model.connections(), new SidebarView.Actions() {
            @Override
            public void connect() {
                MainView.this.connect();
            }

            @Override
            public void openProject() {
                MainView.this.openProject();
            }

            @Override
            public void edit(BackendSession session) {
                askEdit(session.connection()).ifPresent(edited -> model.connections().edit(session, edited));
            }

            @Override
            public void edit(SavedConnection connection) {
                askEdit(connection).ifPresent(edited -> model.connections().editSaved(connection, edited));
            }

            @Override
            public void check(BackendSession session) {
                model.connections().currentProperty().set(session);
                checkBackend();
            }

            @Override
            public void compare(BackendSession session) {
                model.connections().currentProperty().set(session);
                model.compareBackends(session);
            }

            @Override
            public void openPlan() {
                MainView.this.openPlan();
            }

            @Override
            public void remove(SavedConnection connection) {
                if (dialogs.confirm(Texts.get("sidebar.removeSaved"), connection.name() + " (" + connection.displayUri() + ")")) {
                    model.connections().forget(connection);
                }
            }
        });

        backendTitle.getStyleClass().add(Styles.TITLE);
        backendTitle.setMinWidth(0);
        envChip.getStyleClass().add(Styles.ENV_CHIP);
        envChip.setMinWidth(Region.USE_PREF_SIZE);
        Button refresh = new Button(Texts.get("main.refresh"));
        refresh.setGraphic(Icon.REFRESH.node());
        refresh.setTooltip(new Tooltip(Texts.get("main.refresh.tooltip")));
        refresh.setMinWidth(Region.USE_PREF_SIZE);
        refresh.setOnAction(e -> model.refresh());
        Button theme = new Button();
        theme.setGraphic(Icon.THEME.node());
        theme.getStyleClass().add(Styles.ICON_BUTTON);
        theme.setTooltip(new Tooltip(Texts.get("main.theme.tooltip")));
        theme.setAccessibleText(Texts.get("main.theme.accessible"));
        theme.setOnAction(e -> model.themeProperty().set(model.themeProperty().get().toggled()));
        MenuItem about = new MenuItem(Texts.get("main.help.about"));
        about.setId("help-about");
        about.setOnAction(e -> dialogs.showAbout(model.about()));
        MenuItem openLog = new MenuItem(Texts.get("main.help.openLog"));
        openLog.setId("help-open-log");
        openLog.setOnAction(e -> model.openLog());
        MenuButton help = new MenuButton(Texts.get("main.help"), null, about, openLog);
        help.setId("help-menu");
        help.setMinWidth(Region.USE_PREF_SIZE);
        Label appName = new Label("Cairn");
        appName.getStyleClass().add(Styles.APP_NAME);
        appName.setMinWidth(Region.USE_PREF_SIZE);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        // production is said in the toolbar's own row: a banner of its own would push the window down
        envBanner.getStyleClass().add(Styles.ENV_BANNER);
        envBanner.setMinWidth(Region.USE_PREF_SIZE);
        envBanner.managedProperty().bind(envBanner.visibleProperty());
        HBox toolbar = new HBox(10, appName, backendTitle, envChip, envBanner, spacer, refresh, theme, help);
        toolbar.setAlignment(Pos.CENTER_LEFT);
        toolbar.getStyleClass().add(Styles.TOOLBAR);
        setTop(toolbar);

        right = new StackPane(inspector, checkView, compareView, mergeView, rewindView, parkView, transferView, breakLockView, planView,
                writeSheet);
        split = new SplitPane(stateList, right);
        split.setDividerPositions(0.45); // typical IDs and their compact badges fit at 1024 px
        outer = new SplitPane(sidebar, split);
        outer.setDividerPositions(0.19);
        SplitPane.setResizableWithParent(sidebar, false);
        // an error lies over the top of the window until dismissed, so nothing under it moves
        ErrorBanner error = new ErrorBanner(model.errorProperty(), model::openLog);
        StackPane.setAlignment(error, Pos.TOP_CENTER);
        center = new StackPane(outer, error);
        setCenter(center);
        inspector.addToTitleRow(wideToggle());
        model.inspectorTakesWindowProperty().addListener((o, was, wide) -> inspectorTakesWindow(wide));
        StatusBar statusBar = new StatusBar(model.tasks(), model::cancelAll);
        // a notice (what a close left behind) in the place of the shortcuts
        statusBar.leftLabel().textProperty().bind(Bindings.createStringBinding(
                () -> model.connections().noticeProperty().get().isEmpty() ? Texts.get("main.status", model.connections().sessions().size())
                        : model.connections().noticeProperty().get(), model.connections().sessions(), model.connections().noticeProperty()));
        setBottom(statusBar);

        ChangeListener<BackendSession> follow = (o, a, b) -> {
            if (a != null) {
                a.statusProperty().removeListener(currentStatus);
            }
            if (b != null) {
                b.statusProperty().addListener(currentStatus);
            }
            showSession(b);
        };
        model.connections().currentProperty().addListener(follow);
        model.themeProperty().addListener((o, a, b) -> b.applyTo(this));
        model.themeProperty().get().applyTo(this);
        // a session current before the view was made is followed as well
        follow.changed(model.connections().currentProperty(), null, model.connections().currentProperty().get());
    }

    /** The inspector's button that gives it the window's width (Ctrl+M), lit while it has it by the user's choice. */
    private Node wideToggle() {
        ToggleButton wide = new ToggleButton();
        wide.setId("inspector-wide");
        wide.setGraphic(Icon.WIDEN.node());
        wide.getStyleClass().add(Styles.ICON_BUTTON);
        wide.setTooltip(new Tooltip(Texts.get("main.wide.tooltip")));
        wide.setAccessibleText(Texts.get("main.wide.accessible"));
        wide.setMinWidth(Region.USE_PREF_SIZE);
        wide.selectedProperty().bindBidirectional(model.inspectorWideProperty());
        return wide;
    }

    /**
     * Hides the sidebar and the ID list, the inspector and its sheets taking their room; or puts them
     * back as they were (the sidebar as wide as it was, in pixels, as it keeps its width when the
     * window is resized).
     */
    private void inspectorTakesWindow(boolean wide) {
        if (wide) {
            sidebarWidth = outer.getDividerPositions()[0] * center.getWidth();
            listDivider = split.getDividerPositions()[0];
            split.getItems().remove(right);
            center.getChildren().set(0, right);
        } else {
            center.getChildren().set(0, outer);
            split.getItems().add(right);
            split.setDividerPositions(listDivider);
            outer.setDividerPositions(sidebarWidth / center.getWidth());
        }
    }

    private static void showWhen(Node node, ObservableBooleanValue condition) {
        node.visibleProperty().bind(condition);
        node.managedProperty().bind(node.visibleProperty());
    }

    /** The actions on the IDs selected in the list (several with Shift or Ctrl), its context menu. */
    private ContextMenu listMenu(WriteActions writes) {
        MenuItem rewind = new MenuItem(Texts.get("main.action.rewind"));
        rewind.setId("list-rewind");
        rewind.disableProperty().bind(writes.writableProperty().not());
        rewind.setOnAction(e -> writes.openRewindStates());
        BooleanBinding parked = Bindings.createBooleanBinding(() -> {
            String id = model.inspector().stateIdProperty().get();
            return id != null && Park.parse(id).isPresent();
        }, model.inspector().stateIdProperty());
        MenuItem park = new MenuItem(Texts.get("main.action.park"));
        park.setId("list-park");
        park.disableProperty().bind(writes.writableProperty().not().or(parked));
        park.setOnAction(e -> writes.park().open(null));
        MenuItem restore = new MenuItem(Texts.get("main.action.restoreParked"));
        restore.setId("list-restore-parked");
        restore.visibleProperty().bind(parked);
        restore.disableProperty().bind(writes.writableProperty().not());
        restore.setOnAction(e -> writes.park().open(Park.Return.RESTORE));
        MenuItem mergeBack = new MenuItem(Texts.get("main.action.mergeParked"));
        mergeBack.setId("list-merge-parked");
        mergeBack.visibleProperty().bind(parked);
        mergeBack.disableProperty().bind(writes.writableProperty().not());
        mergeBack.setOnAction(e -> writes.park().open(Park.Return.MERGE));
        return new ContextMenu(rewind, park, restore, mergeBack);
    }

    /** The write actions on the selected state, under the inspector's header; disabled, with the reason, on read-only connections. */
    private Node actionBar(WriteActions writes) {
        BooleanBinding off = writes.writableProperty().not();
        Button merge = new Button(Texts.get("main.action.merge"));
        merge.setId("action-merge");
        merge.setTooltip(new Tooltip(Texts.get("main.action.merge.tooltip")));
        merge.disableProperty().bind(off);
        merge.setOnAction(e -> writes.merge().open(model.connections().otherBackends()));
        MenuItem clearPartial = new MenuItem(Texts.get("main.action.clearPartial"));
        clearPartial.setId("action-clear-partial");
        clearPartial.setOnAction(e -> writes.write(Edit.clearPartial()));
        MenuItem clearAll = new MenuItem(Texts.get("main.action.clearAll"));
        clearAll.setId("action-clear-all");
        clearAll.setOnAction(e -> writes.write(Edit.clear()));
        MenuButton clear = new MenuButton(Texts.get("main.action.clear"), null, clearPartial, clearAll);
        clear.setId("action-clear");
        clear.disableProperty().bind(off);
        Button transfer = new Button(Texts.get("main.action.transfer"));
        transfer.setId("action-transfer");
        transfer.setTooltip(new Tooltip(Texts.get("main.action.transfer.tooltip")));
        transfer.disableProperty().bind(model.connections().currentProperty().isNull()
                .or(writes.flow().stageProperty().isNotEqualTo(WriteFlowViewModel.Stage.CLOSED)));
        transfer.setOnAction(e -> writes.openTransfer());
        Button undo = new Button(Texts.get("main.action.undoLast"));
        undo.setId("action-undo-last");
        undo.setTooltip(new Tooltip(Texts.get("main.action.undoLast.tooltip")));
        undo.disableProperty().bind(model.connections().currentProperty().isNull().or(model.inspector().stateIdProperty().isNull())
                .or(writes.whyReadOnlyProperty().isNotEmpty())
                .or(writes.flow().stageProperty().isNotEqualTo(WriteFlowViewModel.Stage.CLOSED)));
        undo.setOnAction(e -> writes.undoLast());
        Button breakLock = new Button(Texts.get("main.action.breakLock"));
        breakLock.setId("action-break-lock");
        breakLock.visibleProperty().bind(Bindings.createBooleanBinding(writes::hasStaleLock,
                model.selectionProperty(), writes.whyReadOnlyProperty()));
        breakLock.managedProperty().bind(breakLock.visibleProperty());
        breakLock.setOnAction(e -> writes.openBreakLock());
        HBox buttons = new HBox(8, merge, clear, transfer, undo, breakLock);
        buttons.setAlignment(Pos.CENTER_LEFT);
        Label readOnly = new Label();
        readOnly.setId("read-only-reason");
        readOnly.getStyleClass().add(Styles.NOTICE);
        readOnly.setMaxWidth(Double.MAX_VALUE);
        readOnly.textProperty().bind(writes.whyReadOnlyProperty());
        // one line, its room kept on writable connections too, so the tabs under it stay put
        // between connections; the whole reason is its tooltip where the line is too short
        Styles.wholeTextAsTooltip(readOnly);
        readOnly.visibleProperty().bind(writes.whyReadOnlyProperty().isNotEmpty());
        VBox bar = new VBox(6, buttons, readOnly);
        bar.getStyleClass().add(Styles.ACTION_BAR);
        return bar;
    }

    private void showSession(BackendSession session) {
        for (Environment env : Environment.values()) {
            pseudoClassStateChanged(env.pseudoClass(), session != null && session.connection().environment() == env);
        }
        if (session == null) {
            backendTitle.setText(Texts.get("main.noBackend"));
            backendTitle.setTooltip(null);
            envChip.setVisible(false);
            envBanner.setVisible(false);
            stateList.bind(null);
            return;
        }
        SavedConnection c = session.connection();
        backendTitle.setText(c.name() + " — " + session.shownUri());
        backendTitle.setTooltip(new Tooltip(backendTitle.getText() + session.kindName().map(kind -> "\n" + kind).orElse("")));
        envChip.setText(c.environment().label().toUpperCase(Locale.ROOT));
        envChip.setVisible(true);
        for (Environment env : Environment.values()) {
            envChip.pseudoClassStateChanged(env.pseudoClass(), c.environment() == env);
        }
        envBanner.setVisible(c.environment() == Environment.PROD);
        envBanner.setText(c.readOnly() ? Texts.get("main.prod.readOnly") : Texts.get("main.prod.writable"));
        if (session.list() != null) {
            stateList.bind(session.list());
        } else {
            stateList.bind(null);
            stateList.setPlaceholder(switch (session.statusProperty().get()) {
                case FAILED -> Texts.get("main.list.failed", c.displayUri());
                case NO_ANSWER -> Texts.get("main.list.noAnswer", c.displayUri(), session.waited().toSeconds());
                case NOT_OPENED -> Texts.get("main.list.notOpened", c.displayUri());
                default -> Texts.get("main.list.opening", c.displayUri());
            });
        }
    }

    /**
     * Window shortcuts: Ctrl+L filter, Ctrl+R refresh, Ctrl+F find, Ctrl+O connect, Ctrl+Shift+O open a
     * Meltano project, Ctrl+Shift+K check the current backend, Ctrl+Shift+C compare it with another, Ctrl+Shift+P open
     * a plan to apply, Ctrl+M the inspector the window's width (and back, as Ctrl+L does).
     */
    public void installShortcuts(Scene scene) {
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.M, KeyCombination.SHORTCUT_DOWN),
                () -> model.inspectorWideProperty().set(!model.inspectorWideProperty().get()));
        // the filter is in the list: a list the user hid comes back for it
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.L, KeyCombination.SHORTCUT_DOWN), () -> {
            model.inspectorWideProperty().set(false);
            stateList.focusFilter();
        });
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.R, KeyCombination.SHORTCUT_DOWN), model::refresh);
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.K, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN),
                this::checkBackend);
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.C, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN),
                () -> model.compareBackends(model.connections().currentProperty().get()));
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.P, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN),
                this::openPlan);
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.O, KeyCombination.SHORTCUT_DOWN), this::connect);
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.O, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN),
                this::openProject);
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.F, KeyCombination.SHORTCUT_DOWN), () -> {
            JsonPane pane = inspector.currentPane();
            if (pane != null) {
                pane.focusSearch();
            } else if (inspector.tabs().getSelectionModel().getSelectedItem().getContent() instanceof EditorView editor) {
                editor.focusSearch();
            }
        });
        // Ctrl+Tab / Ctrl+Shift+Tab go through the inspector's tabs wherever the focus is (an
        // editing area would otherwise take the Tab)
        scene.addEventFilter(KeyEvent.KEY_PRESSED, event -> {
            if (event.getCode() == KeyCode.TAB && event.isShortcutDown()) {
                SingleSelectionModel<Tab> tabs = inspector.tabs().getSelectionModel();
                int count = inspector.tabs().getTabs().size();
                tabs.select((tabs.getSelectedIndex() + (event.isShiftDown() ? count - 1 : 1)) % count);
                event.consume();
            }
        });
    }

    /** Connects; a URI open already is switched to, or opened a second time under another name, as the user says. */
    private void connect() {
        dialogs.askConnection(model.connections().saved()).ifPresent(request -> {
            BackendSession open = model.connections().openWithUri(request.connection().uri()).orElse(null);
            if (open == null) {
                model.connections().open(request.connection(), request.save());
                return;
            }
            dialogs.askAlreadyOpen(open.name(), request.connection().displayUri()).ifPresent(choice -> {
                switch (choice) {
                    case SWITCH_TO_IT -> model.connections().currentProperty().set(open);
                    case OPEN_ANOTHER -> model.connections().openAnother(request.connection(), request.save());
                }
            });
        });
    }

    /** Check backend… on the current backend, once it is open; not while a write's sheet is open. */
    private void checkBackend() {
        BackendSession session = model.connections().currentProperty().get();
        if (session != null && session.target() != null
                && model.writes().flow().stageProperty().get() == WriteFlowViewModel.Stage.CLOSED) {
            model.compare().close();
            model.check().open(session.target());
        }
    }

    /** Open plan…: picks a plan file and previews it against the open connections, over the inspector. */
    private void openPlan() {
        if (model.writes().flow().stageProperty().get() != WriteFlowViewModel.Stage.CLOSED) {
            return;
        }
        dialogs.chooseFile(Texts.get("plan.open.title")).ifPresent(file -> {
            model.check().close();
            model.compare().close();
            model.writes().openPlan(file);
        });
    }

    /** Picks a Meltano project's folder and opens the environments chosen among its own. */
    private void openProject() {
        dialogs.chooseFolder(Texts.get("main.projectFolder"))
                .ifPresent(folder -> model.connections().openProject(folder, dialogs::pickEnvironments));
    }

    /** The edit form; making a connection writable on production asks for its name to be typed first. */
    private Optional<SavedConnection> askEdit(SavedConnection connection) {
        return dialogs.editConnection(connection).filter(edited -> !ConnectionsViewModel.unlocksProduction(connection, edited)
                || dialogs.confirmTyped(Texts.get("main.allowProduction"), edited.name() + " (" + edited.displayUri() + ")",
                        connection.name()));
    }

    public StateListView stateList() {
        return stateList;
    }

    public InspectorView inspector() {
        return inspector;
    }

    public DiffView diffView() {
        return tabView("diff", DiffView.class);
    }

    public BookmarksView bookmarksView() {
        return tabView("bookmarks", BookmarksView.class);
    }

    public EditorView editorView() {
        return tabView("edit", EditorView.class);
    }

    public HistoryView historyView() {
        return tabView("history", HistoryView.class);
    }

    public TimelineView timelineView() {
        return tabView("timeline", TimelineView.class);
    }

    /** The view of the inspector's tab with this id ({@link InspectorTabs}). */
    private <T extends Node> T tabView(String id, Class<T> type) {
        return inspector.tabs().getTabs().stream().filter(t -> id.equals(t.getId())).findFirst()
                .map(t -> type.cast(t.getContent())).orElseThrow();
    }

    public WriteSheet writeSheet() {
        return writeSheet;
    }

    public CheckView checkView() {
        return checkView;
    }

    public CompareView compareView() {
        return compareView;
    }

    public RewindView rewindView() {
        return rewindView;
    }

    public TransferView transferView() {
        return transferView;
    }

    public PlanView planView() {
        return planView;
    }

    /** Selects the inspector tab with this id ("diff", "bookmarks", "edit", "history", "timeline"). */
    public void selectTab(String id) {
        inspector.tabs().getTabs().stream().filter(t -> id.equals(t.getId())).findFirst()
                .ifPresent(t -> inspector.tabs().getSelectionModel().select(t));
    }
}
